"""The view-state owner and the undo history, without a window."""

from __future__ import annotations

import pytest

from specdec_desktop.model import Parameters
from specdec_desktop.state import ParameterState
from specdec_desktop.state.history import MERGE_SECONDS, ParameterHistory
from specdec_desktop.state.view_state import ViewState
from specdec_desktop.view_options import ZOOM_LEVELS, zoom_in, zoom_out

from ..support.clock import FakeClock


@pytest.fixture
def history(qapp):
    state = ParameterState()
    clock = FakeClock(100.0)
    return ParameterHistory(state, clock=clock), state, clock


def test_zoom_steps():
    assert zoom_in(1.0) == 1.1 and zoom_out(1.0) == 0.9
    assert zoom_in(ZOOM_LEVELS[-1]) == ZOOM_LEVELS[-1] and zoom_out(ZOOM_LEVELS[0]) == ZOOM_LEVELS[0]
    assert zoom_in(1.03) == 1.1 and zoom_out(1.03) == 1.0  # off-grid values snap to the next step


def test_zooming_in_stops_where_the_layout_is_checked_and_a_file_may_ask_for_more(qtbot):
    """Ctrl+= stops at 200 % (the layout check's largest zoom); a scenario written with 250 %
    still opens, and Ctrl+- from there comes back onto the steps."""
    view = ViewState()
    for _ in range(20):
        view.zoom_in()
    assert view.zoom == ZOOM_LEVELS[-1] == 2.0
    view.set_zoom(2.5)
    view.zoom_out()
    assert view.zoom == 2.0


def test_view_state_emits_only_on_change(qtbot):
    view = ViewState()
    with qtbot.waitSignal(view.zoom_changed) as blocker:
        view.zoom_in()
    assert blocker.args == [1.1]
    with qtbot.assertNotEmitted(view.zoom_changed):
        view.set_zoom(1.1)
    with pytest.raises(ValueError, match="zoom must lie between"):
        view.set_zoom(7)
    with pytest.raises(ValueError, match="theme must be one of"):
        view.set_theme_choice("neon")
    assert view.zoom == 1.1 and view.theme_choice == "system"


def test_theme_follows_the_system_only_when_asked(qtbot):
    view = ViewState()
    assert view.theme_name == "light"
    with qtbot.waitSignal(view.theme_changed):
        view.set_system_dark(True)
    assert view.theme_name == "dark"
    view.set_theme_choice("projector")
    with qtbot.assertNotEmitted(view.theme_changed):
        view.set_system_dark(False)
    assert view.theme_name == "projector"
    view.set_theme_choice("system")
    assert view.theme_name == "light"


def test_view_reset_keeps_what_the_presenter_is_doing(qtbot):
    view = ViewState()
    view.set_theme_choice("projector")
    view.set_zoom(2.0)
    view.set_fullscreen(True)
    view.set_tour(True, 3)
    view.reset()
    assert (view.theme_choice, view.zoom) == ("system", 1.0)
    assert view.fullscreen and view.tour_active and view.tour_scene == 3


def test_each_deliberate_change_is_one_step(history):
    hist, state, clock = history
    state.set(k=7)
    clock.advance(MERGE_SECONDS * 2)
    state.set(k=8)
    clock.advance(MERGE_SECONDS * 2)
    state.set(p=0.5)
    assert hist.stack.count() == 3
    hist.stack.undo()
    assert state.params == Parameters(k=8)
    hist.stack.undo()
    hist.stack.undo()
    assert state.params == Parameters()
    assert not hist.stack.canUndo()
    hist.stack.redo()
    hist.stack.redo()
    hist.stack.redo()
    assert state.params == Parameters(k=8, p=0.5)


def test_a_held_key_is_one_step_but_another_parameter_is_not(history):
    hist, state, clock = history
    for k in range(7, 15):
        clock.advance(MERGE_SECONDS / 3)
        state.set(k=k)
    clock.advance(MERGE_SECONDS / 3)
    state.set(c=0.2)
    assert hist.stack.count() == 2
    hist.stack.undo()
    hist.stack.undo()
    assert state.params == Parameters()


def test_a_drag_is_one_step_and_a_round_trip_drag_is_none(history):
    hist, state, clock = history
    hist.begin_gesture()
    for p in (0.7, 0.6, 0.5, 0.4):
        clock.advance(5.0)  # slow drag: time does not split it
        state.set(p=p)
    hist.end_gesture()
    assert hist.stack.count() == 1
    hist.begin_gesture()
    state.set(p=0.5)
    state.set(p=0.4)
    hist.end_gesture()
    assert hist.stack.count() == 1  # ended where it began: dropped
    hist.stack.undo()
    assert state.params == Parameters()


def test_a_labelled_step_never_merges(history):
    hist, state, _clock = history
    state.set(k=7)
    with hist.step("Reset parameters"):
        state.set(k=6)
    assert hist.stack.count() == 2
    assert hist.stack.undoText() == "Reset parameters"
    hist.stack.undo()
    assert state.params.k == 7


def test_undoing_does_not_record_itself_and_a_new_change_drops_redo(history):
    hist, state, clock = history
    state.set(k=9)
    hist.stack.undo()
    assert hist.stack.count() == 1 and hist.stack.canRedo()
    clock.advance(0.01)
    state.set(k=10)  # right after the undo: a new step, not merged into anything
    assert not hist.stack.canRedo()
    hist.stack.undo()
    assert state.params.k == 6
