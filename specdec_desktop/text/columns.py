"""Labels padded to one column in a terminal, whatever the language (no Qt).

The command line prints its figures as ``label  value`` rows (``fit``, ``calc``, ``fit
--compare``).  A translated label is longer or shorter than the English one, and a Chinese
character takes two terminal cells, so the column is measured in cells, not characters: the
widest label of the table sets it.  In English the widths are the ones the rows always had.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["cells", "padded", "widest"]


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide (CJK) character, none for a
    combining mark, one for any other."""
    total = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def padded(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` cells (as it is when already as wide)."""
    return text + " " * max(0, width - cells(text))


def widest(labels: Iterable[str], least: int = 0) -> int:
    """The cells of the widest label, at least ``least``."""
    return max(least, *(cells(label) for label in labels))
