"""The "One run, token by token" area: controls, shortcuts, captions, totals, themes, and bounded memory."""

from __future__ import annotations

import gc
import itertools
import resource
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QSlider, QWidget

from specdec_desktop.model import Parameters, race_totals
from specdec_desktop.shortcuts import SHORTCUTS, by_id
from specdec_desktop.state import AppState
from specdec_desktop.state.player import MAX_TICK_SECONDS, SPEEDS
from specdec_desktop.theme import LIGHT, PROJECTOR
from specdec_desktop.views.token_run import TokenRunView
from specdec_desktop.views.token_run.race_lanes import lane_scale
from specdec_desktop.views.token_run.strip import cell_size
from specdec_desktop.views.token_run.totals_panel import format_totals
from specdec_desktop.views.token_run.view import START_HINT
from specdec_desktop.wording.run_captions import describe_token, narrate

from ..support.clock import FakeClock


@pytest.fixture
def view(qtbot):
    seeds = iter(range(1000, 100_000, 13))
    clock = FakeClock()
    state = AppState(Parameters(), seed=3948, draw_seed=lambda: next(seeds), clock=clock)
    parameters, player = state.parameters, state.player
    widget = TokenRunView(state.run, player, LIGHT)
    widget.install_shortcuts(widget)  # the view's own keys (a window binds them once, on itself)
    state.setParent(widget)  # the state lives and dies with the view, as with a main window
    qtbot.addWidget(widget)
    widget.resize(1300, 420)
    widget.show()
    qtbot.waitExposed(widget)
    widget.parameters, widget.clock = parameters, clock
    yield widget
    player.pause()


def play_for(view: TokenRunView, seconds: float, tick: float = 1 / 60) -> None:
    for _ in range(round(seconds / tick)):
        view.clock.now += tick
        view.player.tick()


# -- controls -----------------------------------------------------------------------------


def test_buttons_drive_the_player(view, qtbot) -> None:
    controls, player = view.controls, view.player
    qtbot.mouseClick(controls.play, Qt.MouseButton.LeftButton)
    assert player.playing and controls.play.text() == "Pause"
    play_for(view, 0.5)
    qtbot.mouseClick(controls.play, Qt.MouseButton.LeftButton)
    assert not player.playing and controls.play.text() == "Play"
    held = player.position
    qtbot.mouseClick(controls.step, Qt.MouseButton.LeftButton)
    assert player.position == int(held) + 1
    qtbot.mouseClick(controls.restart, Qt.MouseButton.LeftButton)
    assert player.position == 0.0


def test_speed_list_sets_the_speed_and_follows_it(view) -> None:
    combo = view.controls.speed
    assert [combo.itemData(i) for i in range(combo.count())] == list(SPEEDS)
    combo.activated.emit(combo.findData(4.0))
    assert view.player.speed == 4.0
    view.player.set_speed(0.5)
    assert combo.currentData() == 0.5


def test_seed_box_and_new_seed_button(view, qtbot) -> None:
    box = view.controls.seed
    assert box.value() == 3948
    view.player.seek(30.0)
    box.setValue(77)
    assert view.run.seed == 77 and view.player.position == 0.0
    qtbot.mouseClick(view.controls.new_seed, Qt.MouseButton.LeftButton)
    assert view.run.seed == 1000 and box.value() == 1000
    view.run.set_seed(5)
    assert box.value() == 5


def test_parameter_change_restarts_with_same_seed_and_keeps_playing(view, qtbot) -> None:
    view.player.play()
    play_for(view, 3.0)
    with qtbot.waitSignal(view.run.trace_changed):  # once the parameters have rested
        view.parameters.set(k=3, p=0.6)
        assert view.run.pending and view.run.stream.params.k == 6
    assert view.player.playing and view.player.position == 0.0
    assert view.run.seed == 3948 and view.run.stream.params.k == 3
    play_for(view, 2.0)
    assert view.strip.strip_layout().k == 3


# -- keyboard -----------------------------------------------------------------------------


def test_shortcut_table_is_consistent() -> None:
    actions = [entry.id for entry in SHORTCUTS]
    assert len(actions) == len(set(actions))
    keys = [QKeySequence(key).toString() for entry in SHORTCUTS for key in entry.keys]
    assert len(keys) == len(set(keys)) and all(keys)
    keys = [QKeySequence(key).toString() for entry in SHORTCUTS if entry.group == "Run" for key in entry.keys]
    # The run's keys leave free those the sliders and presentation clickers need.
    reserved = {"Left", "Right", "Up", "Down", "PgUp", "PgDown", "Home", "End", "B", ".", "F5", "Esc"}
    assert not reserved & set(keys)
    assert by_id("run.play_pause").keys == ("Space",)
    with pytest.raises(KeyError):
        by_id("run.nothing")


