"""The chart of speedup against draft length (pyqtgraph).

Items are created once in :class:`SpeedupChart` and updated with ``setData``;
ranges are set deliberately from the data, never auto-ranged.  One change costs
one paint of the chart (benchmarks/bench_update_latency.py): the curves are
plain ``PlotCurveItem`` objects, the band is one path built from the two
arrays, and a new range is applied before the paint rather than during it.
What it draws:

* the curve at the current p and a shaded band between p - 0.10 and p + 0.10;
* a break-even line at speedup 1 with the region below it marked "slower";
* a marker at the current k and one at the best k (when there is a peak); a best k past the
  x-range's cap (``model.figures.MAX_X_MAX``) is an arrow at the right edge with its number.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QWidget

from ..model import Curves, Readouts
from ..theme import Theme
from .chart_axis import RangeCachedAxis
from .chart_grid import GridLines

__all__ = ["SpeedupChart", "y_max_for"]


def y_max_for(curves: Curves, readouts: Readouts) -> float:
    """Top of the y-range: above the highest curve, on a tidy value, never below 1.5."""
    top = max(float(np.max(curves.upper)), float(np.max(curves.speedup)), 1.0)
    step = 0.5 if top < 4 else (1.0 if top < 10 else 5.0)
    return max(1.5, math.ceil(top * 1.1 / step) * step)


def _color(hex_color: str, alpha: int = 255) -> QColor:
    color = QColor(hex_color)
    color.setAlpha(alpha)
    return color


class SpeedupChart(pg.PlotWidget):
    """Speedup against draft length, objectName ``speedupPlot``."""

    def __init__(self, theme: Theme, font_family: str, parent: QWidget | None = None) -> None:
        axes = {side: RangeCachedAxis(side) for side in ("left", "bottom")}
        super().__init__(parent=parent, axisItems=axes)
        self.setObjectName("speedupPlot")
        self.setAccessibleName("Chart of speedup against draft length")
        self._font_family = font_family
        self._x_max = -1
        self._y_max = -1.0
        self._last: tuple[Readouts, Curves] | None = None
        self._marker_styles: dict[tuple[str, str, float], QPen | QBrush] = {}

        plot = self.getPlotItem()
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.setMouseEnabled(x=False, y=False)
        plot.setLabel("bottom", "draft length k (tokens guessed per check)")
        plot.setLabel("left", "speedup ×")
        # The grid is our own cached item (chart_grid.py), not pyqtgraph's axis grid, which
        # cost a third of every repaint; the axes keep their line and labels, no tick marks.
        self.grid = GridLines(plot)
        plot.addItem(self.grid, ignoreBounds=True)
        for side in ("left", "bottom"):
            plot.getAxis(side).setStyle(tickLength=0)

        self.slower = pg.LinearRegionItem(values=(0.0, 1.0), orientation="horizontal", movable=False)
        for line in self.slower.lines:
            line.setPen(pg.mkPen(None))
        self.break_even = pg.InfiniteLine(pos=1.0, angle=0, movable=False)
        self.slower_label = pg.TextItem("slower than plain decoding", anchor=(1.0, 1.0))
        self.break_even_label = pg.TextItem("break-even: speedup 1", anchor=(0.0, 1.0))

        self.lower = pg.PlotCurveItem()
        self.upper = pg.PlotCurveItem()
        # The band between them, rebuilt once per change in show_figures (pyqtgraph's
        # FillBetweenItem would rebuild it on each of the two curves' changes).
        self.band = QGraphicsPathItem()
        self.band.setPen(pg.mkPen(None))
        self.curve = pg.PlotCurveItem()
        self.current = pg.ScatterPlotItem(symbol="o")
        self.best = pg.ScatterPlotItem(symbol="star")
        self.current_label = pg.TextItem(anchor=(0.5, 1.6))
        self.best_label = pg.TextItem(anchor=(0.5, -0.6))
        # A best k beyond the x-range's cap: an arrow at the right edge, pointing right.
        self.best_arrow = pg.ArrowItem(angle=180, headLen=16, tailLen=18, tailWidth=4, pxMode=True)
        self.best_arrow.hide()
        self.band_label = pg.TextItem(anchor=(1.0, 0.0))

        for item in (self.slower, self.band, self.lower, self.upper, self.break_even, self.curve):
            plot.addItem(item)
        for item in (self.current, self.best):
            plot.addItem(item)
        plot.addItem(self.best_arrow, ignoreBounds=True)
        for item in (
            self.slower_label,
            self.break_even_label,
            self.current_label,
            self.best_label,
            self.band_label,
        ):
            plot.addItem(item, ignoreBounds=True)
        self.slower.setZValue(-20)
        self.grid.setZValue(-15)
        self.band.setZValue(-10)
        self.curve.setZValue(5)
        self.best.setZValue(10)
        self.current.setZValue(11)
        self.apply_theme(theme)

    def event(self, event: QEvent) -> bool:
        # Moved to a screen with another device pixel ratio: pen widths must follow.
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.apply_theme(self._theme)
        return super().event(event)

    def _marker_style(self, kind: str, color: str, width: float = 0.0) -> QPen | QBrush:
        """The same pen or brush object for the same style, every time.

        pyqtgraph's scatter items cache each rendered symbol under the identity of its pen and
        brush objects, so fresh objects on every theme change would grow that cache (measured:
        about 5 MB per 150 theme switches) without bound.
        """
        key = (kind, color, round(width, 3))
        if key not in self._marker_styles:
            self._marker_styles[key] = (
                pg.mkPen(_color(color), width=width) if kind == "pen" else pg.mkBrush(_color(color))
            )
        return self._marker_styles[key]

    def apply_theme(self, theme: Theme) -> None:
        """Restyle every item from ``theme`` (colours, line widths, marker and text sizes)."""
        self._theme = theme
        # pyqtgraph's pens are cosmetic: their width is in device pixels, so on a screen with
        # device pixel ratio 2 they would be drawn at half the intended width.
        theme = replace(theme, curve_width=theme.curve_width * self.devicePixelRatioF())
        self.setBackground(_color(theme.chart_background))
        plot = self.getPlotItem()
        axis_pen = pg.mkPen(_color(theme.axis), width=max(1.0, theme.curve_width / 3))
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        label_style = {"color": theme.axis, "font-size": f"{theme.font_px}px"}
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setPen(axis_pen)
            axis.setTextPen(_color(theme.axis))
            axis.setTickFont(font)
            axis.setLabel(axis.labelText, **label_style)
            axis.setTickPen(pg.mkPen(None))
        self.grid.set_color(_color(theme.axis), theme.grid_alpha)
        # pyqtgraph sizes the bottom axis from a 0.8 guess at the label's height, which at
        # projector sizes lets the label overlap the tick numbers: reserve two full lines.
        metrics = QFontMetrics(font)
        line = metrics.height()
        # Room above the plot for half the top number, which is centred on the top tick.
        plot.layout.setContentsMargins(1, max(1, theme.font_px // 2), 1, 1)
        bottom = plot.getAxis("bottom")
        bottom.setHeight(2 * line + max(6, theme.font_px // 3))
        bottom.setStyle(autoExpandTextSpace=False)  # the height above is fixed: never re-measure
        # The left axis is as wide as its widest possible numbers ("140", "2.5", "0.25"), not
        # as the numbers shown: a new y-range then neither shifts the plot sideways
        # nor lays it out again, and the axis pictures kept per range stay valid.
        widest = max(metrics.horizontalAdvance(text) for text in ("888", "8.88"))
        plot.getAxis("left").setStyle(autoExpandTextSpace=False, tickTextWidth=widest + 2)

        self.slower.setBrush(pg.mkBrush(_color(theme.slower_region, theme.slower_region_alpha)))
        self.break_even.setPen(
            pg.mkPen(_color(theme.break_even), width=theme.curve_width * 0.6, style=Qt.PenStyle.DashLine)
        )
        band_pen = pg.mkPen(_color(theme.band, min(255, theme.band_alpha * 2)), width=1)
        self.lower.setPen(band_pen)
        self.upper.setPen(band_pen)
        self.band.setBrush(pg.mkBrush(_color(theme.band, theme.band_alpha)))
        self.curve.setPen(pg.mkPen(_color(theme.curve), width=theme.curve_width))
        outline = self._marker_style("pen", theme.text, max(1.5, theme.curve_width * 0.5))
        self.current.setPen(outline)
        self.current.setBrush(self._marker_style("brush", theme.marker_current))
        self.current.setSize(theme.marker_size)
        self.best.setPen(outline)
        self.best.setBrush(self._marker_style("brush", theme.marker_best))
        self.best.setSize(theme.marker_size * 1.5)
        self.best_arrow.setStyle(pen=outline, brush=self._marker_style("brush", theme.marker_best))
        for item, color in (
            (self.slower_label, theme.slower_region),
            (self.break_even_label, theme.break_even),
            (self.current_label, theme.text),
            (self.best_label, theme.text),
            (self.band_label, theme.text_muted),
        ):
            item.setColor(_color(theme.warning if item is self.slower_label else color))
            item.setFont(font)
        if self._last is not None:
            self.show_figures(*self._last)

    def show_figures(self, readouts: Readouts, curves: Curves) -> None:
        """Draw ``curves`` and mark the current and best k from ``readouts``."""
        previous = self._last[0] if self._last is not None else None
        previous_curves = self._last[1] if self._last is not None else None
        self._last = (readouts, curves)
        # The curves depend on p, c and the x-range only: when k alone changed they are the
        # same, and leaving them untouched lets Qt repaint just the markers and labels.
        if (
            previous is None
            or previous_curves is None
            or (previous.params.p, previous.params.c, previous_curves.x_max)
            != (readouts.params.p, readouts.params.c, curves.x_max)
        ):
            x = curves.k.astype(np.float64)
            self.curve.setData(x, curves.speedup)
            self.lower.setData(x, curves.lower)
            self.upper.setData(x, curves.upper)
            band = pg.arrayToQPath(
                np.concatenate((x, x[::-1])), np.concatenate((curves.upper, curves.lower[::-1]))
            )
            band.closeSubpath()
            self.band.setPath(band)

        k = readouts.params.k
        self.current.setData([k], [readouts.speedup])
        self.current_label.setText(f"k = {k}: {readouts.speedup:.2f}×")
        self.current_label.setPos(k, readouts.speedup)
        best = (readouts.best_k, readouts.best_speedup)
        beyond = curves.beyond(readouts.best_k)
        if previous is None or best != (previous.best_k, previous.best_speedup):  # k alone keeps it
            if readouts.best_k is None or readouts.best_speedup is None or beyond:
                self.best.setData([], [])
            else:
                self.best.setData([readouts.best_k], [readouts.best_speedup])
                self.best_label.setPos(readouts.best_k, readouts.best_speedup)
        self.best_arrow.setVisible(beyond)
        if readouts.best_k is None:
            self.best_label.setText("")
        elif beyond:
            # Off the chart to the right: point at it from the curve's last point, with its number.
            edge = (curves.x_max, float(curves.speedup[-1]))
            self.best_arrow.setPos(*edge)
            self.best_label.setText(f"best k = {readouts.best_k:,} →")
            self.best_label.setPos(*edge)
            if tuple(self.best_label.anchor) != (1.0, -0.5):  # below the arrow: the top is full
                self.best_label.setAnchor((1.0, -0.5))
        else:
            self.best_label.setText(f"best k = {readouts.best_k}" if readouts.best_k != k else "best k")
            # Keep the two labels apart when the markers are close.
            # At k = 0 the marker sits on the left edge: a centred label would be cut in half.
            across = 0.0 if readouts.best_k == 0 else 0.5
            anchor = (across, -0.6) if abs(readouts.best_k - k) > 0 else (across, -0.7)
            if tuple(self.best_label.anchor) != anchor:
                self.best_label.setAnchor(anchor)

        x_max = curves.x_max
        y_max = y_max_for(curves, readouts)
        if x_max != self._x_max or y_max != self._y_max:
            self._x_max, self._y_max = x_max, y_max
            plot = self.getPlotItem()
            plot.setRange(xRange=(0, x_max), yRange=(0, y_max), padding=0.02)
            # pyqtgraph applies a new range at the start of the next paint, which moves every
            # item during that paint and so schedules a second full paint; apply it now.
            plot.getViewBox().updateMatrix()
            self.slower_label.setPos(x_max, 0.04 * y_max)
            self.break_even_label.setPos(0.02 * x_max, 1.0)
            self.band_label.setPos(x_max, y_max)
        self.band_label.setText(f"band: p = {curves.p_lower:.2f} to {curves.p_upper:.2f}")
