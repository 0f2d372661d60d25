"""CSV tables of accepted guesses: one row per cycle, or a histogram (no Qt).

Two shapes are read, with or without a header row:

* per cycle: one number per row, the guesses accepted in that cycle (0..k); a header names
  the column ``accepted`` (any name containing "accept"), other columns are ignored except
  ``k`` (or ``draft_len``, ``num_spec_tokens``...), which gives the draft length;
* a histogram: two columns, accepted guesses ``j`` and the number of cycles that accepted
  exactly ``j`` (header ``accepted,count``; ``cycles``, ``steps``, ``frequency`` also name the
  count).

``# k = 4`` in a comment line also gives the draft length.  Large tables are parsed a chunk at
a time with numpy (a fast path for plain numbers, checked line by line); a chunk the fast path
does not vouch for is read line by line, so every problem is named with its line.
"""

from __future__ import annotations

import math

import numpy as np

from specdec_desktop.text import N_, Phrase

from .measurement import MAX_K, Measurement
from .number_rows import PLAIN_BYTES, Scratch, plain_rows
from .problems import MetricsProblem, k_changed
from .table_header import HEADER_CELL, K_COMMENT, looks_like_table, role, split_cells

__all__ = ["CycleTable", "looks_like_table"]

#: Most cycles a table may count: every count stays an exact integer below it.
_MAX_TOTAL = 2**53


