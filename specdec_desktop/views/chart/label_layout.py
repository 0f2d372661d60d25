"""Placing the speedup chart's labels by its one rule, and what they keep clear of.

:class:`ChartLabelLayout` is a part of :class:`~.speedup_chart.SpeedupChart` (a mixin: it reads
the chart's ``_labels``, ``_label_boxes``, ``_obstacle_curves``, ``_obstacle_points``,
``_sampled``, ``_last``, ``_theme``, its markers and its ``leaders`` path with the
``_leader_segments`` it draws).  Every label, the chart's own and those
other parts register (:meth:`ChartLabelLayout.register_label`), is placed by
:func:`.labels.place_labels`: clear of the other labels, the markers, the registered curves and
marker series, inside the plot.  A label placed away from its point (past the first ring of places) gets a
thin leader line back to its marker.  A curve's pixels are sampled again only when its data or the
view changed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPainterPath

from .curve_item import ChartCurve
from .label_item import ChartLabel
from .labels import Box, LabelRequest, Obstacles, around, place_labels, sample_line

__all__ = ["LABEL_Z", "ChartLabelLayout", "Target", "set_text"]

#: Where a registered label points, in data coordinates (None: the label is hidden).
Target = Callable[[], "tuple[float, float] | None"]


#: A pointing label's point in pixels (x, y), its marker's radius, and how far from the point
#: a label in its first ring of places may lie (further out, it gets a leader line).
_Point = tuple[float, float, float, float]

#: The chart's own labels are drawn above everything in the plot's data.
LABEL_Z = 1000.0


def set_text(item: pg.TextItem | ChartLabel, text: str) -> None:
    """Set a label's text only when it changes (a new text lays the label out again)."""
    if item.toPlainText() != text:
        item.setText(text)


