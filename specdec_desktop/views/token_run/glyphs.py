"""How each token state looks: colour AND shape, so it reads in greyscale and on a washed-out projector.

    state        fill                     outline                 glyph
    pending      light tint of sky blue   solid sky blue          "?"
    accepted     bluish green             none                    check mark
    discarded    none (background)        dashed grey             diagonal strike
    bonus        blue                     none                    star
    correction   blue, ringed vermillion  thick vermillion        hooked arrow (in the rejected guess's place)
    checking     background               dashed blue             pie filling as the check runs
    empty        none                     dotted, faint           (the guesses still to come)

Colours are the Okabe-Ito ``token_*`` entries of the :class:`~specdec_desktop.theme.Theme`;
shapes are drawn as paths, so they do not depend on the font.
:class:`TokenSprites` renders each finished state once per theme and size and
the strip stamps the pixmaps, which keeps a full frame cheap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from ...model import TokenState
from ...theme import Theme

__all__ = [
    "FILL_POINTS",
    "GLYPH_POINTS",
    "OUTLINE_POINTS",
    "STAMPED_STATES",
    "TokenColours",
    "TokenSprites",
    "paint_token",
]

#: States painted from a pre-rendered pixmap (the others change every frame).
STAMPED_STATES = (
    TokenState.PENDING,
    TokenState.ACCEPTED,
    TokenState.DISCARDED,
    TokenState.BONUS,
    TokenState.CORRECTION,
    TokenState.EMPTY,
)

#: A point (fractions of the cell) that each glyph covers; tests probe the pixel there.
GLYPH_POINTS: dict[TokenState, tuple[float, float]] = {
    TokenState.ACCEPTED: (0.43, 0.69),
    TokenState.DISCARDED: (0.5, 0.5),
    TokenState.BONUS: (0.5, 0.5),
    TokenState.CORRECTION: (0.70, 0.40),
}
#: A point inside each token that neither glyph nor outline touches (its fill shows there).
FILL_POINTS: dict[TokenState, tuple[float, float]] = {
    TokenState.PENDING: (0.22, 0.5),
    TokenState.ACCEPTED: (0.5, 0.15),
    TokenState.DISCARDED: (0.25, 0.3),
    TokenState.BONUS: (0.5, 0.9),
    TokenState.CORRECTION: (0.3, 0.22),
}
#: A point on each token's outline, for the states drawn with one.
OUTLINE_POINTS: dict[TokenState, tuple[float, float]] = {
    TokenState.PENDING: (0.5, 0.07),
    TokenState.CORRECTION: (0.5, 0.05),
}


@dataclass(frozen=True)
class TokenColours:
    """The colours token painting needs, taken from a theme once."""

    background: QColor
    text: QColor
    border: QColor
    on_fill: QColor
    pending: QColor
    pending_tint: QColor
    accepted: QColor
    rejected: QColor
    discarded: QColor
    target: QColor
    plain: QColor

    @classmethod
    def from_theme(cls, theme: Theme) -> TokenColours:
        tint = QColor(theme.token_pending)
        tint.setAlpha(60)
        return cls(
            background=QColor(theme.surface),
            text=QColor(theme.text),
            border=QColor(theme.border),
            on_fill=QColor(theme.token_text),
            pending=QColor(theme.token_pending),
            pending_tint=tint,
            accepted=QColor(theme.token_accepted),
            rejected=QColor(theme.token_rejected),
            discarded=QColor(theme.token_discarded),
            target=QColor(theme.token_bonus),
            plain=QColor(theme.token_plain),
        )


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    return pen


def _at(rect: QRectF, fx: float, fy: float) -> QPointF:
    return QPointF(rect.x() + fx * rect.width(), rect.y() + fy * rect.height())


def _star(rect: QRectF) -> QPolygonF:
    centre = _at(rect, 0.5, 0.53)
    outer, inner = 0.36 * rect.width(), 0.16 * rect.width()
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle)))
    return QPolygonF(points)


def _hooked_arrow(rect: QRectF) -> tuple[QPainterPath, QPolygonF]:
    shaft = QPainterPath(_at(rect, 0.70, 0.24))
    shaft.lineTo(_at(rect, 0.70, 0.60))
    shaft.lineTo(_at(rect, 0.42, 0.60))
    head = QPolygonF([_at(rect, 0.22, 0.60), _at(rect, 0.44, 0.42), _at(rect, 0.44, 0.78)])
    return shaft, head


def paint_token(
    painter: QPainter,
    rect: QRectF,
    state: TokenState,
    colours: TokenColours,
    progress: float = 1.0,
    font: QFont | None = None,
) -> None:
    """Paint one token of ``state`` filling ``rect``.

    ``progress`` is the check's progress for :attr:`TokenState.CHECKING`.
    ``font`` is used for the pending "?" (the painter's font otherwise).
    """
    size = rect.width()
    radius = 0.2 * size
    line = max(1.5, 0.075 * size)
    glyph = max(2.0, 0.12 * size)
    inset = line / 2
    body = rect.adjusted(inset, inset, -inset, -inset)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if state == TokenState.EMPTY:
        painter.setPen(_pen(colours.border, max(1.0, line * 0.7), Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(body, radius, radius)
    elif state in (TokenState.PENDING, TokenState.DRAFTING):
        painter.setPen(_pen(colours.pending, line * 1.4))
        painter.setBrush(QBrush(colours.pending_tint))
        painter.drawRoundedRect(
            rect.adjusted(line * 0.7, line * 0.7, -line * 0.7, -line * 0.7), radius, radius
        )
        question = QFont(font) if font is not None else QFont(painter.font())
        question.setPixelSize(max(6, round(size * 0.6)))
        question.setWeight(QFont.Weight.Bold)
        painter.setFont(question)
        painter.setPen(colours.text)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
    elif state == TokenState.ACCEPTED:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.accepted)
        painter.drawRoundedRect(rect, radius, radius)
        check = QPainterPath(_at(rect, 0.25, 0.52))
        check.lineTo(_at(rect, 0.43, 0.69))
        check.lineTo(_at(rect, 0.76, 0.32))
        painter.setPen(_pen(colours.on_fill, glyph))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(check)
    elif state == TokenState.DISCARDED:
        painter.setPen(_pen(colours.discarded, line, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(body, radius, radius)
        painter.setPen(_pen(colours.discarded, max(1.5, 0.09 * size)))
        painter.drawLine(_at(rect, 0.24, 0.76), _at(rect, 0.76, 0.24))
    elif state in (TokenState.BONUS, TokenState.CORRECTION):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.target)
        painter.drawRoundedRect(rect, radius, radius)
        if state == TokenState.BONUS:
            painter.setBrush(colours.on_fill)
            painter.drawPolygon(_star(rect))
        else:
            # It stands where the rejected guess was: the rejected colour rings it.
            thick = max(2.5, 0.13 * size)
            half = thick / 2
            painter.setPen(_pen(colours.rejected, thick))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(half, half, -half, -half), radius, radius)
            shaft, head = _hooked_arrow(rect)
            painter.setPen(_pen(colours.on_fill, glyph))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(shaft)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.on_fill)
            painter.drawPolygon(head)
    elif state == TokenState.CHECKING:
        painter.setPen(_pen(colours.target, line, Qt.PenStyle.DashLine))
        painter.setBrush(QBrush(colours.background))
        painter.drawRoundedRect(body, radius, radius)
        pie = rect.adjusted(0.2 * size, 0.2 * size, -0.2 * size, -0.2 * size)
        painter.setPen(_pen(colours.target, max(1.0, line * 0.6)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(pie)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.target)
        painter.drawPie(pie, 90 * 16, -round(360 * 16 * min(1.0, max(0.0, progress))))
    painter.restore()


class TokenSprites:
    """Pre-rendered tokens of the :data:`STAMPED_STATES`, for one theme, size and pixel ratio."""

    def __init__(self, colours: TokenColours, cell: int, device_pixel_ratio: float, font: QFont) -> None:
        self.cell = cell
        self.device_pixel_ratio = device_pixel_ratio
        self.pixmaps: dict[int, QPixmap] = {}
        side = max(1, round(cell * device_pixel_ratio))
        for state in STAMPED_STATES:
            pixmap = QPixmap(side, side)
            pixmap.setDevicePixelRatio(device_pixel_ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            paint_token(painter, QRectF(0, 0, cell, cell), state, colours, font=font)
            painter.end()
            self.pixmaps[int(state)] = pixmap

    def matches(self, cell: int, device_pixel_ratio: float) -> bool:
        return self.cell == cell and self.device_pixel_ratio == device_pixel_ratio
