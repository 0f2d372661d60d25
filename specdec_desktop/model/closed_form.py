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

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .assumptions import ASSUMPTION_SPECS, Assumptions
from .extended import check_keywords, cost_table, peak, tokens_table
from .geometric import _expected_tokens, _speedup, has_peak, original_best, speedup_limit
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
    return original_best(p_val, c_val)
