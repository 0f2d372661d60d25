"""Two distributions over the same tokens as bars (painted, no plot): p = target, q = draft.

Distributions mode, for each token: the overlap min(p, q) filled in the "kept" colour (its total
area is the probabilistic acceptance; a bin of several tokens is given its own overlap, the sum
of theirs), the target's excess max(0, p − q) stacked on it and
hatched in the target's own-token colour (what the residual refills), the target p outlined
solid and the draft q outlined dashed.  Histogram mode: the share of each token written,
filled, with the target p as a solid tick across each bar.  Every mark differs by fill,
hatch or dash as well as colour, so it reads in greyscale.  One token can be marked (the
guess the draft proposed): a glyph above its bar, in a colour of the caller's choosing.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..theme import LIGHT, Theme

__all__ = ["MARKS", "DistributionBars", "set_mark_style"]

#: The marks of a pair of bars, as the legend names them (wording/sampling.py ``LEGEND``).
MARKS = ("target", "draft", "overlap", "residual")


def set_mark_style(painter: QPainter, mark: str, theme: Theme) -> None:
    """Give ``painter`` the pen and brush of ``mark`` (one of :data:`MARKS`): the bars and the
    legend's swatches (views/sampling_legend.py) are drawn alike."""
    line = max(2.0, theme.curve_width * 0.8)
    if mark == "overlap":  # filled, no outline
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.token_accepted))
    elif mark == "residual":  # hatched, outlined thinly in its colour
        excess = QColor(theme.token_bonus)
        painter.setBrush(QBrush(excess, Qt.BrushStyle.BDiagPattern))
        painter.setPen(QPen(excess, 1))
    elif mark == "target":  # outlined
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(theme.curve), line))
    elif mark == "draft":  # outlined, dashed
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(theme.marker_current), line, Qt.PenStyle.DashLine))
    else:
        raise ValueError(f"mark must be one of {MARKS}, not {mark!r}")


