"""Cost from timings, and the best draft length under a fit (no Qt).

Timings: the draft's time per guessed token ``t_d``, the target's time per pass at one token
``t_1`` and, if known, at ``k + 1`` tokens ``t_(k+1)``.  Then

* draft cost ``c = t_d / t_1``  (target passes per draft step);
* verify growth ``beta = (t_(k+1) / t_1 - 1) / k``, so a verify pass costs ``1 + beta k``;
* one step costs ``1 + (c + beta) k`` target passes, so ``beta`` acts like extra draft cost and
  the best k is the model's best draft length at ``c + beta``;
* milliseconds per token ``(k t_d + t_1 (1 + beta k)) / tau(k)``, against ``t_1`` without drafting.

The recommendation names the best k at the fitted p and every k within 1 % of the best
speedup for some p in the fit's 95 % interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from specdec_desktop.model import best_draft_length, expected_tokens

from .fit import Fit

__all__ = ["Recommendation", "Timings", "recommend"]

#: Speedups within this share of the best count as "as good".
WITHIN = 0.01
_K_CAP = 4096


@dataclass(frozen=True)
class Timings:
    """Measured times in milliseconds.

    Raises
    ------
    ValueError
        Naming the timing that is not a positive number, or that contradicts another.
    """

    draft_ms: float
    target_ms: float
    verify_ms: float | None = None
    k: int = 1

    def __post_init__(self) -> None:
        for name, value in (("draft time", self.draft_ms), ("target time", self.target_ms)):
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"{name} must be a number of milliseconds, 0 or more, got {value!r}")
        if self.target_ms <= 0:
            raise ValueError(f"target time must be above 0 ms, got {self.target_ms!r}")
        if self.draft_ms > self.target_ms:
            raise ValueError(
                f"draft time ({self.draft_ms:g} ms) exceeds the target's ({self.target_ms:g} ms): "
                "a draft slower than the target never helps"
            )
        if self.verify_ms is not None:
            if not (math.isfinite(self.verify_ms) and self.verify_ms > 0):
                raise ValueError(f"verify time must be above 0 ms, got {self.verify_ms!r}")
            if self.verify_ms < self.target_ms * 0.98:
                raise ValueError(
                    f"verify time at k + 1 tokens ({self.verify_ms:g} ms) is below the time at one "
                    f"token ({self.target_ms:g} ms)"
                )

    @property
    def cost(self) -> float:
        """Draft cost c, in target passes."""
        return self.draft_ms / self.target_ms

    @property
    def verify_growth(self) -> float:
        """beta: extra target passes per guess in the verify pass."""
        if self.verify_ms is None or self.k < 1:
            return 0.0
        return max(0.0, (self.verify_ms / self.target_ms - 1.0) / self.k)

    def ms_per_token(self, p: float, k: int) -> float:
        """Milliseconds per output token at draft length ``k``."""
        tokens = float(expected_tokens(p, k))
        return (k * self.draft_ms + self.target_ms * (1 + self.verify_growth * k)) / tokens


@dataclass(frozen=True)
class Recommendation:
    """The best k under a fit, and the k as good within 1 % under its uncertainty."""

    p: float
    c: float
    verify_growth: float
    best_k: int | None
    best_speedup: float | None
    k_low: int
    k_high: int | None
    measured_k: int
    measured_speedup: float
    timings: Timings | None

    @property
    def effective_cost(self) -> float:
        """C + beta: what one more guess costs, in target passes."""
        return self.c + self.verify_growth

    def range_text(self) -> str:
        """The range of k within 1 %, in words."""
        if self.k_high is None:
            return f"k ≥ {self.k_low}"
        if self.k_low == self.k_high:
            return f"k = {self.k_low}"
        return f"k = {self.k_low} to {self.k_high}"


def _speedups(p: np.ndarray, ks: np.ndarray, cost: float) -> np.ndarray:
    return np.asarray(expected_tokens(p[:, None], ks[None, :])) / (1.0 + cost * ks[None, :])


def _best(p: float, cost: float) -> int | None:
    if cost >= 1.0:
        return 0
    return best_draft_length(p, cost)


def recommend(
    fit: Fit, c: float, verify_growth: float = 0.0, timings: Timings | None = None
) -> Recommendation:
    """Best k under ``fit`` at draft cost ``c`` (and verify growth)."""
    if fit.fitted_p is None:
        raise ValueError("the drafts vary in length: no constant p was fitted to recommend a k from")
    if timings is not None:
        c, verify_growth = timings.cost, timings.verify_growth
    if not (math.isfinite(c) and 0 <= c <= 1):
        raise ValueError(f"c must be from 0 to 1, got {c!r}")
    cost = c + verify_growth
    p = fit.fitted_p
    best = _best(p, cost)
    grid = np.unique(np.clip(np.linspace(fit.p_low, fit.p_high, 41), 0.0, 1.0))
    bests = [_best(float(q), cost) for q in grid]
    unbounded = any(b is None for b in bests)
    top = max((b for b in bests if b is not None), default=1)
    cap = int(min(_K_CAP, max(64, 4 * top + 16)))
    ks = np.arange(cap + 1)
    table = _speedups(grid, ks, cost)
    good = table >= (1.0 - WITHIN) * table.max(axis=1, keepdims=True)
    columns = np.flatnonzero(good.any(axis=0))
    k_low = int(columns.min())
    k_high = None if unbounded or columns.max() >= cap else int(columns.max())
    best_speedup = None if best is None else float(expected_tokens(p, best)) / (1.0 + cost * best)
    measured = float(expected_tokens(p, fit.k)) / (1.0 + cost * fit.k)
    return Recommendation(p, c, verify_growth, best, best_speedup, k_low, k_high, fit.k, measured, timings)
