"""The command line's help laid out by the cells a terminal gives each character, not by characters.

argparse wraps ``--help`` with :mod:`textwrap`, which counts characters: a Chinese character
takes two cells of a terminal (East Asian Wide and Fullwidth, :func:`~..text.columns.cells`),
so a Chinese help line of 78 characters ran to 150 cells, and Chinese text, which has no spaces,
broke only where a Latin word happened to stand.  :class:`CellsFormatter` wraps a text that holds
a wide character by cells, breaking between any two Chinese characters (and at spaces) but never
before closing punctuation (``，。）：``) or after opening punctuation (``（「``); and it measures the
usage line's translated prefix (``用法：``) by its cells, so the lines after it line up under the
program's name.  A text without wide characters, all of English, German and Spanish, goes
through argparse's own code unchanged, byte for byte.

A unit that cannot be broken (a Latin word, an option group of the usage line) longer than the
line stays whole on a line of its own, as argparse leaves them.
"""

from __future__ import annotations

import argparse
import re

from ..text.columns import cells

__all__ = ["CellsFormatter", "has_wide", "wrap_cells"]

#: Never at the start of a line: closing punctuation, Chinese and Latin (it stays with what precedes).
_NO_LINE_START = frozenset("，。、；：？！）」』》〉】〕”’…·,.;:?!)]}%")
#: Never at the end of a line: opening punctuation (it stays with what follows).
_NO_LINE_END = frozenset("（「『《〈【〔“‘([{")
_SPACES = re.compile(r"\s+")


def _wide(char: str) -> bool:
    return cells(char) == 2


def has_wide(text: str) -> bool:
    """Whether ``text`` holds a character that takes two cells."""
    return any(_wide(char) for char in text)


def _units(text: str) -> list[tuple[str, bool]]:
    """``text`` cut where a line may break: ``(unit, spaced)``, ``spaced`` when a space came before.

    A run of narrow characters (a word, a number, an option) is one unit; every wide character
    is one; closing punctuation is joined to the unit before it, opening punctuation to the one
    after it, so neither is ever alone at the edge of a line.
    """
    units: list[tuple[str, bool]] = []
    spaced = False
    for char in text:
        if char.isspace():
            spaced = bool(units)
            continue
        joined = bool(units) and not spaced
        if joined and (char in _NO_LINE_START or units[-1][0][-1] in _NO_LINE_END):
            units[-1] = (units[-1][0] + char, units[-1][1])
        elif joined and not _wide(char) and not _wide(units[-1][0][-1]):
            units[-1] = (units[-1][0] + char, units[-1][1])  # the word goes on
        else:
            units.append((char, spaced))
        spaced = False
    return units


def wrap_cells(text: str, width: int) -> list[str]:
    """``text``'s lines, each at most ``width`` cells (a longer unit alone on its line); runs
    of white space count as one space, and none is kept at a line's edge."""
    lines: list[str] = []
    line, used = "", 0
    for unit, spaced in _units(text):
        size = cells(unit)
        gap = 1 if spaced else 0
        if line and used + gap + size <= width:
            line, used = line + " " * gap + unit, used + gap + size
            continue
        if line:
            lines.append(line)
        line, used = unit, size
    if line:
        lines.append(line)
    return lines


class CellsFormatter(argparse.HelpFormatter):
    """argparse's help formatter, measuring a text with wide characters in terminal cells."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not has_wide(text):
            return super()._split_lines(text, width)
        return wrap_cells(_SPACES.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not has_wide(text):
            return super()._fill_text(text, width, indent)
        lines = wrap_cells(_SPACES.sub(" ", text).strip(), width - cells(indent))
        return "\n".join(indent + line for line in lines)

    def _format_usage(self, usage, actions, groups, prefix) -> str:
        if prefix is None:
            prefix = argparse._("usage: ")  # the word argparse would look up (argparse_words.py)
        width = cells(prefix)
        if width == len(prefix):
            return super()._format_usage(usage, actions, groups, prefix)
        # argparse measures the prefix with len(): give it a stand-in as many characters long as
        # the prefix is wide, then put the prefix back in its place.
        stand_in = "\0" * width
        return super()._format_usage(usage, actions, groups, stand_in).replace(stand_in, prefix, 1)
