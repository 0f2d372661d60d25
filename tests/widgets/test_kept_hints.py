"""Scroll bars keep their size hints: Qt's own answers, asked once per size of the style."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractScrollArea, QScrollBar

from specdec_desktop.theme import LIGHT, PROJECTOR
from specdec_desktop.theme.widget_style import dress_application
from specdec_desktop.views.scroll_areas import KeptScrollBar

from ..support.window import open_window


def test_a_kept_scroll_bar_answers_as_qt_and_follows_the_style_sizes(qapp):
    for theme in (LIGHT, PROJECTOR, LIGHT):  # a new bar extent each time (the style's sizes)
        dress_application(theme, "Inter")
        for orientation in (Qt.Orientation.Vertical, Qt.Orientation.Horizontal):
            kept, plain = KeptScrollBar(orientation), QScrollBar(orientation)
            assert kept.sizeHint() == plain.sizeHint()
            assert kept.sizeHint() == plain.sizeHint()  # kept: the same again
    small = KeptScrollBar(Qt.Orientation.Vertical)
    dress_application(LIGHT, "Inter")
    light = small.sizeHint().width()
    dress_application(PROJECTOR, "Inter")
    assert small.sizeHint().width() > light  # the projector's thicker bar, not the kept light one
    dress_application(LIGHT, "Inter")


def test_every_scroll_area_of_the_window_keeps_its_bars_hints(qtbot):
    window = open_window(qtbot)
    areas = window.findChildren(QAbstractScrollArea)
    assert len(areas) > 20  # the pages, the essays, the tables, the charts' views
    for area in areas:
        assert isinstance(area.verticalScrollBar(), KeptScrollBar), area.objectName()
        assert isinstance(area.horizontalScrollBar(), KeptScrollBar), area.objectName()
