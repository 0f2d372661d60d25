"""The sampling legend's swatches are drawn as the bars draw their marks: hatched, dashed, filled."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPainter, QPixmap

from specdec_desktop.theme import LIGHT, PROJECTOR
from specdec_desktop.theme.roles import Metrics
from specdec_desktop.views.distribution_bars import MARKS, set_mark_style
from specdec_desktop.views.sampling_legend import legend_markup, swatch
from specdec_desktop.wording import sampling as words


def _row(image, y: int) -> list[bool]:
    """Which pixels of row ``y`` are painted (not transparent)."""
    return [image.pixelColor(x, y).alpha() > 0 for x in range(image.width())]


def test_the_legend_shows_each_mark_as_a_swatch_beside_its_words(qapp):
    markup = legend_markup(LIGHT)
    assert markup.count('<img src="data:image/png;base64,') == len(MARKS) == 4
    for mark in MARKS:
        assert words.LEGEND[mark].split(" ")[0] in markup
    px = Metrics.of(LIGHT).small
    assert f'width="{px}" height="{px}"' in markup
    assert Metrics.of(PROJECTOR).small > px  # the swatches grow with the legend's type
    assert f'width="{Metrics.of(PROJECTOR).small}"' in legend_markup(PROJECTOR)


def test_the_overlap_is_filled_and_the_correction_hatched(qapp):
    px = 24
    filled = swatch("overlap", LIGHT, px).toImage()
    centre = filled.pixelColor(px // 2, px // 2)
    assert centre.rgb() == QColor(LIGHT.token_accepted).rgb()
    assert all(all(_row(filled, y)) for y in range(2, px - 2))
    hatched = swatch("residual", LIGHT, px).toImage()
    inside = [hatched.pixelColor(x, y) for y in range(3, px - 3) for x in range(3, px - 3)]
    painted = [c for c in inside if c.alpha() > 0]
    assert 0 < len(painted) < len(inside) / 2  # diagonal lines, not a fill
    assert {c.rgb() for c in painted} == {QColor(LIGHT.token_bonus).rgb()}


def test_the_target_is_outlined_whole_and_the_draft_dashed(qapp):
    px = 24
    target = swatch("target", LIGHT, px).toImage()
    draft = swatch("draft", LIGHT, px).toImage()
    edge = 1  # the outline's top row (the pen is two pixels wide, inset by one)
    assert all(_row(target, edge)[2:-2])
    top = _row(draft, edge)[2:-2]
    assert any(top) and not all(top)  # dashes and gaps
    assert not any(_row(target, px // 2)[4:-4])  # outlines only: the inside is empty


def test_an_unknown_mark_is_refused(qapp):
    image = QPixmap(4, 4)
    painter = QPainter(image)
    try:
        with pytest.raises(ValueError, match="mark"):
            set_mark_style(painter, "shadow", LIGHT)
    finally:
        painter.end()


def test_the_swatches_show_in_a_label(qtbot):
    """Qt's rich text draws the ``data:`` images (a broken image would leave no fill)."""
    from PySide6.QtWidgets import QLabel

    label = QLabel(legend_markup(LIGHT))
    qtbot.addWidget(label)
    label.resize(label.sizeHint())
    image = label.grab().toImage()
    filled = QColor(LIGHT.token_accepted).rgb()
    pixels = {image.pixel(x, y) for y in range(image.height()) for x in range(image.width())}
    assert filled in pixels
