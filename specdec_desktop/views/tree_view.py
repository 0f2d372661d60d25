"""The draft tree diagram (objectName ``treeView``): each guess a node, its worth its size and shade.

Painted with QPainter, no plot.  The root (the last accepted token) stands at the left and each
level of guesses one column to the right; a node's children are listed by rank from the top, and
a parent sits at the middle of its children.  A node's area and shade grow with ``f``, its
chance of being accepted (model/trees/value.py), so the worth of each guess reads at a glance.
One simulated check is highlighted: the accepted path in the accepted colour, ending in the big
model's own token (the bonus), the rest of the tree faded: it is thrown away.

The widget shows what it is given (:meth:`TreeView.show_tree`) and holds no figures of its own.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..text import _
from ..theme import Theme
from .language import follow_language

__all__ = ["TreeView", "tree_layout"]

_LABEL_NODES = 24  # at most this many nodes: each shows its f


def tree_layout(paths: tuple[tuple[int, ...], ...]) -> dict[tuple[int, ...], tuple[int, float]]:
    """``(column, row)`` of every node and of the root ``()``: leaves one row apart in rank
    order (depth first), each parent at the middle of its children."""
    children: dict[tuple[int, ...], list[tuple[int, ...]]] = {(): []}
    for path in paths:
        children.setdefault(path, [])
        children.setdefault(path[:-1], []).append(path)
    place: dict[tuple[int, ...], tuple[int, float]] = {}
    next_row = 0.0

    def visit(node: tuple[int, ...]) -> float:
        nonlocal next_row
        kids = sorted(children.get(node, []))
        if not kids:
            row = next_row
            next_row += 1.0
        else:
            rows = [visit(kid) for kid in kids]
            row = (rows[0] + rows[-1]) / 2.0
        place[node] = (len(node), row)
        return row

    visit(())
    return place


class TreeView(QWidget):
    """The diagram; see the module docstring."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("treeView")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._theme = theme
        self._paths: tuple[tuple[int, ...], ...] = ()
        self._values: tuple[float, ...] = ()
        self._accepted: tuple[int, ...] | None = None  # the accepted path, () for none
        self._place: dict[tuple[int, ...], tuple[int, float]] = {(): (0, 0.0)}
        self._describe()
        follow_language(self, self._describe)

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def _describe(self) -> None:
        """Name and description (the tree's size, the check's result) in the active language."""
        self.setAccessibleName(_("Draft tree"))
        accepted = self._accepted
        if accepted is None:
            said = ""
        elif not accepted:
            said = _("; this check accepted no guess")
        else:
            said = _("; this check accepted {n} guesses").format(n=len(accepted))
        depth = max((len(p) for p in self._paths), default=0)
        size = _("{n} guesses in {depth} levels").format(n=len(self._paths), depth=depth)
        self.setAccessibleDescription(size + said)

    def show_tree(
        self,
        paths: tuple[tuple[int, ...], ...],
        values: tuple[float, ...],
        accepted: tuple[int, ...] | None,
    ) -> None:
        """Show ``paths`` with their ``f`` and the check that accepted ``accepted`` (None: no check)."""
        if (paths, values, accepted) == (self._paths, self._values, self._accepted):
            return
        if paths != self._paths:
            self._place = tree_layout(paths)
        self._paths, self._values, self._accepted = paths, values, accepted
        self._describe()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(480, self.fontMetrics().height() * 16)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.fontMetrics().height() * 8)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        theme = self._theme
        metrics = self.fontMetrics()
        line = metrics.height()
        columns = max(1, max((c for c, _r in self._place.values()), default=0))
        rows = max(1.0, max((r for _c, r in self._place.values()), default=0.0) + 1.0)
        bonus_room = 1.5 * line
        area = QRectF(
            line * 1.5,
            line * 0.8,
            max(1.0, self.width() - 3 * line - bonus_room),
            max(1.0, self.height() - 1.6 * line),
        )
        step_x = area.width() / columns
        step_y = area.height() / rows
        radius_max = max(3.0, min(step_y * 0.45, step_x * 0.3, line * 1.4))
        radius_min = max(2.0, min(radius_max * 0.35, 5.0))

        def centre(node: tuple[int, ...]) -> QPointF:
            column, row = self._place[node]
            y = area.top() + (row + 0.5) * step_y if self._paths else area.center().y()
            return QPointF(area.left() + column * step_x, y)

        def radius(value: float) -> float:
            return radius_min + (radius_max - radius_min) * math.sqrt(max(0.0, min(1.0, value)))

        on_path = set()
        if self._accepted:
            on_path = {self._accepted[:i] for i in range(1, len(self._accepted) + 1)}
        checked = self._accepted is not None
        muted, accepted = QColor(theme.text_muted), QColor(theme.token_accepted)
        fill = QColor(theme.accent)
        for path in self._paths:
            kept = path in on_path
            pen = QPen(accepted if kept else muted, 3.0 if kept else 1.0)
            if checked and not kept:
                pen.setColor(_faded(muted, 110))
            painter.setPen(pen)
            painter.drawLine(centre(path[:-1]), centre(path))
        label_values = len(self._paths) <= _LABEL_NODES
        for path, value in zip(self._paths, self._values, strict=True):
            colour = QColor(fill)
            colour.setAlpha(round(50 + 205 * max(0.0, min(1.0, value))))
            if checked and path not in on_path:
                colour.setAlpha(max(25, colour.alpha() // 2))
            painter.setBrush(colour)
            painter.setPen(QPen(accepted, 2.5) if path in on_path else QPen(muted, 1.0))
            r = radius(value)
            point = centre(path)
            painter.drawEllipse(point, r, r)
            if label_values and r * 2 >= metrics.horizontalAdvance(".00"):
                painter.setPen(QPen(QColor(theme.text), 1))
                text = f"{value:.2f}".lstrip("0") if value < 1 else "1"
                painter.drawText(
                    QRectF(point.x() - r, point.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, text
                )
        root = centre(())
        painter.setPen(QPen(QColor(theme.text), 1.5))
        painter.setBrush(QColor(theme.token_plain))
        side = radius_max * 1.1
        painter.drawRect(QRectF(root.x() - side / 2, root.y() - side / 2, side, side))
        if self._accepted is not None:
            # The big model's own token after the accepted path: a square up and to the right
            # of the last accepted node (the root when none was accepted).
            last = centre(self._accepted)
            reach = (
                radius(self._values[self._paths.index(self._accepted)]) if self._accepted else side / 2
            ) * 0.8
            bonus = QPointF(last.x() + reach + side * 0.6, last.y() - reach - side * 0.6)
            painter.setPen(QPen(accepted, 2.0))
            painter.drawLine(last, bonus)
            painter.setPen(QPen(QColor(theme.text), 1.5))
            painter.setBrush(QColor(theme.token_bonus))
            painter.drawRect(QRectF(bonus.x() - side / 2, bonus.y() - side / 2, side, side))
        painter.end()


def _faded(colour: QColor, alpha: int) -> QColor:
    faded = QColor(colour)
    faded.setAlpha(alpha)
    return faded
