"""The legend of the token strip: each state's token beside its name, flowing onto more lines if narrow.

The names are marked with ``N_`` in :data:`LEGEND` and shown with ``_`` when the legend measures and
paints itself, so a live language switch (View ▸ Language) redraws them.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...model import TokenState
from ...text import N_, _
from ...theme import Theme
from ..language import follow_language
from .glyphs import TokenColours, paint_token

__all__ = ["LEGEND", "STATE_NAMES", "Legend"]

#: Legend entries in reading order: the life of a guess, then the target's own token.
LEGEND: tuple[tuple[TokenState, str], ...] = (
    (TokenState.PENDING, N_("drafted, not yet checked")),
    (TokenState.ACCEPTED, N_("accepted")),
    (TokenState.CORRECTION, N_("rejected: the big model's correction")),
    (TokenState.DISCARDED, N_("thrown away")),
    (TokenState.BONUS, N_("big model's bonus")),
)

#: Each state's short name, as a screen reader hears it before the legend's words.
STATE_NAMES: dict[TokenState, str] = {
    TokenState.PENDING: N_("pending"),
    TokenState.ACCEPTED: N_("accepted"),
    TokenState.CORRECTION: N_("correction"),
    TokenState.DISCARDED: N_("discarded"),
    TokenState.BONUS: N_("bonus"),
}


class Legend(QWidget):
    """Painted legend; its height follows its width (items wrap)."""

    def __init__(self, theme: Theme, font_family: str = "Inter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenLegend")
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._font_family = font_family
        self._compact = False
        self.apply_theme(theme)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """The names in the active language: measured again, so the rows wrap where they should."""
        self.setAccessibleName(_("Legend"))
        described = [f"{_(STATE_NAMES[state])}: {_(text)}" for state, text in LEGEND]
        self.setAccessibleDescription("; ".join(described))
        # Compact, the short names show and the long ones are the tooltip.
        self.setToolTip("\n".join(described) if self._compact else "")
        metrics = QFontMetrics(self._font)
        names = self.names()
        self._widths = [self._cell + self._gap + metrics.horizontalAdvance(name) for name in names]
        self.updateGeometry()
        self.update()

    #: The legend's type, as a share of the body's: whole, and compact (short names on one line).
    FONT_SHARE = 0.9
    COMPACT_FONT_SHARE = 0.75

    def apply_theme(self, theme: Theme) -> None:
        self._colours = TokenColours.from_theme(theme)
        self._font_px = theme.font_px
        self._size_font()

    def _size_font(self) -> None:
        share = self.COMPACT_FONT_SHARE if self._compact else self.FONT_SHARE
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(self._font_px * share)))
        metrics = QFontMetrics(self._font)
        self._cell = max(12, round(metrics.height() * 1.15))
        self._gap = max(4, round(self._cell * 0.35))
        self._item_gap = max(10, round(self._cell * 1.1))
        self.retranslate()

    def names(self) -> list[str]:
        """The entries' words as painted, in the active language (the short names when compact)."""
        if self._compact:
            return [_(STATE_NAMES[state]) for state, _text in LEGEND]
        return [_(text) for _state, text in LEGEND]

    @property
    def compact(self) -> bool:
        return self._compact

    def set_compact(self, on: bool) -> None:
        """Paint each state's short name ("correction") rather than its meaning, in a slightly
        smaller type (a crowded scene about the run: the legend then takes one line where it
        took three)."""
        if on != self._compact:
            self._compact = on
            self._size_font()

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
        names = self.names()
        for row_index, row in enumerate(rows):
            top = 1 + row_index * (self._cell + self._gap)
            x = 0.0
            for index in row:
                state = LEGEND[index][0]
                paint_token(
                    painter, QRectF(x, top, self._cell, self._cell), state, self._colours, font=self._font
                )
                painter.setPen(self._colours.text)
                painter.drawText(
                    QRectF(x + self._cell + self._gap, top, self._widths[index], self._cell),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    names[index],
                )
                x += self._widths[index] + self._item_gap
        painter.end()