class CycleTable:
    """Reads a table fed chunk by chunk (each chunk ends at a line break)."""

    def __init__(self, k_hint: int | None) -> None:
        self.k_hint = k_hint
        self.k: int | None = None
        self.k_line: int | None = None
        self.columns: int | None = None
        self.accepted_col = 0
        self.count_col: int | None = None
        self.k_col: int | None = None
        self.histogram_shape = False
        self.header_line: int | None = None
        self.counts = np.zeros(0, dtype=np.int64)
        self.total = 0  # cycles counted so far (at most _MAX_TOTAL)
        self.max_value = -1
        self.max_line: int | None = None
        self.lines_used = 0
        self.first_line: int | None = None
        self._scratch = Scratch()

    # -- set-up ---------------------------------------------------------------------------------

    def _comment(self, text: str, line: int) -> None:
        match = K_COMMENT.match(text)
        if match:
            self._set_k(int(match.group(1)), line)

    def _set_k(self, k: int, line: int) -> None:
        if not 1 <= k <= MAX_K:
            raise MetricsProblem(
                "contradiction",
                Phrase(N_("the draft length k is {k}; this app reads k from 1 to {MAX_K}"), k=k, MAX_K=MAX_K),
                line=line,
            )
        if self.k is not None and k != self.k:
            raise k_changed(self.k, self.k_line, k, line)
        self.k, self.k_line = k, line

    def _start(self, cells: list[str], line: int) -> bool:
        """Decide the shape from the first row; ``True`` when that row is a header."""
        if all(HEADER_CELL.match(c) for c in cells):
            roles = [role(c) for c in cells]
            if "accepted" not in roles:
                raise MetricsProblem(
                    "no_metrics",
                    Phrase(
                        N_("no column of accepted guesses in the header ({header})"),
                        header=", ".join(cells)[:80],
                    ),
                    line=line,
                )
            self.columns = len(cells)
            self.accepted_col = roles.index("accepted")
            self.count_col = roles.index("count") if "count" in roles else None
            self.k_col = roles.index("k") if "k" in roles else None
            self.histogram_shape = self.count_col is not None
            self.header_line = line
            return True
        self.columns = len(cells)
        if self.columns == 1:
            self.histogram_shape = False
        elif self.columns == 2:
            self.histogram_shape, self.count_col = True, 1
        else:
            raise MetricsProblem(
                "no_metrics",
                Phrase(
                    N_(
                        "a table of {columns} unnamed columns: add a header naming the column of accepted "
                        "guesses (accepted) and, for a histogram, the count (count)"
                    ),
                    columns=self.columns,
                ),
                line=line,
            )
        return False

    # -- reading --------------------------------------------------------------------------------

    def _add(self, values: np.ndarray, weights: np.ndarray | None, line_of) -> None:
        """Count ``values`` (accepted guesses), each ``weights`` times; ``line_of(row)`` names a row."""
        if values.size == 0:
            return
        top = int(values.max())
        if top > MAX_K:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("a cycle accepted {top} guesses; this app reads k up to {MAX_K}"), top=top, MAX_K=MAX_K
                ),
                line=line_of(int(np.argmax(values))),
            )
        if weights is not None and (np.any(weights < 0) or float(np.sum(weights)) > 2**53):
            raise MetricsProblem(
                "contradiction", Phrase(N_("a count is negative or beyond 2**53")), line=line_of(0)
            )
        # The running total stays at most 2**53, so every sum below is exact (an integer that
        # large is still a float exactly, and int64 cannot wrap); past it, refuse in words.
        added: int | None = values.size
        if weights is not None:  # exact: int64 cannot wrap once the float sum is below 2**62
            approx = float(np.sum(weights, dtype=np.float64))
            added = int(np.sum(weights.astype(np.int64))) if approx < 2**62 else None
        if added is None or self.total + added > _MAX_TOTAL:
            raise MetricsProblem(
                "too_many",
                Phrase(
                    N_(
                        "counts more than 2**53 ({_MAX_TOTAL:,}) cycles in all; counts that large cannot "
                        "be held exactly, so nothing was imported (split the file, or divide the counts)"
                    ),
                    _MAX_TOTAL=_MAX_TOTAL,
                ),
                line=line_of(0),
            )
        self.total += added
        if top > self.max_value:
            self.max_value = top
            self.max_line = line_of(int(np.argmax(values)))
        if self.counts.size <= top:
            self.counts = np.concatenate([self.counts, np.zeros(top + 1 - self.counts.size, dtype=np.int64)])
        if weights is None:
            self.counts[: top + 1] += np.bincount(values, minlength=top + 1)
        else:
            self.counts[: top + 1] += np.bincount(values, weights=weights, minlength=top + 1).astype(np.int64)

    def feed_chunk(self, chunk: bytes, first_line: int) -> int:
        """Read whole lines; returns the number of lines that gave numbers."""
        used = 0
        while self.columns is None and chunk:  # comments, blank lines, then the header or first row
            cut = chunk.find(b"\n")
            head, chunk = (chunk, b"") if cut < 0 else (chunk[:cut], chunk[cut + 1 :])
            used += self._slow(head, first_line)
            first_line += 1
        if not chunk:
            return used
        if not chunk.translate(None, PLAIN_BYTES):
            fast = self._fast(chunk, first_line)
            if fast is not None:
                return used + fast
        return used + self._slow(chunk, first_line)

    def _fast(self, chunk: bytes, first_line: int) -> int | None:
        """Rows of plain whole numbers, parsed with a few numpy passes; ``None`` when unsure."""
        parsed = plain_rows(chunk, self.columns or 1, self._scratch)
        if parsed is None:
            return None
        rows = parsed.rows
        accepted = parsed.column(self.accepted_col)
        weights = (
            parsed.column(self.count_col) if self.histogram_shape and self.count_col is not None else None
        )

        def line_of(row: int) -> int:
            return first_line + parsed.lines_before(row)

        if self.k_col is not None:
            ks = parsed.column(self.k_col)
            if np.any(ks != ks[0]):
                return None
            self._set_k(int(ks[0]), line_of(0))
        self._add(accepted, weights, line_of)
        self.lines_used += rows
        if self.first_line is None:
            self.first_line = line_of(0)
        return rows

    def _slow(self, chunk: bytes, first_line: int) -> int:
        used = 0
        for offset, raw in enumerate(chunk.split(b"\n")):
            line = first_line + offset
            text = raw.decode("utf-8", "replace").strip()
            if not text:
                continue
            if text.startswith("#"):
                self._comment(text, line)
                continue
            cells = split_cells(text)
            if self.columns is None:
                if self._start(cells, line):
                    continue
            if len(cells) != self.columns:
                continue  # a line of another shape: counted, skipped
            try:
                numbers = [float(c) for c in cells]
            except ValueError:
                continue
            for value in numbers:
                if not math.isfinite(value) or value < 0 or value != int(value) or value > 2**53:
                    raise MetricsProblem(
                        "contradiction",
                        Phrase(N_("{value:g} is not a count (0, 1, 2, ...)"), value=value),
                        line=line,
                    )
            accepted = int(numbers[self.accepted_col])
            weight = numbers[self.count_col] if self.histogram_shape and self.count_col is not None else 1.0
            if self.k_col is not None:
                self._set_k(int(numbers[self.k_col]), line)
            self._add(np.array([accepted]), np.array([weight]), lambda _row, line=line: line)
            self.lines_used += 1
            if self.first_line is None:
                self.first_line = line
            used += 1
        return used

    def finish(self) -> Measurement | None:
        """The measurement; ``None`` when no row gave a number."""
        if self.counts.sum() == 0:
            return None
        fmt = "csv-histogram" if self.histogram_shape else "csv-cycles"
        notes: list[str] = []
        k = self.k
        if self.k_hint is not None:
            if k is not None and k != self.k_hint:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(N_("the file says k = {k}, but k = {k_hint} was given"), k=k, k_hint=self.k_hint),
                    line=self.k_line,
                )
            k = self.k_hint
        if k is None:
            if not self.histogram_shape:
                raise MetricsProblem(
                    "k_missing",
                    Phrase(
                        N_(
                            "the draft length k is missing: a table of accepted guesses per cycle does not "
                            "show it; give it with --k, a k column or a '# k = 4' comment line"
                        )
                    ),
                    line=self.first_line,
                )
            k = self.counts.size - 1
            notes.append(
                Phrase(
                    N_("k taken as the largest accepted count listed ({k}); give --k if drafts were longer"),
                    k=k,
                )
            )
        if self.max_value > k:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("a cycle accepted {max_value} guesses, more than k = {k}"),
                    max_value=self.max_value,
                    k=k,
                ),
                line=self.max_line,
            )
        histogram = np.zeros(k + 1, dtype=np.int64)
        histogram[: self.counts.size] = self.counts
        steps = int(histogram.sum())
        accepted = sum(i * int(n) for i, n in enumerate(histogram.tolist()))  # exact, a Python int
        counts = tuple(int(n) for n in np.cumsum(histogram[::-1])[::-1][1:])
        return Measurement(
            format=fmt,
            sources=(),
            k=k,
            steps=steps,
            accepted=accepted,
            position_counts=counts,
            lines_used=self.lines_used,
            first_line=self.first_line,
            notes=tuple(notes),
        )
