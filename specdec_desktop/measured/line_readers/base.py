"""What every line reader shares: number parsing, plausibility checks, the base class (no Qt).

:func:`find_number` and :func:`leading_numbers` read numbers out of a line, and
:func:`plausible` refuses one no engine would print.  The ``check_*`` functions raise a
``contradiction`` :class:`MetricsProblem` naming the line when a line's numbers disagree with
each other; :func:`resolve_k` settles the draft length from what the file says and what the
caller gave.  :class:`LineReader` is the base of every reader, :class:`Cumulative` a counter
printed as a total since start, and :class:`PositionSum` the steps and per-position counts
summed over intervals.
"""

from __future__ import annotations

import math
import re

from specdec_desktop.measured.measurement import MAX_GROUPS, MAX_K, Groups, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

__all__ = [
    "MAX_GROUPS",
    "NUMBER",
    "Cumulative",
    "LineReader",
    "PositionSum",
    "check_accepted",
    "check_close",
    "check_k",
    "check_rates",
    "contradiction",
    "find_number",
    "leading_numbers",
    "plausible",
    "resolve_k",
]

NUMBER = r"(nan|[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)"


def find_number(pattern: re.Pattern[str], text: str) -> float | None:
    """The number ``pattern`` captures first in ``text``, or ``None`` when it does not match."""
    match = pattern.search(text)
    if match is None:
        return None
    return plausible(float(match.group(1)), match.group(1))


#: No engine counts past this; a larger number is a garbled line.
_LARGEST = 1e15


def plausible(value: float, text: str) -> float:
    """``value`` (printed as ``text``), unless no engine could have counted it."""
    if abs(value) > _LARGEST:  # also infinity; NaN passes (vLLM prints "nan%" for an idle interval)
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("holds the number {shown}, beyond any count an engine reports"), shown=shown),
        )
    return value


def leading_numbers(text: str) -> list[float]:
    """The leading comma-separated numbers of ``text`` ("0.8, 0.7, Avg ..." -> [0.8, 0.7])."""
    values = []
    for part in text.strip().lstrip("([").split(","):
        part = part.strip().rstrip(")]")
        try:
            value = float(part)
        except ValueError:
            break
        values.append(value)
        if ")" in part or "]" in part:
            break
    return values


def contradiction(problem: str, line: int) -> MetricsProblem:
    """The problem raised when a line's numbers disagree."""
    return MetricsProblem("contradiction", problem, line=line)


def check_accepted(accepted: float, drafted: float, line: int) -> None:
    """Refuse more guesses accepted than drafted."""
    if accepted > drafted:
        raise contradiction(
            Phrase(
                N_("{accepted:.0f} tokens accepted out of {draft_tokens:.0f} drafted"),
                accepted=accepted,
                draft_tokens=drafted,
            ),
            line,
        )


def check_close(what: str, printed: float, computed: float, tolerance: float, line: int) -> None:
    """Refuse a printed figure further than ``tolerance`` from the one its counts give."""
    if not math.isfinite(printed) or abs(printed - computed) > tolerance:
        raise contradiction(
            Phrase(
                N_(
                    "the numbers contradict each other: {what} is {printed:g}, but the counts give "
                    "{computed:.4g}"
                ),
                what=Phrase(what),
                printed=printed,
                computed=computed,
            ),
            line,
        )


def check_rates(rates: list[float], line: int, tolerance: float = 0.0015) -> None:
    """Refuse per-position rates outside 0 to 1 or growing from one position to the next."""
    previous = 1.0
    for position, rate in enumerate(rates, start=1):
        if not (0.0 <= rate <= 1.0):
            raise contradiction(
                Phrase(
                    N_("acceptance rate at position {position} is {rate:g}, outside 0 to 1"),
                    position=position,
                    rate=rate,
                ),
                line,
            )
        if rate > previous + tolerance:
            raise contradiction(
                Phrase(
                    N_(
                        "acceptance rate at position {position} ({rate:g}) exceeds the one before it "
                        "({previous:g}); a later guess can only survive if the earlier ones did"
                    ),
                    position=position,
                    rate=rate,
                    previous=previous,
                ),
                line,
            )
        previous = rate


