"""A chart curve y(x) drawn as pyqtgraph's ``PlotCurveItem`` draws it, from a plain Qt path item.

``PlotCurveItem`` answers Qt's many questions about its bounds in Python (data bounds,
pixel padding) and tells the view box of every new data; for the chart's curve and its
dashed reference that was about 0.2 ms of each slider move (measured, docs/performance.md).
:class:`ChartCurve` is a ``QGraphicsPathItem``: Qt keeps its bounds itself, and it draws
what ``PlotCurveItem`` drew -- the same path (pyqtgraph's ``arrayToQPath``) with the same
pen, or, for a solid opaque pen wider than one pixel, the same line segments, which
``PlotCurveItem`` draws instead of the path because they are faster (its
``segmentedLineMode``, "auto").  Like ``PlotCurveItem`` with pyqtgraph's defaults it draws
without antialiasing.

``getData()`` gives back the arrays given to ``setData``, as ``PlotCurveItem`` does: the
self-test, the window checks and the label placement read them.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.PlotCurveItem import arrayToLineSegments
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

__all__ = ["ChartCurve"]


class ChartCurve(QGraphicsPathItem):
    """A line through the points (x[i], y[i]) of the plot's data."""

    def __init__(self) -> None:
        super().__init__()
        self._x: np.ndarray | None = None
        self._y: np.ndarray | None = None
        self._segments = None  # the line segments, made when first drawn
        self._segmented = False

    def setPen(self, pen: QPen) -> None:
        pen = QPen(pen)
        # PlotCurveItem's rule for drawing segments rather than one path.
        self._segmented = (
            pen.widthF() > 1.0
            and pen.style() == Qt.PenStyle.SolidLine
            and pen.isSolid()
            and pen.color().alphaF() == 1.0
        )
        super().setPen(pen)

    def setData(self, x: np.ndarray, y: np.ndarray) -> None:
        """Draw the line through ``x`` and ``y`` (kept: ``getData`` gives them back)."""
        self._x, self._y = x, y
        self._segments = None
        self.setPath(pg.arrayToQPath(np.asarray(x), np.asarray(y)) if len(x) else QPainterPath())

    def getData(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        """The x and y last given to :meth:`setData` (None before any)."""
        return self._x, self._y

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        if self._x is None or len(self._x) == 0:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(self.pen())
        if self._segmented:
            if self._segments is None:
                self._segments = arrayToLineSegments(
                    np.asarray(self._x), np.asarray(self._y), connect="all", finiteCheck=True
                )
            painter.drawLines(*self._segments.drawargs())
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.path())
