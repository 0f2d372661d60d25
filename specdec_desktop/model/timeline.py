"""The clock of a run: events on an axis of target passes.

Time is cost.  One cycle is ``k`` draft steps of cost ``c`` each followed by
one check of cost 1 (all in target passes), so a cycle lasts
``C = k c + 1`` passes and holds ``k + 1`` events:

    event j < k : the draft produces guess j        ends at  (j + 1) c
    event k     : the target checks the guesses     ends at  k c + 1

Positions are measured on the *event axis*: ``position = e + f`` means that
``e`` events are complete and the next one is the fraction ``f`` done.
Unlike a time, a position tells apart events that take no time (draft steps
at ``c = 0``), so a single step always shows exactly one more event.
:meth:`Timeline.passes_at` maps a position to its time and
:meth:`Timeline.position_at` maps a time back to the latest position at it
(``searchsorted`` over one cycle's end times: every cycle costs the same).

Plain decoding runs on the same clock at one token per pass.

Under the assumptions (issue 11) the check lasts ``C(k) − k c`` passes instead of 1: the verify
pass ``(1 + β k)`` times the batch factor, plus the fixed overhead ``o`` of the cycle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .validation import as_cost, as_draft_length

__all__ = ["Playhead", "Timeline"]

#: Relative tolerance (in passes) below which a time counts as reaching an event.
_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Playhead:
    """Where a run stands: what is complete and how far the next event has got.

    Attributes
    ----------
    position : float
        Position on the event axis (events complete, plus the fraction of the next one).
    cycle : int
        Index (from 0) of the cycle in progress; cycles before it are complete.
    events_done : int
        Events complete in that cycle, ``0..k``: guesses drafted, and ``k``
        means the check is under way.
    fraction : float
        Progress of the event in flight, in [0, 1).
    passes : float
        Time since the start, in target passes.
    k : int
        Draft length of the run (so ``events_done == k`` while the check runs).
    """

    position: float
    cycle: int
    events_done: int
    fraction: float
    passes: float
    k: int

    @property
    def checking(self) -> bool:
        """Whether the target's check of the current cycle is under way."""
        return self.events_done >= self.k

    @property
    def events(self) -> int:
        """Events complete since the start."""
        return self.cycle * (self.k + 1) + self.events_done


