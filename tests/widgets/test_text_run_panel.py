"""The real-text run: built off the GUI thread, replayed cycle by cycle, and "Use this p"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from specdec_desktop.model.text_run import PROMPT
from specdec_desktop.state.text_run_state import COMPARED_POLICIES, TextRunState, TextSettings
from specdec_desktop.views.text_run_panel import TextRunPanel, cycles_html

BUILD_MS = 30_000  # the build and five runs take about 2 s on a quiet machine


@pytest.fixture
def panel(qtbot):
    state = TextRunState()
    widget = TextRunPanel(state)
    qtbot.addWidget(widget)
    yield state, widget
    state.shutdown()


def test_the_models_build_on_a_worker_when_first_shown(panel, qtbot):
    state, widget = panel
    progress = []
    state.progress_changed.connect(progress.append)
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS) as ready:
        widget.show()  # the first sight starts the build; the GUI thread does not wait for it
        assert state.result is None
        assert widget.findChild(QWidget, "textProgress").isVisible()
    result = ready.args[0]
    assert progress and progress[-1] == pytest.approx(1.0)
    assert [policy for policy, _run in result.policies] == list(COMPARED_POLICIES)
    assert state.shown == len(result.run.cycles)
    figures = widget.findChild(QLabel, "textRunFigures").text()
    assert f"{result.run.tokens} characters in {len(result.run.cycles)} cycles" in figures
    assert result.best_fixed.speedup >= result.run.speedup
    assert widget.findChild(QLabel, "textPolicyVerdict").text()
    state.set_discarded_shown(False)
    written = widget.findChild(QWidget, "textRunText").toPlainText().replace("↵", "").replace("\u00a0", " ")
    assert written == PROMPT + result.run.text


def test_new_settings_simulate_again_and_drop_the_stale_run(panel, qtbot):
    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS) as ready:
        widget.findChild(QWidget, "textDraftOrderInput").setValue(1)
        state.set_settings(seed=7)  # supersedes the run for draft order 1 alone
        assert state.result is None
    assert ready.args[0].settings == TextSettings(draft_order=1, seed=7)
    assert state.result.run.draft_order == 1


def test_play_replays_the_finished_run_cycle_by_cycle(panel, qtbot):
    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    qtbot.mouseClick(widget.findChild(QWidget, "textPlayButton"), Qt.MouseButton.LeftButton)
    assert state.shown == 0 and state.playing
    qtbot.waitUntil(lambda: state.shown >= 2, timeout=5000)
    state.show_all()
    assert not state.playing and state.shown == len(state.result.run.cycles)


def test_the_thrown_away_guesses_can_be_hidden(panel, qtbot):
    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    text = widget.findChild(QWidget, "textRunText")
    shown = text.toPlainText()
    widget.findChild(QWidget, "textShowThrownAway").setChecked(False)
    assert not state.discarded_shown
    hidden = text.toPlainText()
    assert len(hidden) < len(shown)


def test_the_html_marks_each_kind_of_character():
    from specdec_desktop.model.text_run import TextCycle
    from specdec_desktop.theme import LIGHT

    cycles = (TextCycle((0, 1, 2), 1, 3, (0.5,) * 3, (0.9,) * 3),)
    html = cycles_html(lambda ids: "".join("abcd"[i] for i in ids), "> ", cycles, LIGHT)
    for colour in (LIGHT.token_accepted, LIGHT.token_rejected, LIGHT.token_discarded, LIGHT.token_bonus):
        assert colour in html
    assert html.count("line-through") == 2
    bare = cycles_html(lambda ids: "".join("abcd"[i] for i in ids), "> ", cycles, LIGHT, thrown_away=False)
    assert LIGHT.token_rejected not in bare


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"draft_order": 6}, "draft order"),
        ({"k": 0}, "k"),
        ({"temperature": 1e6}, "temperature"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(values, named):
    state = TextRunState()
    with pytest.raises(ValueError, match=named):
        state.set_settings(**values)
    assert state.settings == TextSettings()


def test_use_this_p_sets_the_main_controls(qtbot):
    from ..support.window import LAPTOP, open_window

    window = open_window(qtbot, size=LAPTOP, active=False)
    state = window.app_state.text_run
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        window.show_tab("sampling")
    qtbot.mouseClick(window.findChild(QWidget, "textUseButton"), Qt.MouseButton.LeftButton)
    run = state.result.run
    assert window.app_state.parameters.params.p == pytest.approx(round(run.acceptance, 3))
    assert window.app_state.parameters.params.k == run.k
