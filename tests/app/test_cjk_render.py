"""Chinese draws real glyphs in the window's type (from a system CJK font), not empty boxes."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QFontDatabase, QImage, QPainter
from PySide6.QtWidgets import QLabel, QWidget

from ..support.window import open_window


def _drawn(font, glyph: str) -> QImage:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setFont(font)
    painter.setPen(QColor("black"))
    painter.drawText(8, 48, glyph)
    painter.end()
    return image


def _ink(image: QImage) -> int:
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y).lightness() < 128
    )


def test_chinese_card_titles_draw_distinct_glyphs(qtbot):
    if not QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        pytest.skip("no CJK font installed (Debian: fonts-noto-cjk or fonts-wqy-zenhei)")
    window = open_window(qtbot, ["--lang", "zh_CN"], active=False)
    title = window.findChild(QWidget, "speedupCard").findChild(QLabel, "title")
    assert title.text() == "加速比"
    font = title.font()
    first, second = _drawn(font, "加"), _drawn(font, "速")
    # A missing glyph is the same empty box for every character; real glyphs differ and have ink.
    assert _ink(first) > 20 and _ink(second) > 20
    assert first != second


def test_an_exported_chart_keeps_its_chinese(qtbot, tmp_path):
    """The PNG draws the Chinese title with the chart's painter (as the window does, above); the
    SVG keeps it as text, which a viewer draws from its own CJK font."""
    if not QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        pytest.skip("no CJK font installed (Debian: fonts-noto-cjk or fonts-wqy-zenhei)")
    from specdec_desktop import text
    from specdec_desktop.export import export_chart_file
    from specdec_desktop.model import Parameters
    from specdec_desktop.theme import THEMES

    open_window(qtbot, [], active=False)  # the app's font registered, as a window has it
    text.activate("zh_CN")
    try:
        for suffix in ("svg", "png"):
            export_chart_file(tmp_path / f"chart.{suffix}", Parameters(), THEMES["light"], "Inter")
    finally:
        text.activate(text.ENGLISH)
    assert "加速比随草稿长度" in (tmp_path / "chart.svg").read_text(encoding="utf-8")
    image = QImage(str(tmp_path / "chart.png"))
    band = image.copy(image.width() // 3, 0, image.width() // 3, image.height() // 25)
    assert _ink(band) > 200  # the title line is drawn
