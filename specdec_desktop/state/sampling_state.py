"""The one owner of what the sampling view shows: which pair, at which temperature, how many draws.

:class:`SamplingState` holds one :class:`SamplingSetup` and emits :attr:`~SamplingState.changed`
once per real change.  The figures (the two distributions, each rule's acceptance, the
residual, the histogram of written tokens) are derived from the setup on demand
(:func:`sampling_figures`) and never stored: the draws are a seed and a count, and the same
setup always gives the same histogram.  A new pair or temperature clears the draws.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from PySide6.QtCore import QObject, Signal

from ..model.sampling import (
    TEMPERATURE_RANGE,
    acceptances,
    as_temperature,
    draw_outputs,
    residual_distribution,
    softmax,
    total_variation,
)
from ..wording.sampling import PAIRS

__all__ = ["MAX_DRAWS", "SamplingFigures", "SamplingSetup", "SamplingState", "sampling_figures"]

#: Most draws the histogram accumulates (a million take about 40 ms).
MAX_DRAWS = 1_000_000
#: The seed of the draws (a fixed one: the same presses give the same histogram).
DRAW_SEED = 20260501


@dataclass(frozen=True)
class SamplingSetup:
    """Pair (index into ``wording.sampling.PAIRS``), temperature, draws so far, their seed."""

    pair: int = 0
    temperature: float = 1.0
    draws: int = 0
    seed: int = DRAW_SEED


@dataclass(frozen=True)
class SamplingFigures:
    """What the view draws, derived from one :class:`SamplingSetup` (p = target, q = draft)."""

    target: np.ndarray
    draft: np.ndarray
    residual: np.ndarray
    acceptances: dict[str, float]
    written: np.ndarray | None  # fractions of the tokens written, or None before any draw
    distance: float | None


def sampling_figures(setup: SamplingSetup) -> SamplingFigures:
    """The distributions at the setup's temperature, each rule's acceptance, the residual, the draws."""
    pair = PAIRS[setup.pair]
    p = softmax(pair.target_logits, setup.temperature)
    q = softmax(pair.draft_logits, setup.temperature)
    written = distance = None
    if setup.draws:
        counts, _kept = draw_outputs(p, q, setup.draws, setup.seed)
        written = counts / setup.draws
        distance = total_variation(written, p)
    return SamplingFigures(p, q, residual_distribution(p, q), acceptances(p, q), written, distance)


class SamplingState(QObject):
    """Owner of the sampling view's setup.

    Signals
    -------
    changed(SamplingSetup)
        After a real change, with the new setup.
    """

    changed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._setup = SamplingSetup()

    @property
    def setup(self) -> SamplingSetup:
        return self._setup

    def _replace(self, setup: SamplingSetup) -> bool:
        if setup == self._setup:
            return False
        self._setup = setup
        self.changed.emit(setup)
        return True

    def set_pair(self, index: int) -> bool:
        """Show bundled pair ``index`` (the draws start again)."""
        if not 0 <= index < len(PAIRS):
            raise ValueError(f"pair must be from 0 to {len(PAIRS) - 1}, got {index!r}")
        if index == self._setup.pair:
            return False
        return self._replace(replace(self._setup, pair=index, draws=0))

    def set_temperature(self, temperature: float) -> bool:
        """Reshape both distributions (the draws start again); ``ValueError`` naming it if out of range."""
        value = as_temperature(temperature)
        low, high = TEMPERATURE_RANGE
        if not low <= value <= high:
            raise ValueError(f"temperature must be from {low:g} to {high:g}, got {temperature!r}")
        if value == self._setup.temperature:
            return False
        return self._replace(replace(self._setup, temperature=value, draws=0))

    def add_draws(self, count: int) -> bool:
        """Draw ``count`` more speculative steps (up to :data:`MAX_DRAWS` in all)."""
        return self._replace(
            replace(self._setup, draws=min(MAX_DRAWS, self._setup.draws + max(0, int(count))))
        )

    def clear_draws(self) -> bool:
        """Forget the draws."""
        return self._replace(replace(self._setup, draws=0))
