"""A translated message whose ``format`` writes numbers in the language's way.

``_("{tpc:.2f} per cycle").format(tpc=3.4712)`` gives ``3.47 per cycle`` in English and
``3,47 pro Zyklus`` in German: a number given to a placeholder is formatted as the placeholder
says and then written with the language's decimal point and group mark.  Text given to a
placeholder, and the translation's own words and numbers, are left as they are.
"""

from __future__ import annotations

import string
from numbers import Number

from .phrase import Figures

__all__ = ["Message"]


def _as_written(text: str) -> str:
    return text


def _always() -> bool:
    return True


#: How a formatted number is shown: :func:`.numbers.localize`, set when that module loads (it
#: reads the active language, and this module stays below the catalogue, with no import circle).
localize_number = _as_written
#: Whether the active language writes numbers as Python does (``.`` and ``,`` groups): then a
#: message formats as a plain ``str`` does, which is several times quicker (set with the above).
numbers_as_written = _always


class _Formatter(string.Formatter):
    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, Figures):  # a list of numbers: "3,44; 1,40" where commas are decimal
            shown = [localize_number(format(number, format_spec)) for number in value]
            return ("; " if any("," in number for number in shown) else ", ").join(shown)
        written = super().format_field(value, format_spec)
        if isinstance(value, Number) and not isinstance(value, bool):
            return localize_number(written)
        return written


_FORMATTER = _Formatter()


class Message(str):
    """A ``str`` from the text layer; :meth:`format` localizes the numbers it is given."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:  # type: ignore[override]
        if numbers_as_written() and not any(
            isinstance(value, Figures) for value in (*args, *kwargs.values())
        ):
            return str.format(self, *args, **kwargs)  # the same text, without the slow formatter
        return _FORMATTER.vformat(self, args, kwargs)
