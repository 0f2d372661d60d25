"""A layout that lines its items up left to right and wraps them onto the next line, like words.

A row of controls (captions, boxes, buttons) in a tab that can be narrower than the row: rather
than widening the tab past the window (its scroll area then cuts it at the right), the row wraps.
Its height follows its width (``heightForWidth``), so a scroll area around it sizes it honestly.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Items in reading order, wrapped at the layout's width; each line as tall as its tallest."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(0, 0, 0, 0)

    def add_layout(self, layout: QLayout) -> None:
        """Add ``layout`` as one item (it moves as a whole: a caption with its box)."""
        self.addChildLayout(layout)
        self.addItem(layout)

    # -- QLayout's interface ------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """All on one line."""
        width = height = 0
        for item in self._visible():
            hint = item.sizeHint()
            width += hint.width() + (self._gap() if width else 0)
            height = max(height, hint.height())
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """As wide as the widest item (every other one can go to a line of its own)."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # -- placing ------------------------------------------------------------------------------

    def _gap(self) -> int:
        spacing = self.spacing()
        return spacing if spacing >= 0 else 6

    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); return the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap = self._gap()
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        used = 0
        for item in self._visible():
            hint = item.sizeHint()
            hint.setWidth(max(item.minimumSize().width(), min(hint.width(), area.width())))
            if lines[-1] and used + gap + hint.width() > area.width():
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + hint.width()
            lines[-1].append((item, hint))
        y = area.top()
        for line in lines:
            if not line:
                continue
            height = max(hint.height() for _, hint in line)
            x = area.left()
            for item, hint in line:
                if move:  # centred in its line's height, as a box layout centres a row
                    top = y + (height - hint.height()) // 2
                    item.setGeometry(QRect(QPoint(x, top), hint))
                x += hint.width() + gap
            y += height + gap
        return y - gap - area.top() + margins.top() + margins.bottom() if y > area.top() else 0
