"""The race between speculative and plain decoding: running totals at a playhead.

On the shared clock of target passes (:mod:`.timeline`), after ``t`` passes:

* plain decoding has produced ``floor(t)`` tokens (one per pass);
* speculative decoding has checked ``n`` cycles, spending ``n k`` draft steps
  and ``n`` target passes, and produced ``sum (a_i + 1)`` tokens.

The achieved speedup is measured over the checked cycles,
``sum (a_i + 1) / (n C)`` with ``C = k c + 1``; it is an average of ``n``
independent per-cycle yields divided by a constant, so it converges on the
model's ``S = E / C`` with standard error ``sd(a + 1) / (C sqrt(n))``, where
the capped geometric count has ``E[a] = sum_{j=1..k} p^j`` and
``E[a^2] = sum_{j=1..k} (2j - 1) p^j`` (from ``P(a >= j) = p^j``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .closed_form import speedup
from .simulation import PASSAGE_CYCLES
from .timeline import Playhead
from .trace_stream import TraceStream

__all__ = ["RaceTotals", "accepted_variance", "race_totals"]


def accepted_variance(p: float, k: int) -> float:
    """Variance of the number of accepted guesses in one cycle (capped geometric law)."""
    if k <= 0 or p <= 0.0 or p >= 1.0:
        return 0.0
    j = np.arange(1, k + 1, dtype=np.float64)
    tail = np.exp(j * math.log(p))  # P(a >= j) = p^j
    mean = float(tail.sum())
    second = float(((2.0 * j - 1.0) * tail).sum())
    return max(0.0, second - mean * mean)


@dataclass(frozen=True)
class RaceTotals:
    """Running totals of both lanes at one moment.

    Attributes
    ----------
    passes : float
        Time since the start, in target passes (the shared clock).
    cycles_checked : int
        Cycles whose check is complete (each took one target pass).
    draft_steps : int
        Draft steps taken so far, including those of the cycle in progress.
    accepted_tokens : int
        Accepted guesses in the checked cycles.
    plain_tokens : int
        Tokens plain decoding has produced on the same clock.
    draft_cost : float
        Cost of one draft step, in passes.
    expected_speedup : float
        The model's ``S = E / C``.
    achieved_speedup : float or None
        Speedup measured over the checked cycles; ``None`` before the first check.
    standard_error : float or None
        Standard error of ``achieved_speedup`` under the model.
    check_passes : float
        Time spent checking, in passes: one per checked cycle, plus the part of a check
        under way (so checking and drafting add up to :attr:`passes`).
    cycle_cost : float
        Cost of one cycle, in passes (``k c + 1``).
    """

    passes: float
    cycles_checked: int
    draft_steps: int
    accepted_tokens: int
    plain_tokens: int
    draft_cost: float
    expected_speedup: float
    achieved_speedup: float | None
    standard_error: float | None
    check_passes: float = 0.0
    cycle_cost: float = 1.0

    @property
    def target_tokens(self) -> int:
        """Tokens the target produced itself (one bonus or correction per checked cycle)."""
        return self.cycles_checked

    @property
    def speculative_tokens(self) -> int:
        """Tokens the speculative lane has produced: accepted guesses plus the target's own."""
        return self.accepted_tokens + self.cycles_checked

    @property
    def draft_passes(self) -> float:
        """Time spent drafting, in passes."""
        return self.draft_steps * self.draft_cost

    @property
    def lead(self) -> int:
        """Tokens the speculative lane is ahead of plain decoding (negative when behind)."""
        return self.speculative_tokens - self.plain_tokens


def _assumed_variance(p: float, k: int, a: Assumptions) -> float:
    """Variance of the mean accepted guesses per cycle, times the cycles, under ``a``.

    ``P(a ≥ j) = d^(j(j−1)/2)·E[P^j]`` gives the variance of one cycle as above.  Cycles of one
    passage share ``P``, so they covary by ``Var(E[a | P]) = Σ_ij w_i w_j (E[P^(i+j)] −
    E[P^i] E[P^j])`` with ``w_j = d^(j(j−1)/2)``; over whole passages of ``L`` cycles the variance
    of the mean is ``(σ² + (L − 1)·cov) / n``.
    """
    from .closed_form import expected_tokens

    if k <= 0 or p <= 0.0:
        return 0.0
    j = np.arange(1, k + 1, dtype=np.float64)
    tail = np.diff(expected_tokens(p, np.arange(k + 1), decay=a.decay, spread=a.spread))
    variance = max(0.0, float(((2.0 * j - 1.0) * tail).sum()) - float(tail.sum()) ** 2)
    if a.spread is None or p >= 1.0:
        return variance
    weights = np.exp(0.5 * j * (j - 1.0) * math.log(a.decay))
    moments = np.diff(expected_tokens(p, np.arange(2 * k + 1), spread=a.spread))  # E[P^1..2k]
    pair = moments[(j[:, None] + j[None, :]).astype(int) - 1]
    cov = float(weights @ (pair - np.outer(moments[:k], moments[:k])) @ weights)
    return variance + (PASSAGE_CYCLES - 1) * max(0.0, cov)


@lru_cache(maxsize=64)
def _per_cycle(p: float, k: int, c: float, a: Assumptions = DEFAULT_ASSUMPTIONS) -> tuple[float, float]:
    """The model's speedup and the variance of accepted guesses per cycle (computed once per point)."""
    if a.changes_tokens or a.changes_cost:
        return float(speedup(p, k, c, **a.keywords())), _assumed_variance(p, k, a)
    return float(speedup(p, k, c)), accepted_variance(p, k)


def race_totals(stream: TraceStream, playhead: Playhead) -> RaceTotals:
    """Totals of both lanes of ``stream``'s run at ``playhead``.

    A tree run (``stream.tree``) drafts one level per draft step and expects ``F(T) / C(T)``;
    its accepted depth has the variance of :attr:`~.trees.run.TreeRun.depth_variance`.
    """
    params = stream.params
    checked = playhead.cycle
    tokens = stream.tokens_before(checked)
    cost = stream.timeline.cycle_cost
    k = stream.k
    if stream.tree is None:
        expected, variance = _per_cycle(params.p, params.k, params.c, stream.assumptions)
    else:
        expected, variance = stream.tree.expected_tokens / cost, stream.tree.depth_variance
    if checked > 0:
        achieved: float | None = tokens / (checked * cost)
        error: float | None = math.sqrt(variance / checked) / cost
    else:
        achieved = error = None
    return RaceTotals(
        passes=playhead.passes,
        cycles_checked=checked,
        draft_steps=checked * k + min(playhead.events_done, k),
        accepted_tokens=tokens - checked,
        plain_tokens=stream.timeline.plain_tokens(playhead.passes),
        draft_cost=stream.timeline.c,
        expected_speedup=expected,
        achieved_speedup=achieved,
        standard_error=error,
        check_passes=checked + (playhead.fraction if playhead.checking else 0.0),
        cycle_cost=cost,
    )