def _press(view: TokenRunView, qtbot, action: str) -> None:
    qtbot.keyClick(view.window().focusWidget() or view, QKeySequence(by_id(action).keys[0])[0].key())


@pytest.fixture
def focused(view, qtbot):
    """The view's window active, with the strip focused (shortcuts apply to the whole window)."""
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    view.strip.setFocus()
    return view


def test_space_plays_and_pauses_and_n_steps(focused, qtbot) -> None:
    view = focused
    qtbot.keyClick(view.strip, Qt.Key.Key_Space)
    assert view.player.playing
    qtbot.keyClick(view.strip, Qt.Key.Key_Space)
    assert not view.player.playing
    qtbot.keyClick(view.strip, Qt.Key.Key_N)
    qtbot.keyClick(view.strip, Qt.Key.Key_N)
    assert view.player.position == 2.0
    qtbot.keyClick(view.strip, Qt.Key.Key_BracketRight)
    assert view.player.speed == 2.0
    qtbot.keyClick(view.strip, Qt.Key.Key_BracketLeft)
    assert view.player.speed == 1.0
    qtbot.keyClick(view.strip, Qt.Key.Key_R)
    assert view.player.position == 0.0
    qtbot.keyClick(view.strip, Qt.Key.Key_D)
    assert view.run.seed == 1000


def test_space_presses_a_focused_button_instead(focused, qtbot) -> None:
    view = focused
    view.controls.step.setFocus()
    qtbot.keyClick(view.controls.step, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: view.player.position == 1.0)
    assert not view.player.playing


def test_arrow_keys_move_the_selection_on_a_focused_strip(focused, qtbot) -> None:
    view = focused
    view.player.seek(view.player.timeline.cycle_start(3) + 2)
    qtbot.keyClick(view.strip, Qt.Key.Key_Left)
    assert view.strip.selected == (3, 2)  # starts from the newest token
    qtbot.keyClick(view.strip, Qt.Key.Key_Left)
    qtbot.keyClick(view.strip, Qt.Key.Key_Left)
    qtbot.keyClick(view.strip, Qt.Key.Key_Left)
    # Cycle 3's first guess was rejected: its slot past the guesses is empty and is stepped over.
    assert view.strip.selected == (2, 5)
    assert view.caption.text().startswith("Guess 6 of cycle 3: discarded")


# -- what the area says ---------------------------------------------------------------------


def test_start_hint_then_narration(view) -> None:
    assert view.strip._hint == START_HINT
    view.player.play()
    assert view.strip._hint == ""
    play_for(view, 0.1)
    assert view.caption.text().startswith("Now, cycle 1: the draft model guesses token 1 of 6")
    play_for(view, 1.5)  # 1.6 passes: the check runs from 0.9 to 1.9
    assert "checks all 6 guesses" in view.caption.text()
    play_for(view, 0.4)
    assert "Last check, cycle 1: 2 of 6 accepted, guess 3 rejected and corrected" in view.caption.text()


def test_hover_and_click_describe_a_token(view, qtbot) -> None:
    view.player.seek(view.player.timeline.cycle_start(2))
    # The run's panels settle their widths in posted layout requests: measure after them, or the
    # token has moved (981 px wide, then 922) before the pointer reaches it.
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    rect = view.strip.token_rect(0, 2)
    point = QPoint(int(rect.center().x()), int(rect.center().y()))
    qtbot.mouseMove(view.strip, point)
    qtbot.waitUntil(lambda: view.strip.hovered == (0, 2))
    assert view.caption.text().startswith("Guess 3 of cycle 1: rejected, and replaced by the big model's own")
    qtbot.mouseClick(view.strip, Qt.MouseButton.LeftButton, pos=point)
    assert view.strip.selected == (0, 2)
    other = view.strip.token_rect(1, 6)
    qtbot.mouseMove(view.strip, QPoint(int(other.center().x()), int(other.center().y())))
    assert view.caption.text().startswith("Guess 3 of cycle 1")  # the selection wins over hovering
    qtbot.mouseClick(view.strip, Qt.MouseButton.LeftButton, pos=point)  # click again: unselect
    assert view.strip.selected is None


