"""The Measured tab's per-position bars: a_1..a_k with their intervals and the fitted p (painted)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..text import _

if TYPE_CHECKING:  # the measured package is imported with the first measurement shown
    from ..measured import Fit

__all__ = ["PositionBars"]


class PositionBars(QWidget):
    """Bars of a_1..a_k with interval whiskers and the fitted p as a dashed line (painted, no plot)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("positionBars")
        self.setAccessibleName(_("Per-position acceptance"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._values: tuple[float | None, ...] = ()
        self._low: tuple[float | None, ...] | None = None
        self._high: tuple[float | None, ...] | None = None
        self._p: float | None = None

    def show_fit(self, fit: Fit | None) -> None:
        """Show ``fit``'s per-position acceptances (nothing when it has none)."""
        if fit is None or fit.per_position is None:
            self._values, self._low, self._high, self._p = (), None, None, None
        else:
            self._values = fit.per_position
            self._low, self._high, self._p = fit.per_position_low, fit.per_position_high, fit.fitted_p
            parts = [f"a{i + 1} {'n/a' if a is None else f'{a:.2f}'}" for i, a in enumerate(self._values)]
            p_text = "" if fit.fitted_p is None else f"; fitted p {fit.fitted_p:.2f}"
            self.setAccessibleDescription("; ".join(parts) + p_text)
        self.setVisible(bool(self._values))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(320, self.fontMetrics().height() * 9)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.fontMetrics().height() * 9)

    def paintEvent(self, _event) -> None:
        if not self._values:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        bar = palette.color(QPalette.ColorRole.Highlight)
        metrics = self.fontMetrics()
        line = metrics.height()
        left, right = metrics.horizontalAdvance("1.0") + 8, 8
        top, bottom = line // 2, line + 6
        area = QRectF(left, top, max(1, self.width() - left - right), max(1, self.height() - top - bottom))

        def y_of(value: float) -> float:
            return area.bottom() - value * area.height()

        painter.setPen(QPen(text, 1))
        for tick in (0.0, 0.5, 1.0):
            y = y_of(tick)
            painter.drawLine(QPointF(area.left() - 3, y), QPointF(area.left(), y))
            painter.drawText(
                QRectF(0, y - line / 2, left - 5, line), Qt.AlignmentFlag.AlignRight, f"{tick:g}"
            )
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        count = len(self._values)
        slot = area.width() / count
        width = max(2.0, slot * 0.6)
        label_every = max(1, math.ceil(count * metrics.horizontalAdvance("a99 ") / area.width()))
        for i, value in enumerate(self._values):
            x = area.left() + slot * (i + 0.5)
            if value is not None:
                painter.fillRect(QRectF(x - width / 2, y_of(value), width, value * area.height()), bar)
            if self._low is not None and self._high is not None:
                low, high = self._low[i], self._high[i]
                if low is not None and high is not None:
                    painter.setPen(QPen(text, 1.5))
                    painter.drawLine(QPointF(x, y_of(low)), QPointF(x, y_of(high)))
                    for end in (low, high):
                        painter.drawLine(QPointF(x - width / 4, y_of(end)), QPointF(x + width / 4, y_of(end)))
            if i % label_every == 0 or i == count - 1:
                painter.setPen(QPen(text, 1))
                painter.drawText(
                    QRectF(x - slot, area.bottom() + 3, 2 * slot, line),
                    Qt.AlignmentFlag.AlignHCenter,
                    f"a{i + 1}",
                )
        if self._p is not None:
            pen = QPen(QColor(text), 2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            y = y_of(self._p)
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        painter.end()
