"""A translated message whose ``format`` writes numbers in the language's way.

``_("{tpc:.2f} per cycle").format(tpc=3.4712)`` gives ``3.47 per cycle`` in English and
``3,47 pro Zyklus`` in German: a number given to a placeholder is formatted as the placeholder
says and then written with the language's decimal point and group mark.  Text given to a
placeholder, and the translation's own words and numbers, are left as they are.
"""

from __future__ import annotations

import string
from functools import lru_cache
from numbers import Number

from .phrase import Figures

__all__ = ["Message"]


def _as_written(text: str) -> str:
    return text


#: How a formatted number is shown: :func:`.numbers.localize`, set when that module loads (it
#: reads the active language, and this module stays below the catalogue, with no import circle).
localize_number = _as_written


class _Formatter(string.Formatter):
    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, Figures):  # a list of numbers: "3,44; 1,40" where commas are decimal
            return _figures_written(value, format_spec)
        written = super().format_field(value, format_spec)
        if isinstance(value, Number) and not isinstance(value, bool):
            return localize_number(written)
        return written


_FORMATTER = _Formatter()


def _figures_written(value: Figures, format_spec: str) -> str:
    shown = [localize_number(format(number, format_spec)) for number in value]
    return ("; " if any("," in number for number in shown) else ", ").join(shown)


class _Localized:
    """A number (or :class:`Figures`) given to a placeholder, written as :class:`_Formatter`
    writes it, for ``str.format`` to place: the same text without Python's formatter loop."""

    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value

    def __format__(self, format_spec: str) -> str:
        if isinstance(self.value, Figures):
            return _figures_written(self.value, format_spec)
        return localize_number(format(self.value, format_spec))


#: Types given to placeholders that are left to ``str.format`` as they are (text, the common case).
_AS_IS = frozenset({str, type(None)})


def _placed(value):
    kind = type(value)
    if kind in _AS_IS or kind is bool:
        return value
    if kind is int or kind is float or isinstance(value, Figures):
        return _Localized(value)
    if isinstance(value, Number) and not isinstance(value, bool):
        return _Localized(value)
    return value


@lru_cache(maxsize=4096)
def _plain_fields(template: str) -> bool:
    """True when every placeholder of ``template`` is a bare name or index with a format spec of
    its own (``{tpc:.2f}``): no attribute or item (``{a.b}``, ``{a[0]}``), no conversion
    (``{a!r}``), no placeholder inside a spec.  Only those go the quick way."""
    try:
        for _literal, field, spec, conversion in _FORMATTER.parse(template):
            if field is None:
                continue
            if "." in field or "[" in field or conversion is not None or (spec and "{" in spec):
                return False
    except ValueError:
        return False  # a malformed template: the formatter says what is wrong, as before
    return True


class Message(str):
    """A ``str`` from the text layer; :meth:`format` localizes the numbers it is given.

    A template of plain placeholders is filled by ``str.format`` with each number wrapped to
    write itself in the language's way (a run's caption at every frame: about a quarter of the
    time :class:`string.Formatter` took); any other goes through :class:`_Formatter`.  Both
    give the same text (tests/text/test_message_format.py).
    """

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:  # type: ignore[override]
        if _plain_fields(self):
            return str.format(self, *[_placed(a) for a in args], **{k: _placed(v) for k, v in kwargs.items()})
        return _FORMATTER.vformat(self, args, kwargs)
