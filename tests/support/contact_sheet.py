"""The layout check's contact sheet: one captioned thumbnail per combination, in a grid.

Used by :mod:`tests.support.layout_check`; a thumbnail is the window as the combination left it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMainWindow

if TYPE_CHECKING:
    from .layout_check import Combination

__all__ = ["THUMB_WIDTH", "contact_sheet", "painted", "thumbnail"]

THUMB_WIDTH = 320
#: Qt's PNG quality 80 is zlib's fastest level: a sheet written in 72 ms instead of 113, 3 % larger.
#: The layout matrix writes 56 a run; each is looked at after a layout change, then written again.
SHEET_PNG_QUALITY = 80


def thumbnail(window: QMainWindow, combination: Combination, problems: list[str]) -> QImage:
    """The window as ``combination`` shows it, shrunk to :data:`THUMB_WIDTH`, captioned.

    Offscreen, the window has painted itself into its backing store already (an image): once
    its pending repaints are made, that is the picture, smoothed down (1 ms).  Painting the window
    again for each thumbnail (at twice the thumbnail's width) took 10 ms, a tenth of a case.
    Elsewhere the window is painted at twice the thumbnail's width, then smoothed down.
    """
    shown = painted(window)
    if shown is None:
        scale = 2 * THUMB_WIDTH / window.width()
        shown = QImage(2 * THUMB_WIDTH, max(1, round(window.height() * scale)), QImage.Format.Format_ARGB32)
        shown.fill(QColor("white"))
        painter = QPainter(shown)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.scale(scale, scale)
        window.render(painter, QPoint(0, 0))
        painter.end()
    scaled = shown.scaledToWidth(THUMB_WIDTH, Qt.TransformationMode.SmoothTransformation)
    caption = 18
    framed = QImage(THUMB_WIDTH, scaled.height() + caption, QImage.Format.Format_ARGB32)
    framed.fill(QColor("#B00020") if problems else QColor("#F4F5F7"))
    painter = QPainter(framed)
    painter.drawImage(0, caption, scaled)
    font = QFont()
    font.setPixelSize(12)
    painter.setFont(font)
    painter.setPen(QColor("white") if problems else QColor("black"))
    mark = f"  ✗ {len(problems)}" if problems else ""
    painter.drawText(
        QRect(4, 0, THUMB_WIDTH - 8, caption), Qt.AlignmentFlag.AlignVCenter, combination.name + mark
    )
    painter.end()
    return framed


def painted(window: QMainWindow) -> QImage | None:
    """The window's backing store once its pending repaints are made (the same pixels as
    ``window.grab()``: compared at every combination of four screens), or None where the store
    is not an image of the window's size."""
    QApplication.sendEvent(window, QEvent(QEvent.Type.UpdateRequest))
    store = window.backingStore()
    image = store.paintDevice() if store is not None else None
    return image if isinstance(image, QImage) and image.size() == window.size() else None


def contact_sheet(thumbs: list[QImage], path: str, columns: int = 10) -> None:
    """Write ``thumbs`` in a grid to the PNG ``path`` (its folder made if needed)."""
    if not thumbs:
        return
    cell_h = max(t.height() for t in thumbs)
    rows = -(-len(thumbs) // columns)
    sheet = QImage(columns * (THUMB_WIDTH + 4), rows * (cell_h + 4), QImage.Format.Format_RGB32)
    sheet.fill(QColor("#D0D5DD"))
    painter = QPainter(sheet)
    for index, thumb in enumerate(thumbs):
        row, column = divmod(index, columns)
        painter.drawImage(column * (THUMB_WIDTH + 4) + 2, row * (cell_h + 4) + 2, thumb)
    painter.end()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    if not sheet.save(path, "PNG", SHEET_PNG_QUALITY):
        raise OSError(f"could not write {path}")
