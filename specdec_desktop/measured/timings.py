"""Measured times and what they say of the cost (no Qt).

Timings: the draft's time per guessed token ``t_d``, the target's time per pass at one token
``t_1`` and, if known, at ``k + 1`` tokens ``t_(k+1)``.  Then

* draft cost ``c = t_d / t_1``  (target passes per draft step);
* verify growth ``beta = (t_(k+1) / t_1 - 1) / k``, so a verify pass costs ``1 + beta k``.

They only set c and the verify-growth assumption: the decision and the time per token come
from the one figures path (:func:`specdec_desktop.measured.decision.measured_figures`), so a
time per token is ``t_1`` over the model's speedup there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from specdec_desktop.text import N_, Phrase

__all__ = ["Timings"]

_DRAFT_TIME = Phrase(N_("draft time"))
_TARGET_TIME = Phrase(N_("target time"))


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
        # Phrases: str(error) is the English the command line prints; the window says them again.
        for name, value in ((_DRAFT_TIME, self.draft_ms), (_TARGET_TIME, self.target_ms)):
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(
                    Phrase(
                        N_("{name} must be a number of milliseconds, 0 or more, got {value}"),
                        name=name,
                        value=repr(value),
                    )
                )
        if self.target_ms <= 0:
            raise ValueError(
                Phrase(N_("target time must be above 0 ms, got {value}"), value=repr(self.target_ms))
            )
        if self.draft_ms > self.target_ms:
            raise ValueError(
                Phrase(
                    N_(
                        "draft time ({draft:g} ms) exceeds the target's ({target:g} ms): "
                        "a draft slower than the target never helps"
                    ),
                    draft=self.draft_ms,
                    target=self.target_ms,
                )
            )
        if self.verify_ms is not None:
            if not (math.isfinite(self.verify_ms) and self.verify_ms > 0):
                raise ValueError(
                    Phrase(N_("verify time must be above 0 ms, got {value}"), value=repr(self.verify_ms))
                )
            if self.verify_ms < self.target_ms * 0.98:
                raise ValueError(
                    Phrase(
                        N_(
                            "verify time at k + 1 tokens ({verify:g} ms) is below the time at one "
                            "token ({target:g} ms)"
                        ),
                        verify=self.verify_ms,
                        target=self.target_ms,
                    )
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
