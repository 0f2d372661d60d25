"""Closed forms of speculative decoding under i.i.d. acceptance.

A cycle drafts ``k`` tokens at cost ``c`` each (in units of one target pass)
and verifies them in one target pass.  With per-token acceptance rate ``p``
the number of accepted guesses ``J`` is a capped geometric variable, and
the target always adds one token of its own, so

* expected tokens per cycle  ``E(p, k) = sum_{j=0..k} p^j = (1 - p^(k+1)) / (1 - p)``
* cost per cycle             ``C(k, c) = k c + 1``             (target passes)
* speedup                    ``S(p, k, c) = E / C``            (against one token per pass)

Leviathan, Kalman and Matias (2023), "Fast Inference from Transformers via
Speculative Decoding", equation (1) and Theorem 3.8.  All functions
broadcast like numpy ufuncs and return a Python float for scalar input.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .assumptions import ASSUMPTION_SPECS, Assumptions
from .extended import check_keywords, cost_table, peak, tokens_table
from .validation import as_cost, as_draft_length, as_probability

__all__ = [
    "best_draft_length",
    "cycle_cost",
    "expected_tokens",
    "has_peak",
    "speedup",
    "speedup_limit",
]


def _scalar_or_array(result: NDArray[np.float64]) -> float | NDArray[np.float64]:
    return float(result) if result.ndim == 0 else result


def _expected_tokens(p: NDArray[np.float64], k: NDArray[np.int64]) -> NDArray[np.float64]:
    # 1 - p^(k+1) via expm1 keeps full precision when p is close to 1, where the
    # textbook form cancels.  1 - p is exact for floats in [0.5, 1].
    one_minus_p = 1.0 - p
    with np.errstate(divide="ignore", invalid="ignore"):
        saturating = -np.expm1((k + 1) * np.log(p)) / one_minus_p
    return np.where(p >= 1.0, (k + 1).astype(np.float64), np.where(p <= 0.0, 1.0, saturating))


def expected_tokens(
    p: ArrayLike, k: ArrayLike, *, decay: float = 1.0, spread: float | None = None
) -> float | NDArray[np.float64]:
    """Expected tokens one cycle yields: accepted guesses plus the target's own.

    Parameters
    ----------
    p : float or array
        Acceptance rate of one guessed token, in [0, 1].
    k : int or array
        Draft length, a whole number >= 0.
    decay : float, keyword-only
        ``d`` in (0, 1]: guess ``i`` survives, given the ones before it did, with
        probability ``p·d^(i−1)``.  1 (the default) is the original model.
    spread : float or None, keyword-only
        ``κ > 0``: each cycle's acceptance is drawn from a Beta law with mean ``p`` and
        concentration ``κ``.  ``None`` (the default) is a constant ``p``.

    Returns
    -------
    float or ndarray
        ``(1 - p**(k+1)) / (1 - p)``; ``k + 1`` at ``p = 1``; ``1`` at ``k = 0``.  Under the
        assumptions ``1 + Σ_{i=1..k} d^(i(i−1)/2) · E[P^i]``.
    """
    p_arr = as_probability(p, "p")
    k_arr = as_draft_length(k, "k")
    a = check_keywords(decay=decay, spread=spread)
    return _scalar_or_array(_tokens(p_arr, k_arr, a))


def cycle_cost(
    k: ArrayLike,
    c: ArrayLike,
    *,
    verify_growth: float = 0.0,
    batch: int = 1,
    knee: float | None = None,
    overhead: float = 0.0,
) -> float | NDArray[np.float64]:
    """Cost of one cycle in target passes: ``k`` draft steps of cost ``c`` plus one check.

    Under the assumptions ``o + k·c + (1 + β·k) · max(1, B(k+1)/n*) / max(1, B/n*)``, with
    ``verify_growth`` = β, ``batch`` = B, ``knee`` = n* (``None``: never compute-bound) and
    ``overhead`` = o.  The defaults give ``k·c + 1``.
    """
    k_arr = as_draft_length(k, "k")
    c_arr = as_cost(c, "c")
    a = check_keywords(verify_growth=verify_growth, batch=batch, knee=knee, overhead=overhead)
    return _scalar_or_array(cost_table(k_arr, c_arr, a))


def speedup(
    p: ArrayLike, k: ArrayLike, c: ArrayLike, **assumptions: float | None
) -> float | NDArray[np.float64]:
    """Speedup against plain decoding (one token per target pass): ``E / C``.

    Takes the keywords of :func:`expected_tokens` and :func:`cycle_cost`.
    """
    p_arr = as_probability(p, "p")
    k_arr = as_draft_length(k, "k")
    c_arr = as_cost(c, "c")
    a = check_keywords(**_known(assumptions))
    if not (a.changes_tokens or a.changes_cost):
        return _scalar_or_array(_speedup(p_arr, k_arr, c_arr))
    return _scalar_or_array(_tokens(p_arr, k_arr, a) / cost_table(k_arr, c_arr, a))


def _known(assumptions: dict[str, float | None]) -> dict[str, float | None]:
    unknown = set(assumptions) - {spec.name for spec in ASSUMPTION_SPECS}
    if unknown:
        raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
    return assumptions


def _tokens(p: NDArray[np.float64], k: NDArray[np.int64], a: Assumptions) -> NDArray[np.float64]:
    """``E`` at every ``(p, k)`` of the broadcast arrays, under ``a``."""
    if not a.changes_tokens:
        return _expected_tokens(p, k)
    p_b, k_b = np.broadcast_arrays(p, k)
    result = np.empty(p_b.shape, dtype=np.float64)
    if result.size == 0:
        return result
    for value in np.unique(p_b):  # one running-sum table per distinct p
        where = p_b == value
        table = tokens_table(float(value), int(k_b[where].max()), a)
        result[where] = table[k_b[where]]
    return result


def _cycle_cost(k: NDArray[np.int64], c: NDArray[np.float64]) -> NDArray[np.float64]:
    """:func:`cycle_cost` for arguments already checked."""
    return k * c + 1.0


def _speedup(p: NDArray[np.float64], k: NDArray[np.int64], c: NDArray[np.float64]) -> NDArray[np.float64]:
    """:func:`speedup` for arguments already checked (the figures of a validated ``Parameters``)."""
    return _expected_tokens(p, k) / _cycle_cost(k, c)


def has_peak(p: float, c: float) -> bool:
    """Whether the speedup reaches a maximum at a finite draft length.

    It does not when it rises for ever toward a limit: ``p = 1`` with ``c < 1``
    (the limit is ``1/c``) or ``c = 0`` with ``p > 0`` (the limit is ``1/(1-p)``).
    At ``p = c = 1`` the speedup is 1 for every ``k``: flat, so ``k = 0`` is the
    (smallest) maximiser.
    """
    p_val = float(as_probability(p, "p"))
    c_val = float(as_cost(c, "c"))
    return not ((p_val >= 1.0 and c_val < 1.0) or (c_val <= 0.0 and p_val > 0.0))


def speedup_limit(p: float, c: float) -> float:
    """Speedup as ``k`` grows without bound: ``1/c`` if ``p = 1``, else ``1/(1-p)`` if ``c = 0``, else 0."""
    p_val = float(as_probability(p, "p"))
    c_val = float(as_cost(c, "c"))
    if p_val >= 1.0:
        return math.inf if c_val <= 0.0 else 1.0 / c_val
    if c_val <= 0.0:
        return 1.0 / (1.0 - p_val)
    return 0.0


def _rises_after(k: int, p: float, c: float) -> bool:
    """Whether ``S(k+1) > S(k)``.

    Cross-multiplying ``E(k+1) C(k) > E(k) C(k+1)`` and using
    ``E(k+1) = E(k) + p^(k+1)`` gives ``p^(k+1) > c / ((1-p)(1+kc) + c)``,
    compared here in logarithms so it stays exact for large ``k``.
    """
    threshold = c / ((1.0 - p) * (1.0 + k * c) + c)
    return (k + 1) * math.log(p) > math.log(threshold)


def best_draft_length(p: float, c: float, **assumptions: float | None) -> int | None:
    """The whole ``k >= 0`` that maximises the speedup (ties go to the smaller ``k``).

    ``0`` means "do not speculate"; in the original model it is the answer exactly when
    ``p <= c``.  ``None`` means the speedup has no peak (see :func:`has_peak`); under the
    assumptions (keywords of :func:`speedup`) also that it still rises at ``k = 4096`` where
    no proof says where it stops (:func:`~specdec_desktop.model.extended.peak` tells the two
    apart).

    ``E`` is a concave sequence in ``k`` and ``C`` is affine and positive, so
    ``S`` is unimodal (its superlevel sets ``{E - tC >= 0}`` are intervals) and
    the predicate "S rises after k" is true up to the peak and false from it
    on.  An exponential then a binary search over that predicate finds the
    peak exactly, with no cap on ``k``.
    """
    p_val = float(as_probability(p, "p"))
    c_val = float(as_cost(c, "c"))
    if assumptions:
        a = check_keywords(**_known(assumptions))
        if a.changes_tokens or a.changes_cost:
            return peak(p_val, c_val, a).k
    if not has_peak(p_val, c_val):
        return None
    if p_val <= c_val:
        return 0
    high = 1
    while _rises_after(high, p_val, c_val):
        high *= 2
    low = 0  # _rises_after(0) holds because p > c.
    while high - low > 1:  # invariant: rises after low, does not rise after high
        middle = (low + high) // 2
        if _rises_after(middle, p_val, c_val):
            low = middle
        else:
            high = middle
    return high