@pytest.mark.parametrize(
    ("cycle", "slot", "start"),
    [
        (0, 0, "Guess 1 of cycle 1: accepted."),
        (0, 2, "Guess 3 of cycle 1: rejected, and replaced by the big model's own token, its correction"),
        (0, 4, "Guess 5 of cycle 1: discarded. Guess 3 before it was rejected"),
        (1, 6, "Cycle 2, the big model's own token: a bonus. All 6 guesses were accepted"),
        (3, 1, "Guess 2 of cycle 4: drafted, waiting"),
        (3, 2, "Guess 3 of cycle 4: the draft model is producing it now"),
    ],
)
def test_captions_in_words(view, cycle: int, slot: int, start: str) -> None:
    head = view.player.timeline.playhead(view.player.timeline.cycle_start(3) + 2.5)
    assert describe_token(view.run.stream, head, cycle, slot).startswith(start)
    assert describe_token(view.run.stream, head, 3, 4) is None  # not drafted yet
    # After a rejection the slot after the guesses stays empty: the cycle is k long, not k + 1.
    assert describe_token(view.run.stream, head, 0, 6) is None
    assert narrate(view.run.stream, head).startswith("Now, cycle 4")


def test_totals_panel_and_lanes_show_the_race(view) -> None:
    view.player.play()
    play_for(view, 25.0)
    totals = race_totals(view.run.stream, view.player.playhead)
    for name, text in format_totals(totals).items():
        assert view.totals.figures[name].text() == text
    assert view.totals.figures["specTokens"].text() == str(totals.speculative_tokens)
    assert totals.speculative_tokens > totals.plain_tokens > 0  # speculation pays at the defaults
    assert "plain decoding" in view.lanes.accessibleDescription()


def test_lane_scale_keeps_both_bars_on_one_whole_pixel_scale() -> None:
    assert lane_scale(1000, 10, 12) == (12.0, True)  # few tokens: capped cell, with gaps
    per, separated = lane_scale(1000, 300, 12)
    assert per == 2.0 and not separated
    per, _ = lane_scale(1000, 5000, 12)
    assert per * 5000 <= 1000  # past a pixel a token, a round number of tokens fills the bar


# -- themes and the main window -----------------------------------------------------------


def test_apply_theme_restyles_the_strip(view) -> None:
    small = view.strip.painter.cell
    view.apply_theme(PROJECTOR)
    assert view.strip.painter.cell == cell_size(PROJECTOR) > small
    assert view.strip.painter.colours.text.name() == PROJECTOR.text.lower()


def test_main_window_hosts_the_run_and_shows_it_on_a_shortcut(qtbot) -> None:
    from specdec_desktop.app import create_main_window

    window = create_main_window([])
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    area = window.findChild(QWidget, "tokenRun")
    assert isinstance(area, TokenRunView)
    index = window.tabs.indexOf(window.token_run_scroll)
    assert window.tabs.tabToolTip(index) == "One run, token by token"
    assert window.tabs.tabText(index) in ("One run, token by token", "One run", "Run")  # short when narrow
    assert window.token_run_scroll.widget() is area
    window.tabs.setCurrentIndex(1)
    assert not area.isVisible()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    # Space from a number box (which would otherwise swallow it) plays the run and shows its tab.
    box = window.findChild(QAbstractSpinBox, "draftLengthInput")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert area.isVisible() and area.player.playing
    assert box.value() == 6
    slider = window.findChild(QSlider, "acceptanceSlider")
    slider.setFocus()
    qtbot.keyClick(slider, Qt.Key.Key_Space)
    assert not area.player.playing
    qtbot.keyClick(slider, Qt.Key.Key_N)
    assert area.player.position == int(area.player.position) and area.player.position >= 1
    window.state.set(k=9)
    qtbot.waitUntil(lambda: not area.run.pending)
    assert area.run.stream.params.k == 9 and area.player.position == 0.0
    window.apply_theme(PROJECTOR)
    assert area.strip.painter.cell == cell_size(window.theme)  # the projector theme fitted to the window
    assert window.theme.name == "projector"


# -- a long run in bounded memory ---------------------------------------------------------


