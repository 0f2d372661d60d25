"""A chart label that lives in the plot's pixels, not in data coordinates.

pyqtgraph's ``TextItem`` sits among the data items and undoes the view's
scaling with a transform of its own: every new range (two slider moves in three)
recomputes that transform, every ``setPos`` is in data coordinates and so
changes with the range even when the label stays on the same pixel, and each
new text lays out a ``QTextDocument``.  :class:`ChartLabel` is a child of the
view box itself, whose coordinates are the plot's pixels, where the label
placement (:mod:`.labels`) already works: a range change does not touch it, a
position is set only when the placement moved it, and its text is drawn from a
``QStaticText`` laid out once per text.

It keeps the size a ``TextItem`` had (the document margin of 4 px around the
text), so the placement's boxes are unchanged, and the calls the chart and the
tests use (``setText``, ``toPlainText``, ``setColor``, ``setFont``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QStaticText, QTextDocument
from PySide6.QtWidgets import QGraphicsItem

__all__ = ["ChartLabel"]

#: Space around the text, as a ``QTextDocument`` (and so pyqtgraph's ``TextItem``) leaves.
MARGIN = 4.0

#: Height of one line of text in a ``QTextDocument``, per font (measured once per font).
_line_heights: dict[str, float] = {}


def _line_height(font: QFont) -> float:
    key = font.key()
    if key not in _line_heights:
        document = QTextDocument()
        document.setDocumentMargin(0.0)
        document.setDefaultFont(font)
        document.setPlainText("Xg")
        _line_heights[key] = document.size().height()
    return _line_heights[key]


class ChartLabel(QGraphicsItem):
    """One line of plain text, its top-left corner at ``pos()`` in the parent's pixels."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self._text = ""
        self._font = QFont()
        self._color = QColor(0, 0, 0)
        self._static = QStaticText()
        self._static.setTextFormat(Qt.TextFormat.PlainText)
        self._static.setPerformanceHint(QStaticText.PerformanceHint.AggressiveCaching)
        self._rect = QRectF()
        self.setText(text)

    def toPlainText(self) -> str:
        """The label's text."""
        return self._text

    def setText(self, text: str) -> None:
        """Show ``text`` (nothing happens when it is the text shown)."""
        if text == self._text:
            return
        self._text = text
        self._static.setText(text)
        self._measure()

    def setFont(self, font: QFont) -> None:
        """Draw the text in ``font``."""
        self._font = QFont(font)
        self._measure()

    def setColor(self, color: QColor) -> None:
        """Draw the text in ``color``."""
        color = QColor(color)
        if color != self._color:
            self._color = color
            self.update()

    def size(self) -> tuple[float, float]:
        """Width and height of the label's box in pixels (the text and its margin)."""
        return self._rect.width(), self._rect.height()

    def _measure(self) -> None:
        width = QFontMetricsF(self._font).horizontalAdvance(self._text) if self._text else 0.0
        rect = QRectF(0.0, 0.0, width + 2 * MARGIN, _line_height(self._font) + 2 * MARGIN)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, *args: object) -> None:
        if not self._text:
            return
        painter.setFont(self._font)
        painter.setPen(self._color)
        painter.drawStaticText(QPointF(MARGIN, MARGIN), self._static)
