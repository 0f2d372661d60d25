"""Measured costs: a per-k table of a benchmark run at several draft lengths (no Qt).

An engineer runs the engine's benchmark at k = 0 (no drafting), 1, 2, ... and writes one row per
run: ``k``, the tokens per verify step (acceptance length; 1 at k = 0), and the time per step in
milliseconds or the output tokens per second; optionally ``batch`` (or concurrency), and the
draft's and the verify pass's milliseconds per step.  :func:`read_cost_table` reads it
(header names as below, comma, semicolon or tab separated; at most :data:`MAX_TABLE_BYTES`);
:func:`fit_costs` gives, per batch size:

* the measured best k: the row with the most output tokens per second;
* the costs, in target passes, from a least-squares line through the step times of the
  drafting rows, ``T(k) = T0 (1 + o + s k)``, where ``T0`` is the step time at k = 0 (a
  plain decoding step): overhead ``o`` and slope ``s = c + β``.  Step times alone cannot tell
  the draft's cost c from the verify pass's growth β (both grow with k); with the draft's
  and the verify pass's own times the table gives each: ``c = draft_ms / (k T0)``,
  ``β = (verify_ms / T0 − 1) / k``;
* the acceptance: the constant p that reproduces the tokens per step at each k, averaged.

Tokens per second from a time per step: ``1000 τ / ms``; a step time from tokens per second:
``1000 τ / tok_s`` (per sequence; a batch decodes ``batch`` sequences at once).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

from specdec_desktop.text import N_, Phrase
from specdec_desktop.user_files import open_user_file

from .fit import solve_p
from .problems import MetricsProblem

__all__ = [
    "MAX_TABLE_BYTES",
    "BatchCosts",
    "CostRow",
    "fit_costs",
    "is_cost_table",
    "is_cost_table_text",
    "looks_like_cost_table",
    "read_cost_table",
    "read_cost_table_text",
]

MAX_TABLE_BYTES = 1024**2
#: The shortest and the longest step a row may state (1 ns, 11 days), in milliseconds, and the
#: largest batch (the batch assumption's): beyond them a figure is a typo or a unit slip, and the
#: ratios the fit takes would leave the floating-point range.
MIN_STEP_MS, MAX_STEP_MS = 1e-6, 1e9
MAX_BATCH = 1_000_000
_ROLES = {
    "k": {"k", "draft_len", "draft_length", "num_speculative_tokens", "num_spec_tokens", "spec_tokens"},
    "tau": {
        "tau",
        "acceptance_length",
        "accept_length",
        "accept_len",
        "mean_acceptance_length",
        "tokens_per_step",
        "acceptance_len",
    },
    "ms": {"ms", "ms_per_step", "step_ms", "itl_ms", "ms_per_iteration", "step_time_ms"},
    "tok_s": {
        "tok_s",
        "tokens_per_s",
        "tokens_per_second",
        "output_tok_s",
        "output_throughput",
        "throughput",
    },
    "batch": {"batch", "batch_size", "concurrency", "max_concurrency"},
    "draft_ms": {"draft_ms", "draft_ms_per_step"},
    "verify_ms": {"verify_ms", "verify_ms_per_step", "target_ms"},
}
_BY_NAME = {name: role for role, names in _ROLES.items() for name in names}
_CELL = re.compile(r"[^a-z0-9]+")


def _name(cell: str) -> str:
    return _CELL.sub("_", cell.strip().strip('"').lower()).strip("_")


def _cells(line: str) -> list[str]:
    separator = "\t" if "\t" in line else ";" if ";" in line and "," not in line else ","
    return [cell.strip().strip('"') for cell in line.split(separator)]


def looks_like_cost_table(first_line: str) -> bool:
    """Whether a header names k, the tokens per step and a time or a throughput."""
    roles = {_BY_NAME.get(_name(cell)) for cell in _cells(first_line)}
    return {"k", "tau"} <= roles and bool(roles & {"ms", "tok_s"})


@dataclass(frozen=True)
class CostRow:
    """One benchmark run: draft length, tokens per step, milliseconds per step, batch."""

    k: int
    tau: float
    ms: float
    batch: int = 1
    draft_ms: float | None = None
    verify_ms: float | None = None
    line: int = 0

    @property
    def tokens_per_second(self) -> float:
        """Output tokens per second of the whole batch."""
        return self.batch * 1000.0 * self.tau / self.ms


@dataclass(frozen=True)
class BatchCosts:
    """What one batch size's rows say."""

    batch: int
    rows: tuple[CostRow, ...]
    best_k: int
    best_tokens_per_second: float
    plain_ms: float | None
    overhead: float | None
    slope: float | None
    c: float | None
    verify_growth: float | None
    p: float | None

    @property
    def speedup(self) -> float | None:
        """The best row's throughput over the k = 0 row's, when there is one."""
        plain = next((row for row in self.rows if row.k == 0), None)
        return None if plain is None else self.best_tokens_per_second / plain.tokens_per_second


