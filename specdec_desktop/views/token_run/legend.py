"""The legend of the token strip: each state's token beside its name, flowing onto more lines if narrow."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...model import TokenState
from ...theme import Theme
from .glyphs import TokenColours, paint_token

__all__ = ["LEGEND", "Legend"]

#: Legend entries in reading order: the life of a guess, then the target's own token.
LEGEND: tuple[tuple[TokenState, str], ...] = (
    (TokenState.PENDING, "drafted, not yet checked"),
    (TokenState.ACCEPTED, "accepted"),
    (TokenState.CORRECTION, "rejected: the big model's correction"),
    (TokenState.DISCARDED, "thrown away"),
    (TokenState.BONUS, "big model's bonus"),
)


class Legend(QWidget):
    """Painted legend; its height follows its width (items wrap)."""

    def __init__(self, theme: Theme, font_family: str = "Inter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenLegend")
        self.setAccessibleName("Legend")
        self.setAccessibleDescription("; ".join(f"{state.name.lower()}: {text}" for state, text in LEGEND))
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._font_family = font_family
        self.apply_theme(theme)

    def apply_theme(self, theme: Theme) -> None:
        self._colours = TokenColours.from_theme(theme)
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(theme.font_px * 0.9)))
        metrics = QFontMetrics(self._font)
        self._cell = max(12, round(metrics.height() * 1.15))
        self._gap = max(4, round(self._cell * 0.35))
        self._item_gap = max(10, round(self._cell * 1.1))
        self._widths = [self._cell + self._gap + metrics.horizontalAdvance(text) for _, text in LEGEND]
        self.updateGeometry()
        self.update()

    def _rows(self, width: int) -> list[list[int]]:
        rows: list[list[int]] = [[]]
        used = 0
        for index, item in enumerate(self._widths):
            needed = item if not rows[-1] else used + self._item_gap + item
            if rows[-1] and needed > width:
                rows.append([index])
                used = item
            else:
                rows[-1].append(index)
                used = needed
        return rows

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        rows = len(self._rows(max(1, width)))
        return rows * self._cell + (rows - 1) * self._gap + 2

    def sizeHint(self) -> QSize:
        width = sum(self._widths) + self._item_gap * (len(self._widths) - 1)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(max(self._widths), self._cell)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setFont(self._font)
        rows = self._rows(self.width())
        for row_index, row in enumerate(rows):
            top = 1 + row_index * (self._cell + self._gap)
            x = 0.0
            for index in row:
                state, text = LEGEND[index]
                paint_token(
                    painter, QRectF(x, top, self._cell, self._cell), state, self._colours, font=self._font
                )
                painter.setPen(self._colours.text)
                painter.drawText(
                    QRectF(x + self._cell + self._gap, top, self._widths[index], self._cell),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    text,
                )
                x += self._widths[index] + self._item_gap
        painter.end()