class DistributionBars(QWidget):
    """Bars of p and q with their overlap and the residual, or of written tokens against p."""

    def __init__(self, object_name: str, accessible_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setAccessibleName(accessible_name)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._theme = LIGHT
        self._tokens: tuple[str, ...] = ()
        self._target = np.zeros(0)
        self._draft: np.ndarray | None = None
        self._written: np.ndarray | None = None
        self._overlap: np.ndarray | None = None
        self._mark: tuple[int, str, str] | None = None
        self._compact = False

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def show_distributions(
        self,
        tokens: Sequence[str],
        target: np.ndarray,
        draft: np.ndarray,
        overlap: np.ndarray | None = None,
        mark: tuple[int, str, str] | None = None,
    ) -> None:
        """Distributions mode: p and q, their overlap and the target's excess.

        ``overlap`` gives each bar's shaded part (default min(p, q)); ``mark`` is ``(index,
        glyph, colour)``: that token's bar gets ``glyph`` above it.
        """
        self._tokens, self._target, self._draft, self._written = tuple(tokens), target, draft, None
        self._overlap = np.minimum(target, draft) if overlap is None else overlap
        self._mark = mark
        parts = [
            f"{t}: p {a:.2f}, q {b:.2f}, both {m:.2f}"
            for t, a, b, m in zip(tokens, target, draft, self._overlap, strict=True)
        ]
        self.setAccessibleDescription("; ".join(parts))
        self.update()

    def show_histogram(self, tokens: Sequence[str], written: np.ndarray | None, target: np.ndarray) -> None:
        """Histogram mode: the share of each token written (nothing yet when ``None``) and p."""
        self._tokens, self._target, self._draft, self._written = tuple(tokens), target, None, written
        self._overlap = self._mark = None
        if written is not None:
            parts = [
                f"{t}: written {w:.3f}, p {a:.3f}" for t, w, a in zip(tokens, written, target, strict=True)
            ]
            self.setAccessibleDescription("; ".join(parts))
        self.update()

    def set_compact(self, on: bool) -> None:
        """Ask for less height (a tour scene shows the whole tab at once; four lines: zoomed in on a
        1280x800 projector, five made the scene's page scroll); any room left is used."""
        if on != self._compact:
            self._compact = on
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(360, self.fontMetrics().height() * (4 if self._compact else 10))

    def minimumSizeHint(self) -> QSize:
        # Compact (a tour scene: four lines, any room left is used), or seven lines.
        return QSize(200, self.fontMetrics().height() * (4 if self._compact else 7))

    def _top(self) -> float:
        values = [self._target]
        if self._draft is not None:
            values.append(self._draft)
        if self._written is not None:
            values.append(self._written)
        top = max((float(np.max(v)) for v in values if v.size), default=1.0)
        for step in (0.1, 0.2, 0.4, 0.6, 0.8, 1.0):
            if top <= step + 1e-12:
                return step
        return 1.0

    def paintEvent(self, _event) -> None:
        if not self._tokens:
            return
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = self.fontMetrics()
        line = metrics.height()
        left, right = metrics.horizontalAdvance("0.0") + 10, 8
        top, bottom = line // 2, line + 6
        area = QRectF(left, top, max(1, self.width() - left - right), max(1, self.height() - top - bottom))
        scale = self._top()

        def y_of(value: float) -> float:
            return area.bottom() - value / scale * area.height()

        text = QColor(theme.text)
        painter.setPen(QPen(text, 1))
        for tick in (0.0, scale / 2, scale):
            y = y_of(tick)
            painter.drawLine(QPointF(area.left() - 3, y), QPointF(area.left(), y))
            painter.drawText(
                QRectF(0, y - line / 2, left - 5, line), Qt.AlignmentFlag.AlignRight, f"{tick:.1f}"
            )
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        slot = area.width() / len(self._tokens)
        # Labels too wide for their slot (large type, a narrow panel) are set smaller, down to
        # three quarters of the body, before any is elided.
        label_font = QFont(self.font())
        widest = max(metrics.horizontalAdvance(token) for token in self._tokens)
        shrink = max(0.75, min(1.0, (slot - 2) / widest)) if widest > 0 else 1.0
        if shrink < 1.0:
            if label_font.pointSizeF() > 0:
                label_font.setPointSizeF(label_font.pointSizeF() * shrink)
            else:
                label_font.setPixelSize(max(1, round(label_font.pixelSize() * shrink)))
        bold = QFont(label_font)
        bold.setBold(True)
        glyph_font = QFont(bold)  # the mark over the proposed token: larger than the labels
        if bold.pointSizeF() > 0:
            glyph_font.setPointSizeF(bold.pointSizeF() * 1.4)
        else:
            glyph_font.setPixelSize(round(bold.pixelSize() * 1.4))
        width = max(4.0, slot * 0.7)
        for i, token in enumerate(self._tokens):
            x = area.left() + slot * i + (slot - width) / 2
            if self._draft is not None and self._overlap is not None:
                p, q, both = float(self._target[i]), float(self._draft[i]), float(self._overlap[i])
                self._paint_pair(painter, x, width, p, q, both, y_of)
                if self._mark is not None and self._mark[0] == i:
                    painter.setPen(QPen(QColor(self._mark[2]), 1))
                    painter.setFont(glyph_font)
                    glyph_line = QFontMetrics(glyph_font).height()
                    glyph_top = max(0.0, y_of(max(p, q)) - glyph_line)
                    painter.drawText(
                        QRectF(area.left() + slot * i, glyph_top, slot, glyph_line),
                        Qt.AlignmentFlag.AlignHCenter,
                        self._mark[1],
                    )
            else:
                self._paint_written(painter, x, width, i, y_of)
            painter.setPen(QPen(text, 1))
            marked = self._mark is not None and self._mark[0] == i
            painter.setFont(bold if marked else label_font)  # the marked token's label in bold
            label = QFontMetrics(bold if marked else label_font).elidedText(
                token, Qt.TextElideMode.ElideRight, int(slot)
            )
            painter.drawText(
                QRectF(area.left() + slot * i, area.bottom() + 3, slot, line),
                Qt.AlignmentFlag.AlignHCenter,
                label,
            )
        painter.end()

    def _paint_pair(
        self, painter: QPainter, x: float, width: float, p: float, q: float, both: float, y_of
    ) -> None:
        theme = self._theme
        base = y_of(0.0)
        painter.setPen(Qt.PenStyle.NoPen)
        set_mark_style(painter, "overlap", theme)
        painter.drawRect(QRectF(x, y_of(both), width, base - y_of(both)))
        if p > both:  # the target's excess, Σ max(0, p − q) over the bar = p − overlap
            set_mark_style(painter, "residual", theme)
            painter.drawRect(QRectF(x, y_of(p), width, y_of(both) - y_of(p)))
        set_mark_style(painter, "target", theme)
        painter.drawRect(QRectF(x, y_of(p), width, base - y_of(p)))
        set_mark_style(painter, "draft", theme)
        inset = width * 0.18
        painter.drawRect(QRectF(x + inset, y_of(q), width - 2 * inset, base - y_of(q)))

    def _paint_written(self, painter: QPainter, x: float, width: float, i: int, y_of) -> None:
        theme = self._theme
        base = y_of(0.0)
        if self._written is not None:
            share = float(self._written[i])
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(theme.token_accepted))
            painter.drawRect(QRectF(x, y_of(share), width, base - y_of(share)))
        painter.setPen(QPen(QColor(theme.curve), max(2.0, theme.curve_width)))
        y = y_of(float(self._target[i]))
        painter.drawLine(QPointF(x - width * 0.1, y), QPointF(x + width * 1.1, y))
