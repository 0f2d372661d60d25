"""Numbers in the active language's way on screen, and typed numbers read in any way (no Qt).

The formatters of :mod:`specdec_desktop.wording.numbers` write with a dot and comma groups
(``36,633.50``); :func:`localize` turns that into the language's way (German ``36.633,50``).
Files (CSV, JSON, scenarios, report data) never pass through it: they keep the dot.
:func:`delocalize` reads what a person typed: ``0,75`` and ``0.75`` both mean three quarters, in
every language, so a German keyboard's decimal key and an English habit both work.
"""

from __future__ import annotations

import re

from . import message
from .catalogue import current

__all__ = ["decimal_point", "delocalize", "group_separator", "localize"]

#: A decimal point or group mark between two digits (prose commas are left alone).
_SWAP = re.compile(r"(?<=\d)[.,](?=\d)")


def decimal_point() -> str:
    return current().decimal_point


def group_separator() -> str:
    return current().group_separator


def as_written() -> bool:
    """Whether the active language writes numbers as Python does (``.`` and ``,`` groups)."""
    language = current()
    return language.decimal_point == "." and language.group_separator == ","


def localize(text: str) -> str:
    """A number (or text holding numbers) written with ``.`` and ``,`` groups, in the language's way."""
    if as_written():
        return text
    language = current()
    marks = {".": language.decimal_point, ",": language.group_separator}
    return _SWAP.sub(lambda m: marks[m.group()], text)


def delocalize(text: str) -> str:
    """A typed number with a dot for its decimal point and no group marks.

    One comma alone is a decimal comma (``0,75``); with both marks, the last one is the decimal
    point (``1.234,5`` and ``1,234.5``); spaces (also no-break) are groups.
    """
    text = text.strip().replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        group = "." if decimal == "," else ","
        return text.replace(group, "").replace(decimal, ".")
    if text.count(",") == 1:
        return text.replace(",", ".")
    return text


message.localize_number = localize  # a translated message's numbers, in the language's way
