"""A tab widget's frame is copied from a kept image of the base style's own frame: same pixels.

Same but for rounding where two translucent strokes of the frame cross over the window (one
corner pixel): drawn over a transparent image and then copied, they are blended in another order
than drawn over the window, one level apart at most.  Over the window's one colour (the app's
lower tabs) no pixel differs (72 window grabs through zoom steps and theme switches compared).
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QRegion
from PySide6.QtWidgets import QStyle, QStyleFactory, QStyleOptionTabWidgetFrame, QTabBar

from specdec_desktop.kept_answers import KeptAnswers
from specdec_desktop.theme import DARK, LIGHT, PROJECTOR, tab_frame
from specdec_desktop.theme.qt_palette import qt_palette


def _background(size) -> QImage:
    """A window-sized image with something under the frame: the shadow line blends with it."""
    image = QImage(size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    for x in range(0, size.width(), 7):
        painter.fillRect(QRect(x, 0, 7, size.height()), QColor.fromHsv((x * 3) % 360, 90, 200))
    painter.end()
    return image


def _painted(paint, option, clip: QRegion | None) -> QImage:
    image = _background(option.rect.adjusted(0, 0, 40, 30).size())
    painter = QPainter(image)
    painter.translate(20, 15)
    if clip is not None:  # as in the window: the page covers the inside
        painter.setClipRegion(clip)
    paint(option, painter)
    painter.end()
    return image


def _differences(a: QImage, b: QImage) -> int:
    """How many pixels differ, failing if any differs by more than one level in a channel."""
    assert a.size() == b.size() and a.format() == b.format() == QImage.Format.Format_RGB32
    pa, pb = (np.frombuffer(bytes(image.constBits()), np.uint8).astype(int) for image in (a, b))
    apart = np.abs(pa - pb).reshape(-1, 4)
    assert apart.max() <= 1, apart.max()
    return int(np.count_nonzero(apart.any(axis=1)))


@pytest.mark.parametrize("theme", [LIGHT, DARK, PROJECTOR], ids=lambda t: t.name)
@pytest.mark.parametrize(
    "shape", [QTabBar.Shape.RoundedNorth, QTabBar.Shape.RoundedSouth], ids=["north", "south"]
)
def test_the_kept_frame_gives_the_base_styles_pixels(qapp, theme, shape):
    base = QStyleFactory.create("Fusion")
    option = QStyleOptionTabWidgetFrame()
    option.palette = qt_palette(theme)
    option.state = QStyle.StateFlag.State_Enabled
    option.shape = shape
    option.rect = QRect(0, 26, 640, 300)
    ring = QRegion(option.rect).subtracted(QRegion(option.rect.adjusted(2, 32, -26, -2)))
    for clip in (None, ring):
        direct = _painted(
            lambda o, p: base.drawPrimitive(QStyle.PrimitiveElement.PE_FrameTabWidget, o, p), option, clip
        )
        kept = _painted(lambda o, p: tab_frame.paint_tab_frame(base, o, p, None), option, clip)
        assert _differences(kept, direct) <= 1  # the corner where two translucent strokes cross
        assert kept != _background(kept.size())  # a frame was drawn at all


def test_a_frame_is_drawn_once_per_size_and_colour(qapp, monkeypatch):
    base = QStyleFactory.create("Fusion")
    drawn = []
    monkeypatch.setattr(tab_frame, "_FRAMES", KeptAnswers(4))
    real = tab_frame._drawn
    monkeypatch.setattr(tab_frame, "_drawn", lambda *args: drawn.append(args[1].rect.size()) or real(*args))
    option = QStyleOptionTabWidgetFrame()
    light, dark = qt_palette(LIGHT), qt_palette(DARK)
    image = QImage(800, 600, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    for size, palette in (((600, 400), light), ((600, 400), light), ((610, 400), light), ((610, 400), dark)):
        option.rect = QRect(0, 0, *size)
        option.palette = palette
        tab_frame.paint_tab_frame(base, option, painter, None)
    painter.end()
    assert len(drawn) == 3  # the second paint at 600x400 copied the kept image