class Timeline:
    """Event times of a run with draft length ``k`` and draft cost ``c``.

    Parameters
    ----------
    k : int
        Draft length (guesses per cycle), >= 0.
    c : float
        Cost of one draft step in target passes, in [0, 1].
    check : float
        Cost of the check event in target passes (1 in the original model; under the
        assumptions the verify pass and the cycle's overhead), above 0.
    """

    def __init__(self, k: int, c: float, check: float = 1.0) -> None:
        self.k = int(as_draft_length(k, "k"))
        self.c = float(as_cost(c, "c"))
        self.check = float(check)
        if not (self.check > 0.0 and math.isfinite(self.check)):
            raise ValueError(f"check must be a positive number of passes, got {check!r}")
        self.events_per_cycle = self.k + 1
        durations = np.full(self.events_per_cycle, self.c)
        durations[-1] = self.check
        self._durations = durations
        self._ends = np.cumsum(durations)
        self._starts = self._ends - durations
        self.cycle_cost = float(self.k * self.c + self.check)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Timeline) and (self.k, self.c, self.check) == (other.k, other.c, other.check)

    def __hash__(self) -> int:
        return hash((self.k, self.c, self.check))

    def __repr__(self) -> str:
        extra = "" if self.check == 1.0 else f", check={self.check}"
        return f"Timeline(k={self.k}, c={self.c}{extra})"

    @classmethod
    def for_model(cls, k: int, c: float, assumptions) -> Timeline:
        """The clock of a run at ``k``, ``c`` under ``assumptions`` (the check charges ``C(k) − k c``)."""
        if not assumptions.changes_cost:
            return cls(k, c)
        from .extended import cost_table

        cost = float(cost_table(np.int64(k), np.float64(c), assumptions))
        return cls(k, c, check=cost - k * float(c))

    # -- one cycle ------------------------------------------------------------------------

    def event_times(self, first_cycle: int, n_cycles: int) -> NDArray[np.float64]:
        """End times of every event of cycles ``first_cycle .. first_cycle + n_cycles - 1``.

        Returns
        -------
        ndarray, shape (n_cycles, k + 1)
            Row ``i`` holds the times (in passes, from the start of the run)
            at which guesses ``0..k-1`` of cycle ``first_cycle + i`` appear
            and, last, the time its check completes.
        """
        cycles = np.arange(first_cycle, first_cycle + n_cycles, dtype=np.float64)
        return cycles[:, None] * self.cycle_cost + self._ends[None, :]

    # -- the two axes ---------------------------------------------------------------------

    def passes_at(self, position: float) -> float:
        """Time (in passes) at an event-axis position."""
        if position <= 0.0:
            return 0.0
        events = math.floor(position)
        fraction = position - events
        cycle, event = divmod(events, self.events_per_cycle)
        return float(cycle * self.cycle_cost + self._starts[event] + fraction * self._durations[event])

    def position_at(self, passes: float) -> float:
        """The latest event-axis position reached at time ``passes`` (events taking no time count as done)."""
        if passes <= 0.0:
            passes = 0.0
        cost = self.cycle_cost
        cycle = math.floor(passes / cost)
        within = passes - cycle * cost
        tolerance = _TOLERANCE * max(1.0, passes)
        if within >= cost - tolerance:  # at (or a rounding error before) the end of the cycle
            cycle += 1
            within = 0.0
        elif within < 0.0:
            within = 0.0
        event = int(np.searchsorted(self._ends, within + tolerance, side="right"))
        fraction = (within - self._starts[event]) / self._durations[event]
        fraction = min(max(fraction, 0.0), math.nextafter(1.0, 0.0))
        return float(cycle * self.events_per_cycle + event + fraction)

    def positions_at(self, passes: ArrayLike) -> NDArray[np.float64]:
        """Vectorised :meth:`position_at` (for analysis and tests)."""
        times = np.maximum(np.asarray(passes, dtype=np.float64), 0.0)
        cost = self.cycle_cost
        cycle = np.floor(times / cost)
        within = times - cycle * cost
        tolerance = _TOLERANCE * np.maximum(1.0, times)
        wrap = within >= cost - tolerance
        cycle = np.where(wrap, cycle + 1, cycle)
        within = np.where(wrap, 0.0, np.maximum(within, 0.0))
        event = np.searchsorted(self._ends, within + tolerance, side="right")
        fraction = np.clip((within - self._starts[event]) / self._durations[event], 0.0, np.nextafter(1.0, 0))
        return cycle * self.events_per_cycle + event + fraction

    def playhead(self, position: float) -> Playhead:
        """Everything a view needs about ``position``: cycle, events done, progress and time."""
        position = max(0.0, float(position))
        events = math.floor(position)
        cycle, done = divmod(events, self.events_per_cycle)
        return Playhead(
            position=position,
            cycle=int(cycle),
            events_done=int(done),
            fraction=position - events,
            passes=self.passes_at(position),
            k=self.k,
        )

    def next_event(self, position: float) -> float:
        """The position just after the next event completes (a single step from ``position``)."""
        return float(math.floor(position + 1e-9) + 1)

    def cycle_start(self, cycle: int) -> float:
        """Position at the start of ``cycle``."""
        return float(cycle * self.events_per_cycle)

    # -- plain decoding ---------------------------------------------------------------------

    @staticmethod
    def plain_tokens(passes: float) -> int:
        """Tokens plain decoding has finished after ``passes`` passes (one per pass)."""
        return math.floor(passes + _TOLERANCE * max(1.0, passes))
