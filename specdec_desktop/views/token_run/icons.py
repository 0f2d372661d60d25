"""Icons of the run controls, drawn as paths in the theme's text colour (crisp at any zoom)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

__all__ = ["ICON_KINDS", "make_icon"]

ICON_KINDS = ("play", "pause", "step", "restart", "dice")


def _paint(painter: QPainter, kind: str, s: float, colour: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    if kind == "play":
        painter.drawPolygon(
            QPolygonF([QPointF(0.25 * s, 0.15 * s), QPointF(0.85 * s, 0.5 * s), QPointF(0.25 * s, 0.85 * s)])
        )
    elif kind == "pause":
        painter.drawRoundedRect(QRectF(0.2 * s, 0.15 * s, 0.22 * s, 0.7 * s), 0.04 * s, 0.04 * s)
        painter.drawRoundedRect(QRectF(0.58 * s, 0.15 * s, 0.22 * s, 0.7 * s), 0.04 * s, 0.04 * s)
    elif kind == "step":
        painter.drawPolygon(
            QPolygonF([QPointF(0.15 * s, 0.15 * s), QPointF(0.65 * s, 0.5 * s), QPointF(0.15 * s, 0.85 * s)])
        )
        painter.drawRoundedRect(QRectF(0.68 * s, 0.15 * s, 0.16 * s, 0.7 * s), 0.03 * s, 0.03 * s)
    elif kind == "restart":
        pen = QPen(colour, 0.13 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        arc = QPainterPath()
        box = QRectF(0.18 * s, 0.18 * s, 0.64 * s, 0.64 * s)
        arc.arcMoveTo(box, 110)
        arc.arcTo(box, 110, 290)
        painter.drawPath(arc)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPolygon(
            QPolygonF([QPointF(0.22 * s, 0.02 * s), QPointF(0.52 * s, 0.2 * s), QPointF(0.24 * s, 0.4 * s)])
        )
    elif kind == "dice":
        pen = QPen(colour, 0.09 * s)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(0.14 * s, 0.14 * s, 0.72 * s, 0.72 * s), 0.14 * s, 0.14 * s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        for fx, fy in ((0.33, 0.33), (0.5, 0.5), (0.67, 0.67)):
            painter.drawEllipse(QPointF(fx * s, fy * s), 0.075 * s, 0.075 * s)


def make_icon(kind: str, colour: str, size: int, device_pixel_ratio: float = 1.0) -> QIcon:
    """An icon of ``kind`` (one of :data:`ICON_KINDS`) in ``colour``, ``size`` px square."""
    if kind not in ICON_KINDS:
        raise ValueError(f"unknown icon {kind!r}")
    side = max(1, round(size * device_pixel_ratio))
    pixmap = QPixmap(side, side)
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint(painter, kind, float(size), QColor(colour))
    painter.end()
    return QIcon(pixmap)
