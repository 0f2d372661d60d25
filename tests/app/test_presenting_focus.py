"""Presenting outside the tour, the explanations are part of the lecture (issue 21, point 4).

In the projector theme the lower panel is a strip under the chart.  Asked for (Ctrl+2 "Why it
peaks", or Play), the essay or the run takes the chart's place, whole; Esc gives the room back to
the chart.  The state is the view state's (``ViewState.panel_focus``); the window only shows it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from specdec_desktop.state.view_state import ViewState
from specdec_desktop.views.explanations import ExplanationView
from tests.support import layout_check

from ..support.window import focus, open_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def _projector(qtbot, size=(1280, 800)):
    window = open_window(qtbot, ["--projector"], size=size)
    window.settle()
    return window


def test_panel_focus_is_view_state_validated_and_signalled(qtbot):
    view = ViewState()
    with qtbot.waitSignal(view.panel_focus_changed) as signal:
        view.set_panel_focus("panel")
    assert signal.args == ["panel"] and view.panel_focus == "panel"
    with qtbot.assertNotEmitted(view.panel_focus_changed):
        view.set_panel_focus("panel")
    with pytest.raises(ValueError, match="panel focus"):
        view.set_panel_focus("chart")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_ctrl_2_shows_why_it_peaks_whole_while_presenting_and_esc_gives_the_chart_back(qtbot, size):
    window = _projector(qtbot, size)
    slider = focus(qtbot, window.controls["p"].slider)
    qtbot.keyClick(slider, K.Key_2, CTRL)
    qtbot.waitUntil(lambda: window.services.view.panel_focus == "panel")
    essay = window.tabs.currentWidget()
    assert isinstance(essay, ExplanationView) and window.current_tab() == "why-peak"
    # The layout settles in the event loop: wait for it, then the essay is whole.
    qtbot.waitUntil(lambda: not window.chart.isVisible() and essay.isVisible())
    qtbot.waitUntil(lambda: essay.verticalScrollBar().maximum() == 0)
    assert essay.document().defaultFont().pixelSize() >= 16  # and legible from the back
    problems = layout_check.check_window(
        window, layout_check.Combination(layout_check.Screen(*size), "projector", "ctrl-2")
    )
    assert not problems, problems
    qtbot.keyClick(window.focusWidget() or window, K.Key_Escape)
    qtbot.waitUntil(lambda: window.services.view.panel_focus is None)
    qtbot.waitUntil(lambda: window.chart.isVisible() and window.chart.plot_size()[1] >= 0.4 * window.height())


def test_play_while_presenting_shows_the_run_whole(qtbot):
    window = _projector(qtbot)
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_Space)
    qtbot.waitUntil(lambda: window.services.view.panel_focus == "run")
    assert window.token_run.player.playing
    qtbot.waitUntil(lambda: not window.chart.isVisible() and window.token_run.isVisible())
    scroll = window.token_run_scroll
    qtbot.waitUntil(lambda: window.token_run.minimumSizeHint().height() <= scroll.viewport().height())
    window.token_run.player.pause()
    qtbot.keyClick(window.focusWidget() or window, K.Key_Escape)
    qtbot.waitUntil(lambda: window.services.view.panel_focus is None)
    assert window.chart.isVisible()


def test_outside_the_presenting_layout_a_tab_stays_in_its_place(qtbot):
    window = open_window(qtbot, size=(1600, 1000))
    slider = focus(qtbot, window.controls["p"].slider)
    qtbot.keyClick(slider, K.Key_2, CTRL)
    qtbot.waitUntil(lambda: window.current_tab() == "why-peak")
    assert window.services.view.panel_focus is None
    assert window.chart.isVisible() and window.tabs.isVisible()
