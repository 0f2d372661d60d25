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
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def expect_object(
    value: Any, where: str, required: Iterable[str], allowed: Iterable[str] = ()
) -> dict[str, Any]:
    """``value`` must be an object with every ``required`` key and no key outside ``required | allowed``."""
    if not isinstance(value, dict):
        raise FileProblem("type", f"{where} must be an object, got {_describe(value)}")
    required = tuple(required)
    known = set(required) | set(allowed)
    for key in value:
        if key not in known:
            listed = ", ".join(sorted(known))
            raise FileProblem("schema", f"{where} has an unknown key {_describe(key)} (expected {listed})")
    for key in required:
        if key not in value:
            raise FileProblem("schema", f"{where} is missing the key {key!r}")
    return value


def expect_string(value: Any, where: str, max_length: int, allow_empty: bool = False) -> str:
    """A string of at most ``max_length`` characters (and not blank unless allowed)."""
    if not isinstance(value, str):
        raise FileProblem("type", f"{where} must be text, got {_describe(value)}")
    if not allow_empty and not value.strip():
        raise FileProblem("range", f"{where} must not be empty")
    if len(value) > max_length:
        raise FileProblem("range", f"{where} is {len(value)} characters long; the limit is {max_length}")
    return value


def expect_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FileProblem("type", f"{where} must be true or false, got {_describe(value)}")
    return value


def expect_int(value: Any, where: str, minimum: int, maximum: int) -> int:
    """A whole number (``3`` or ``3.0``) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FileProblem("type", f"{where} must be a whole number, got {_describe(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise FileProblem("type", f"{where} must be a whole number, got {_describe(value)}")
    if not minimum <= value <= maximum:
        raise FileProblem(
            "range", f"{where} must lie between {minimum} and {maximum}, got {_describe(value)}"
        )
    return int(value)


def expect_number(value: Any, where: str, minimum: float, maximum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FileProblem("type", f"{where} must be a number, got {_describe(value)}")
    if not math.isfinite(value) or not minimum <= value <= maximum:
        raise FileProblem(
            "range", f"{where} must lie between {minimum:g} and {maximum:g}, got {_describe(value)}"
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
            raise FileProblem("type", f"{where}.{spec.name} must be a number, got {_describe(raw)}")
        try:
            values[spec.name] = spec.validate(raw)
        except ValueError as error:
            kind = "type" if "whole number" in str(error) else "range"
            message = str(error).removeprefix(f"{spec.name} ")
            raise FileProblem(kind, f"{where}.{spec.name} {message}") from None
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
            off = " or null" if spec.optional else ""
            raise FileProblem("type", f"{where}.{spec.name} must be a number{off}, got {_describe(raw)}")
        try:
            values[spec.name] = spec.check(raw, bounded=True)
        except ValueError as error:
            kind = "type" if "whole number" in str(error) else "range"
            message = str(error).removeprefix(f"{spec.name} ")
            raise FileProblem(kind, f"{where}.{spec.name} {message}") from None
    return Assumptions(**values)


def expect_header(
    document: Any, format_name: str, version: int, what: str, oldest: int | None = None
) -> dict[str, Any]:
    """The top level must be an object whose ``format`` is ``format_name`` and whose ``version``
    is ``version`` (or, with ``oldest``, any version from ``oldest`` to ``version``)."""
    if not isinstance(document, dict):
        raise FileProblem("format", f"is not a {what} file (expected a JSON object at the top)")
    if document.get("format") != format_name:
        found = document.get("format")
        detail = "has no 'format' key" if found is None else f"says format {_describe(found)}"
        raise FileProblem("format", f"is not a {what} file: it {detail}, expected {format_name!r}")
    found_version = document.get("version")
    if isinstance(found_version, bool) or not isinstance(found_version, int):
        raise FileProblem("version", f"has no valid version number (got {_describe(found_version)})")
    if found_version > version:
        raise FileProblem(
            "version",
            f"was written by a newer SpecDec Desktop (version {found_version}); "
            f"this one reads version {version}",
        )
    if oldest is not None and oldest <= found_version <= version:
        return document
    if found_version != version:
        raise FileProblem(
            "version", f"has version {found_version}; this SpecDec Desktop reads version {version}"
        )
    return document


def expect_shape(value: Any, where: str) -> DraftShape:
    """A draft shape as :meth:`DraftShape.as_dict` writes it (any field left out at its default)."""
    obj = expect_object(value, where, [], list(SHAPE_FIELDS))
    try:
        return DraftShape.from_dict(dict(obj))
    except (ValueError, TypeError) as error:
        raise FileProblem("range", f"{where}: {error}") from None


def expect_pins(value: Any, where: str) -> tuple[Pin, ...]:
    """A list of at most six pins, each ``{"name", "k", "p", "c"[, "assumptions"][, "shape"]}``, names
    unique."""
    if not isinstance(value, list):
        raise FileProblem("type", f"{where} must be a list, got {_describe(value)}")
    if len(value) > MAX_PINS:
        raise FileProblem("range", f"{where} holds {len(value)} pins; the limit is {MAX_PINS}")
    pins = []
    for index, raw in enumerate(value):
        at = f"{where}[{index}]"
        obj = expect_object(raw, at, ["name", *(spec.name for spec in SPECS)], ["assumptions", "shape"])
        name = expect_string(obj["name"], f"{at}.name", MAX_NAME_LENGTH)
        try:
            name = check_name(name)
        except ValueError as error:
            raise FileProblem("range", f"{at}.name: {error}") from None
        parameters = expect_parameters({spec.name: obj[spec.name] for spec in SPECS}, at)
        assumptions = DEFAULT_ASSUMPTIONS
        if obj.get("assumptions") is not None:
            raw_assumptions = expect_object(obj["assumptions"], f"{at}.assumptions", [], _ASSUMPTION_KEYS)
            try:
                assumptions = Assumptions.from_mapping(dict(raw_assumptions))
            except (ValueError, TypeError) as error:
                raise FileProblem("range", f"{at}.assumptions: {error}") from None
        shape = DEFAULT_SHAPE if obj.get("shape") is None else expect_shape(obj["shape"], f"{at}.shape")
        pins.append(Pin(name, Configuration(parameters, assumptions, shape)))
    try:
        return check_pins(pins)
    except ValueError as error:
        raise FileProblem("range", f"{where}: {error}") from None


_ASSUMPTION_KEYS = tuple(Assumptions().as_dict())
