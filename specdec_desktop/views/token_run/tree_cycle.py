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
:func:`~.tree_cycle_layout.tree_cycle_geometry` (once per tree); the nodes, edges and rings are
drawn by :mod:`.tree_cycle_draw`.  What changes once a cycle is
kept as images (the last check; the whole tree as drafted), so a frame stamps them and draws only
the walk and a title live: a 64-node tree's run area costs what the chain's does
(benchmarks/bench_animation.py).
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ...model import Playhead, TraceStream
from ...text import _, ngettext
from ...theme import Theme
from ...wording.run_captions import describe_tree_node
from ..language import follow_language
from . import tree_cycle_draw as draw
from .glyphs import TokenColours
from .tree_cycle_layout import TreeCycleGeometry, tree_cycle_geometry

__all__ = ["TreeCycleView"]


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
                radius = self._scale(geometry, area)[2]
                draw.paint_walk(painter, geometry, area, stream, head, colours, radius)
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
                area = self.panel_area(0)
                radius = self._scale(geometry, area)[2]
                draw.paint_checked(painter, geometry, area, stream, node, self.colours, radius)
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
            faded.setAlpha(draw.FADED_ALPHA)
            everything = list(range(tree.nodes))
            painter.setPen(QPen(faded, 1))
            painter.drawLines(draw.edges(geometry, area, everything))
            points = draw.points(geometry, area, everything)
            draw.rings(painter, points, faded, radius * 0.8, self.colours.background)
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
                painter.drawLines(draw.edges(geometry, area, nodes))
                painter.restore()
            points = draw.points(geometry, area, list(range(tree.nodes)))
            draw.rings(painter, points, colours.pending, radius, colours.background)
            draw.paint_root(painter, geometry, area, radius, colours)
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
        return draw.root(geometry, area) if node < 0 else draw.points(geometry, area, [node])[0]

    def _paint_title(self, painter: QPainter, rect: QRectF, text: str) -> None:
        painter.setFont(self._font)
        painter.setPen(self.colours.text)
        shown = QFontMetrics(self._font).elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)

    def _scale(self, geometry: TreeCycleGeometry, area: QRectF) -> tuple[float, float, float]:
        """Pixels per unit across and down, and the node radius, for ``area``."""
        return draw.scale(geometry, area, self.theme.font_px)
