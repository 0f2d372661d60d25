"""Checks that parsed JSON has exactly the expected shape; shared by the scenario and tour readers.

Each check returns the value in its Python type or raises
:class:`~.safe_json.FileProblem` whose message says *where* in the file the
problem is (``parameters.p``, ``scenes[3].caption``, counting from 0 as JSON does) and what was
expected.
Parameter values are checked by their own
:meth:`~specdec_desktop.model.ParameterSpec.validate`, so the ranges live in one place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ..model.assumptions import ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS, Assumptions
from ..model.configuration import Configuration
from ..model.parameters import SPECS, Parameters
from ..model.pins import MAX_NAME_LENGTH, MAX_PINS, Pin, check_name, check_pins
from ..model.trees.shape import DEFAULT_SHAPE, SHAPE_FIELDS, DraftShape
from ..text import Phrase, _
from .safe_json import FileProblem

__all__ = [
    "expect_bool",
    "expect_header",
    "expect_int",
    "expect_number",
    "expect_object",
    "expect_parameters",
    "expect_pins",
    "expect_string",
    "optional",
]

T = TypeVar("T")


def _renamed(error: ValueError, name: str) -> str:
    """A declared value's refusal said of ``name`` (``scenario.parameters.p``, not ``p``): the
    model's phrase with its name replaced, so the window says it in its language."""
    message = error.args[0] if len(error.args) == 1 else None
    if isinstance(message, Phrase) and "name" in dict(message.values):
        return message.with_values(name=name)
    return f"{name} {str(error).split(' ', 1)[-1]}"


def _within(where: str, error: Exception) -> Phrase:
    """``where: <the refusal>``, the refusal kept a phrase when it is one (said in any language)."""
    message = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Phrase) else str(error)
    return Phrase.joined((f"{where}: ", message), "")


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:27] + "...")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


def expect_object(
    value: Any, where: str, required: Iterable[str], allowed: Iterable[str] = ()
) -> dict[str, Any]:
    """``value`` must be an object with every ``required`` key and no key outside ``required | allowed``."""
    if not isinstance(value, dict):
        raise FileProblem(
            "type", _("{where} must be an object, got {found}").format(where=where, found=_describe(value))
        )
    required = tuple(required)
    known = set(required) | set(allowed)
    for key in value:
        if key not in known:
            listed = ", ".join(sorted(known))
            raise FileProblem(
                "schema",
                _("{where} has an unknown key {key_found} (expected {listed})").format(
                    where=where, key_found=_describe(key), listed=listed
                ),
            )
    for key in required:
        if key not in value:
            raise FileProblem("schema", _("{where} is missing the key {key!r}").format(where=where, key=key))
    return value


def expect_string(value: Any, where: str, max_length: int, allow_empty: bool = False) -> str:
    """A string of at most ``max_length`` characters (and not blank unless allowed)."""
    if not isinstance(value, str):
        raise FileProblem(
            "type", _("{where} must be text, got {found}").format(where=where, found=_describe(value))
        )
    if not allow_empty and not value.strip():
        raise FileProblem("range", _("{where} must not be empty").format(where=where))
    if len(value) > max_length:
        raise FileProblem(
            "range",
            _("{where} is {len_value} characters long; the limit is {max_length}").format(
                where=where, len_value=len(value), max_length=max_length
            ),
        )
    return value


def expect_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FileProblem(
            "type",
            _("{where} must be true or false, got {found}").format(where=where, found=_describe(value)),
        )
    return value


