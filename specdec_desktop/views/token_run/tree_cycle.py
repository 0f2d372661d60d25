"""The tree of a tree run's cycles, drawn: the last check on the left, the cycle in progress on the right.

A run whose draft shape is a tree (``stream.tree``, model/trees/run.py) drafts the tree level by
level and checks it in one pass.  This widget (objectName ``treeCycle``) paints two panels from
the frame it is given and keeps no figures of its own:

* **Last check** (the cycle before the playhead's): the path the check kept, filled and joined
  by thick edges; each rejected child of a kept node (the branches the check turned down) faded
  with a vermillion ring; everything below them faded grey and hollow (thrown away); after the
  path, the target's own token as a square (a bonus after a leaf, a correction, ringed, where a
  drafted child was rejected).
* **This cycle**: the levels drafted so far (hollow, pending), the level being drafted fading in;
  during the check the walk descends the tree, turning the kept path's nodes green one level at a
  time.

Shapes and not only colours tell the states apart (filled circle, hollow circle, ringed, square),
as in the strip.  Positions come from :func:`~.tree_cycle_layout.tree_cycle_geometry` (once per
tree); a frame draws each group of nodes as one batch of round points and each group of edges
as one batch of lines, so a 64-node tree costs a few dozen painter calls.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...model import Playhead, TraceStream
from ...text import _
from ...theme import Theme
from .glyphs import TokenColours
from .tree_cycle_layout import TreeCycleGeometry, tree_cycle_geometry

__all__ = ["TreeCycleView"]

#: Share of the faded nodes' colour that shows.
_FADED_ALPHA = 90


def _round_pen(colour: QColor, width: float) -> QPen:
    return QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)


class TreeCycleView(QWidget):
    """The last checked tree and the tree being drafted (see the module docstring)."""

    def __init__(self, theme: Theme, font_family: str = "Inter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("treeCycle")
        self.setAccessibleName(_("Draft tree of the run"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self._font_family = font_family
        self._stream: TraceStream | None = None
        self._playhead: Playhead | None = None
        self.apply_theme(theme)

    # -- input from the view ----------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.colours = TokenColours.from_theme(theme)
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(theme.font_px * 0.85)))
        self._title_height = QFontMetrics(self._font).height() + 4
        self.setMinimumHeight(self._title_height + max(90, round(theme.font_px * 6)))
        self.updateGeometry()
        self.update()

    def show_frame(self, stream: TraceStream, playhead: Playhead) -> None:
        """Show ``stream``'s tree as it stands at ``playhead``."""
        self._stream, self._playhead = stream, playhead
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(600, self._title_height + round(self.theme.font_px * 10))

    # -- what each panel says ---------------------------------------------------------------

    def titles(self) -> tuple[str, str]:
        """The two panels' titles at the current frame (also for tests and the caption)."""
        stream, head = self._stream, self._playhead
        if stream is None or head is None or stream.tree is None:
            return "", ""
        if head.cycle == 0:
            left = _("Last check: none yet")
        else:
            kept = int(stream.accepted(head.cycle - 1, head.cycle)[0])
            left = _("Cycle {n} checked: {kept} kept + 1").format(n=head.cycle, kept=kept)
        n = head.cycle + 1
        if head.position == 0.0:
            right = _("Cycle {n}: not started").format(n=n)
        elif head.checking:
            right = _("Cycle {n}: checking {nodes} tokens").format(n=n, nodes=stream.tree.nodes)
        else:
            right = _("Cycle {n}: drafting level {level} of {levels}").format(
                n=n, level=head.events_done + 1, levels=stream.k
            )
        return left, right

    # -- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter)
        finally:
            painter.end()

    def paint(self, painter: QPainter) -> None:
        """Paint both panels with ``painter`` (also used by the benchmark)."""
        colours = self.colours
        painter.fillRect(QRectF(0, 0, self.width(), self.height()), colours.background)
        stream, head = self._stream, self._playhead
        if stream is None or head is None or stream.tree is None:
            return
        tree = stream.tree
        geometry = tree_cycle_geometry(tree.paths, tree.levels)
        half = self.width() / 2
        titles = self.titles()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for index, title in enumerate(titles):
            self._paint_title(painter, QRectF(index * half + 6, 0, half - 12, self._title_height), title)
        painter.setPen(QPen(QColor(self.theme.border), 1))
        painter.drawLine(QLineF(half, 4, half, self.height() - 4))
        left_area, right_area = self.panel_area(0), self.panel_area(1)
        if head.cycle > 0:
            node = int(stream.accepted_nodes(head.cycle - 1, head.cycle)[0])
            self._paint_checked(painter, geometry, left_area, stream, node)
        if head.position > 0.0:
            self._paint_current(painter, geometry, right_area, stream, head)

    def panel_area(self, panel: int) -> QRectF:
        """Where panel ``panel`` (0: the last check, 1: this cycle) draws its tree."""
        half, top = self.width() / 2, self._title_height
        return QRectF(panel * half + 4, top, half - 8, self.height() - top - 4)

    def node_centre(self, panel: int, node: int) -> QPointF | None:
        """The centre of ``node`` (index into the tree's paths; −1: the root) in ``panel``."""
        if self._stream is None or self._stream.tree is None:
            return None
        tree = self._stream.tree
        geometry = tree_cycle_geometry(tree.paths, tree.levels)
        area = self.panel_area(panel)
        return self._root(geometry, area) if node < 0 else self._points(geometry, area, [node])[0]

    def _paint_title(self, painter: QPainter, rect: QRectF, text: str) -> None:
        painter.setFont(self._font)
        painter.setPen(self.colours.text)
        shown = QFontMetrics(self._font).elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)

    def _scale(self, geometry: TreeCycleGeometry, area: QRectF) -> tuple[float, float, float]:
        """Pixels per unit across and down, and the node radius, for ``area``."""
        pitch_x = area.width() / geometry.columns
        pitch_y = area.height() / max(1, geometry.widest)
        radius = max(2.0, min(0.3 * pitch_x, 0.42 * pitch_y, 0.55 * self.theme.font_px))
        return area.width(), area.height(), radius

    @staticmethod
    def _points(geometry: TreeCycleGeometry, area: QRectF, nodes: list[int]) -> list[QPointF]:
        x0, y0, w, h = area.x(), area.y(), area.width(), area.height()
        xs, ys = geometry.x, geometry.y
        return [QPointF(x0 + xs[i] * w, y0 + ys[i] * h) for i in nodes]

    def _root(self, geometry: TreeCycleGeometry, area: QRectF) -> QPointF:
        x, y = geometry.root
        return QPointF(area.x() + x * area.width(), area.y() + y * area.height())

    def _edges(self, geometry: TreeCycleGeometry, area: QRectF, nodes: list[int]) -> list[QLineF]:
        root = self._root(geometry, area)
        ends = self._points(geometry, area, nodes)
        parents = geometry.parent
        starts = self._points(geometry, area, [int(parents[i]) for i in nodes if parents[i] >= 0])
        lines, pick = [], iter(starts)
        for i, end in zip(nodes, ends, strict=True):
            lines.append(QLineF(next(pick) if parents[i] >= 0 else root, end))
        return lines

    def _dots(self, painter: QPainter, points: list[QPointF], colour: QColor, diameter: float) -> None:
        """Filled round dots of ``diameter`` at ``points``, in one call."""
        if points:
            painter.setPen(_round_pen(colour, diameter))
            painter.drawPoints(points)

    def _rings(
        self, painter: QPainter, points: list[QPointF], colour: QColor, radius: float, fill: QColor
    ) -> None:
        """Hollow circles (ring ``colour``, inside ``fill``): two batches of round points."""
        width = max(1.5, radius * 0.45)
        self._dots(painter, points, colour, 2 * radius)
        self._dots(painter, points, fill, max(1.0, 2 * radius - 2 * width))

    def _paint_root(
        self, painter: QPainter, geometry: TreeCycleGeometry, area: QRectF, radius: float
    ) -> None:
        self._dots(painter, [self._root(geometry, area)], self.colours.plain, 2 * radius)

    def _paint_checked(
        self, painter: QPainter, geometry: TreeCycleGeometry, area: QRectF, stream: TraceStream, node: int
    ) -> None:
        """The last checked cycle: the kept path, the rejected branches, the rest thrown away."""
        tree = stream.tree
        assert tree is not None
        colours = self.colours
        _w, _h, radius = self._scale(geometry, area)
        path = tree.path_to(node)
        on_path = set(path)
        kept_parents = {-1, *path}
        everything = range(tree.nodes)
        rejected = [i for i in everything if i not in on_path and int(geometry.parent[i]) in kept_parents]
        thrown = [i for i in everything if i not in on_path and int(geometry.parent[i]) not in kept_parents]
        faded = QColor(colours.discarded)
        faded.setAlpha(_FADED_ALPHA)
        painter.setPen(QPen(faded, 1))
        painter.drawLines(self._edges(geometry, area, [*rejected, *thrown]))
        self._rings(painter, self._points(geometry, area, thrown), faded, radius * 0.8, colours.background)
        ringed = QColor(colours.rejected)
        ringed.setAlpha(150)
        self._rings(painter, self._points(geometry, area, rejected), ringed, radius, colours.background)
        painter.setPen(_round_pen(colours.accepted, max(2.0, radius * 0.6)))
        painter.drawLines(self._edges(geometry, area, path))
        self._paint_root(painter, geometry, area, radius)
        self._dots(painter, self._points(geometry, area, path), colours.accepted, 2 * radius)
        # The target's own token, after the path: a square (ringed when it corrects a rejection).
        end = self._points(geometry, area, path[-1:])[0] if path else self._root(geometry, area)
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

    def _paint_current(
        self,
        painter: QPainter,
        geometry: TreeCycleGeometry,
        area: QRectF,
        stream: TraceStream,
        head: Playhead,
    ) -> None:
        """The cycle in progress: levels drafted so far, then the check walking down the tree."""
        tree = stream.tree
        assert tree is not None
        colours = self.colours
        _w, _h, radius = self._scale(geometry, area)
        level = geometry.level
        drafted_levels = head.events_done
        drafted = [i for i in range(tree.nodes) if level[i] <= drafted_levels]
        coming = [i for i in range(tree.nodes) if level[i] == drafted_levels + 1] if not head.checking else []
        painter.setPen(QPen(colours.pending, 1))
        painter.drawLines(self._edges(geometry, area, drafted))
        points = self._points(geometry, area, drafted)
        self._rings(painter, points, colours.pending, radius, colours.background)
        if coming:
            painter.setOpacity(0.15 + 0.85 * head.fraction)
            painter.setPen(QPen(colours.pending, 1))
            painter.drawLines(self._edges(geometry, area, coming))
            points = self._points(geometry, area, coming)
            self._rings(painter, points, colours.pending, radius, colours.pending_tint)
            painter.setOpacity(1.0)
        self._paint_root(painter, geometry, area, radius)
        if head.checking:
            node = int(stream.accepted_nodes(head.cycle, head.cycle + 1)[0])
            path = tree.path_to(node)
            walked = path[: math.floor(head.fraction * (len(path) + 1))]
            painter.setPen(_round_pen(colours.accepted, max(2.0, radius * 0.6)))
            painter.drawLines(self._edges(geometry, area, walked))
            self._dots(painter, self._points(geometry, area, walked), colours.accepted, 2 * radius)