def _number(text: str, what: str, line: int, path: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("{what} is {text!r}, not a number"), what=what, text=text[:24]),
            path,
            line,
        ) from None
    if not math.isfinite(value) or value < 0:
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("{what} is {text!r}; it must be a number, 0 or more"), what=what, text=text[:24]),
            path,
            line,
        )
    return value


def read_cost_table(path: str | os.PathLike[str]) -> list[CostRow]:
    """The rows of a per-k cost table.

    Raises
    ------
    MetricsProblem
        Naming the file and line: too large, no header, a missing column, a bad number.
    """
    path = Path(path)
    stream, _size = open_user_file(
        path, MAX_TABLE_BYTES, MetricsProblem, Phrase(N_(" for a table of runs at several k"))
    )
    try:
        with stream:
            data = stream.read(MAX_TABLE_BYTES + 1)
        if len(data) > MAX_TABLE_BYTES:  # it grew while being read
            raise MetricsProblem(
                "too_large", Phrase(N_("is too large for a table of runs at several k (1 MiB at most)")), path
            )
        text = data.decode("utf-8-sig")
    except OSError as error:
        raise MetricsProblem(
            "missing", Phrase(N_("cannot be read ({reason})"), reason=error.strerror or error), path
        ) from None
    except UnicodeDecodeError:
        raise MetricsProblem("not_utf8", Phrase(N_("is not UTF-8 text")), path) from None
    return read_cost_table_text(text, path)


def _meaningful(text: str) -> list[tuple[int, str]]:
    """The lines that are neither blank nor comments, with their numbers from 1."""
    lines = enumerate(text.splitlines(), 1)
    return [(i, line) for i, line in lines if line.strip() and not line.startswith("#")]


def is_cost_table_text(text: str) -> bool:
    """Whether ``text``'s first meaningful line is a cost table's header."""
    first = next((line for line in text.splitlines() if line.strip() and not line.startswith("#")), "")
    return looks_like_cost_table(first)


