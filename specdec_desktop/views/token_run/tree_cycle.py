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
as in the strip; hovering a token says what became of it.  Positions come from
:func:`~.tree_cycle_layout.tree_cycle_geometry` (once per tree).  What changes once a cycle is
kept as images (the last check; the whole tree as drafted), so a frame stamps them and draws only
the walk and a title live: a 64-node tree's run area costs what the chain's does
(benchmarks/bench_animation.py).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ...model import Playhead, TraceStream
from ...text import _, ngettext
from ...theme import Theme
from ...wording.run_captions import describe_tree_node
from ..language import follow_language
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
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self._font_family = font_family
        self._stream: TraceStream | None = None
        self._playhead: Playhead | None = None
        self._checked_cache: tuple[tuple, QPixmap] | None = None
        self._drafted_cache: tuple[tuple, QPixmap] | None = None
        self._faded_cache: tuple[tuple, QPixmap] | None = None
        self.apply_theme(theme)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Name and description in the active language; the titles are translated as painted."""
        self.setAccessibleName(_("Draft tree of the run"))
        self.setAccessibleDescription(
            _(
                "Left, the last check: the kept path filled, rejected tokens ringed, the rest "
                "thrown away. Right, the tree being drafted level by level; hover a token to hear it."
            )
        )
        self.update()

    # -- input from the view ----------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.colours = TokenColours.from_theme(theme)
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(theme.font_px * 0.85)))
        self._title_height = QFontMetrics(self._font).height() + 4
        self.setMinimumHeight(self._title_height + max(90, round(theme.font_px * 6)))
        self._checked_cache = self._drafted_cache = self._faded_cache = None
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
            nodes = stream.tree.nodes
            right = ngettext("Cycle {n}: checking {nodes} token", "Cycle {n}: checking {nodes} tokens", nodes)
            right = right.format(n=n, nodes=nodes)
        else:
            right = _("Cycle {n}: drafting level {level} of {levels}").format(
                n=n, level=head.events_done + 1, levels=stream.k
            )
        return left, right

    def layout_problems(self) -> list[str]:
        """What the layout check should hear: a panel title cut short (it has no tooltip)."""
        if not self.isVisible():
            return []
        room = self.width() / 2 - 12
        metrics = QFontMetrics(self._font)
        cut = [title for title in self.titles() if metrics.horizontalAdvance(title) > room]
        return [f"tree panel title cut: {title!r}" for title in cut]

    def node_at(self, point: QPointF) -> tuple[int, int] | None:
        """``(panel, node)`` of the drafted node under ``point`` (widget coordinates), if any."""
        stream = self._stream
        if stream is None or stream.tree is None or not stream.tree.nodes:
            return None
        tree = stream.tree
        geometry = tree_cycle_geometry(tree.paths, tree.levels)
        panel = 0 if point.x() < self.width() / 2 else 1
        area = self.panel_area(panel)
        reach = 1.5 * self._scale(geometry, area)[2] + 2
        xs = area.x() + geometry.x * area.width()
        ys = area.y() + geometry.y * area.height()
        distance = (xs - point.x()) ** 2 + (ys - point.y()) ** 2
        node = int(distance.argmin())
        return (panel, node) if distance[node] <= reach * reach else None

    def event(self, event) -> bool:
        if isinstance(event, QHelpEvent):
            found = self.node_at(QPointF(event.pos()))
            text = None
            if found is not None and self._stream is not None and self._playhead is not None:
                text = describe_tree_node(self._stream, self._playhead, *found)
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    # -- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter)
        finally:
            painter.end()

    def paint(self, painter: QPainter) -> None:
        """Paint both panels with ``painter`` (also used by the benchmark).

        What changes once a cycle is kept as images: the last check (redrawn when the cycle
        changes) and the whole tree as drafted (drawn once per run and size); a frame stamps the
        first, the levels drafted so far of the second (its columns, cut where the next level's
        edges begin), the level in flight at its opacity, then the walk and the title live.
        """
        colours = self.colours
        stream, head = self._stream, self._playhead
        if stream is None or head is None or stream.tree is None:
            painter.fillRect(QRectF(0, 0, self.width(), self.height()), colours.background)
            return
        painter.drawPixmap(0, 0, self._checked_image(stream, head.cycle))
        tree = stream.tree
        geometry = tree_cycle_geometry(tree.paths, tree.levels)
        area = self.panel_area(1)
        if head.position > 0.0:
            drafted = self._drafted_image(stream, geometry, area)
            ratio = drafted.devicePixelRatio()
            done = tree.levels if head.checking else head.events_done
            edge = self._level_edge(geometry, area, done)
            source = QRectF(
                self.width() / 2 * ratio, 0, (edge - self.width() / 2) * ratio, self.height() * ratio
            )
            painter.drawPixmap(
                QRectF(self.width() / 2, 0, edge - self.width() / 2, self.height()), drafted, source
            )
            if not head.checking:
                reach = self._level_edge(geometry, area, done + 1)
                painter.setOpacity(0.15 + 0.85 * head.fraction)
                target = QRectF(edge, 0, reach - edge, self.height())
                painter.drawPixmap(
                    target, drafted, QRectF(edge * ratio, 0, (reach - edge) * ratio, self.height() * ratio)
                )
                painter.setOpacity(1.0)
            else:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                self._paint_walk(painter, geometry, area, stream, head)
        half = self.width() / 2
        self._paint_title(painter, QRectF(half + 6, 0, half - 12, self._title_height), self.titles()[1])

    def _level_edge(self, geometry: TreeCycleGeometry, area: QRectF, level: int) -> float:
        """Where the columns of levels ``0..level`` end: just past that level's rings, before the
        edges to the next level begin (those are drawn from there on)."""
        _w, _h, radius = self._scale(geometry, area)
        if level >= geometry.columns - 2:
            return float(self.width())
        return area.x() + geometry.column_x(level) * area.width() + radius + 2

    def _image(self) -> QPixmap:
        ratio = self.devicePixelRatioF()
        image = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        image.setDevicePixelRatio(ratio)
        image.fill(self.colours.background)
        return image

    def _key(self, stream: TraceStream) -> tuple:
        return (stream, self.width(), self.height(), self.devicePixelRatioF(), self.theme)

    def _checked_image(self, stream: TraceStream, cycle: int) -> QPixmap:
        """The left panel, its title and the divider, as they stand while ``cycle`` is in progress:
        the faded tree (:meth:`_faded_image`, once per run and size) with this check over it."""
        key = (*self._key(stream), cycle)
        if self._checked_cache is not None and self._checked_cache[0] == key:
            return self._checked_cache[1]
        tree = stream.tree
        assert tree is not None
        geometry = tree_cycle_geometry(tree.paths, tree.levels)
        image = self._faded_image(stream, geometry).copy() if cycle > 0 else self._image()
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            half = self.width() / 2
            if cycle == 0:  # nothing checked yet: the divider alone
                painter.setPen(QPen(QColor(self.theme.border), 1))
                painter.drawLine(QLineF(half, 4, half, self.height() - 4))
            self._paint_title(painter, QRectF(6, 0, half - 12, self._title_height), self.titles()[0])
            if cycle > 0:
                node = int(stream.accepted_nodes(cycle - 1, cycle)[0])
                self._paint_checked(painter, geometry, self.panel_area(0), stream, node)
        finally:
            painter.end()
        self._checked_cache = (key, image)
        return image

    def _faded_image(self, stream: TraceStream, geometry: TreeCycleGeometry) -> QPixmap:
        """The divider and, once a check has happened, the whole tree faded in the left panel."""
        key = self._key(stream)
        if self._faded_cache is not None and self._faded_cache[0] == key:
            return self._faded_cache[1]
        tree = stream.tree
        assert tree is not None
        image = self._image()
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            half = self.width() / 2
            painter.setPen(QPen(QColor(self.theme.border), 1))
            painter.drawLine(QLineF(half, 4, half, self.height() - 4))
            area = self.panel_area(0)
            radius = self._scale(geometry, area)[2]
            faded = QColor(self.colours.discarded)
            faded.setAlpha(_FADED_ALPHA)
            everything = list(range(tree.nodes))
            painter.setPen(QPen(faded, 1))
            painter.drawLines(self._edges(geometry, area, everything))
            points = self._points(geometry, area, everything)
            self._rings(painter, points, faded, radius * 0.8, self.colours.background)
        finally:
            painter.end()
        self._faded_cache = (key, image)
        return image

    def _drafted_image(self, stream: TraceStream, geometry: TreeCycleGeometry, area: QRectF) -> QPixmap:
        """The whole tree as drafted, in the right panel: each level's edges start past the
        previous level's column edge (:meth:`_level_edge`), so a cut there shows whole levels."""
        key = self._key(stream)
        if self._drafted_cache is not None and self._drafted_cache[0] == key:
            return self._drafted_cache[1]
        tree = stream.tree
        assert tree is not None
        colours = self.colours
        _w, _h, radius = self._scale(geometry, area)
        image = self._image()
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            level = geometry.level
            for depth in range(1, int(level.max(initial=0)) + 1):
                nodes = [i for i in range(tree.nodes) if level[i] == depth]
                painter.save()
                start = self._level_edge(geometry, area, depth - 1)
                painter.setClipRect(QRectF(start, 0, self.width() - start, self.height()))
                painter.setPen(QPen(colours.pending, 1))
                painter.drawLines(self._edges(geometry, area, nodes))
                painter.restore()
            points = self._points(geometry, area, list(range(tree.nodes)))
            self._rings(painter, points, colours.pending, radius, colours.background)
            self._paint_root(painter, geometry, area, radius)
        finally:
            painter.end()
        self._drafted_cache = (key, image)
        return image

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
        """The last checked cycle over the faded tree: the rejected children of the kept nodes, the
        kept path, the target's token."""
        tree = stream.tree
        assert tree is not None
        colours = self.colours
        _w, _h, radius = self._scale(geometry, area)
        path = tree.path_to(node)
        on_path = set(path)
        kept_parents = {-1, *path}
        # Every node is already drawn faded (thrown away) by _faded_image: the rejected children of
        # the kept nodes are ringed over it, then the path.
        rejected = [
            i for i in range(tree.nodes) if i not in on_path and int(geometry.parent[i]) in kept_parents
        ]
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

    def _paint_walk(
        self,
        painter: QPainter,
        geometry: TreeCycleGeometry,
        area: QRectF,
        stream: TraceStream,
        head: Playhead,
    ) -> None:
        """The check under way: the kept path turns green one level at a time as the pass runs."""
        tree = stream.tree
        assert tree is not None
        _w, _h, radius = self._scale(geometry, area)
        node = int(stream.accepted_nodes(head.cycle, head.cycle + 1)[0])
        path = tree.path_to(node)
        walked = path[: math.floor(head.fraction * (len(path) + 1))]
        painter.setPen(_round_pen(self.colours.accepted, max(2.0, radius * 0.6)))
        painter.drawLines(self._edges(geometry, area, walked))
        self._dots(painter, self._points(geometry, area, walked), self.colours.accepted, 2 * radius)
