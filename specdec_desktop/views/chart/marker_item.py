"""A chart marker: one symbol at one data point, the same size in pixels at every range.

The current-k and best-k markers were pyqtgraph ``ScatterPlotItem`` objects, made for
thousands of points: every change of k or range re-computed their bounds in Python
(pixel vectors, padding), every ``setData`` rebuilt a record array and looked the
symbol up in an atlas, and every paint mapped the points and culled them.  For one
point this cost about 0.35 ms per slider move (measured, docs/performance.md).

:class:`ChartMarker` is a plain Qt item that ignores the view's transformation: Qt
places it at its data point and draws it in pixels, so a new range costs no Python at
all.  It draws the same picture as the scatter item did: pyqtgraph's symbol, rendered
once per style into an image by pyqtgraph's own ``renderSymbol`` and drawn centred on
the point, as ``ScatterPlotItem`` draws from its atlas; to a vector device (the SVG
export) it draws the symbol's path, as ``ScatterPlotItem`` does when exported.

It answers what the self-test, the window checks, the exports and the tests read from a
scatter item: ``getData()``, ``data`` (fields ``x`` and ``y``) and ``opts["size"]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol, renderSymbol
from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem

__all__ = ["ChartMarker"]

#: The record a marker's ``data`` gives, as a scatter item's data has (only its two fields).
_RECORD = np.dtype([("x", np.float64), ("y", np.float64)])


class ChartMarker(QGraphicsItem):
    """A pyqtgraph symbol (``"o"``, ``"star"``, ...) at no or one point of the plot's data."""

    def __init__(self, symbol: str) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        #: Symbol, size (px), pen and brush, under the names a scatter item uses.
        self.opts: dict[str, object] = {"symbol": symbol, "size": 10.0, "pen": QPen(), "brush": QBrush()}
        self._point: tuple[float, float] | None = None
        #: The symbol rendered for each device pixel ratio it was painted at.
        self._images: dict[float, QPixmap] = {}
        self._rect = QRectF()
        self._measure()
        self.hide()  # no point yet: nothing to paint

    # -- style ---------------------------------------------------------------------------

    def setPen(self, pen: QPen) -> None:
        """Outline the symbol with ``pen`` (a cosmetic pen; its width in pixels)."""
        self.opts["pen"] = QPen(pen)
        self._restyled()

    def setBrush(self, brush: QBrush) -> None:
        """Fill the symbol with ``brush``."""
        self.opts["brush"] = QBrush(brush)
        self._restyled()

    def setSize(self, size: float) -> None:
        """Make the symbol ``size`` pixels across."""
        self.opts["size"] = float(size)
        self._restyled()

    def _restyled(self) -> None:
        self._images.clear()
        self._measure()
        self.update()

    def _measure(self) -> None:
        # The image renderSymbol makes at ratio 1, centred on the point.
        pen = self.opts["pen"]
        side = float(math.ceil(float(self.opts["size"]) + max(math.ceil(pen.widthF()), 1)))  # type: ignore[union-attr]
        rect = QRectF(-side / 2, -side / 2, side, side)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect

    def _image(self, ratio: float) -> QPixmap:
        image = self._images.get(ratio)
        if image is None:
            o = self.opts
            image = QPixmap.fromImage(renderSymbol(o["symbol"], o["size"], o["pen"], o["brush"], dpr=ratio))
            self._images[ratio] = image
        return image

    # -- data ----------------------------------------------------------------------------

    def setData(self, x: Sequence[float], y: Sequence[float]) -> None:
        """Mark the point ``(x[0], y[0])``, or nothing when both are empty."""
        if len(x) != len(y) or len(x) > 1:
            raise ValueError(f"a marker shows no point or one, not {len(x)} x and {len(y)} y")
        point = (float(x[0]), float(y[0])) if len(x) else None
        if point == self._point:
            return
        self._point = point
        if point is None:
            self.hide()
            return
        self.setPos(*point)
        self.show()

    def getData(self) -> tuple[np.ndarray, np.ndarray]:
        """The marked point's x and y, each an array of one value (or of none)."""
        data = self.data
        return data["x"].copy(), data["y"].copy()

    @property
    def data(self) -> np.ndarray:
        """The marked point as a record array with fields ``x`` and ``y`` (empty: no point)."""
        return np.array([] if self._point is None else [self._point], dtype=_RECORD)

    # -- drawing -------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, _option: object, widget: object = None) -> None:
        if widget is None:  # a vector device (the SVG export): the symbol's path
            o = self.opts
            drawSymbol(painter, o["symbol"], o["size"], o["pen"], o["brush"])
            return
        # As ScatterPlotItem draws from its atlas: the image at the widget's ratio, scaled
        # back by it, centred on the point (the painter is at the point, in pixels).
        ratio = widget.devicePixelRatioF()  # type: ignore[attr-defined]
        image = self._image(ratio)
        w, h = image.width() / ratio, image.height() / ratio
        painter.drawPixmap(QRectF(-0.5 * w, -0.5 * h, w, h), image, QRectF(image.rect()))