def _peak_resident_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="peak resident size is read in KiB on Linux")
def test_an_hour_at_top_speed_stays_in_bounded_memory(qtbot) -> None:
    """One hour of wall time at 8× (an accelerated clock), with small blocks so many are dropped.

    After a warm-up tenth of the hour, neither the peak resident size nor the
    count of live Python objects may grow: the strip, the trace and the totals
    hold a bounded window of the run, however long it gets.
    """
    clock = FakeClock()
    # Short cycles (the most of them) and small blocks.
    state = AppState(Parameters(k=2, p=0.6, c=0.05), seed=1, clock=clock, block_cycles=512)
    run, player = state.run, state.player
    view = TokenRunView(run, player, LIGHT)
    qtbot.addWidget(view)
    view.resize(1600, 500)
    view.show()
    qtbot.waitExposed(view)
    player.set_speed(SPEEDS[-1])
    player.play()
    hour_ticks = round(3600 / MAX_TICK_SECONDS)
    try:
        for tick in range(hour_ticks):
            clock.now += MAX_TICK_SECONDS
            player.tick()
            if tick % 300 == 0:
                view.repaint()  # paint now, as the screen would
                assert run.stream.retained_blocks <= run.stream.keep_blocks
            if tick == hour_ticks // 10:
                gc.collect()
                resident, objects = _peak_resident_kib(), len(gc.get_objects())
    finally:
        player.pause()
    gc.collect()
    assert player.passes == pytest.approx(3600 * SPEEDS[-1], rel=1e-6)
    cycles = player.playhead.cycle
    assert cycles > 40 * 512  # the run went through dozens of blocks...
    assert run.stream.blocks_drawn < 4 * (cycles // 512 + 1)  # ...drawing each a few times at most
    assert _peak_resident_kib() - resident < 10 * 1024  # ...and memory did not grow with it
    assert len(gc.get_objects()) - objects < 500


def test_run_buttons_show_icons_alone_rather_than_cut_names(view, qtbot) -> None:
    controls = view.controls
    buttons = (controls.play, controls.step, controls.restart, controls.new_seed)
    assert not controls.compact
    assert all(b.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon for b in buttons)
    view.resize(420, view.height())  # too narrow for the names
    qtbot.waitUntil(lambda: controls.compact)
    assert all(b.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly for b in buttons)
    assert all(b.toolTip() and b.accessibleName() for b in buttons)  # the names are still there
    view.resize(1300, view.height())
    qtbot.waitUntil(lambda: not controls.compact)
    # With room, every name shows whole once the row is laid out again.
    qtbot.waitUntil(lambda: all(b.width() >= b.sizeHint().width() for b in buttons))


def test_simulate_now_converges_on_the_formula_with_its_error(view, qtbot) -> None:
    """1,000 / 10,000 / 100,000 cycles at once: each line within 4 standard errors of S, errors shrink."""
    import re

    from specdec_desktop.model import readouts

    expected = readouts(view.run.stream.params).speedup
    errors = []
    for count, button in view.simulate_now.buttons.items():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        line = view.simulate_now.result.text().splitlines()[-1]
        assert line.startswith(f"{count:,} cycles: ")
        speedup, error = (float(x) for x in re.findall(r"([\d.]+)× ± ([\d.]+)", line)[0])
        assert abs(speedup - expected) <= 4 * error
        errors.append(error)
    assert errors[0] > errors[1] > errors[2] > 0
    assert len(view.simulate_now.result.text().splitlines()) == 3
    view.run.set_seed(view.run.seed + 1)  # another run: the lines were about the old one
    assert view.simulate_now.result.text() == ""


# -- crowded (a scene about the run, zoomed in) -------------------------------------------


def test_a_crowded_run_steps_its_parts_aside_in_order_and_back(view, qtbot) -> None:
    from specdec_desktop.views.token_run.view import CROWD_STEPS

    play_for(view, 8.0)
    view.player.pause()
    whole_height = view.minimumSizeHint().height()
    narration = view.caption.text()
    heights = []
    for level in range(len(CROWD_STEPS) + 1):
        view.set_crowding(level)
        view.layout().activate()
        heights.append(view.layout().totalHeightForWidth(view.width()))
    # Each step gives height back; the last leaves the race, the strip, the speedup and the legend.
    assert all(after <= before for before, after in itertools.pairwise(heights)), heights
    assert heights[-1] < heights[2] < heights[0]
    for part in (view.lanes, view.strip, view.totals, view.legend):
        assert part.isVisible()
    assert not view.controls.isVisible() and not view.simulate_now.isVisible()
    assert not view.caption.isVisible()
    # The totals keep the measured speedup; the rest is their tooltip.
    assert view.totals.figures["achievedSpeedup"].isVisible()
    assert not view.totals.figures["expectedSpeedup"].isVisible()
    assert view.totals.figures["expectedSpeedup"].text() in view.totals.toolTip()
    # The legend paints the short names; the long ones are its tooltip.
    assert view.legend.names() == ["pending", "accepted", "correction", "discarded", "bonus"]
    assert "thrown away" in view.legend.toolTip()
    # One step back: the narration on one line, elided, the whole sentence its tooltip.
    view.set_crowding(CROWD_STEPS.index("narration") + 1)
    view.resize(500, view.height())
    qtbot.waitUntil(lambda: view.caption.toolTip() != "")
    assert view.caption.isVisible() and not view.caption.wordWrap()
    assert view.caption.text().endswith("…") and view.caption.toolTip() == narration
    # And the whole view again.
    view.set_crowding(0)
    assert view.caption.wordWrap() and view.caption.text() == narration and view.caption.toolTip() == ""
    assert view.totals.toolTip() == "" and view.legend.toolTip() == ""
    assert view.controls.isVisible() and view.totals.figures["expectedSpeedup"].isVisible()
    assert view.minimumSizeHint().height() == whole_height
