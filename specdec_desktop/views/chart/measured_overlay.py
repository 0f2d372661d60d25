"""An imported cost table's measured speedups drawn over the speedup chart, beside the model.

A per-k cost table (runs of the engine's benchmark at several k, ``measured/cost_table.py``)
gives at each k the tokens per second; over those at k = 0 they are a measured speedup
(:func:`~specdec_desktop.measured.cost_summary.measured_speedups`, the report's points too).
The batch size drawn is the window's batch assumption when the table has it, else its first (read
from the assumptions' owner: the figures drop the batch size while no knee makes it matter).
Each run is a hollow triangle in the text colour (no pin is hollow, nor in that colour), with a
legend entry "measured".  The points come from :class:`~specdec_desktop.state.MeasurementState`
(the owner of what was imported); this layer only draws them, made the first time a table is
imported and then moved with ``setData``, hidden (unpainted) while there is none.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from ...model import Curves, Readouts
from ...state.assumptions_state import AssumptionsState
from ...state.measurement_state import MeasurementState
from ...text import N_
from .speedup_chart import SpeedupChart

__all__ = ["MEASURED_LEGEND", "MeasuredOverlay"]

#: The legend entry (English; the chart shows it with ``_()``).
MEASURED_LEGEND = N_("measured")
#: The pyqtgraph symbol: a triangle pointing up (the report draws triangles too).
SYMBOL = "t1"


class MeasuredOverlay:
    """Draws the measured speedup at each k of an imported cost table over ``chart``."""

    def __init__(
        self, chart: SpeedupChart, measurement: MeasurementState, assumptions: AssumptionsState
    ) -> None:
        self.chart = chart
        self.measurement = measurement
        self.assumptions = assumptions
        self.points: pg.ScatterPlotItem | None = None
        self._key: tuple | None = None
        self._top = 0.0
        measurement.changed.connect(chart.refresh)
        chart.add_overlay(self.update)

    def _make(self) -> None:
        self.points = pg.ScatterPlotItem(symbol=SYMBOL)
        self.points.setZValue(8)  # above the curves and the simulated points, below the markers
        self.chart.getPlotItem().addItem(self.points)
        self.chart.register_obstacle_points(self.points)  # the labels keep off each run

    def update(self, readouts: Readouts, curves: Curves) -> float:
        """The chart's overlay hook; returns the highest measured speedup drawn (0 for none)."""
        costs = self.measurement.costs
        if not costs:
            if self.points is not None and self.points.isVisible():
                self.points.setData([], [])
                self.points.setVisible(False)
                self.chart.set_legend_entry("measured", "triangle", "text", None)
            self._key = None
            self._top = 0.0
            return 0.0
        theme = self.chart.theme
        batch = self.assumptions.assumptions.batch
        key = (costs, batch, theme, self.chart.devicePixelRatioF())
        if key == self._key:
            return self._top
        from ...measured.cost_summary import measured_speedups

        self._key = key
        if self.points is None:
            self._make()
        assert self.points is not None
        # The chart's own pen and brush objects for a style (pyqtgraph caches symbols by them).
        width = max(1.5, theme.curve_width * 0.6) * self.chart.devicePixelRatioF()
        self.points.setPen(self.chart._marker_style("pen", theme.text, width))
        self.points.setBrush(self.chart._marker_style("brush", theme.chart_background))
        self.points.setSize(max(7.0, theme.marker_size * 0.8))
        shown = measured_speedups(costs, batch)
        if shown is None:  # that batch size has no k = 0 run: nothing to divide by
            self.points.setData([], [])
            self.points.setVisible(False)
            self.chart.set_legend_entry("measured", "triangle", "text", None)
            self._top = 0.0
            return 0.0
        self.points.setData(np.asarray(shown.k, dtype=np.float64), np.asarray(shown.speedup))
        self.points.setVisible(True)
        self.chart.set_legend_entry("measured", "triangle", "text", MEASURED_LEGEND)
        self._top = max(shown.speedup)
        return self._top
