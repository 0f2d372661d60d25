"""Pinned configurations drawn over the speedup chart.

Each pin (at most six) gets, in its own Okabe-Ito colour (theme fields ``pin_1`` .. ``pin_6``):
its speedup curve over the chart's k range (dashed, so it never reads as the live curve), a
marker in its own glyph at its k, a small star at its best k, and a label "name: best k = n"
placed by the chart's one label rule.  A slot's items are made the first time a pin needs them
(none at start-up, when there are no pins: the chart goes live sooner) and are then kept and
moved with ``setData``; the curves are computed again only when the pins, the theme or the k
range change.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont

from ...model import Curves, Readouts, speedup
from ...model.pins import MAX_PINS, Pin, pin_figures
from ...text import _, current
from ...theme import Theme
from ...theme.palette import PIN_COLOR_NAMES, PIN_GLYPHS
from .speedup_chart import SpeedupChart

__all__ = ["PinnedOverlay", "pin_label"]

_SHORT = 16


def pin_label(pin: Pin, best_k: int | None) -> str:
    """A pin's chart label: its name (shortened) and its best k."""
    name = pin.name if len(pin.name) <= _SHORT else pin.name[: _SHORT - 1] + "…"
    if best_k is None:
        return _("{name}: no peak").format(name=name)
    return _("{name}: best k = {k}").format(name=name, k=best_k)


class PinnedOverlay:
    """Draws ``pins`` over ``chart`` (see the module docstring)."""

    def __init__(self, chart: SpeedupChart, font_family: str) -> None:
        self.chart = chart
        self._font_family = font_family
        self._pins: tuple[Pin, ...] = ()
        self._key: tuple | None = None  # what the curves were last computed for
        self._top = 0.0
        self._targets: list[tuple[float, float] | None] = [None] * MAX_PINS
        self._theme: Theme | None = None  # what the slots' pens, brushes and fonts were made for
        # One entry per slot made so far (pin 1, pin 2, ...): see _make_slot.
        self.curves: list[pg.PlotCurveItem] = []
        self.markers: list[pg.ScatterPlotItem] = []
        self.bests: list[pg.ScatterPlotItem] = []
        self.labels: list[pg.TextItem] = []
        chart.add_overlay(self.update)

    def _make_slot(self) -> None:
        """Make the items of the next slot (in slot order, so the labels keep their placing order)."""
        index = len(self.curves)
        plot = self.chart.getPlotItem()
        curve = pg.PlotCurveItem()
        curve.setZValue(3)
        marker = pg.ScatterPlotItem(symbol=PIN_GLYPHS[index][0])
        marker.setZValue(9)
        best = pg.ScatterPlotItem(symbol="star")
        best.setZValue(9)
        label = pg.TextItem(anchor=(0.0, 0.0))
        plot.addItem(curve)
        plot.addItem(marker)
        plot.addItem(best)
        plot.addItem(label, ignoreBounds=True)
        self.chart.register_obstacle_curve(curve)
        self.chart.register_label(f"pin{index}", label, lambda i=index: self._targets[i])
        self.curves.append(curve)
        self.markers.append(marker)
        self.bests.append(best)
        self.labels.append(label)
        if self._theme is not None:
            self._style_slot(index, self._theme)

    def show_pins(self, pins: tuple[Pin, ...]) -> None:
        """Draw ``pins`` (the chart repaints once)."""
        if pins == self._pins:
            return
        self._pins = pins
        self.chart.refresh()

    def update(self, readouts: Readouts, curves: Curves) -> float:
        """The chart's overlay hook: draw the pins over k = 0..x_max; return their highest speedup."""
        theme = self.chart._theme
        # Without pins the range does not matter: nothing to redraw while the sliders move.
        # The language too: its labels' words (View ▸ Language redraws the chart).
        key = (
            self._pins,
            curves.x_max if self._pins else None,
            theme,
            current().code if self._pins else None,
        )
        if key == self._key:
            return self._top
        while len(self.curves) < len(self._pins):
            self._make_slot()
        if self._theme != theme:
            self._style(theme)  # pens, brushes and fonts: only when the theme changed
        self._key = key
        k = np.arange(curves.x_max + 1)
        top = 0.0
        for index in range(len(self.curves)):
            items = (self.curves[index], self.markers[index], self.bests[index])
            if index >= len(self._pins):
                for item in items:
                    item.setData([], [])
                    item.setVisible(False)  # an empty item hidden is not painted (about 1 ms a change)
                self.labels[index].setText("")
                self._targets[index] = None
                continue
            pin = self._pins[index]
            values = np.asarray(speedup(pin.params.p, k, pin.params.c, **pin.assumptions), dtype=np.float64)
            figures = pin_figures(pin)
            self.curves[index].setData(k.astype(np.float64), values)
            self.markers[index].setData([pin.params.k], [figures.speedup])
            self.curves[index].setVisible(True)
            self.markers[index].setVisible(True)
            inside = figures.best_k is not None and figures.best_k <= curves.x_max
            if inside and figures.best_speedup is not None:
                self.bests[index].setData([figures.best_k], [figures.best_speedup])
                self.bests[index].setVisible(True)
                self._targets[index] = (float(figures.best_k), figures.best_speedup)
            else:
                self.bests[index].setData([], [])
                self.bests[index].setVisible(False)
                self._targets[index] = (float(min(pin.params.k, curves.x_max)), figures.speedup)
            self.labels[index].setText(pin_label(pin, figures.best_k))
            top = max(top, float(np.max(values)))
        self._top = top
        return top

    def _style(self, theme: Theme) -> None:
        self._theme = theme
        for index in range(len(self.curves)):
            self._style_slot(index, theme)

    def _style_slot(self, index: int, theme: Theme) -> None:
        width = theme.curve_width * self.chart.devicePixelRatioF() * 0.7
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        color = QColor(getattr(theme, PIN_COLOR_NAMES[index]))
        self.curves[index].setPen(pg.mkPen(color, width=width, style=Qt.PenStyle.DashLine))
        outline = pg.mkPen(QColor(theme.chart_background), width=1.5)
        self.markers[index].setPen(outline)
        self.markers[index].setBrush(pg.mkBrush(color))
        self.markers[index].setSize(theme.marker_size * 1.1)
        self.bests[index].setPen(pg.mkPen(color, width=2))
        self.bests[index].setBrush(pg.mkBrush(QColor(theme.chart_background)))
        self.bests[index].setSize(theme.marker_size * 1.1)
        self.labels[index].setColor(color)
        self.labels[index].setFont(font)