class ChartLabelLayout:
    """Registering labels and obstacles, and placing the labels (part of
    :class:`~.speedup_chart.SpeedupChart`)."""

    def register_label(self, key: str, item: pg.TextItem | ChartLabel, target: Target) -> None:
        """Place ``item`` by the chart's rule, after the labels registered before it.

        ``target`` gives the data point the label describes (it is kept beside
        it), or None for a label without a point (placed where there is room).
        A ``pg.TextItem`` must already be in the plot (``ignoreBounds=True``); a
        :class:`.ChartLabel` must be a child of the plot's view box (its pixels).
        """
        if isinstance(item, pg.TextItem):
            item.setAnchor((0.0, 0.0))
        self._labels[key] = (item, target)

    def register_obstacle_curve(self, item: pg.PlotCurveItem | ChartCurve) -> None:
        """Keep every label off ``item``'s line (it must be in the plot)."""
        self._obstacle_curves.append(item)

    def register_obstacle_points(self, item: pg.ScatterPlotItem) -> None:
        """Keep every label off each of ``item``'s markers (it must be in the plot)."""
        self._obstacle_points.append(item)

    def label_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each shown label's box in the plot's pixels (x0, y0, x1, y1), for the layout check."""
        return {
            key: (box.x0, box.y0, box.x1, box.y1)
            for key, box in self._label_boxes.items()
            if self._labels[key][0].isVisible() and self._labels[key][0].toPlainText()
        }

    def plot_size(self) -> tuple[float, float]:
        """Width and height of the plotting area in pixels."""
        view = self.getPlotItem().getViewBox()
        return float(view.width()), float(view.height())

    def _current_target(self) -> tuple[float, float] | None:
        if self._last is None:
            return None
        readouts = self._last[0]
        return float(readouts.params.k), readouts.speedup

    def _best_target(self) -> tuple[float, float] | None:
        if self._last is None:
            return None
        readouts, curves = self._last
        if readouts.best_k is None or readouts.best_speedup is None or readouts.best_k == readouts.params.k:
            return None
        if curves.beyond(readouts.best_k):  # the arrow at the right edge
            return float(curves.x_max), float(curves.speedup[-1])
        return float(readouts.best_k), readouts.best_speedup

    def _on_view_resized(self) -> None:
        self.place_labels()

    def place_labels(self) -> None:
        """Place every label by the one rule (:func:`.labels.place_labels`)."""
        view = self.getPlotItem().getViewBox()
        width, height = float(view.width()), float(view.height())
        if width < 20 or height < 20 or self._last is None:
            return
        (x0, x1), (y0, y1) = view.viewRange()
        sx, sy = width / (x1 - x0), height / (y1 - y0)

        def px(x: float, y: float) -> tuple[float, float]:
            return (x - x0) * sx, (y1 - y) * sy

        margin = 2.0
        plot_box = Box(margin, margin, width - margin, height - margin)
        theme = self._theme
        obstacles = Obstacles()
        view_key = (x0, x1, y0, y1, width, height)
        for curve in self._obstacle_curves:
            if not curve.isVisible():
                continue
            xs, ys = curve.getData()
            if xs is None or len(xs) == 0:
                continue
            # The same data in the same view (a change of k alone): the same pixels.
            cached = self._sampled.get(id(curve))
            if cached is not None and cached[0] is xs and cached[1] is ys and cached[2] == view_key:
                points = cached[3]
            else:
                points = sample_line((np.asarray(xs) - x0) * sx, (y1 - np.asarray(ys)) * sy)
                self._sampled[id(curve)] = (xs, ys, view_key, points)
            if points is not None:
                obstacles.add_sampled(points)
        for item in self._obstacle_points:
            if not item.isVisible():
                continue
            half = float(item.opts["size"]) / 2 + 1
            for x, y in zip(*item.getData(), strict=True):
                mx, my = px(float(x), float(y))
                obstacles.boxes.append(Box(mx - half, my - half, mx + half, my + half))
        break_even_y = (y1 - 1.0) * sy
        obstacles.add_line([0.0, width], [break_even_y, break_even_y])
        readouts = self._last[0]
        marker = theme.marker_size
        cx, cy = px(readouts.params.k, readouts.speedup)
        obstacles.boxes.append(Box(cx - marker / 2, cy - marker / 2, cx + marker / 2, cy + marker / 2))
        if self.best_arrow.isVisible():
            ax, ay = px(self._last[1].x_max, float(self._last[1].speedup[-1]))
            obstacles.boxes.append(Box(ax - 36, ay - 10, ax, ay + 10))
        elif readouts.best_k is not None and readouts.best_speedup is not None:
            bx, by = px(readouts.best_k, readouts.best_speedup)
            half = marker * 0.75
            obstacles.boxes.append(Box(bx - half, by - half, bx + half, by + half))

        requests: list[LabelRequest] = []
        #: Each pointing label's point in pixels and how far from it its first ring lies.
        points: dict[str, _Point] = {}
        for key, (item, target) in self._labels.items():
            # An empty label is hidden: a visible one, even empty, is moved and painted on every
            # change of range (pyqtgraph re-computes each text item's transform).
            shown = bool(item.toPlainText())
            if item.isVisible() != shown:
                item.setVisible(shown)
            if not shown:
                continue
            if isinstance(item, ChartLabel):
                w, h = item.size()
            else:
                rect = item.textItem.boundingRect()
                w, h = rect.width(), rect.height()
            requests.append(self._request(key, target, w, h, px, plot_box, break_even_y, marker, points))
        boxes = place_labels(plot_box, [r for r in requests if r is not None], obstacles)
        self._label_boxes = boxes
        self._draw_leaders(boxes, points)
        for request in requests:
            if request is not None and request.key not in boxes:  # an optional label left out
                self._labels[request.key][0].setVisible(False)
        for key, box in boxes.items():
            item = self._labels[key][0]
            if isinstance(item, ChartLabel):  # in pixels: moved only when the placement moved it
                if (item.x(), item.y()) != (box.x0, box.y0):
                    item.setPos(box.x0, box.y0)
            else:
                item.setPos(x0 + box.x0 / sx, y1 - box.y0 / sy)

    def _request(
        self,
        key: str,
        target: Target,
        w: float,
        h: float,
        px: Callable[[float, float], tuple[float, float]],
        plot_box: Box,
        break_even_y: float,
        marker: float,
        points: dict[str, _Point],
    ) -> LabelRequest | None:
        if key == "break_even":
            candidates = []
            for x in (plot_box.x0 + 6, plot_box.x1 - w - 6, (plot_box.x0 + plot_box.x1 - w) / 2):
                candidates.append(Box(x, break_even_y - h - 1, x + w, break_even_y - 1))
                candidates.append(Box(x, break_even_y + 1, x + w, break_even_y + h + 1))
            return LabelRequest(key, candidates)
        if key == "slower":
            region = Box(plot_box.x0, max(plot_box.y0, break_even_y + 1), plot_box.x1, plot_box.y1)
            area = region if region.height >= h and region.width >= w else None
            box = area or plot_box
            candidates = [
                Box(box.x1 - w - 4, box.y1 - h - 2, box.x1 - 4, box.y1 - 2),
                Box(box.x0 + 4, box.y1 - h - 2, box.x0 + 4 + w, box.y1 - 2),
                Box((box.x0 + box.x1 - w) / 2, box.y1 - h - 2, (box.x0 + box.x1 + w) / 2, box.y1 - 2),
                Box(box.x1 - w - 4, box.y0 + 1, box.x1 - 4, box.y0 + 1 + h),
            ]
            # The shading says it too: on a small plot (x2 in the projector theme) the label steps
            # aside rather than cover the best k's (1366x768: "best k = 4" sat under it).
            return LabelRequest(key, candidates, area, optional=True)
        point = target()
        if point is None:
            # A free label: the plot's upper corners, then along its top and sides.
            b = plot_box
            candidates = [
                Box(b.x1 - w, b.y0, b.x1, b.y0 + h),
                Box(b.x0 + 4, b.y0, b.x0 + 4 + w, b.y0 + h),
                Box((b.x0 + b.x1 - w) / 2, b.y0, (b.x0 + b.x1 + w) / 2, b.y0 + h),
            ]
            for step in range(1, 6):
                dy = step * h
                candidates.append(Box(b.x1 - w, b.y0 + dy, b.x1, b.y0 + dy + h))
                candidates.append(Box(b.x0 + 4, b.y0 + dy, b.x0 + 4 + w, b.y0 + dy + h))
            # The band's label repeats the legend's "p ± 0.10": it steps aside rather than cover.
            return LabelRequest(key, candidates, optional=key == "band")
        x, y = px(*point)
        # Clear of the star (the larger marker) when the label is the best's, or when the current
        # k is the best and the two markers share the point: a smaller gap touched the star and
        # sent the label a whole ring further out, far from its marker (scene 2).
        readouts = self._last[0] if self._last is not None else None
        shared = readouts is not None and readouts.best_k == readouts.params.k
        gap = marker * (0.75 if key == "best" or shared else 0.5) + 2
        points[key] = (x, y, gap - 2, gap + h / 2)
        return LabelRequest(key, around(x, y, w, h, gap, rings=4))

    def _draw_leaders(self, boxes: dict[str, Box], points: dict[str, _Point]) -> None:
        """A thin line from each label that had to move away from its point (past its first
        ring of places) back to the point's marker, so the class sees which marker it names."""
        segments: list[tuple[float, float, float, float]] = []
        for key, (x, y, radius, near) in points.items():
            box = boxes.get(key)
            if box is None:
                continue
            bx, by = min(max(x, box.x0), box.x1), min(max(y, box.y0), box.y1)
            distance = math.hypot(bx - x, by - y)
            if distance <= near:
                continue
            # From the marker's edge to the label's nearest edge.
            ux, uy = (bx - x) / distance, (by - y) / distance
            segments.append((x + ux * radius, y + uy * radius, bx, by))
        if segments == self._leader_segments:
            return
        self._leader_segments = segments
        path = QPainterPath()
        for x0, y0, x1, y1 in segments:
            path.moveTo(x0, y0)
            path.lineTo(x1, y1)
        self.leaders.setPath(path)
