"""The (p, c) map: the best draft length and its speedup at every cell of a grid.

For each acceptance rate ``p`` and draft cost ``c`` of a grid, the map holds the
whole ``k >= 0`` that maximises ``S(k) = E(k) / C(k)`` (ties to the smaller ``k``)
and the speedup there, or says that there is no peak.  It is exact, not a
capped search, and vectorised over the grid (a 256x256 map in a few
milliseconds: ``benchmarks/bench_phase_map.py``).

**Exact fast path** (closed-form tokens, cost affine in ``k``: the original model,
and the assumptions ``overhead`` and ``verify_growth``, see docs/interface.md).  With
``E(k) = (1 - p^(k+1)) / (1 - p)`` and ``C(k) = a + g k``, cross-multiplying
``S(k+1) > S(k)`` gives (``closed_form._rises_after`` for ``a = 1, g = c``)::

    p^(k+1) > g / ((1 - p)(a + g k) + g)

In logarithms, ``f(x) = (x+1) ln p - ln g + ln((1-p)(a + g x) + g)`` is concave
in a real ``x``, so when ``f(0) > 0`` it crosses zero exactly once, at ``r``, and the
best ``k`` is the first whole number with ``f(k) <= 0``: ``ceil(r)``.  Newton's
method started to the right of ``r`` approaches it from the right without
overshooting (the tangent of a concave function lies above it); every cell's
answer is then *certified* with the same integer test the scalar
``best_draft_length`` uses (``rises(k - 1)`` and not ``rises(k)``) and moved by
one until it holds, so float rounding in the root cannot change an answer.

**Search path** (any other assumptions, once the model takes them: decay, spread,
a compute knee).  The speedup is still unimodal (``E`` has non-increasing
increments, ``C`` non-decreasing ones; docs/model.md), so a table of
``S(0..K)`` whose maximum is followed by a strict fall certifies the maximum as
global.  ``K`` is 64 for the whole grid, then ``SEARCH_BOUND`` (4096) for the
cells not yet certified; a cell still rising at ``SEARCH_BOUND`` is flagged
``BEYOND`` ("no peak up to k = 4096"), never given a capped answer.

No Qt here: the map view, ``--export-map`` and the benchmark all call
:func:`phase_map`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .assumptions import COST_ASSUMPTIONS, TOKEN_ASSUMPTIONS, Assumptions
from .closed_form import cycle_cost, expected_tokens
from .extended import check_keywords, tokens_limit
from .geometric import _expected_tokens
from .validation import as_cost, as_probability

__all__ = [
    "BEYOND",
    "NO_PEAK",
    "SEARCH_BOUND",
    "PhaseMap",
    "best_k_boundary",
    "best_k_line",
    "grid_axis",
    "phase_map",
]

#: ``best_k`` of a cell whose speedup rises for ever toward a limit (no peak).
NO_PEAK = -1
#: ``best_k`` of a cell still rising at :data:`SEARCH_BOUND` under assumptions with no proof of where
#: it stops (the search path only).
BEYOND = -2
#: Largest draft length the search path tabulates.
SEARCH_BOUND = 4096
_FIRST_LOOK = 64


@dataclass(frozen=True)
class PhaseMap:
    """The best draft length and its speedup on a grid.

    Arrays are indexed ``[i, j]`` for ``p[i]`` and ``c[j]`` (``p`` runs along the first axis,
    as an image's x does).

    Attributes
    ----------
    p, c : ndarray
        The grid's acceptance rates and draft costs (1-D, as given).
    best_k : ndarray of int64
        The best draft length (0: do not speculate), :data:`NO_PEAK` or :data:`BEYOND`.
    best_speedup : ndarray of float64
        The speedup at ``best_k``; where there is no peak, the limit it rises toward
        (``inf`` at ``p = 1, c = 0``); ``nan`` where :data:`BEYOND`.
    assumptions : dict
        The model keywords the map was computed under (empty for the original model).
    """

    p: NDArray[np.float64]
    c: NDArray[np.float64]
    best_k: NDArray[np.int64]
    best_speedup: NDArray[np.float64]
    assumptions: dict

    @property
    def has_peak(self) -> NDArray[np.bool_]:
        """Cells whose speedup has a maximum at a finite ``k``."""
        return self.best_k >= 0

    def rows(self):
        """``(p, c, best_k or None, best_speedup)`` for every cell, ``p`` varying slowest."""
        for i, p in enumerate(self.p.tolist()):
            ks = self.best_k[i].tolist()
            ss = self.best_speedup[i].tolist()
            for j, c in enumerate(self.c.tolist()):
                yield p, c, (ks[j] if ks[j] >= 0 else None), ss[j]


def grid_axis(count: int) -> NDArray[np.float64]:
    """``count`` evenly spaced values from 0 to 1, both included (``count >= 2``).

    Each value is ``i / (count - 1)``, the float nearest the decimal: with 101 values they print
    as 0.0, 0.01, ..., 1.0.
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 2:
        raise ValueError(f"grid size must be a whole number of at least 2, got {count!r}")
    return np.arange(int(count)) / (int(count) - 1)


def _affine_cost(c: NDArray[np.float64], a: Assumptions) -> tuple[NDArray, NDArray] | None:
    """``(a0, g)`` with ``C(k) = a0 + g k`` when tokens keep their closed form and the cost is affine.

    docs/model.md: ``C(k) = o + k c + (1 + b k) max(1, B(k+1)/n*) / max(1, B/n*)``.  With the knee
    off the batch factor is 1, so ``C = (1 + o) + (c + b) k``; with ``B >= n*`` and no verify growth
    it is ``k + 1``, so ``C = (1 + o) + (c + 1) k``.  The original model is ``a0 = 1, g = c``
    exactly (no arithmetic, so the answers match ``best_draft_length`` bit for bit).
    """
    if a.changes_tokens:
        return None
    if a.knee is None:
        slope = a.verify_growth
    elif a.verify_growth == 0.0 and a.batch >= a.knee:
        slope = 1.0
    else:
        return None
    a0 = np.full_like(c, 1.0 + a.overhead)
    return a0, (c + slope if slope else c)


def _rises(k: NDArray[np.float64], log_p, p, a, g) -> NDArray[np.bool_]:
    """``S(k+1) > S(k)`` (the scalar ``_rises_after`` test, written the same way)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        threshold = g / ((1.0 - p) * (a + k * g) + g)
        return (k + 1.0) * log_p > np.log(threshold)


def _fast(p: NDArray[np.float64], c: NDArray[np.float64], a, g) -> tuple[NDArray, NDArray]:
    """The exact fast path on the full grid (arrays broadcast to ``(len(p), len(c))``)."""
    shape = (p.size, c.size)
    pp = np.broadcast_to(p[:, None], shape)
    aa = np.broadcast_to(a[None, :], shape)
    gg = np.broadcast_to(g[None, :], shape)
    best = np.zeros(shape, dtype=np.int64)
    # S(0) = E(0) / C(0) where k = 0 is best, by the model's own arithmetic (E(0) may round to 1 + ulp).
    value = _expected_tokens(pp, np.zeros(shape, dtype=np.int64)) / aa

    one = pp >= 1.0
    free = (gg <= 0.0) & (pp > 0.0) & ~one  # a constant cost and rising tokens
    # p = 1: S = (k+1)/(a + g k) rises for ever iff a > g, toward 1/g.
    one_rising = one & (aa > gg)
    best[free | one_rising] = NO_PEAK
    with np.errstate(divide="ignore"):
        value[free] = (1.0 / (1.0 - pp[free])) / aa[free]
        value[one_rising] = 1.0 / gg[one_rising]
    # Cells where the root is searched: 0 < p < 1, g > 0, and S rises after 0.
    inner = (pp > 0.0) & ~one & (gg > 0.0)
    index = np.nonzero(inner)
    p1, a1, g1 = pp[index], aa[index], gg[index]
    log_p = np.log(p1)
    start = _rises(np.zeros_like(p1), log_p, p1, a1, g1)
    index = tuple(axis[start] for axis in index)
    p1, a1, g1, log_p = p1[start], a1[start], g1[start], log_p[start]
    k = _crossing(p1, a1, g1, log_p)
    k = _certify(k, p1, a1, g1, log_p)
    best[index] = k
    value[index] = _expected_tokens(p1, k) / (a1 + k * g1)
    return best, value


def _crossing(p, a, g, log_p) -> NDArray[np.int64]:
    """``ceil(r)`` where ``f(r) = 0`` (see the module header), by Newton's method from the right."""
    d0 = (1.0 - p) * a + g
    slope = (1.0 - p) * g
    log_g = np.log(g)
    # f(x) <= [ln p - ln g + ln d0] + x (ln p + slope/d0), and the bracket's slope is negative
    # (slope/d0 < 1 - p <= -ln p), so its zero lies right of r: a start with f <= 0.
    intercept = log_p - log_g + np.log(d0)
    x = np.maximum(intercept / -(log_p + slope / d0), 0.0)
    for _ in range(200):
        f = (x + 1.0) * log_p - log_g + np.log(d0 + slope * x)
        df = log_p + slope / (d0 + slope * x)
        step = f / df  # f <= 0 and df < 0: step <= 0, x moves left toward r
        x = x - step
        if not (np.abs(step) > 1e-9 * np.maximum(x, 1.0)).any():
            break
    return np.maximum(np.ceil(x - 1e-9), 1.0)


def _certify(k: NDArray[np.float64], p, a, g, log_p) -> NDArray[np.int64]:
    """Move each ``k`` by whole steps until ``rises(k-1)`` and not ``rises(k)``: the exact answer."""
    for _ in range(64):
        up = _rises(k, log_p, p, a, g)
        down = ~_rises(k - 1.0, log_p, p, a, g) & (k > 1.0)
        if not (up.any() or down.any()):
            return k.astype(np.int64)
        k = k + up - down
    # Not reached in practice (the root is within a few ulps of the answer); bisect what is left.
    wrong = _rises(k, log_p, p, a, g) | (~_rises(k - 1.0, log_p, p, a, g) & (k > 1.0))
    for i in np.nonzero(wrong)[0]:
        k[i] = _bisect(float(p[i]), float(a[i]), float(g[i]), float(log_p[i]))
    return k.astype(np.int64)


def _bisect(p: float, a: float, g: float, log_p: float) -> float:
    def rises(k: int) -> bool:
        return (k + 1) * log_p > math.log(g / ((1.0 - p) * (a + k * g) + g))

    high = 1
    while rises(high):
        high *= 2
    low = 0
    while high - low > 1:
        middle = (low + high) // 2
        if rises(middle):
            low = middle
        else:
            high = middle
    return float(high)


def _search(p: NDArray[np.float64], c: NDArray[np.float64], a: Assumptions) -> tuple[NDArray, NDArray]:
    """The search path: tables of ``S(0..K)``, certified by a strict fall after their maximum."""
    active = a.keywords()
    tokens_kw = {n: v for n, v in active.items() if n in TOKEN_ASSUMPTIONS}
    cost_kw = {n: v for n, v in active.items() if n in COST_ASSUMPTIONS}
    shape = (p.size, c.size)
    best = np.full(shape, BEYOND, dtype=np.int64)
    value = np.full(shape, np.nan)
    pending = np.ones(shape, dtype=bool)
    # p = 0: E = 1 for every k and C never falls, so k = 0 is the (first) maximiser.
    zero = p == 0.0
    if zero.any():
        best[zero] = 0
        value[zero] = 1.0 / np.asarray(cycle_cost(0, c, **cost_kw), dtype=np.float64)
        pending[zero] = False
    for bound in (_FIRST_LOOK, SEARCH_BOUND):
        if not pending.any():
            break
        ks = np.arange(bound + 1)
        rows = np.nonzero(pending.any(axis=1))[0]
        tokens = np.asarray(expected_tokens(p[rows, None], ks[None, :], **tokens_kw), dtype=np.float64)
        cols = np.nonzero(pending.any(axis=0))[0]
        cost = np.asarray(cycle_cost(ks[None, :], c[cols, None], **cost_kw), dtype=np.float64)
        column_of = {int(j): n for n, j in enumerate(cols)}
        for n, i in enumerate(rows):
            js = np.nonzero(pending[i])[0]
            s = tokens[n][None, :] / cost[[column_of[int(j)] for j in js]]
            # The first k within rounding (1e-12, relative) of the maximum: a tie goes to the smaller k.
            peak_value = s.max(axis=1)
            first = np.argmax(s >= peak_value[:, None] * (1.0 - 1e-12), axis=1)
            top = s[np.arange(js.size), first]
            # Certified when S falls strictly somewhere after its first maximum.
            after = np.arange(bound + 1)[None, :] > first[:, None]
            falls = ((s[:, 1:] < s[:, :-1]) & after[:, 1:]).any(axis=1)
            done = js[falls]
            best[i, done] = first[falls]
            value[i, done] = top[falls]
            pending[i, done] = False
    _limits(p, c, best, value, a)
    return best, value


def _limits(p, c, best, value, a: Assumptions) -> None:
    """Cells the search path can call peakless for certain: ``c = 0`` with no verify growth and no
    knee (a constant cost ``1 + o``) and ``p > 0`` (rising tokens), whose limit is ``E(inf) / (1 + o)``."""
    if a.verify_growth != 0.0 or a.knee is not None:
        return
    for i, j in zip(*np.nonzero((c[None, :] == 0.0) & (p[:, None] > 0.0) & (best == BEYOND)), strict=True):
        best[i, j] = NO_PEAK
        value[i, j] = tokens_limit(float(p[i]), a) / (1.0 + a.overhead)


def phase_map(p: ArrayLike, c: ArrayLike, **assumptions: object) -> PhaseMap:
    """The best draft length and its speedup at every ``(p[i], c[j])``.

    Parameters
    ----------
    p, c : 1-D arrays of float
        Acceptance rates and draft costs, each in [0, 1] (any order, any length).
    **assumptions
        The model's assumption keywords (docs/interface.md); defaults are the
        original model and may be omitted.

    Returns
    -------
    PhaseMap
        Arrays of shape ``(len(p), len(c))``.

    Raises
    ------
    ValueError
        ``p`` or ``c`` out of range or not 1-D, naming it; an invalid assumption (the model's own message).
    TypeError
        An unknown keyword.
    """
    p_arr = as_probability(p, "p")
    c_arr = as_cost(c, "c")
    for name, array in (("p", p_arr), ("c", c_arr)):
        if array.ndim != 1 or array.size == 0:
            raise ValueError(f"{name} must be a non-empty 1-D array of values")
    unknown = set(assumptions) - set(TOKEN_ASSUMPTIONS + COST_ASSUMPTIONS)
    if unknown:
        raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
    a = check_keywords(**assumptions)  # the model's own checks and messages
    affine = _affine_cost(c_arr, a)
    if affine is not None:
        best, value = _fast(p_arr, c_arr, *affine)
    else:
        best, value = _search(p_arr, c_arr, a)
    return PhaseMap(p_arr, c_arr, best, value, a.keywords())


def best_k_boundary(result: PhaseMap, level: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The line where the best draft length reaches ``level``: points ``(p, c)``, ``c`` rising.

    For each ``c`` of the grid, the boundary lies between the last ``p`` whose best k is below
    ``level`` and the first whose best k is ``level`` or more (or has no peak, which is more than
    any level); the point is placed midway.  The best k grows with ``p`` and falls with ``c``, so
    this traces one line; columns where no ``p`` below 1 reaches ``level``, and ``c = 0``, are
    left out.  The grid's ``p`` must be sorted ascending.
    """
    reached = (result.best_k >= level) | (result.best_k < 0)  # no peak: more than any level
    any_reached = reached.any(axis=0)
    first = np.argmax(reached, axis=0)
    p = result.p
    # Degenerate edges: at c = 0 and at p = 1 the speedup never peaks, whatever the level.
    columns = np.nonzero(any_reached & (first > 0) & (result.c > 0.0) & (p[first] < 1.0))[0]
    boundary_p = (p[first[columns] - 1] + p[first[columns]]) / 2.0
    return boundary_p, result.c[columns].astype(np.float64)


def best_k_line(level: int, c: ArrayLike, **assumptions: object) -> tuple[NDArray, NDArray] | None:
    """The exact line where the best draft length reaches ``level`` (>= 1), as points ``(p, c)``.

    For each ``c`` in (0, 1), the ``p`` at which ``S`` starts to rise after ``level - 1``:
    the best k is ``level`` or more exactly when ``rises(level - 1)`` holds, and that holds for
    every ``p`` above one threshold (the best k grows with ``p``), found by bisection to 1e-12.
    Only where the tokens keep their closed form and the cost is affine in ``k`` (the original
    model, ``overhead``, ``verify_growth``); otherwise ``None``, and the caller draws
    :func:`best_k_boundary` from a map.  Values of ``c`` where even ``p`` just below 1 does not
    reach ``level`` are left out.
    """
    a = check_keywords(**assumptions)
    c_arr = np.asarray(as_cost(c, "c"), dtype=np.float64)
    c_arr = c_arr[(c_arr > 0.0) & (c_arr < 1.0)]
    affine = _affine_cost(c_arr, a)
    if affine is None:
        return None
    a0, g = affine
    k = float(level - 1)
    low = np.zeros_like(c_arr)
    high = np.full_like(c_arr, 1.0 - 1e-12)

    def rises(p):
        return _rises(np.full_like(p, k), np.log(p), p, a0, g)

    with np.errstate(divide="ignore", invalid="ignore"):
        reached = rises(high)
        for _ in range(48):
            middle = (low + high) / 2.0
            up = rises(np.maximum(middle, 1e-300))
            high = np.where(up, middle, high)
            low = np.where(up, low, middle)
    return high[reached], c_arr[reached]
