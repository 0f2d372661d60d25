"""The speedup chart while presenting: the ghost, the held range, the hidden answer, the
simulated overlay, and the chart in words for a screen reader.

:class:`ChartPresenting` is a part of :class:`~.speedup_chart.SpeedupChart` (a mixin: it reads
and sets the chart's ``_last``, ``_y_held``, ``_answer_hidden``, ``_settled`` and its items).
"""

from __future__ import annotations

import numpy as np

from ...text import _
from ...wording.chart_words import chart_description

__all__ = ["ChartPresenting"]


class ChartPresenting:
    """Presenting the chart (part of :class:`~.speedup_chart.SpeedupChart`)."""

    def _describe(self) -> None:
        """The chart in words for a screen reader (without the answer while it is hidden)."""
        if self._last is None:
            return
        readouts, curves = self._last
        if self._answer_hidden:
            text = _("The best draft length is hidden until the presenter reveals it.")
        else:
            text = chart_description(readouts, curves)
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    def hold_y(self, held: bool) -> None:
        """Hold the y-range (a drag, a tour scene) or let it settle to the figures shown now."""
        if held == self._y_held:
            return
        self._y_held = held
        if not held and self._last is not None:
            # Settle: the ranges the figures shown now would choose, whatever a burst kept.
            y_max = self._y_max
            self._range_rest.stop()
            if self._bursting or self._last[1] is not self._given[1]:
                self._draw_figures(False)
            else:
                self._set_ranges(*self._last)
                if self._y_max != y_max:
                    self.place_labels()

    def settle(self) -> None:
        """The change is over: the ghost stays as it is, and the next change starts a new one."""
        self._settled = True

    def clear_ghost(self) -> None:
        """No ghost now; the next change of the curve starts a new one."""
        self._settle_timer.stop()
        self.ghost.setData([], [])
        self.ghost.setVisible(False)
        self._settled = True

    def set_answer_hidden(self, hidden: bool) -> None:
        """Predict-then-reveal: hide the best-k star and its label (and say so), or show them."""
        if hidden == self._answer_hidden:
            return
        self._answer_hidden = hidden
        if self._last is not None:
            self._last = None  # redraw the markers from scratch
            self.redraw()

    def show_simulation(
        self, k: np.ndarray | None, speedup: np.ndarray | None, half_width: np.ndarray | None
    ) -> None:
        """Overlay simulated speedup at each ``k`` with ``± half_width`` (95 %); ``None`` clears it."""
        if k is None or speedup is None or half_width is None or len(k) == 0:
            self.simulated.setData([], [])
            self.simulated_bars.setData(x=np.zeros(0), y=np.zeros(0), height=np.zeros(0))
            self.simulated.setVisible(False)  # hidden, an empty item costs no paint
            self.simulated_bars.setVisible(False)
            if "simulated" in self._legend:
                self.set_legend_entry("simulated", "thin", "marker_current", None)
            return
        if "simulated" not in self._legend:
            self.set_legend_entry("simulated", "thin", "marker_current", "simulated, 95 %")
        x = np.asarray(k, dtype=np.float64)
        self.simulated.setData(x, np.asarray(speedup))
        self.simulated_bars.setData(x=x, y=np.asarray(speedup), height=2.0 * np.asarray(half_width))
        self.simulated.setVisible(True)
        self.simulated_bars.setVisible(True)