class Cumulative:
    """A counter that only grows, except when the server restarts (then it starts over)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._last: float | None = None

    def add(self, value: float) -> None:
        if self._last is None or value < self._last:
            self.total += value
        else:
            self.total += value - self._last
        self._last = value


def check_k(k: int, line: int | None) -> int:
    """``k``, when it is a draft length this app reads."""
    if not 1 <= k <= MAX_K:
        raise MetricsProblem(
            "contradiction",
            Phrase(
                N_("the draft length k would be {k}; this app reads k from 1 to {MAX_K}"), k=k, MAX_K=MAX_K
            ),
            line=line,
        )
    return k


def resolve_k(found: int | None, hint: int | None, line: int | None, fmt: str, how: str) -> int:
    """The draft length the file gives (``found``), else the caller's ``hint``.

    Refused when they disagree, or when neither is given (``how`` says why the file has none).
    """
    if found is not None:
        check_k(found, line)
    if found is not None and hint is not None and found != hint:
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("the file says k = {found}, but k = {hint} was given"), found=found, hint=hint),
            line=line,
        )
    k = found if found is not None else hint
    if k is None:
        raise MetricsProblem(
            "k_missing",
            Phrase(N_("the draft length k is missing: {how}; give it with --k"), how=Phrase(how)),
            line=line,
        )
    if k < 1:
        raise MetricsProblem(
            "contradiction", Phrase(N_("the draft length k is {k}; it must be 1 or more"), k=k), line=line
        )
    return k


#: Metric lines a reader holds while waiting for the file to state k (none given): past this
#: many, k is asked for at once, not after the whole file (a tuple per line grew to gigabytes).
WAIT_FOR_K = 100_000


class LineReader:
    """Base of the readers: counts lines used, remembers the first."""

    format = ""
    markers: tuple[bytes, ...] = ()
    #: The draft length the caller gave (``--k``, the window's question), or ``None``.
    k_hint: int | None = None

    def _waited_too_long(self, waiting: int, line: int, how: str) -> None:
        """Ask for k now when ``waiting`` lines wait for it and none was given."""
        if waiting >= WAIT_FOR_K and self.k_hint is None:
            raise MetricsProblem(
                "k_missing",
                Phrase(
                    N_(
                        "the draft length k is missing: the first {WAIT_FOR_K:,} metric lines do not state "
                        "it ({how}); give it with --k"
                    ),
                    WAIT_FOR_K=WAIT_FOR_K,
                    how=Phrase(how),
                ),
                line=line,
            )

    def __init__(self) -> None:
        self.lines_used = 0
        self.first_line: int | None = None
        #: The first line that carried this reader's marker but did not fit its format.
        self.near_miss: int | None = None
        self.last_line: int | None = None
        #: The first and last lines used, as text (their times give the run's span; read at the end).
        self.first_text: str | None = None
        self.last_text: str | None = None

    def feed(self, text: str, line: int) -> bool:
        """Read one line holding this reader's marker; ``True`` when it gave numbers."""
        used = self._feed(text, line)
        if used:
            self.lines_used += 1
            self.last_line = line
            self.last_text = text
            if self.first_line is None:
                self.first_line = line
                self.first_text = text
        elif self.near_miss is None and self._near(text):
            self.near_miss = line
        return used

    def _near(self, text: str) -> bool:
        """Whether a marker line that gave nothing was meant for this format (to blame it)."""
        return True

    def _feed(self, text: str, line: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def finish(self, k_hint: int | None) -> Measurement | None:  # pragma: no cover - abstract
        """The measurement, or ``None`` when no line gave numbers."""
        raise NotImplementedError

    def _measurement(self, **fields) -> Measurement:
        return Measurement(
            format=self.format, sources=(), lines_used=self.lines_used, first_line=self.first_line, **fields
        )

    def _summed(self, total: PositionSum, k: int, basis: str, notes: tuple[str, ...] = ()) -> Measurement:
        """The measurement of intervals summed in ``total`` (engine acceptance = accepted ÷ drafted)."""
        counts = total.position_counts()
        rebuilt = (N_("per-position counts rebuilt from rates printed to 3 decimals"),) if counts else ()
        return self._measurement(
            k=k,
            steps=total.steps,
            accepted=total.accepted,
            position_counts=counts,
            engine_acceptance=total.accepted / total.drafted if total.drafted else None,
            engine_basis=basis,
            notes=rebuilt + notes,
            drafted=total.drafted or None,
            group_taus=total.groups.as_tuple(),
        )


class PositionSum:
    """Steps and per-position counts summed over intervals, all with the same k."""

    def __init__(self) -> None:
        self.k: int | None = None
        self.k_line: int | None = None
        self.steps = 0
        self.accepted = 0.0
        self.drafted = 0.0
        self.counts: list[float] | None = None
        self.all_have_positions = True
        self.groups = Groups()  # tokens per step and steps of each interval

    def set_k(self, k: int, line: int) -> None:
        check_k(k, line)
        if self.k is None:
            self.k, self.k_line = k, line
        elif k != self.k:
            raise contradiction(
                Phrase(
                    N_(
                        "the draft length changes from {k} (line {k_line}) to {new_k}; import the parts "
                        "with different k separately"
                    ),
                    k=self.k,
                    k_line=self.k_line,
                    new_k=k,
                ),
                line,
            )

    def add(self, steps: int, accepted: float, drafted: float, rates: list[float] | None) -> None:
        self.steps += steps
        if steps > 0:
            self.groups.add(1.0 + accepted / steps, steps)
        self.accepted += accepted
        self.drafted += drafted
        if rates is None:
            self.all_have_positions = False
            return
        if self.counts is None:
            self.counts = [0.0] * len(rates)
        for i, rate in enumerate(rates):
            self.counts[i] += rate * steps

    def position_counts(self) -> tuple[int, ...] | None:
        if self.counts is None or not self.all_have_positions:
            return None
        counts = [min(self.steps, round(n)) for n in self.counts]
        for i in range(1, len(counts)):  # rounding must not make a later count exceed an earlier one
            counts[i] = min(counts[i], counts[i - 1])
        return tuple(counts)
