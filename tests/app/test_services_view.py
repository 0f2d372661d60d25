"""Themes, zoom, full screen, legibility at projector size, click targets, focus and accessibility."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QLabel,
    QTabBar,
    QTextBrowser,
    QWidget,
)

from specdec_desktop.theme import THEMES

from ..support.window import focus, open_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def pixel_size(widget: QWidget) -> float:
    """The font's height in pixels as drawn (pixel size, or point size at the screen's DPI)."""
    info = QFontInfo(widget.font())
    return info.pixelSize()


def visible_text_widgets(window):
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.window() is not window:
            continue
        if isinstance(widget, QLabel) and widget.text().strip():
            yield widget
        elif isinstance(widget, (QAbstractButton, QAbstractSpinBox, QTabBar, QTextBrowser)):
            yield widget


def test_full_screen_round_trip(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_F11)
    qtbot.waitUntil(lambda: bool(window.windowState() & Qt.WindowState.WindowFullScreen))
    assert view.fullscreen and window.services.actions["view.fullscreen"].isChecked()
    assert not window.menuBar().isVisible() and not window.statusBar().isVisible()
    qtbot.keyClick(window.focusWidget(), K.Key_Escape)
    qtbot.waitUntil(lambda: not window.windowState() & Qt.WindowState.WindowFullScreen)
    assert not view.fullscreen and window.menuBar().isVisible()
    # Leaving full screen some other way (the window manager) is noticed too.
    qtbot.keyClick(window.focusWidget(), K.Key_F11)
    window.showNormal()
    qtbot.waitUntil(lambda: not view.fullscreen)


def test_zoom_scales_text_cards_chart_and_markers_and_comes_back(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    card_value = window.cards["speedupCard"].value
    title = window.controls["k"].title
    axis = window.chart.getPlotItem().getAxis("bottom")
    before = (
        pixel_size(card_value),
        pixel_size(title),
        axis.style["tickFont"].pixelSize(),
        window.chart.current.opts["size"],
    )
    look = (window.theme, window.font())
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_Equal, CTRL)
    qtbot.keyClick(slider, K.Key_Equal, CTRL)
    assert view.zoom == 1.25
    after = (
        pixel_size(card_value),
        pixel_size(title),
        axis.style["tickFont"].pixelSize(),
        window.chart.current.opts["size"],
    )
    for small, big in zip(before, after, strict=True):
        assert big == pytest.approx(small * 1.25, abs=1.5), (before, after)
    qtbot.keyClick(slider, K.Key_Minus, CTRL)
    assert view.zoom == 1.1
    qtbot.keyClick(slider, K.Key_0, CTRL)
    assert view.zoom == 1.0 and (window.theme, window.font()) == look
    assert (pixel_size(card_value), pixel_size(title)) == before[:2]


def test_theme_follows_the_system_scheme_live(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    hints = QGuiApplication.styleHints()
    try:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert view.theme_name == "dark" and window.theme.name == "dark"
        assert (
            window.chart.backgroundBrush().color().name().upper() == THEMES["dark"].chart_background.upper()
        )
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert window.theme.name == "light"
        window.services.actions["view.theme_projector"].trigger()
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert window.theme.name == "projector"  # an explicit choice is not overridden
        window.services.actions["view.theme_system"].trigger()
        assert window.theme.name == "dark"
    finally:
        hints.colorSchemeChanged.emit(hints.colorScheme())


def test_projector_theme_is_legible_at_1920x1080(qtbot):
    """Smallest text >= 24 px and card figures >= 48 px, tour caption showing (README: presenting)."""
    window = open_window(qtbot, ["--projector", "--tour"], size=(1920, 1080))
    assert window.services.banner.isVisible()
    checked = 0
    for widget in visible_text_widgets(window):
        assert pixel_size(widget) >= 24, (
            f"{type(widget).__name__} {widget.objectName()!r}: {pixel_size(widget)} px"
        )
        checked += 1
    assert checked > 12  # the first scene is about the chart: the lower panel steps aside
    for card in window.cards.values():
        assert pixel_size(card.value) >= 48
    for side in ("left", "bottom"):
        assert window.chart.getPlotItem().getAxis(side).style["tickFont"].pixelSize() >= 24
    for item in window.chart.getPlotItem().items:
        if isinstance(item, pg.TextItem):
            assert item.textItem.font().pixelSize() >= 24
    for action in window.menuBar().actions():
        assert pixel_size(window.menuBar()) >= 24
        assert window.menuBar().actionGeometry(action).height() >= 24
    assert pixel_size(window.services.banner.caption) >= 30


def test_projector_layout_fits_1920x1080(qtbot):
    window = open_window(qtbot, ["--projector", "--tour"], size=(1920, 1080))
    chart = window.chart
    assert chart.width() >= 1000 and chart.height() >= 300
    for card in window.cards.values():
        assert card.value.width() >= card.value.sizeHint().width()  # figures are not clipped
    tops = {card.geometry().top() for card in window.cards.values()}
    assert len(tops) == 1
    assert not window.subtitle_label.isVisible()


@pytest.mark.parametrize(("argv", "size"), [((), (1600, 1000)), (("--projector",), (1920, 1080))])
def test_click_targets_are_at_least_24_px(qtbot, argv, size):
    window = open_window(qtbot, argv, size)
    targets = [
        w
        for w in window.findChildren(QWidget)
        if isinstance(w, (QAbstractButton, QAbstractSlider, QAbstractSpinBox)) and w.isVisibleTo(window)
    ]
    assert len(targets) >= 6
    for widget in targets:
        assert widget.width() >= 24 and widget.height() >= 24, f"{widget.objectName()} {widget.size()}"
    for slider in window.findChildren(QAbstractSlider):
        if slider.isVisibleTo(window) and slider.objectName().endswith("Slider"):
            from PySide6.QtWidgets import QStyle, QStyleOptionSlider

            option = QStyleOptionSlider()
            slider.initStyleOption(option)
            handle = slider.style().subControlRect(
                QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
            )
            assert handle.width() >= 24 and handle.height() >= 24, f"{slider.objectName()} handle {handle}"
    for bar in window.findChildren(QTabBar):
        for index in range(bar.count()):
            rect = bar.tabRect(index)
            assert rect.width() >= 24 and rect.height() >= 24
    for action in window.menuBar().actions():
        rect = window.menuBar().actionGeometry(action)
        assert rect.width() >= 24 and rect.height() >= 24


def test_tab_order_is_logical(qtbot):
    window = open_window(qtbot)
    expected = []
    for name in ("k", "p", "c"):
        expected += [window.controls[name].slider, window.controls[name].entry.lineEdit()]
        if window.controls[name].sweep_button is not None:  # ▶ for p and c
            expected.append(window.controls[name].sweep_button)
    expected.append(window.assumptions_panel.toggle)  # the assumptions close the left column
    expected += list(window.cards.values())
    start = focus(qtbot, window.controls["k"].slider)
    seen = [start]
    for _ in range(len(expected) - 1):
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Tab)
        seen.append(QApplication.focusWidget())

    def name(widget):
        return (
            widget.parent().objectName()
            if widget.objectName() == "qt_spinbox_lineedit"
            else widget.objectName()
        )

    assert [name(w) for w in seen] == [name(w) for w in expected]
    # Then the chart's switch, the chart and the tab bar (tests/app/test_presenter_keys.py walks on).
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Tab)
    assert isinstance(QApplication.focusWidget(), QTabBar)


def test_focus_is_visible(qtbot):
    window = open_window(qtbot)
    for widget in (window.controls["k"].slider, window.cards["speedupCard"], window.controls["p"].entry):
        other = window.controls["c"].slider
        focus(qtbot, other)
        unfocused = widget.grab().toImage()
        focus(qtbot, widget)
        focused = widget.grab().toImage()
        assert focused != unfocused, f"{widget.objectName()} looks the same with and without focus"


def test_every_control_and_card_has_an_accessible_name_and_description(qtbot):
    window = open_window(qtbot)
    assert window.cards["speedupCard"].accessibleName() == "Speedup 1.82 times"
    assert window.cards["tokensCard"].accessibleName() == "Tokens per cycle 3.47 tokens"
    assert window.cards["bestCard"].accessibleName() == "Best draft length 4, reaching 1.91 times"
    window.state.set(p=0.2, c=0.9)
    assert "<" not in window.cards["speedupCard"].accessibleDescription()
    assert window.cards["speedupCard"].accessibleDescription() == "slower than plain decoding"
    controls = [
        w
        for w in window.findChildren(QWidget)
        if isinstance(w, (QAbstractButton, QAbstractSlider, QAbstractSpinBox, QTextBrowser))
        and w.isVisibleTo(window)
    ]
    controls += [*list(window.cards.values()), window.chart, window.services.banner]
    for widget in controls:
        if isinstance(widget, QAbstractSlider) and not widget.objectName().endswith("Slider"):
            continue  # scroll bars: Qt names them itself
        assert widget.accessibleName(), f"{type(widget).__name__} {widget.objectName()!r} has no name"
    for widget in [
        *window.cards.values(),
        *(c.slider for c in window.controls.values()),
        *(c.entry for c in window.controls.values()),
    ]:
        assert widget.accessibleDescription(), f"{widget.objectName()} has no description"


def test_entry_boxes_follow_the_dark_theme(qtbot):
    """Regression: entry boxes kept a white base under light dark-theme text."""
    window = open_window(qtbot)
    window.services.actions["view.theme_dark"].trigger()
    entry = window.controls["p"].entry
    image = entry.grab().toImage()
    inside = image.pixelColor(image.width() // 4, image.height() // 2)
    assert inside.lightness() < 80, inside.name()
    assert QApplication.palette().base().color().name().upper() == THEMES["dark"].surface.upper()


def test_about_lists_the_licences(qtbot):
    window = open_window(qtbot)
    box = window.services.show_about()
    qtbot.addWidget(box)
    assert "MIT" in box.text() and "OFL" in box.text()
    details = box.detailedText()
    assert "SpecDec Desktop" in details and ": MIT" in details and "OFL-1.1" in details
    for name in ("PySide6", "pyqtgraph", "numpy", "Python"):
        assert name in details, name
    box.close()
