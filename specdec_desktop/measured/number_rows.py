"""Rows of plain whole numbers, comma-separated, parsed with a few numpy passes (no Qt).

The fast path of :mod:`.cycle_table`: a block of bytes holding only digits, commas, spaces and
line breaks is cut into tokens by where digits start and end; it is taken only when every row
has the same number of tokens, one comma between two and a line break after the last, and no
token is longer than 15 digits (so every value is exact).  Anything else is ``None``: the
caller then reads the block line by line, where every problem is named with its line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["PLAIN_BYTES", "PlainRows", "Scratch", "plain_rows"]

#: The bytes a block may hold to be tried on the fast path.
PLAIN_BYTES = b"0123456789,\r\n\t "


class Scratch:
    """The fast path's work arrays, a block's size, kept from block to block.

    Arrays of a block's size made afresh for every block are fresh pages each time (a page fault
    per 4 KiB once the allocator hands large blocks back to the system); these are made once and
    grown only when a longer block comes.
    """

    def __init__(self) -> None:
        self.size = -1
        self.digits = np.empty(0, dtype=np.uint8)
        self.is_digit = np.zeros(2, dtype=np.bool_)
        self.edges = np.empty(1, dtype=np.bool_)

    def take(self, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``digits`` (size bytes), ``is_digit`` (size + 2, False at both ends), ``edges`` (size + 1)."""
        if size > self.size:
            self.size = size
            self.digits = np.empty(size, dtype=np.uint8)
            self.is_digit = np.zeros(size + 2, dtype=np.bool_)
            self.edges = np.empty(size + 1, dtype=np.bool_)
        is_digit = self.is_digit[: size + 2]
        is_digit[size + 1] = False  # (a longer block may have left a True there)
        return self.digits[:size], is_digit, self.edges[: size + 1]

    def buffer(self, key: str, size: int, dtype: type) -> np.ndarray:
        """A work array called ``key`` of at least ``size`` elements (its first ``size``)."""
        kept = self.__dict__.get(f"_{key}")
        if kept is None or kept.size < size:
            kept = np.empty(max(size, 1), dtype=dtype)
            self.__dict__[f"_{key}"] = kept
        return kept[:size]


@dataclass
class PlainRows:
    """A block parsed into ``rows`` rows of ``columns`` whole numbers."""

    chunk: bytes
    columns: int
    rows: int
    starts: np.ndarray
    lengths: np.ndarray
    digits: np.ndarray
    scratch: Scratch

    def column(self, index: int) -> np.ndarray:
        """The numbers of one column: each token's digits, most significant first."""
        columns, rows, scratch = self.columns, self.rows, self.scratch
        first, size = self.starts[index::columns], self.lengths[index::columns]
        last = self.digits.size - 1
        values = scratch.buffer(f"column{index}", rows, np.int64)
        values[:] = 0
        at = scratch.buffer("at", rows, np.int64)
        digit = scratch.buffer("digit", rows, np.uint8)
        longer = scratch.buffer("longer", rows, np.bool_)
        for j in range(int(size.max())):
            np.minimum(np.add(first, j, out=at), last, out=at)
            np.take(self.digits, at, out=digit)
            np.greater(size, j, out=longer)
            np.multiply(values, 10, out=values, where=longer)
            np.add(values, digit, out=values, where=longer)
        return values

    def lines_before(self, row: int) -> int:
        """How many line breaks come before row ``row`` in the block."""
        return self.chunk.count(b"\n", 0, int(self.starts[row * self.columns]))


def plain_rows(chunk: bytes, columns: int, scratch: Scratch) -> PlainRows | None:
    """``chunk`` (only :data:`PLAIN_BYTES`) as rows of ``columns`` numbers; ``None`` when unsure."""
    raw = np.frombuffer(chunk, dtype=np.uint8)
    digits, is_digit, edges = scratch.take(raw.size)
    np.subtract(raw, np.uint8(48), out=digits)  # wraps around for every other byte
    np.less(digits, 10, out=is_digit[1:-1])
    np.not_equal(is_digit[1:], is_digit[:-1], out=edges)
    change = np.flatnonzero(edges)
    starts, ends = change[0::2], change[1::2]  # each token is raw[start:end]
    if starts.size == 0 or starts.size % columns:
        return None
    tokens, last = starts.size, raw.size - 1
    lengths = np.subtract(ends, starts, out=scratch.buffer("lengths", tokens, np.int64))
    if int(lengths.max()) > 15:
        return None
    rows = starts.size // columns
    clamped = np.minimum(ends, last, out=scratch.buffer("clamped", tokens, np.int64))
    after = np.take(raw, clamped, out=scratch.buffer("after", tokens, np.uint8)).reshape(rows, columns)
    row_end = ends.reshape(rows, columns)[:, -1]
    # Within a row: exactly one comma between tokens; after the row: a line break (or the end).
    if columns > 1:
        gaps = starts.reshape(rows, columns)[:, 1:] - ends.reshape(rows, columns)[:, :-1]
        if np.any(gaps != 1) or np.any(after[:, :-1] != 44):
            return None
    # (the commas counted in the scratch array: a tenth of the time of bytes.count)
    if np.count_nonzero(np.equal(raw, 44, out=edges[:-1])) != rows * (columns - 1):
        return None
    ended = (after[:, -1] == 10) | (after[:, -1] == 13) | (row_end == raw.size)
    if not np.all(ended):
        return None
    return PlainRows(chunk, columns, rows, starts, lengths, digits, scratch)
