"""Keyboard and clicker: the one shortcut table, keys that work whatever has focus, the tour keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from specdec_desktop.model import Parameters
from specdec_desktop.scenario import default_tour_path, load_tour
from specdec_desktop.shortcuts import GROUPS, SHORTCUTS

from ..support.window import focus, open_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
TOUR = load_tour(default_tour_path())


# -- the table --------------------------------------------------------------------------------


def test_table_is_complete_and_unambiguous():
    ids = [row.id for row in SHORTCUTS]
    assert len(ids) == len(set(ids))
    bound: dict[str, str] = {}
    for row in SHORTCUTS:
        assert row.group in GROUPS
        assert row.keys, f"{row.id} has no shortcut"
        assert row.description and row.text
        for text in row.keys:
            sequence = QKeySequence(text)
            assert not sequence.isEmpty(), f"{row.id}: {text!r} does not parse"
            portable = sequence.toString()
            assert portable not in bound, f"{text} is bound to {bound.get(portable)} and {row.id}"
            bound[portable] = row.id
    for needed in ("PgDown", "PgUp", "Right", "Left", "B", ".", "F5", "Esc", "F11", "F1"):
        assert QKeySequence(needed).toString() in bound, needed
    for needed in ("Ctrl+=", "Ctrl+-", "Ctrl+0", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+R", "Ctrl+S", "Ctrl+O"):
        assert QKeySequence(needed).toString() in bound, needed


def test_window_actions_and_menus_come_from_the_table(qtbot):
    window = open_window(qtbot)
    actions = window.services.actions
    assert set(actions) == {row.id for row in SHORTCUTS}
    for row in SHORTCUTS:
        assert [s.toString() for s in actions[row.id].shortcuts()] == [
            QKeySequence(k).toString() for k in row.keys
        ]
        assert actions[row.id] in window.actions()  # works with the menu bar hidden
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles == list(GROUPS)
    # Menus are found as children, not by QAction.menu(): under PySide6 6.8 that call can leave a
    # second wrapper whose collection deletes the menu.
    all_menus = window.findChildren(QMenu)
    bar = window.menuBar().actions()
    in_menus = {
        a for menu in all_menus if menu.menuAction() in bar for a in menu.actions() if not a.isSeparator()
    }
    # View ▸ Language is a submenu of languages (window_services/language_menu.py), not table rows.
    nested = [menu for menu in all_menus if menu.menuAction() in in_menus]
    assert [menu.objectName() for menu in nested] == ["menuLanguage"]
    submenus = {menu.menuAction() for menu in nested}
    assert in_menus - submenus == set(actions.values())


def test_help_overlay_lists_every_shortcut(qtbot):
    window = open_window(qtbot)
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_F1)
    overlay = window.services.help
    assert overlay.isVisible() and window.services.view.help_visible
    listed = {label.objectName().removeprefix("keys:") for label in overlay.key_labels}
    assert listed == {row.id for row in SHORTCUTS}
    for label in overlay.key_labels:
        row = next(r for r in SHORTCUTS if r.id == label.objectName().removeprefix("keys:"))
        assert QKeySequence(row.keys[0]).toString(QKeySequence.SequenceFormat.NativeText) in label.text()
    qtbot.keyClick(window.focusWidget(), K.Key_Escape)
    assert not overlay.isVisible()
    assert slider.hasFocus()  # focus goes back where it was


# -- shortcuts from a focused slider ----------------------------------------------------------


def test_shortcuts_work_from_a_focused_slider(qtbot):
    window = open_window(qtbot)
    presenter = window.services
    slider = focus(qtbot, window.controls["p"].slider)
    qtbot.keyClick(slider, K.Key_Left)  # the slider itself: one step down
    assert window.state.params.p == pytest.approx(0.74)
    qtbot.keyClick(slider, K.Key_Z, CTRL)
    assert window.state.params.p == 0.75
    qtbot.keyClick(slider, K.Key_Z, CTRL | SHIFT)
    assert window.state.params.p == pytest.approx(0.74)
    qtbot.keyClick(slider, K.Key_R, CTRL)
    assert window.state.params == Parameters()
    qtbot.keyClick(slider, K.Key_Equal, CTRL)
    assert presenter.view.zoom == 1.1
    qtbot.keyClick(slider, K.Key_0, CTRL)
    assert presenter.view.zoom == 1.0
    qtbot.keyClick(slider, K.Key_P, CTRL | SHIFT)
    assert presenter.view.theme_name == "projector"
    qtbot.keyClick(slider, K.Key_C, Qt.KeyboardModifier.AltModifier)
    assert window.controls["c"].entry.hasFocus()  # the number box: a typed value goes in (issue 21)


def test_undo_beats_the_entry_box_own_undo(qtbot):
    window = open_window(qtbot)
    entry = focus(qtbot, window.controls["k"].entry)
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), "9")
    qtbot.keyClick(entry, K.Key_Return)
    assert window.state.params.k == 9
    qtbot.keyClick(entry, K.Key_Z, CTRL)
    assert window.state.params.k == 6
    assert entry.value() == 6


# -- the tour and the clicker -----------------------------------------------------------------


@pytest.mark.parametrize("entry_name", ["k", "p"])
def test_clicker_pages_through_scenes_while_an_entry_box_has_focus(qtbot, entry_name):
    window = open_window(qtbot)
    view = window.services.view
    entry = focus(qtbot, window.controls[entry_name].entry)
    qtbot.keyClick(entry, K.Key_F5)
    assert view.tour_active and view.tour_scene == 0
    assert window.state.params == TOUR.scenes[0].parameters
    assert entry.hasFocus()
    qtbot.keyClick(entry, K.Key_PageDown)
    assert view.tour_scene == 1
    assert window.state.params == TOUR.scenes[1].parameters  # not stepped by the entry box
    # An essay scene hides the box: the keys go wherever the focus went, as a clicker's do.
    for key_code in (K.Key_PageDown, K.Key_Right):
        qtbot.keyClick(QApplication.focusWidget() or window, key_code)
    assert view.tour_scene == 3
    for key_code in (K.Key_PageUp, K.Key_Left):
        qtbot.keyClick(QApplication.focusWidget() or window, key_code)
    assert view.tour_scene == 1
    assert window.state.params == TOUR.scenes[1].parameters
    banner = window.services.banner
    assert banner.isVisible() and banner.caption.text() == TOUR.scenes[1].caption
    assert not window.title_label.isVisible() and not window.subtitle_label.isVisible()
    assert banner.counter.text().startswith(f"Scene 2 of {len(TOUR.scenes)}")


def test_clicker_keys_from_a_focused_slider_and_the_ends_of_the_tour(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_F5)
    qtbot.keyClick(slider, K.Key_PageUp)
    assert view.tour_scene == 0  # stays at the first scene
    for _ in range(len(TOUR.scenes) + 3):
        qtbot.keyClick(slider, K.Key_PageDown)
    assert view.tour_scene == len(TOUR.scenes) - 1
    assert "last scene" in window.statusBar().currentMessage()


def test_arrows_on_a_focused_slider_move_the_slider_not_the_scene(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_F5)
    assert view.tour_scene == 0
    k = window.state.params.k
    qtbot.keyClick(slider, K.Key_Right)
    assert view.tour_scene == 0 and window.state.params.k == k + 1
    qtbot.keyClick(slider, K.Key_Left)
    assert view.tour_scene == 0 and window.state.params.k == k
    qtbot.keyClick(slider, K.Key_PageDown)  # the clicker still moves the tour
    assert view.tour_scene == 1


def test_the_last_scene_says_the_tour_is_over(qtbot):
    window = open_window(qtbot)
    window.services.tour.start(len(TOUR.scenes) - 1)
    banner = window.services.banner
    assert "(the last)" in banner.counter.text()
    assert "The tour is over" in banner.keys.text()
    window.services.tour.start(0)
    assert "The tour is over" not in banner.keys.text()


def test_space_plays_and_pauses_after_a_click_on_restart_or_new_seed(qtbot):
    window = open_window(qtbot)
    player = window.token_run.player
    controls = window.token_run.controls
    for button in (controls.restart, controls.new_seed):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert not button.hasFocus()
        playing = player.playing
        qtbot.keyClick(window.focusWidget() or window, K.Key_Space)
        assert player.playing != playing
        qtbot.keyClick(window.focusWidget() or window, K.Key_Space)
        assert player.playing == playing


def test_scene_tabs_and_the_animation_hook(qtbot, monkeypatch):
    window = open_window(qtbot)
    calls = []
    monkeypatch.setattr(
        window, "show_token_run", lambda play, seed=None, speed=1.0: calls.append((play, seed))
    )
    presenter = window.services
    index = next(i for i, scene in enumerate(TOUR.scenes) if scene.animation is not None)
    presenter.tour.start(index)
    assert calls == [(True, TOUR.scenes[index].animation.seed)]
    presenter.tour.start(0)
    assert window.current_tab() == TOUR.scenes[0].tab


def test_show_token_run_selects_the_tab(qtbot):
    window = open_window(qtbot)
    window.show_tab("acceptance")
    window.show_token_run(True, 7)
    assert window.current_tab() == "token-run"


def test_blank_screen_from_anywhere_and_the_decimal_point_exception(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    entry = focus(qtbot, window.controls["p"].entry)
    qtbot.keyClick(entry, K.Key_F5)
    qtbot.keyClick(entry, K.Key_B)
    assert view.blanked and window.services.blank.isVisible()
    qtbot.keyClick(window.focusWidget(), K.Key_B)
    assert not view.blanked
    assert entry.hasFocus()
    # "." in a number box is the decimal point, not a blank screen.
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), "0.5")
    assert not view.blanked
    qtbot.keyClick(entry, K.Key_Return)
    assert window.state.params.p == 0.5
    slider = focus(qtbot, window.controls["p"].slider)
    qtbot.keyClick(slider, K.Key_Period)
    assert view.blanked
    # A clicker's "next" on a blank screen brings the screen back without moving on.
    scene = view.tour_scene
    qtbot.keyClick(window.focusWidget(), K.Key_PageDown)
    assert not view.blanked and view.tour_scene == scene


def test_escape_steps_back_one_layer_at_a_time(qtbot):
    window = open_window(qtbot)
    view = window.services.view
    slider = focus(qtbot, window.controls["c"].slider)
    qtbot.keyClick(slider, K.Key_F11)
    qtbot.keyClick(slider, K.Key_F5)
    qtbot.keyClick(slider, K.Key_B)
    qtbot.keyClick(window.focusWidget(), K.Key_F1)
    assert (view.help_visible, view.blanked, view.tour_active, view.fullscreen) == (True, True, True, True)
    expected = [(False, True, True, True), (False, False, True, True), (False, False, False, True)]
    expected.append((False, False, False, False))
    for state in expected:
        qtbot.keyClick(window.focusWidget() or window, K.Key_Escape)
        assert (view.help_visible, view.blanked, view.tour_active, view.fullscreen) == state
    assert not window.services.banner.isVisible() and window.title_label.isVisible()
    assert window.subtitle_label.isVisible()


def test_tour_keys_leave_the_controls_alone_when_the_tour_is_off(qtbot):
    window = open_window(qtbot)
    slider = focus(qtbot, window.controls["k"].slider)
    qtbot.keyClick(slider, K.Key_PageUp)
    assert window.state.params.k == 10  # a page step of the slider, not a scene
    entry = focus(qtbot, window.controls["k"].entry)
    qtbot.keyClick(entry, K.Key_Up)
    assert window.state.params.k == 11
    assert not window.services.view.tour_active


def test_resume_starts_at_the_last_scene_shown(qtbot):
    window = open_window(qtbot)
    tour = window.services.tour
    view = window.services.view
    tour.start(3)
    qtbot.keyClick(window, K.Key_Escape)
    assert not view.tour_active
    qtbot.keyClick(window, K.Key_F5, SHIFT)
    assert view.tour_active and view.tour_scene == 3
    qtbot.keyClick(window, K.Key_F5, CTRL)
    assert not view.tour_active


def test_reset_during_the_tour_returns_to_the_scene(qtbot):
    window = open_window(qtbot)
    window.services.tour.start(2)
    window.state.set(k=20)
    qtbot.keyClick(window, K.Key_R, CTRL)
    assert window.state.params == TOUR.scenes[2].parameters
