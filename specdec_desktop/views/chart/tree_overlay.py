"""The best tree's speedup drawn over the speedup chart, beside the chain's, while a tree is chosen.

For every verify budget ``n`` on the chart's x-axis (guesses checked at once, a chain's ``k``)
the curve is the highest speedup of any tree of at most ``n`` guesses under the rank vector
(:func:`~specdec_desktop.model.trees.best_tree_curve`); a diamond marks the chosen tree at its
number of guesses.  With the chain chosen nothing is drawn (the items stay hidden, unpainted).
The items are made the first time a tree is chosen and then moved with ``setData``; they are
the chart's own light items (curve_item.py, marker_item.py), which draw the pictures
pyqtgraph's curve and scatter items drew without answering Qt's questions in Python: with a
tree chosen, those items were most of what a slider move cost beyond the chain's.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ...model import Curves, Readouts
from ...model.trees import best_tree_curve, shape_figures
from ...state.shape_state import ShapeState
from ...text import N_
from .curve_item import ChartCurve
from .marker_item import ChartMarker
from .speedup_chart import SpeedupChart

__all__ = ["TREE_LEGEND", "TreeOverlay"]

#: The legend entry (English; the chart shows it with ``_()``).
TREE_LEGEND = N_("best tree of n guesses")


class TreeOverlay:
    """Draws the best tree's curve and the chosen tree over ``chart`` (see the module docstring)."""

    def __init__(self, chart: SpeedupChart, shape: ShapeState) -> None:
        self.chart = chart
        self.shape = shape
        self.curve: ChartCurve | None = None
        self.marker: ChartMarker | None = None
        self._key: tuple | None = None
        self._styled: tuple | None = None  # the theme and pixel ratio the items were styled for
        self._top = 0.0
        shape.changed.connect(lambda _shape: chart.refresh())
        chart.add_overlay(self.update)

    def _make(self) -> None:
        plot = self.chart.getPlotItem()
        self.curve = ChartCurve()
        self.curve.setZValue(4.5)
        self.marker = ChartMarker("d")
        self.marker.setZValue(10.5)
        plot.addItem(self.curve)
        plot.addItem(self.marker, ignoreBounds=True)
        self.chart.register_obstacle_curve(self.curve)

    def update(self, readouts: Readouts, curves: Curves) -> float:
        """The chart's overlay hook; returns the highest speedup drawn (0 with the chain)."""
        shape = self.shape.shape
        theme = self.chart.theme
        if shape.kind == "chain":
            if self.curve is not None and self.curve.isVisible():
                self.curve.setVisible(False)
                self.marker.setData([], [])  # no point: hidden
                self.chart.set_legend_entry("tree", "line", "token_accepted", None)
            self._key = None
            return 0.0
        params, assumptions = readouts.params, readouts.assumptions
        key = (shape, params.p, params.c, curves.x_max, assumptions, theme)
        if key == self._key:
            return self._top
        if self.curve is None:
            self._make()
        assert self.curve is not None and self.marker is not None
        self._key = key
        ratio = self.chart.devicePixelRatioF()
        if self._styled != (theme, ratio):  # a new theme or screen: a slider move keeps the style
            self._styled = (theme, ratio)
            colour = QColor(theme.token_accepted)
            width = theme.curve_width * ratio * 0.8
            self.curve.setPen(pg.mkPen(colour, width=width, style=Qt.PenStyle.DashDotLine))
            self.marker.setBrush(pg.mkBrush(colour))
            self.marker.setPen(pg.mkPen(QColor(theme.chart_background), width=1.5))
            self.marker.setSize(theme.marker_size * 1.2)
        n, values = best_tree_curve(shape.rank_acceptance(params.p), params.c, curves.x_max, assumptions)
        self.curve.setData(n.astype(np.float64), values)
        figures = shape_figures(shape, params, assumptions)
        nodes = figures.resolved.nodes
        if nodes <= curves.x_max:  # shown at its point, hidden without one
            self.marker.setData([nodes], [figures.speedup])
        else:
            self.marker.setData([], [])
        self.curve.setVisible(True)
        self.chart.set_legend_entry("tree", "line", "token_accepted", TREE_LEGEND)
        self._top = max(float(values.max()), figures.speedup)
        return self._top
