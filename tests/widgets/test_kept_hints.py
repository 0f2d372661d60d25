"""Scroll bars and the lower tabs' bar keep their size hints: Qt's own answers, asked once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractScrollArea, QScrollBar, QTabBar

from specdec_desktop.theme import LIGHT, PROJECTOR
from specdec_desktop.theme.widget_style import dress_application
from specdec_desktop.views.kept_tab_bar import KeptTabBar
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


def test_a_kept_tab_bar_answers_as_qt_for_each_title_and_type(qapp):
    dress_application(LIGHT, "Inter")
    kept, plain = KeptTabBar.for_tab_widget(), QTabBar()
    assert not kept.drawBase() and kept.objectName() == "qt_tabwidget_tabbar"  # as QTabWidget's own
    for bar in (kept, plain):
        for title in ("Run", "Why it peaks", "Compare"):
            bar.addTab(title)
    for _round in range(2):
        assert [kept.tabSizeHint(i) for i in range(3)] == [plain.tabSizeHint(i) for i in range(3)]
    for bar in (kept, plain):
        bar.setTabText(1, "Why")
        bar.setCurrentIndex(2)
    assert [kept.tabSizeHint(i) for i in range(3)] == [plain.tabSizeHint(i) for i in range(3)]
    dress_application(PROJECTOR, "Inter")
    for bar in (kept, plain):
        bar.setFont(qapp.font())
    assert [kept.tabSizeHint(i) for i in range(3)] == [plain.tabSizeHint(i) for i in range(3)]
    dress_application(LIGHT, "Inter")


def test_every_scroll_area_of_the_window_keeps_its_bars_hints(qtbot):
    window = open_window(qtbot)
    areas = window.findChildren(QAbstractScrollArea)
    assert len(areas) > 20  # the pages, the essays, the tables, the charts' views
    for area in areas:
        assert isinstance(area.verticalScrollBar(), KeptScrollBar), area.objectName()
        assert isinstance(area.horizontalScrollBar(), KeptScrollBar), area.objectName()
    assert isinstance(window.tabs.tabBar(), KeptTabBar)