def expect_int(value: Any, where: str, minimum: int, maximum: int) -> int:
    """A whole number (``3`` or ``3.0``) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FileProblem(
            "type",
            _("{where} must be a whole number, got {found}").format(where=where, found=_describe(value)),
        )
    if isinstance(value, float) and not value.is_integer():
        raise FileProblem(
            "type",
            _("{where} must be a whole number, got {found}").format(where=where, found=_describe(value)),
        )
    if not minimum <= value <= maximum:
        raise FileProblem(
            "range",
            _("{where} must lie between {minimum} and {maximum}, got {found}").format(
                where=where, minimum=minimum, maximum=maximum, found=_describe(value)
            ),
        )
    return int(value)


def expect_number(value: Any, where: str, minimum: float, maximum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FileProblem(
            "type", _("{where} must be a number, got {found}").format(where=where, found=_describe(value))
        )
    if not math.isfinite(value) or not minimum <= value <= maximum:
        raise FileProblem(
            "range",
            _("{where} must lie between {minimum:g} and {maximum:g}, got {found}").format(
                where=where, minimum=minimum, maximum=maximum, found=_describe(value)
            ),
        )
    return float(value)


def optional(value: Any, check: Callable[[Any], T]) -> T | None:
    """``None`` for a JSON null, else ``check(value)``."""
    return None if value is None else check(value)


def expect_parameters(value: Any, where: str) -> Parameters:
    """An object with exactly ``k``, ``p`` and ``c``, each a number in its declared range."""
    obj = expect_object(value, where, [spec.name for spec in SPECS])
    values = {}
    for spec in SPECS:
        raw = obj[spec.name]
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise FileProblem(
                "type",
                _("{where}.{name} must be a number, got {found}").format(
                    where=where, name=spec.name, found=_describe(raw)
                ),
            )
        try:
            values[spec.name] = spec.validate(raw)
        except ValueError as error:
            kind = "type" if "whole number" in str(error) else "range"
            raise FileProblem(kind, _renamed(error, f"{where}.{spec.name}")) from None
    return Parameters(**values)


def expect_assumptions(value: Any, where: str, partial: bool = False) -> Assumptions:
    """An object with exactly the six assumptions (``null`` = off for ``spread`` and ``knee``).

    With ``partial`` any of them may be left out (a tour scene names only what it changes).
    """
    names = [spec.name for spec in ASSUMPTION_SPECS]
    obj = expect_object(value, where, [] if partial else names, names if partial else ())
    values = {}
    for spec in ASSUMPTION_SPECS:
        if spec.name not in obj:
            continue
        raw = obj[spec.name]
        if raw is None and spec.optional:
            values[spec.name] = None
            continue
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            if spec.optional:
                message = _("{where}.{name} must be a number or null, got {found}")
            else:
                message = _("{where}.{name} must be a number, got {found}")
            raise FileProblem("type", message.format(where=where, name=spec.name, found=_describe(raw)))
        try:
            values[spec.name] = spec.check(raw, bounded=True)
        except ValueError as error:
            kind = "type" if "whole number" in str(error) else "range"
            raise FileProblem(kind, _renamed(error, f"{where}.{spec.name}")) from None
    return Assumptions(**values)


def expect_header(
    document: Any, format_name: str, version: int, what: str, oldest: int | None = None
) -> dict[str, Any]:
    """The top level must be an object whose ``format`` is ``format_name`` and whose ``version``
    is ``version`` (or, with ``oldest``, any version from ``oldest`` to ``version``)."""
    if not isinstance(document, dict):
        raise FileProblem(
            "format", _("is not a {what} file (expected a JSON object at the top)").format(what=_(what))
        )
    if document.get("format") != format_name:
        found = document.get("format")
        detail = (
            _("has no 'format' key")
            if found is None
            else _("says format {found}").format(found=_describe(found))
        )
        raise FileProblem(
            "format",
            _("is not a {what} file: it {detail}, expected {format_name!r}").format(
                what=_(what), detail=detail, format_name=format_name
            ),
        )
    found_version = document.get("version")
    if isinstance(found_version, bool) or not isinstance(found_version, int):
        raise FileProblem(
            "version", _("has no valid version number (got {found})").format(found=_describe(found_version))
        )
    if found_version > version:
        raise FileProblem(
            "version",
            _(
                "was written by a newer SpecDec Desktop (version {found_version}); this one reads version "
                "{version}"
            ).format(found_version=found_version, version=version),
        )
    if oldest is not None and oldest <= found_version <= version:
        return document
    if found_version != version:
        raise FileProblem(
            "version",
            _("has version {found_version}; this SpecDec Desktop reads version {version}").format(
                found_version=found_version, version=version
            ),
        )
    return document


def expect_shape(value: Any, where: str) -> DraftShape:
    """A draft shape as :meth:`DraftShape.as_dict` writes it (any field left out at its default)."""
    obj = expect_object(value, where, [], list(SHAPE_FIELDS))
    try:
        return DraftShape.from_dict(dict(obj))
    except (ValueError, TypeError) as error:
        raise FileProblem("range", _within(where, error)) from None


def expect_pins(value: Any, where: str) -> tuple[Pin, ...]:
    """A list of at most six pins, each ``{"name", "k", "p", "c"[, "assumptions"][, "shape"]}``, names
    unique."""
    if not isinstance(value, list):
        raise FileProblem(
            "type", _("{where} must be a list, got {found}").format(where=where, found=_describe(value))
        )
    if len(value) > MAX_PINS:
        raise FileProblem(
            "range",
            _("{where} holds {len_value} pins; the limit is {MAX_PINS}").format(
                where=where, len_value=len(value), MAX_PINS=MAX_PINS
            ),
        )
    pins = []
    for index, raw in enumerate(value):
        at = f"{where}[{index}]"
        obj = expect_object(raw, at, ["name", *(spec.name for spec in SPECS)], ["assumptions", "shape"])
        name = expect_string(obj["name"], f"{at}.name", MAX_NAME_LENGTH)
        try:
            name = check_name(name)
        except ValueError as error:
            raise FileProblem("range", _within(f"{at}.name", error)) from None
        parameters = expect_parameters({spec.name: obj[spec.name] for spec in SPECS}, at)
        assumptions = DEFAULT_ASSUMPTIONS
        if obj.get("assumptions") is not None:
            raw_assumptions = expect_object(obj["assumptions"], f"{at}.assumptions", [], _ASSUMPTION_KEYS)
            try:
                assumptions = Assumptions.from_mapping(dict(raw_assumptions))
            except (ValueError, TypeError) as error:
                raise FileProblem("range", _within(f"{at}.assumptions", error)) from None
        shape = DEFAULT_SHAPE if obj.get("shape") is None else expect_shape(obj["shape"], f"{at}.shape")
        pins.append(Pin(name, Configuration(parameters, assumptions, shape)))
    try:
        return check_pins(pins)
    except ValueError as error:
        raise FileProblem("range", _within(where, error)) from None


_ASSUMPTION_KEYS = tuple(Assumptions().as_dict())
