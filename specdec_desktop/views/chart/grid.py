"""Grid lines behind the speedup chart, drawn by one light item.

pyqtgraph's own grid (``PlotItem.showGrid``) extends every axis tick across
the plot inside each axis' recorded ``QPicture``.  Replaying those pictures
was the largest single cost of a repaint -- about 13 million instructions, a
third of a p or c change (docs/performance.md) -- and even the small repaint
around a moved marker replays them whole.  This item draws the same lines, at
the axes' own tick values with the same fading per tick level, straight onto
the chart: Qt clips them to the part being repainted.  The lines are kept in a
pixmap (``DeviceCoordinateCache``), rasterised again only when the range or the
size changes: since the chart holds its ranges through a burst of changes
(:meth:`.chart_figures.ChartFigures.show_figures`) that is rare during a drag, and a
repaint then copies the pixmap instead of blending seven sets of translucent lines
(about 0.6 ms a move; before the ranges were held, a move changed the range about
two times in three and the cache cost more than it saved).
It recomputes the lines only when the view's range or size changes, following
the view box's signals by itself, and keeps the lines of the ranges it has
shown (a dragged slider returns to the same few tidy ranges).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

__all__ = ["GridLines"]

#: Sets of lines kept, one per view range and size shown.
_KEPT = 64

_Levels = list[tuple[QPen, list[QLineF]]]


class GridLines(pg.GraphicsObject):
    """Vertical and horizontal grid lines at the tick values of ``plot``'s bottom and left axes.

    Each tick level gets the opacity pyqtgraph's own grid gives it: the grid
    alpha divided by the level number, faded further where lines are dense.

    Parameters
    ----------
    plot : pyqtgraph.PlotItem
        The plot whose view range and axes the grid follows; add the item to it.
    """

    def __init__(self, plot: pg.PlotItem) -> None:
        super().__init__()
        self._plot = plot
        self._rect = QRectF()
        self._color = QColor(0, 0, 0)
        self._alpha = 0
        self._levels: _Levels = []
        self._kept: OrderedDict[tuple[float, ...], _Levels] = OrderedDict()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        view = plot.getViewBox()
        view.sigResized.connect(self.refresh)
        view.sigRangeChanged.connect(self.refresh)

    def set_color(self, color: QColor, alpha: int) -> None:
        """Colour of the lines and the opacity (0-255) of the major ones (the same again, as a
        zoom step sets them: the lines kept stay valid, and the view's resize redraws them)."""
        if QColor(color) == self._color and alpha == self._alpha:
            return
        self._color, self._alpha = QColor(color), alpha
        self._kept.clear()
        self.refresh()

    def refresh(self, *_signal_args: object) -> None:
        """Recompute the lines for the current view range and size (follows the view's signals)."""
        view = self._plot.getViewBox()
        (x0, x1), (y0, y1) = view.viewRange()
        width, height = view.width(), view.height()
        if width <= 0 or height <= 0:
            return
        key = (x0, x1, y0, y1, width, height)
        levels = self._kept.get(key)
        if levels is None:
            levels = self._kept[key] = self._lines(x0, x1, y0, y1, width, height)
            while len(self._kept) > _KEPT:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        self.prepareGeometryChange()
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self._levels = levels
        self.update()

    def _lines(self, x0: float, x1: float, y0: float, y1: float, width: float, height: float) -> _Levels:
        """The pens and lines of every tick level for this range and size."""
        levels: _Levels = []
        for axis, pixels, vertical in (("bottom", width, True), ("left", height, False)):
            low, high = (x0, x1) if vertical else (y0, y1)
            ticks = self._plot.getAxis(axis).tickValues(low, high, pixels)
            for level, (_spacing, values) in enumerate(ticks):
                inside = [v for v in values if low <= v <= high]
                if vertical:
                    lines = [QLineF(v, y0, v, y1) for v in inside]
                else:
                    lines = [QLineF(x0, v, x1, v) for v in inside]
                # The same fading as pyqtgraph's AxisItem grid (AxisItem.generateDrawSpecs).
                fade = min(1.0, max(0.0, 0.05 * pixels / (len(values) + 1)))
                shade = QColor(self._color)
                shade.setAlpha(int(self._alpha / (level + 1) * fade))
                pen = QPen(shade)
                pen.setCosmetic(True)
                pen.setWidth(1)
                levels.append((pen, lines))
        return levels

    @contextmanager
    def drawn_directly(self) -> Iterator[None]:
        """Draw the lines themselves, not the kept pixmap (an export at twice the resolution:
        the pixmap, made at the screen's, would be scaled up into blurred two-pixel lines)."""
        mode = self.cacheMode()
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        try:
            yield
        finally:
            self.setCacheMode(mode)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, *args: object) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for pen, lines in self._levels:
            painter.setPen(pen)
            painter.drawLines(lines)
