"""Drawing a tree run's tree (no widget): its nodes, edges and rings placed in a rectangle.

:class:`~.tree_cycle.TreeCycleView` keeps the images and the frame; these functions turn the
tree's layout (:func:`~.tree_cycle_layout.tree_cycle_geometry`, in units of the panel) into
pixels and paint the last check and the walk of the check under way.  Shapes and not only
colours tell the states apart: filled circles on the kept path, rings for the rejected, a square
for the target's own token.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from ...model import Playhead, TraceStream
from .glyphs import TokenColours
from .tree_cycle_layout import TreeCycleGeometry

__all__ = ["FADED_ALPHA", "dots", "edges", "paint_checked", "paint_walk", "points", "rings", "root", "scale"]

#: Share of the faded nodes' colour that shows.
FADED_ALPHA = 90


def _round_pen(colour: QColor, width: float) -> QPen:
    return QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)


def scale(geometry: TreeCycleGeometry, area: QRectF, font_px: float) -> tuple[float, float, float]:
    """Pixels per unit across and down, and the node radius, for ``area``."""
    pitch_x = area.width() / geometry.columns
    pitch_y = area.height() / max(1, geometry.widest)
    radius = max(2.0, min(0.3 * pitch_x, 0.42 * pitch_y, 0.55 * font_px))
    return area.width(), area.height(), radius


def points(geometry: TreeCycleGeometry, area: QRectF, nodes: list[int]) -> list[QPointF]:
    """The centres of ``nodes`` in ``area``."""
    x0, y0, w, h = area.x(), area.y(), area.width(), area.height()
    xs, ys = geometry.x, geometry.y
    return [QPointF(x0 + xs[i] * w, y0 + ys[i] * h) for i in nodes]


def root(geometry: TreeCycleGeometry, area: QRectF) -> QPointF:
    """The centre of the root (the last token the target wrote) in ``area``."""
    x, y = geometry.root
    return QPointF(area.x() + x * area.width(), area.y() + y * area.height())


def edges(geometry: TreeCycleGeometry, area: QRectF, nodes: list[int]) -> list[QLineF]:
    """The edges from each of ``nodes`` up to its parent (or the root)."""
    start = root(geometry, area)
    ends = points(geometry, area, nodes)
    parents = geometry.parent
    starts = points(geometry, area, [int(parents[i]) for i in nodes if parents[i] >= 0])
    lines, pick = [], iter(starts)
    for i, end in zip(nodes, ends, strict=True):
        lines.append(QLineF(next(pick) if parents[i] >= 0 else start, end))
    return lines


def dots(painter: QPainter, at: list[QPointF], colour: QColor, diameter: float) -> None:
    """Filled round dots of ``diameter`` at ``at``, in one call."""
    if at:
        painter.setPen(_round_pen(colour, diameter))
        painter.drawPoints(at)


def rings(painter: QPainter, at: list[QPointF], colour: QColor, radius: float, fill: QColor) -> None:
    """Hollow circles (ring ``colour``, inside ``fill``): two batches of round points."""
    width = max(1.5, radius * 0.45)
    dots(painter, at, colour, 2 * radius)
    dots(painter, at, fill, max(1.0, 2 * radius - 2 * width))


def paint_root(
    painter: QPainter, geometry: TreeCycleGeometry, area: QRectF, radius: float, colours: TokenColours
) -> None:
    """The root, a plain filled dot."""
    dots(painter, [root(geometry, area)], colours.plain, 2 * radius)


def paint_checked(
    painter: QPainter,
    geometry: TreeCycleGeometry,
    area: QRectF,
    stream: TraceStream,
    node: int,
    colours: TokenColours,
    radius: float,
) -> None:
    """The last checked cycle over the faded tree: the rejected children of the kept nodes, the
    kept path, the target's token."""
    tree = stream.tree
    assert tree is not None
    path = tree.path_to(node)
    on_path = set(path)
    kept_parents = {-1, *path}
    # Every node is already drawn faded (thrown away) by the widget's faded image: the rejected
    # children of the kept nodes are ringed over it, then the path.
    rejected = [i for i in range(tree.nodes) if i not in on_path and int(geometry.parent[i]) in kept_parents]
    ringed = QColor(colours.rejected)
    ringed.setAlpha(150)
    rings(painter, points(geometry, area, rejected), ringed, radius, colours.background)
    painter.setPen(_round_pen(colours.accepted, max(2.0, radius * 0.6)))
    painter.drawLines(edges(geometry, area, path))
    paint_root(painter, geometry, area, radius, colours)
    dots(painter, points(geometry, area, path), colours.accepted, 2 * radius)
    # The target's own token, after the path: a square (ringed when it corrects a rejection).
    end = points(geometry, area, path[-1:])[0] if path else root(geometry, area)
    side = 2 * radius
    centre = QPointF(end.x() + area.width() / geometry.columns * 0.5, end.y())
    square = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
    bonus = bool(tree.ends_in_bonus([node])[0])
    painter.setPen(QPen(colours.accepted, max(2.0, radius * 0.6)))
    painter.drawLine(QLineF(end, QPointF(square.left(), centre.y())))
    painter.setPen(QPen(colours.target if bonus else colours.rejected, max(1.5, radius * 0.4)))
    painter.setBrush(colours.target)
    painter.drawRect(square)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def paint_walk(
    painter: QPainter,
    geometry: TreeCycleGeometry,
    area: QRectF,
    stream: TraceStream,
    head: Playhead,
    colours: TokenColours,
    radius: float,
) -> None:
    """The check under way: the kept path turns green one level at a time as the pass runs."""
    tree = stream.tree
    assert tree is not None
    node = int(stream.accepted_nodes(head.cycle, head.cycle + 1)[0])
    path = tree.path_to(node)
    walked = path[: math.floor(head.fraction * (len(path) + 1))]
    painter.setPen(_round_pen(colours.accepted, max(2.0, radius * 0.6)))
    painter.drawLines(edges(geometry, area, walked))
    dots(painter, points(geometry, area, walked), colours.accepted, 2 * radius)
