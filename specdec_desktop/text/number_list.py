"""A typed list of numbers (the trees panel's rank vector) read and written in the language's way.

One rule, with no guessing, decided by the active language's decimal mark:

- semicolons and spaces always separate numbers (the full-width ``；``, ``，`` and ``、`` of a
  Chinese keyboard too);
- where the decimal mark is a dot (English, Chinese), a comma separates numbers too:
  ``0.15, 0.05`` and ``0.15,0.05`` are two numbers;
- where the decimal mark is a comma (German, Spanish), a comma between two digits is a decimal
  mark and any other comma separates: ``0,15; 0,05``, ``0,15 0,05`` and ``0,15, 0,05`` are two
  numbers, and so is the English habit ``0.15, 0.05``; the dot is a decimal mark too;
- a number has at most one decimal mark and no group marks, so ``0.15,0.05`` in German (a dot and
  a comma in one number) and ``0,15,0,05`` (two commas in one) are refused, never misread.

:func:`join_numbers` writes a list the way the rule reads it back (German ``0,15; 0,05``, English
``0.15, 0.05``); :class:`ListRule` says the rule in a sentence, in the language it is read in.
Files never pass through here: they keep the dot.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .catalogue import N_, current
from .numbers import localize
from .phrase import Phrase

__all__ = ["ListRule", "join_numbers", "split_numbers"]

_DOT_RULE = N_("Separate the numbers with commas, semicolons or spaces.")
_COMMA_RULE = N_(
    "Separate the numbers with semicolons or spaces; the decimal mark may be a comma or a point."
)

#: What separates numbers once decimal commas are dots (full-width marks of a Chinese keyboard too).
_SEPARATORS = re.compile("[;,\\s\uff1b\uff0c\u3001]+")
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
#: One number with a dot for its decimal mark: no group marks, no "nan", "inf" or "1_0".
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def _comma_is_decimal() -> bool:
    return current().decimal_point == ","


def split_numbers(text: str) -> tuple[str, ...] | None:
    """The numbers typed in ``text``, each written with a dot, or ``None`` if the rule cannot read
    it (a number with two marks, a word): see the module's rule."""
    mark = current().decimal_point
    if mark == ",":
        text = _DECIMAL_COMMA.sub(".", text)  # the commas left over separate
    elif mark != ".":  # a language added by its file, with another decimal mark
        text = text.replace(mark, ".")
    items = tuple(item for item in _SEPARATORS.split(text) if item)
    return items if all(_NUMBER.fullmatch(item) for item in items) else None


def join_numbers(values: Iterable[float]) -> str:
    """``values`` written for the box in the active language (``0.15, 0.05``; ``0,15; 0,05``)."""
    separator = "; " if _comma_is_decimal() else ", "
    return separator.join(localize(f"{value:g}") for value in values)


class ListRule(Phrase):
    """The rule in one sentence, said in the language it is read in (the rule changes with the
    decimal mark, so a live switch says the new language's rule).  Its ``str`` is the English rule."""

    def __new__(cls) -> ListRule:
        return super().__new__(cls, _DOT_RULE)

    def said(self, translate: Callable[[str], str]) -> str:
        return translate(_COMMA_RULE if _comma_is_decimal() else _DOT_RULE)

    def __reduce__(self):
        return (ListRule, ())
