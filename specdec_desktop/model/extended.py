"""The model with its assumptions relaxed (docs/interface.md; docs/model.md derives it).

* expected tokens  ``E(k) = 1 + Σ_{i=1..k} d^(i(i−1)/2) · m_i``, where ``m_i = E[P^i]`` is
  ``p^i`` for a constant acceptance and ``Π_{j=0..i−1} (pκ + j)/(κ + j)`` when each cycle's
  acceptance ``P`` is drawn from Beta(pκ, (1−p)κ);
* cycle cost       ``C(k) = o + k·c + (1 + β·k) · g(k)``, with the batch factor
  ``g(k) = max(1, B(k+1)/n*) / max(1, B/n*)`` (1 when the knee is off);
* speedup          ``S(k) = E(k) / C(k)``.

With every keyword at its default these are the original closed forms, computed by the very
same code path (bit for bit).  Tables are built by running sums (``numpy.cumsum`` adds in
order), so ``E`` at one ``k`` is exactly the ``k``-th entry of a longer table: the cards, the
chart and the public functions agree to the last bit.

The best draft length rests on one fact (docs/model.md, "Best k"): the increments of ``E`` never
grow (``P ≤ 1`` and ``d ≤ 1``) and those of ``C`` never shrink (a sum of non-negative,
non-decreasing convex terms), so for every level ``t`` the set ``{k : E(k) − t·C(k) ≥ 0}`` is
a run of consecutive ``k``: ``S`` rises, then falls.  Hence, if ``S`` drops strictly at some
``j`` at or after the best ``k`` found in ``0..K``, nothing beyond ``K`` can beat it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions, check_assumption
from .geometric import _expected_tokens, _speedup, original_best, speedup_limit

__all__ = [
    "SEARCH_LIMIT",
    "Peak",
    "check_keywords",
    "cost_table",
    "peak",
    "speedup_table",
    "tokens_limit",
    "tokens_table",
]

#: Largest draft length the best-k search looks at when no proof reaches further.
SEARCH_LIMIT = 4096
#: First, cheaper search length (most peaks lie well below it).
_FIRST_LOOK = 64


def check_keywords(**keywords: object) -> Assumptions:
    """Validate model keywords (contract validity, no upper bound) into an :class:`Assumptions`.

    Raises ``ValueError`` naming the keyword.  Values above a control's declared maximum are
    still valid for the model, so the result bypasses :class:`Assumptions`' bounds.
    """
    values = {name: check_assumption(name, value) for name, value in keywords.items()}
    result = object.__new__(Assumptions)
    for name, default in DEFAULT_ASSUMPTIONS.as_dict().items():
        object.__setattr__(result, name, values.get(name, default))
    return result


def _log_terms(p: float, k_max: int, a: Assumptions) -> NDArray[np.float64]:
    """``ln t_i`` with ``t_i = d^(i(i−1)/2) · E[P^i]``, for ``i = 1..k_max`` (``-inf`` for 0).

    In logarithms so the best-k test below stays exact where the terms underflow.
    """
    i = np.arange(1, k_max + 1, dtype=np.float64)
    with np.errstate(divide="ignore"):
        if a.spread is None:
            logs = i * math.log(p) if p > 0.0 else np.full(k_max, -np.inf)
        else:
            j = i - 1.0
            logs = np.cumsum(np.log(p * a.spread + j) - np.log(a.spread + j))
    if a.decay != 1.0:
        logs = logs + (0.5 * i * (i - 1.0)) * math.log(a.decay)
    return logs


def tokens_table(p: float, k_max: int, a: Assumptions) -> NDArray[np.float64]:
    """``E(0), E(1), …, E(k_max)`` under ``a`` (which must change the tokens)."""
    table = np.empty(k_max + 1, dtype=np.float64)
    table[0] = 1.0
    table[1:] = np.exp(_log_terms(p, k_max, a))
    return np.cumsum(table, out=table)


def batch_factor(k: NDArray[np.int64], a: Assumptions) -> NDArray[np.float64] | float:
    """``g(k) = max(1, B(k+1)/n*) / max(1, B/n*)``, written so no quotient can overflow."""
    if a.knee is None:
        return 1.0
    load = a.batch / a.knee  # tokens per pass of plain decoding, in knees
    if load >= 1.0:  # both past the knee: B(k+1)/n* over B/n*
        return (k + 1).astype(np.float64)
    return np.maximum(1.0, load * (k + 1))


def cost_table(k: NDArray[np.int64], c: float | NDArray[np.float64], a: Assumptions) -> NDArray[np.float64]:
    """``C(k)`` under ``a``; the original ``k c + 1`` when ``a`` leaves the cost alone."""
    if not a.changes_cost:
        return k * c + 1.0
    verify = 1.0 + a.verify_growth * k if a.verify_growth != 0.0 else 1.0
    return a.overhead + k * c + verify * batch_factor(k, a)


def cost_step(k: NDArray[np.int64], c: float, a: Assumptions) -> NDArray[np.float64]:
    """``C(k+1) − C(k)``, written without the cancellation of subtracting two costs.

    ``c + β·g(k+1) + (1 + β·k)·(g(k+1) − g(k))``; exactly ``c`` when the verify cost is flat.
    """
    k = np.asarray(k, dtype=np.int64)
    if a.knee is None:
        return c + a.verify_growth * np.ones(k.shape)
    after = batch_factor(k + 1, a)
    rise = after - batch_factor(k, a)
    return c + a.verify_growth * after + (1.0 + a.verify_growth * k) * rise


def speedup_table(p: float, c: float, k_max: int, a: Assumptions) -> NDArray[np.float64]:
    """``S(0..k_max)`` at one ``(p, c)`` under ``a``."""
    k = np.arange(k_max + 1, dtype=np.int64)
    tokens = tokens_table(p, k_max, a) if a.changes_tokens else _expected_tokens(np.float64(p), k)
    return tokens / cost_table(k, np.float64(c), a)


def tokens_limit(p: float, a: Assumptions) -> float:
    """``E(∞)``: the expected tokens of a cycle with an endless draft (``inf`` when unbounded)."""
    if p <= 0.0:
        return 1.0
    if a.decay < 1.0:
        # d^(i(i−1)/2) is below 1e-300 once i(i−1)/2 · ln(1/d) > 700: the rest cannot count.
        n = math.ceil((1.0 + math.sqrt(1.0 + 8.0 * 700.0 / -math.log(a.decay))) / 2.0) + 2
        return float(tokens_table(p, n, a)[-1])
    if p >= 1.0:
        return math.inf
    if a.spread is None:
        return 1.0 / (1.0 - p)
    # E[1 / (1 − P)] for P ~ Beta(pκ, (1−p)κ) is (κ − 1)/((1−p)κ − 1), finite when (1−p)κ > 1.
    tail = (1.0 - p) * a.spread
    return (a.spread - 1.0) / (tail - 1.0) if tail > 1.0 else math.inf


@dataclass(frozen=True)
class Peak:
    """Where the speedup peaks.

    ``status`` is ``"peak"`` (``k`` maximises it; 0 means do not speculate), ``"none"`` (it
    rises for ever toward ``limit``) or ``"beyond"`` (it still rises at :data:`SEARCH_LIMIT`
    and no proof says where it stops: "no peak up to k = 4096").
    """

    k: int | None
    speedup: float | None
    status: str
    limit: float | None = None


def _certified(s: NDArray[np.float64]) -> int | None:
    """The first maximiser of ``s`` if ``s`` drops strictly at or after it (so it is global)."""
    best = int(np.argmax(s))
    tail = s[best:]
    if tail.size > 1 and bool((tail[1:] < tail[:-1]).any()):
        return best
    return None


def _rises(p: float, c: float, k_max: int, a: Assumptions) -> NDArray[np.bool_]:
    """``S(k+1) > S(k)`` for ``k = 0..k_max−1``, in the exact form ``t_(k+1)·C(k) > E(k)·ΔC(k)``.

    Cross-multiplying ``E(k+1)/C(k+1) > E(k)/C(k)`` with ``E(k+1) = E(k) + t_(k+1)`` gives it;
    it is compared in logarithms, so neither a term too small for a float nor a cost step
    below the rounding of ``C`` can hide the rise.
    """
    k = np.arange(k_max, dtype=np.int64)
    log_term = _log_terms(p, k_max, a)  # t_(k+1) for k = 0..k_max−1
    cost = cost_table(k, np.float64(c), a)
    step = cost_step(k, c, a)
    with np.errstate(divide="ignore"):
        if not a.changes_tokens:
            return log_term > _closed_form_threshold(p, cost, step)
        return log_term + np.log(cost) > np.log(tokens_table(p, k_max - 1, a)) + np.log(step)


def _closed_form_threshold(p: float, cost, step):
    """With ``E = (1 − p^(k+1))/(1 − p)`` the test reads ``p^(k+1)·((1−p)·C + ΔC) > ΔC``.

    (The original model's test with ``C = 1 + k c``, ``ΔC = c``.)  Returned as the bound on
    ``ln p^(k+1)``; free of ``E``'s own rounding, so a tie stays a tie.
    """
    # -ln(1 + x) with x = (1 − p)·C / ΔC, from logarithms so that no quotient overflows
    # (ΔC may be a denormal; ΔC = 0 gives -inf: the speedup rises).
    with np.errstate(divide="ignore"):
        return -np.logaddexp(0.0, np.log((1.0 - p) * cost) - np.log(step))


def _linear_tail(c: float, a: Assumptions) -> tuple[float, float] | None:
    """``(α, γ)`` with ``C(k) = α + γ(k+1)`` for all large ``k``, or ``None`` if ``C`` grows faster."""
    if a.knee is None:
        return a.overhead + 1.0 - c - a.verify_growth, c + a.verify_growth
    if a.verify_growth > 0.0:
        return None  # (1 + βk) · g(k) grows like k²
    load = a.batch / a.knee
    slope = 1.0 if load >= 1.0 else load
    return a.overhead - c, c + slope


def peak(p: float, c: float, a: Assumptions) -> Peak:
    """The best draft length at ``(p, c)`` under ``a`` (``p`` and ``c`` already checked)."""
    if not (a.changes_tokens or a.changes_cost):
        best = original_best(p, c)
        if best is None:
            return Peak(None, None, "none", speedup_limit(p, c))
        return Peak(best, float(_speedup(np.float64(p), np.int64(best), np.float64(c))), "peak")
    if p <= 0.0:  # E = 1 and C never falls: k = 0 is (a) maximiser
        return Peak(0, float(speedup_table(p, c, 0, a)[0]), "peak")
    if c == 0.0 and a.verify_growth == 0.0 and a.knee is None:  # C constant, E rising
        return Peak(None, None, "none", tokens_limit(p, a) / (1.0 + a.overhead))
    if p >= 1.0 and a.decay == 1.0:  # E = k + 1
        tail = _linear_tail(c, a)
        if tail is not None and tail[0] > 0.0:
            return Peak(None, None, "none", 1.0 / tail[1])
    if p >= 1.0 and a.decay == 1.0:
        # E = k + 1 is concave but not strictly: S may be flat, so find the first maximiser
        # and require a strict fall after it.
        for k_max in (_FIRST_LOOK, SEARCH_LIMIT):
            s = speedup_table(p, c, k_max, a)
            best = _certified(s)
            if best is not None:
                return Peak(best, float(s[best]), "peak")
        return Peak(None, None, "beyond")
    # Now 0 < p and E's increments fall strictly (p < 1 or d < 1), so E − t·C has strictly
    # falling increments for every t: "S rises after k" holds up to the peak and fails from it on.
    for k_max in (_FIRST_LOOK, SEARCH_LIMIT):
        rises = _rises(p, c, k_max, a)
        if not rises.all():
            best = int(np.argmin(rises))
            return Peak(best, float(speedup_table(p, c, best, a)[best]), "peak")
    if not a.changes_tokens:
        return _search_beyond(p, c, a)
    return Peak(None, None, "beyond")


def _search_beyond(p: float, c: float, a: Assumptions) -> Peak:
    """Exact search past :data:`SEARCH_LIMIT` when ``E`` has its closed form (``d = 1``, no spread).

    The rising test is monotone (see :func:`peak`) and costs O(1) at any ``k`` here, so an
    exponential then a binary search over it finds the peak with no cap.
    """
    log_p = math.log(p)

    def rises(k: int) -> bool:
        kk = np.int64(k)
        cost, step = cost_table(kk, np.float64(c), a), cost_step(kk, c, a)
        return (k + 1) * log_p > float(_closed_form_threshold(p, cost, step))

    low, high = SEARCH_LIMIT - 1, 2 * SEARCH_LIMIT
    while rises(high):
        low, high = high, 2 * high
        if high > 1 << 60:
            return Peak(None, None, "beyond")
    while high - low > 1:  # rises after low, not after high
        middle = (low + high) // 2
        if rises(middle):
            low = middle
        else:
            high = middle
    kk = np.int64(high)
    value = float(_expected_tokens(np.float64(p), kk) / cost_table(kk, np.float64(c), a))
    return Peak(high, value, "peak")
