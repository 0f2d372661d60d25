"""The real-text run: built off the GUI thread, replayed cycle by cycle, and "Use this p"."""

from __future__ import annotations

import numpy as np
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


def test_the_draft_orders_offered_stop_one_below_the_targets_order(qtbot):
    from specdec_desktop.model.text_corpus import TARGET_ORDER

    state = TextRunState()
    widget = TextRunPanel(state)
    qtbot.addWidget(widget)
    box = widget.findChild(QWidget, "textDraftOrderInput")
    assert (box.minimum(), box.maximum()) == (1, TARGET_ORDER - 1)
    with pytest.raises(ValueError, match="draft order"):
        TextSettings(draft_order=TARGET_ORDER)
    TextSettings(draft_order=TARGET_ORDER - 1)


def _cycles(kept: list[int], k: int):
    from types import SimpleNamespace

    return SimpleNamespace(k=k, cycles=tuple(SimpleNamespace(drafted=(0,) * k, accepted=a) for a in kept))


def test_the_per_position_curve_is_the_measured_tabs_fit_of_the_same_counts():
    from specdec_desktop.measured import fit_decay, fit_measurement
    from specdec_desktop.measured.measurement import Measurement
    from specdec_desktop.state.text_run_state import per_position_curve

    # Acceptance falls with position: a_1 = 0.8, a_2 = 0.5, a_3 = 0.25 (counts 100, 80, 40, 10).
    kept = [0] * 20 + [1] * 40 + [2] * 30 + [3] * 10
    curve = per_position_curve(_cycles(kept, 3))
    measurement = Measurement(
        "csv-cycles", ("by hand",), 3, steps=100, accepted=130.0, position_counts=(80, 40, 10)
    )
    assert curve == fit_decay(fit_measurement(measurement))
    p, decay = curve
    assert 0.6 < p <= 0.85 and 0.3 < decay < 0.8  # the fitted curve falls as the rates do
    assert per_position_curve(_cycles([0] * 10, 3)) is None  # nothing accepted: no curve to fit
    assert per_position_curve(_cycles([], 3)) is None


def test_use_the_per_position_curve_asks_for_the_runs_fitted_curve(panel, qtbot):
    from specdec_desktop.state.text_run_state import per_position_curve

    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    button = widget.findChild(QWidget, "textUseCurveButton")
    assert button.isEnabled()
    with qtbot.waitSignal(widget.use_curve_requested) as asked:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert tuple(asked.args) == pytest.approx(per_position_curve(state.result.run))


def test_the_window_sets_p_and_decay_from_the_text_runs_curve_as_one_undo_step(qtbot):
    from ..support.window import LAPTOP, open_window

    window = open_window(qtbot, size=LAPTOP, active=False)
    app_state = window.app_state
    before = app_state.configuration()
    window.sampling_view.text_panel.use_curve_requested.emit(0.612345, 0.9)
    assert app_state.parameters.params.p == pytest.approx(0.6123)
    assert app_state.assumptions.assumptions.decay == pytest.approx(0.9)
    app_state.history.stack.undo()
    assert app_state.configuration() == before


def test_the_text_run_uses_the_apps_one_worker_helper():
    """No background job makes its own thread pool: state/worker.py is the one helper."""
    import ast

    from ..support.paths import PACKAGE

    for path in PACKAGE.rglob("*.py"):
        if path.name == "worker.py" and path.parent.name == "state":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert not names & {"ThreadPoolExecutor", "QThreadPool"}, path


# -- the distributions at the position shown (issue 26 item 3) ----------------------------------


def _bars_show(bars, position) -> bool:
    """Whether ``bars`` paint exactly the model's figures of ``position``."""
    return (
        np.array_equal(bars._target, position.target)
        and np.array_equal(bars._draft, position.draft)
        and np.array_equal(bars._overlap, position.overlap)
        and bars._mark is not None
        and bars._mark[0] == position.proposed
    )


def test_the_distributions_are_off_by_default_and_cost_nothing_while_hidden(panel, qtbot, monkeypatch):
    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    button = widget.findChild(QWidget, "textDistributionsButton")
    assert button.isCheckable() and not button.isChecked() and not state.distributions_shown
    assert button.accessibleName() == "Show the distributions"
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert not widget.findChild(QWidget, "textDistributions").isVisible()
    asked = []
    monkeypatch.setattr(state, "position", lambda: asked.append(1))
    for delta in (-5, 1, 1, -1):
        state.step(delta)
    state.play()
    qtbot.waitUntil(lambda: state.shown >= 2, timeout=5000)
    state.show_all()
    assert asked == []  # hidden: not one position was computed


def test_the_distributions_follow_the_steps_and_the_play(panel, qtbot):
    from specdec_desktop.model.text_positions import position_distributions

    state, widget = panel
    with qtbot.waitSignal(state.run_changed, timeout=BUILD_MS):
        widget.show()
    run = state.result.run
    button = widget.findChild(QWidget, "textDistributionsButton")
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(button.hasFocus)
    qtbot.keyClick(button, Qt.Key.Key_Space)  # from the keyboard
    assert state.distributions_shown and button.isChecked()
    assert widget.findChild(QWidget, "textDistributions").isVisible()
    bars = widget.findChild(QWidget, "textPositionBars")
    caption = widget.findChild(QLabel, "textPositionCaption")
    # Shown whole after the build: the last cycle's deciding guess.
    assert _bars_show(bars, position_distributions(run, len(run.cycles) - 1))
    step = widget.findChild(QWidget, "textStepButton")
    back = widget.findChild(QWidget, "textStepBackButton")
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)  # on from the last: the first cycle again
    assert state.shown == 1
    first = position_distributions(run, 0)
    assert _bars_show(bars, first)
    assert caption.text().startswith(f"Cycle 1, guess {first.guess + 1} of {first.guesses}")
    assert f"{first.acceptance:.3f}" in caption.text()
    for _ in range(4):
        qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert state.shown == 5 and _bars_show(bars, position_distributions(run, 4))
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert state.shown == 4 and _bars_show(bars, position_distributions(run, 3))
    state.step(-10)
    assert (
        state.shown == 0
        and caption.text() == "Play or step the run to see both models' distributions at a guess."
    )
    state.play()
    qtbot.waitUntil(lambda: state.shown >= 3, timeout=5000)
    state.step(0)  # pause where it is
    assert _bars_show(bars, position_distributions(run, state.shown - 1))
    assert not bars.grab().isNull()
    button.click()
    assert not state.distributions_shown and not widget.findChild(QWidget, "textDistributions").isVisible()


def test_the_example_script_renders_the_distributions(tmp_path):
    import os
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    from ..support.paths import ROOT

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    script = ROOT / "examples" / "text_distributions.py"
    result = subprocess.run(
        [sys.executable, str(script), str(tmp_path), "--size", "1280x800"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert len(list(tmp_path.glob("*.png"))) == 4
    image = QImage(str(tmp_path / "text-distributions-1280x800-cycle12-panel.png"))
    assert not image.isNull() and image.width() > 600
