"""The laser pointer: a large, high-contrast halo over the window where the mouse points.

A projector washes out the ordinary cursor; the halo (a thick yellow ring on a black one, with a
dot at its centre) reads from the back row on any theme and in greyscale.  It lets every click
through (transparent for the mouse) and follows the cursor with a frame timer while it is on,
so it needs no event filter on the application.  It shows state (the presentation's ``laser``)
and holds nothing else.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QCursor, QPainter, QPen
from PySide6.QtWidgets import QWidget

__all__ = ["LaserHalo"]

#: Halo radius in units of the body text size (about 84 px at 24 px projector type).
RADIUS_EMS = 3.5


class LaserHalo(QWidget):
    """Covers its window, paints the halo at the cursor, lets the mouse through."""

    def __init__(self, window: QWidget, font_px: int = 14) -> None:
        super().__init__(window)
        self.setObjectName("laserHalo")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._font_px = font_px
        self._at: QPoint | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(16)
        self._timer.timeout.connect(self.follow)
        self.hide()

    @property
    def radius(self) -> int:
        return round(RADIUS_EMS * self._font_px)

    def set_font_px(self, font_px: int) -> None:
        self._font_px = font_px
        self.update()

    def set_on(self, on: bool) -> None:
        if on:
            self.setGeometry(self.parentWidget().rect())
            self.raise_()
            self.show()
            self.follow()
            self._timer.start()
        else:
            self._timer.stop()
            self.hide()

    def follow(self, at: QPoint | None = None) -> None:
        """Move the halo to ``at`` (the cursor, in this widget's coordinates, when not given)."""
        parent = self.parentWidget()
        if self.geometry() != parent.rect():
            self.setGeometry(parent.rect())
        point = at if at is not None else self.mapFromGlobal(QCursor.pos())
        if point == self._at:
            return
        old, self._at = self._box(), point
        self.update(old.united(self._box()))

    @property
    def centre(self) -> QPoint | None:
        return self._at

    def _box(self) -> QRect:
        if self._at is None:
            return QRect()
        r = self.radius + 8
        return QRect(self._at.x() - r, self._at.y() - r, 2 * r, 2 * r)

    def paintEvent(self, event) -> None:
        if self._at is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#000000"), 10))
        painter.drawEllipse(self._at, r, r)
        painter.setPen(QPen(QColor("#FFD400"), 6))
        painter.drawEllipse(self._at, r, r)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 212, 0, 90))
        painter.drawEllipse(self._at, r - 4, r - 4)
        painter.setBrush(QColor("#D00000"))
        painter.drawEllipse(self._at, 6, 6)