def is_cost_table(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` opens with a per-k cost table's header (k, tokens per step, a time).

    ``False`` for anything that cannot be opened or read: the metrics readers then name the
    problem.  A FIFO or a system pseudo-file is not opened, nor waited on.
    """

    def refuse(kind: str, problem: str, path: object) -> ValueError:
        return ValueError(problem)

    try:
        stream, _size = open_user_file(Path(path), 1 << 62, refuse)
        with stream:
            head = stream.read(4096).decode("utf-8-sig", "replace")
    except (OSError, ValueError):
        return False
    return is_cost_table_text(head)


def read_cost_table_text(text: str, path: str | os.PathLike[str] = "clipboard") -> list[CostRow]:
    """The rows of a per-k cost table given as text (``path`` names it in messages).

    Raises
    ------
    MetricsProblem
        Naming ``path`` and the line: too large, no header, a missing column, a bad number.
    """
    if len(text) > MAX_TABLE_BYTES:
        raise MetricsProblem(
            "too_large", Phrase(N_("is too large for a table of runs at several k (1 MiB at most)")), path
        )
    lines = _meaningful(text)
    if not lines or not looks_like_cost_table(lines[0][1]):
        raise MetricsProblem(
            "no_metrics",
            Phrase(N_("has no header naming k, the tokens per step, and milliseconds per step or tokens/s")),
            path,
        )
    header = [_BY_NAME.get(_name(cell)) for cell in _cells(lines[0][1])]
    rows = []
    for number, line in lines[1:]:
        cells = _cells(line)
        if len(cells) < len(header):
            raise MetricsProblem(
                "missing_field",
                Phrase(
                    N_("has {len_cells} cells where the header has {len_header}"),
                    len_cells=len(cells),
                    len_header=len(header),
                ),
                path,
                number,
            )
        values = {role: cell for role, cell in zip(header, cells, strict=False) if role is not None}
        k = _number(values["k"], "k", number, str(path))
        if not k.is_integer() or k > 4096:
            raise MetricsProblem(
                "contradiction",
                Phrase(N_("k is {k!r}; it must be a whole number to 4096"), k=values["k"]),
                path,
                number,
            )
        tau = _number(values["tau"], Phrase(N_("the tokens per step")), number, str(path))
        if not 1 - 1e-9 <= tau <= k + 1 + 1e-9:
            raise MetricsProblem(
                "contradiction",
                Phrase(N_("{tau:g} tokens per step is outside 1 to k + 1 = {most:g}"), tau=tau, most=k + 1),
                path,
                number,
            )
        batch = round(_number(values["batch"], "batch", number, str(path))) if "batch" in values else 1
        if values.get("ms"):
            ms = _number(values["ms"], Phrase(N_("the milliseconds per step")), number, str(path))
        else:
            rate = _number(values["tok_s"], Phrase(N_("the tokens per second")), number, str(path))
            ms = 1000.0 * tau * max(batch, 1) / rate if rate > 0 else 0.0
        if ms <= 0 or batch < 1:
            raise MetricsProblem(
                "contradiction", Phrase(N_("a step takes no time or the batch is empty")), path, number
            )
        if batch > MAX_BATCH:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("a batch of {batch} is beyond any engine (1,000,000 at most)"),
                    batch=values["batch"][:24],
                ),
                path,
                number,
            )
        extra = {
            role: _number(values[role], role.replace("_", " "), number, str(path))
            for role in ("draft_ms", "verify_ms")
            if values.get(role)
        }
        # (a draft's or a verify pass's own time may be 0: no draft at k = 0)
        times = [(values.get("ms") or values["tok_s"], ms)]
        times += [(values[role], value) for role, value in extra.items() if value]
        for cell, value in times:
            if not MIN_STEP_MS <= value <= MAX_STEP_MS:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(
                        N_("{cell!r} makes a step of {ms:.3g} ms, beyond any engine (1 ns to 10⁹ ms)"),
                        cell=cell[:24],
                        ms=value,
                    ),
                    path,
                    number,
                )
        rows.append(CostRow(int(k), tau, ms, batch, extra.get("draft_ms"), extra.get("verify_ms"), number))
    if not rows:
        raise MetricsProblem("no_metrics", Phrase(N_("has a header but no rows")), path)
    return rows


def _line(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Least-squares intercept and slope (``None`` with fewer than two distinct x)."""
    xs = {x for x, _ in points}
    if len(xs) < 2:
        return None
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    return my - slope * mx, slope


def fit_costs(rows: list[CostRow]) -> list[BatchCosts]:
    """Per batch size: the measured best k and the costs the step times imply."""
    result = []
    for batch in sorted({row.batch for row in rows}):
        mine = tuple(sorted((row for row in rows if row.batch == batch), key=lambda row: row.k))
        best = max(mine, key=lambda row: (row.tokens_per_second, -row.k))
        plain = [row.ms for row in mine if row.k == 0]
        plain_ms = sum(plain) / len(plain) if plain else None
        drafting = [row for row in mine if row.k > 0]
        overhead = slope = c = growth = None
        if plain_ms:
            fitted = _line([(row.k, row.ms / plain_ms) for row in drafting])
            if fitted is not None:
                overhead, slope = max(0.0, fitted[0] - 1.0), max(0.0, fitted[1])
            split = [row for row in drafting if row.draft_ms is not None and row.verify_ms is not None]
            if split:
                c = sum(row.draft_ms / (row.k * plain_ms) for row in split) / len(split)  # type: ignore[operator]
                growth = max(0.0, sum((row.verify_ms / plain_ms - 1.0) / row.k for row in split) / len(split))  # type: ignore[operator]
        ps = [solve_p(row.tau, row.k) for row in drafting]
        p = sum(ps) / len(ps) if ps else None
        result.append(
            BatchCosts(batch, mine, best.k, best.tokens_per_second, plain_ms, overhead, slope, c, growth, p)
        )
    return result
