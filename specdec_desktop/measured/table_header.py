"""A table of accepted guesses told from its first line, and its header's columns named (no Qt).

A header cell names the column of accepted guesses (any name containing "accept"), the count of
a histogram (``count``, ``cycles``, ``steps``, ``frequency``...) or the draft length (``k``,
``draft_len``, ``num_spec_tokens``...); ``# k = 4`` in a comment line also gives the draft
length.  :mod:`.cycle_table` reads the table.
"""

from __future__ import annotations

import re

__all__ = ["HEADER_CELL", "K_COMMENT", "looks_like_table", "role", "split_cells"]

K_NAMES = {
    "k",
    "draft_len",
    "draft_length",
    "num_spec_tokens",
    "num_speculative_tokens",
    "spec_tokens",
    "num_draft_tokens",
    "draft_tokens",
    "drafted",
}
COUNT_NAMES = {"count", "counts", "cycles", "steps", "frequency", "freq", "n", "num_steps", "num_cycles"}
K_COMMENT = re.compile(
    r"#.*?\b(?:k|num_speculative_tokens|num_spec_tokens|draft length)\s*[=:]\s*(\d+)", re.IGNORECASE
)
HEADER_CELL = re.compile(r"^[A-Za-z_][\w .#/()-]*$")
_NUMERIC_LINE = re.compile(rb"^[\s\d,;.+-]+$")


def split_cells(line: str) -> list[str]:
    """A row's cells: split at semicolons (when there is no comma), tabs or commas, unquoted."""
    separator = ";" if ";" in line and "," not in line else ","
    if "\t" in line and separator not in line:
        separator = "\t"
    return [cell.strip().strip('"').strip() for cell in line.split(separator)]


def role(name: str) -> str | None:
    """What a header cell names: ``"k"``, ``"count"``, ``"accepted"`` or nothing of ours."""
    name = name.lower().replace(" ", "_")
    if name in K_NAMES:
        return "k"
    if name in COUNT_NAMES:
        return "count"
    if "accept" in name or name in ("j", "guesses"):
        return "accepted"
    return None


def looks_like_table(first_line: bytes) -> bool:
    """Whether the first meaningful line of a file starts a table this module reads."""
    if _NUMERIC_LINE.match(first_line) and any(ch in b"0123456789" for ch in first_line):
        return True
    try:
        text = first_line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    cells = split_cells(text.strip())
    return all(HEADER_CELL.match(c) for c in cells) and any(role(c) == "accepted" for c in cells)
