"""A parameter swept across its range: the value at a time, as a pure function (no Qt).

The sweep goes from the parameter's least value to its greatest and back, once per
``period`` seconds each way (a triangle wave), on the parameter's own step grid, so each value
it shows is one a slider can show.  The player that drives it (``state/sweep_player.py``) owns
only the time, as the run's player does.
"""

from __future__ import annotations

from .parameters import ParameterSpec

__all__ = ["SWEEP_PERIOD_S", "sweep_value"]

#: Seconds from one end of the range to the other.
SWEEP_PERIOD_S = 8.0


def sweep_value(spec: ParameterSpec, seconds: float, period: float = SWEEP_PERIOD_S) -> float:
    """The value ``seconds`` into a sweep of ``spec`` that starts at its least value."""
    if period <= 0:
        raise ValueError(f"period must be positive, got {period!r}")
    phase = (max(0.0, seconds) / period) % 2.0
    fraction = phase if phase <= 1.0 else 2.0 - phase
    position = round(fraction * spec.slider_steps)
    return spec.from_slider(position)
