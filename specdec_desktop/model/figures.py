"""Derived figures: everything the cards and the chart show, computed in one place.

:func:`readouts` gives the four card figures for a :class:`Parameters`;
:func:`speedup_curves` gives the chart's curves and its x-range.  Views call
these and keep no figures of their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from . import invariants
from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .closed_form import _tokens
from .extended import cost_table, peak, speedup_table
from .geometric import _cycle_cost, _expected_tokens, _limit, _speedup, original_best
from .parameters import Parameters

__all__ = ["BAND_HALF_WIDTH", "MAX_X_MAX", "Curves", "Readouts", "forget_memo", "readouts", "speedup_curves"]

#: The chart shades the curves at p - 0.10 and p + 0.10 (clamped to [0, 1]).
BAND_HALF_WIDTH = 0.10
#: The chart always shows at least k = 0..MIN_X_MAX.
MIN_X_MAX = 12
#: ... and at most k = 0..MAX_X_MAX, so every curve (and the CSV made from them) has at most
#: 2,001 points whatever p and c are.  The best k passes this only when p and c carry more
#: decimals than the controls offer (1,144 at p = 0.999, c = 0.001 still fits; 1,146,191 at
#: p = 0.999999, c = 1e-6 does not): the chart then points to it with an arrow and its number.
MAX_X_MAX = 2000


#: What does not depend on k, memoised on its inputs (immutable, hashable): a move of k alone
#: (one slider move in three) asks again for the same p, c and assumptions, and the best-k
#: search under assumptions is the costliest part of a change.  A memo keyed on the inputs, not
#: a second copy of any state: the answer is the function's, whoever asks.
_original_best = lru_cache(maxsize=32)(original_best)
_peak = lru_cache(maxsize=32)(peak)


def forget_memo() -> None:
    """Empty the memo, so the next :func:`readouts` and :func:`speedup_curves` compute afresh.

    The answers never change; benchmarks call this to time the work itself, not a look-up.
    """
    _original_best.cache_clear()
    _peak.cache_clear()
    _curves.cache_clear()


@dataclass(frozen=True)
class Readouts:
    """The four readouts at one parameter point.

    ``best_k`` is ``None`` when the speedup has no peak; then ``limit`` is the
    value it tends to, and ``peak_status`` says ``"none"`` (it rises for ever) or
    ``"beyond"`` (under assumptions: it still rises at k = 4096 and no proof says where it
    stops).  ``best_k == 0`` means "do not speculate".

    Under non-default ``assumptions`` the figures are the active model's and ``original``
    holds the original model's readouts at the same point, for comparison.
    """

    params: Parameters
    tokens_per_cycle: float
    cost_per_cycle: float
    speedup: float
    best_k: int | None
    best_speedup: float | None
    limit: float | None
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS
    peak_status: str = "peak"
    original: Readouts | None = None

    @property
    def accepted_guesses(self) -> float:
        """Expected accepted guesses per cycle (tokens per cycle less the target's own)."""
        return self.tokens_per_cycle - 1.0

    def as_dict(self) -> dict[str, float | int | None]:
        return {
            "k": self.params.k,
            "p": self.params.p,
            "c": self.params.c,
            "tokens_per_cycle": self.tokens_per_cycle,
            "cost_per_cycle": self.cost_per_cycle,
            "speedup": self.speedup,
            "best_k": self.best_k,
            "best_speedup": self.best_speedup,
        }


def readouts(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> Readouts:
    """Compute the four readouts for ``params`` under ``assumptions`` (default: the original model)."""
    if assumptions.changes_tokens or assumptions.changes_cost:
        return _assumed_readouts(params, assumptions)
    # Parameters are checked when made, so this skips the public functions' checks (it runs at
    # every slider move) and calls the same arithmetic: the figures are theirs to the last bit.
    p, k, c = np.float64(params.p), np.int64(params.k), np.float64(params.c)
    best = _original_best(params.p, params.c)
    result = Readouts(
        params=params,
        tokens_per_cycle=float(_expected_tokens(p, k)),
        cost_per_cycle=float(_cycle_cost(k, c)),
        speedup=float(_speedup(p, k, c)),
        best_k=best,
        best_speedup=None if best is None else float(_speedup(p, np.int64(best), c)),
        limit=_limit(params.p, params.c) if best is None else None,
    )
    if invariants.enabled():
        invariants.check_readouts(result)
    return result


def _assumed_readouts(params: Parameters, a: Assumptions) -> Readouts:
    p, k, c = np.float64(params.p), np.int64(params.k), np.float64(params.c)
    tokens = float(_tokens(p, k, a))
    cost = float(cost_table(k, c, a))
    top = _peak(params.p, params.c, a)
    result = Readouts(
        params=params,
        tokens_per_cycle=tokens,
        cost_per_cycle=cost,
        speedup=tokens / cost,
        best_k=top.k,
        best_speedup=top.speedup,
        limit=top.limit,
        assumptions=a,
        peak_status=top.status,
        original=readouts(params),
    )
    if invariants.enabled():
        invariants.check_assumed_readouts(result)
    return result


@dataclass(frozen=True)
class Curves:
    """The chart's data: speedup at every whole k in ``0..x_max`` for p and p ± 0.10 (read-only)."""

    k: NDArray[np.int64]
    speedup: NDArray[np.float64]
    lower: NDArray[np.float64]
    upper: NDArray[np.float64]
    p_lower: float
    p_upper: float
    #: The original model's curve at p when assumptions are active (the chart's thin reference).
    reference: NDArray[np.float64] | None = None

    @property
    def x_max(self) -> int:
        return int(self.k[-1])

    def beyond(self, best_k: int | None) -> bool:
        """Whether ``best_k`` lies to the right of these curves (past :data:`MAX_X_MAX`)."""
        return best_k is not None and best_k > self.x_max


def chart_x_max(params: Parameters, best_k: int | None) -> int:
    """Right end of the chart: room for the current and the best k, and for the peak to show.

    Never past :data:`MAX_X_MAX`: the curves' length, and so the memory and time a change
    costs, is bounded for every valid p and c (best k reaches about 6e18 near p = 1, c = 0).
    """
    wanted = max(MIN_X_MAX, params.k)
    if best_k is not None:
        wanted = max(wanted, min(best_k, MAX_X_MAX))
    # Leave ~40 % headroom to the right so the fall after the peak is visible,
    # then round up to a tidy number of ticks.
    padded = math.ceil(wanted * 1.4)
    tidy = 4 if padded <= 40 else 20
    return min(MAX_X_MAX, -(-padded // tidy) * tidy)


def speedup_curves(
    params: Parameters,
    best_k: int | None,
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
    reach: int | None = None,
) -> Curves:
    """Speedup against draft length at p and at p ± :data:`BAND_HALF_WIDTH` (clamped).

    Under non-default ``assumptions`` the three curves are the active model's and
    ``reference`` is the original model's curve at p.  The curves depend on k only through
    the x-range: the same p, c, x-range and assumptions give the same :class:`Curves`
    object, whose arrays are read-only.  ``reach``: the curves run at least to this k (a
    chart that keeps a wider x-range while the parameters are moving draws them to its edge);
    never past :data:`MAX_X_MAX`.
    """
    x_max = chart_x_max(params, best_k)
    if reach is not None:
        x_max = max(x_max, min(int(reach), MAX_X_MAX))
    return _curves(params.p, params.c, x_max, assumptions)


@lru_cache(maxsize=8)
def _curves(p: float, c: float, x_max: int, a: Assumptions) -> Curves:
    k = np.arange(x_max + 1, dtype=np.int64)
    p_lower = max(0.0, p - BAND_HALF_WIDTH)
    p_upper = min(1.0, p + BAND_HALF_WIDTH)
    if a.changes_tokens or a.changes_cost:
        curves = Curves(
            k=k,
            speedup=speedup_table(p, c, x_max, a),
            lower=speedup_table(p_lower, c, x_max, a),
            upper=speedup_table(p_upper, c, x_max, a),
            p_lower=p_lower,
            p_upper=p_upper,
            reference=_speedup(np.float64(p), k, np.float64(c)),
        )
    else:
        cost = np.float64(c)  # checked by Parameters, as are p_lower and p_upper (clamped)
        curves = Curves(
            k=k,
            speedup=_speedup(np.float64(p), k, cost),
            lower=_speedup(np.float64(p_lower), k, cost),
            upper=_speedup(np.float64(p_upper), k, cost),
            p_lower=p_lower,
            p_upper=p_upper,
        )
    for array in (curves.k, curves.speedup, curves.lower, curves.upper, curves.reference):
        if array is not None:
            array.flags.writeable = False  # shared by every caller with the same inputs
    return curves
