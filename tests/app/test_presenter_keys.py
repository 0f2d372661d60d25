"""Keys a presenter relies on (issue 21, points 4, 5 and 8): Alt+K/P/C put the keyboard in the
number box, so a typed value never fires a presenter key; Tab and Shift+Tab walk the whole window
in reading order and come round; a tab key during a tour scene shows that tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication

from specdec_desktop.window_services.focus_order import reading_order

from ..support.window import focus, open_window

K = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier

TYPED = [("k", K.Key_K, "9", 9), ("p", K.Key_P, "0.9", 0.9), ("c", K.Key_C, "0.05", 0.05)]


def owner(widget):
    """The control a focus widget belongs to (a spin box's line edit stands for the box)."""
    parent = widget.parentWidget() if widget is not None else None
    return parent if isinstance(parent, QAbstractSpinBox) else widget


def fired_actions(window):
    """Every action the window triggers from now on, by id."""
    fired = []
    for action_id, action in window.services.actions.items():
        action.triggered.connect(lambda _=False, a=action_id: fired.append(a))
    return fired


@pytest.mark.parametrize("scene", [None, 1, 8])
def test_alt_shortcut_then_a_typed_value_goes_into_the_box(qtbot, scene):
    """Outside the tour, and in essay and run scenes (where the box is hidden until Alt+key)."""
    window = open_window(qtbot, ["--no-settings", "--projector"])
    if scene is not None:
        window.services.tour.start(scene)
    for name, letter, text, value in TYPED:
        fired = fired_actions(window)
        qtbot.keyClick(window, letter, ALT)
        entry = window.controls[name].entry
        qtbot.waitUntil(entry.hasFocus)
        assert owner(QApplication.focusWidget()) is entry
        qtbot.keyClicks(QApplication.focusWidget(), text)
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Return)
        assert getattr(window.state.params, name) == pytest.approx(value), name
        assert entry.value() == pytest.approx(value)
        assert not window.app_state.view.blanked
        assert fired == [f"edit.focus_{name}"], f"typing {text!r} fired {fired}"


def _walk(qtbot, window, modifiers, limit=200):
    start = QApplication.focusWidget()
    seen = [owner(start)]
    for _ in range(limit):
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Tab, modifiers)
        now = owner(QApplication.focusWidget())
        if now is seen[0]:
            return seen
        seen.append(now)
    raise AssertionError(f"Tab did not come round in {limit} presses: {[w.objectName() for w in seen]}")


def _names(widgets):
    return [w.objectName() or type(w).__name__ for w in widgets]


@pytest.mark.parametrize("argv", [[], ["--projector"]])
def test_tab_walks_every_control_in_reading_order_and_comes_round(qtbot, argv):
    window = open_window(qtbot, ["--no-settings", *argv])
    window.assumptions_panel.set_expanded(True)
    expected = [w for w in reading_order(window) if w.isVisibleTo(window) and w.isEnabled()]
    focus(qtbot, window.controls["k"].slider)
    forward = _walk(qtbot, window, Qt.KeyboardModifier.NoModifier)
    assert _names(forward) == _names(expected)
    must = ["draftLengthSlider", "acceptanceInput", "assumptionsToggle", "decayInput", "bestCard"]
    must += ["speedupPlot", "qt_tabwidget_tabbar", "runPlayButton", "runSpeed", "runSeedInput"]
    if not argv:
        must.append("chartViewButton")  # the chart/map switch; presenting, it steps aside (Ctrl+M stays)
    names = _names(forward)
    for name in must:
        assert name in names, f"{name} not reached: {names}"
    assert names.index("bestCard") < names.index("speedupPlot") < names.index("runPlayButton")
    backward = _walk(qtbot, window, SHIFT)
    assert _names(backward) == _names([forward[0], *reversed(forward[1:])])


def test_the_chart_shows_that_it_has_the_focus(qtbot):
    window = open_window(qtbot, ["--no-settings"])
    slot = window.chart.parentWidget()
    focus(qtbot, window.controls["c"].slider)
    without = slot.grab().toImage()
    focus(qtbot, window.chart)
    assert slot.grab().toImage() != without


@pytest.mark.parametrize(
    ("key", "tab", "focus_id"),
    [(K.Key_2, "why-peak", "essay"), (K.Key_1, "token-run", "run"), (K.Key_5, "compare", "essay")],
)
def test_a_tab_key_during_a_scene_shows_that_tab(qtbot, key, tab, focus_id):
    window = open_window(qtbot, ["--no-settings"])
    window.services.tour.start(0)  # a chart scene: the lower panel stepped aside
    presentation = window.app_state.presentation
    assert presentation.focus == "chart" and not window.tabs.isVisibleTo(window)
    qtbot.keyClick(window, key, CTRL)
    assert window.current_tab() == tab and presentation.focus == focus_id
    assert window.tabs.isVisibleTo(window)
    qtbot.keyClick(window, key, CTRL)  # the same key again: the chart comes back
    assert presentation.focus == "chart" and window.chart.isVisibleTo(window)
    qtbot.keyClick(window, K.Key_R, CTRL)
    assert presentation.focus == "chart" and window.current_tab() == "why-peak"
