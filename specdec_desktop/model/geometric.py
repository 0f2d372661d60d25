"""The original model's arithmetic (i.i.d. acceptance, verify pass of one target pass).

Shared by :mod:`.closed_form` (the public, checked functions) and :mod:`.extended` (the
assumptions, whose defaults fall back on exactly this code).  Arguments here are already
checked, except where a function says otherwise.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .validation import as_cost, as_probability

__all__ = ["has_peak", "original_best", "speedup_limit"]


def _expected_tokens(p: NDArray[np.float64], k: NDArray[np.int64]) -> NDArray[np.float64]:
    # 1 - p^(k+1) via expm1 keeps full precision when p is close to 1, where the
    # textbook form cancels.  1 - p is exact for floats in [0.5, 1].
    one_minus_p = 1.0 - p
    with np.errstate(divide="ignore", invalid="ignore"):
        saturating = -np.expm1((k + 1) * np.log(p)) / one_minus_p
    tokens = np.where(p >= 1.0, (k + 1).astype(np.float64), np.where(p <= 0.0, 1.0, saturating))
    return np.where(k == 0, 1.0, tokens)  # no guesses: exactly the target's one token


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
    return _has_peak(float(as_probability(p, "p")), float(as_cost(c, "c")))


def _has_peak(p_val: float, c_val: float) -> bool:
    """:func:`has_peak` for arguments already checked."""
    return not ((p_val >= 1.0 and c_val < 1.0) or (c_val <= 0.0 and p_val > 0.0))


def speedup_limit(p: float, c: float) -> float:
    """Speedup as ``k`` grows without bound: ``1/c`` if ``p = 1``, else ``1/(1-p)`` if ``c = 0``, else 0."""
    return _limit(float(as_probability(p, "p")), float(as_cost(c, "c")))


def _limit(p_val: float, c_val: float) -> float:
    """:func:`speedup_limit` for arguments already checked."""
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


def original_best(p_val: float, c_val: float) -> int | None:
    """The original model's best draft length for checked floats (see ``best_draft_length``)."""
    if not _has_peak(p_val, c_val):
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
