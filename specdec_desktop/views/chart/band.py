"""The band between p - 0.10 and p + 0.10: its two edges as one plain Qt path item.

Two ``PlotCurveItem`` edges re-computed their bounds in Python on every new range and paint;
one path of two lines (:func:`edges_path`) does not.  :class:`BandEdge` reads one edge back
from that path (and writes it), as ``PlotCurveItem.getData``/``setData`` did, for the
self-test and the export checks.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

__all__ = ["BandEdge", "edges_path"]


def edges_path(x: np.ndarray, upper: np.ndarray, lower: np.ndarray) -> QPainterPath:
    """The band's upper edge, then its lower edge, as two lines in one path."""
    path = pg.arrayToQPath(x, upper)
    path.addPath(pg.arrayToQPath(x, lower))
    return path


class BandEdge:
    """One edge of the band as drawn, read from (and written to) the edges' one path item.

    ``getData()`` gives the points the chart draws, like ``PlotCurveItem.getData``: the
    self-test and the export checks compare them with the model.
    """

    def __init__(self, edges: QGraphicsPathItem, index: int) -> None:
        self._edges, self._index = edges, index

    def _both(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        path = self._edges.path()
        count = path.elementCount() // 2
        if count == 0:
            return None
        points = np.array([(e.x, e.y) for e in (path.elementAt(i) for i in range(2 * count))])
        return points[:count, 0], points[:count, 1], points[count:, 1]

    def getData(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        both = self._both()
        if both is None:
            return None, None
        x, upper, lower = both
        return x, (upper if self._index == 0 else lower)

    def setData(self, x: np.ndarray, y: np.ndarray) -> None:
        both = self._both()
        upper, lower = (y, both[2]) if self._index == 0 else (both[1], y)  # type: ignore[index]
        self._edges.setPath(edges_path(np.asarray(x, dtype=np.float64), upper, lower))
