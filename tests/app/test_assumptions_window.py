"""The assumptions in the window (issue 11): state, panel, cards, chart, undo, run, layout."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QFrame, QWidget

from specdec_desktop.model import Assumptions, Parameters, speedup
from specdec_desktop.state import AssumptionsState

from ..support.window import card_value, open_window

INPUTS = ["decayInput", "spreadInput", "verifyGrowthInput", "batchInput", "kneeInput", "overheadInput"]


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, ["--no-settings"])


def test_state_emits_only_on_a_real_change(qtbot):
    state = AssumptionsState()
    seen = []
    state.changed.connect(seen.append)
    assert state.set(spread=2.0) and seen == [Assumptions(spread=2.0)]
    assert not state.set(spread=2.0) and len(seen) == 1
    with pytest.raises(ValueError, match="decay"):
        state.set(decay=0.0)
    assert state.assumptions == Assumptions(spread=2.0) and len(seen) == 1  # nothing changed
    assert state.reset() and state.assumptions.is_default


def test_panel_is_there_collapsed_with_its_six_boxes(window):
    panel = window.findChild(QFrame, "assumptionsPanel")
    assert panel is not None and panel.isVisible()
    for name in INPUTS:
        box = window.findChild(QAbstractSpinBox, name)
        assert box is not None, name
        assert not box.isVisible()  # collapsed by default
    panel.toggle.click()
    assert all(window.findChild(QAbstractSpinBox, name).isVisible() for name in INPUTS)


def test_an_entry_box_changes_state_cards_and_chart_at_once(window):
    box = window.findChild(QAbstractSpinBox, "spreadInput")
    box.setValue(2.0)
    assert window.app_state.assumptions.assumptions == Assumptions(spread=2.0)
    assert card_value(window, "bestCard") == "k = 9"
    assert card_value(window, "speedupCard") == f"{speedup(0.75, 6, 0.15, spread=2.0):.2f}×"
    detail = window.findChild(QWidget, "bestCard").findChild(QWidget, "detail").text()
    assert detail == "original model: k = 4 (1.91×)"
    chart = window.chart
    x, y = chart.reference.getData()
    assert y is not None and np.array_equal(y, speedup(0.75, x.astype(int), 0.15))
    _, main = chart.curve.getData()
    assert np.array_equal(main, speedup(0.75, x.astype(int), 0.15, spread=2.0))
    assert "κ = 2" in chart.assumptions_label.toPlainText()
    box.setValue(0.0)  # the bottom of the box is "off"
    assert window.app_state.assumptions.assumptions.is_default
    assert card_value(window, "bestCard") == "k = 4"
    assert chart.reference.getData()[1] is None or len(chart.reference.getData()[1]) == 0


@pytest.mark.parametrize(
    ("values", "best"),
    [
        ({"verifyGrowthInput": 0.05}, "k = 3"),
        ({"decayInput": 0.9}, "k = 3"),
        ({"batchInput": 32, "kneeInput": 64.0}, "k = 1"),
        ({"batchInput": 64, "kneeInput": 64.0}, "don't speculate"),
    ],
)
def test_reference_values_on_the_best_card(window, values, best):
    for name, value in values.items():
        window.findChild(QAbstractSpinBox, name).setValue(value)
    assert card_value(window, "bestCard") == best


def test_undo_and_redo_bring_the_assumptions_back(window):
    history = window.app_state.history
    window.findChild(QAbstractSpinBox, "overheadInput").setValue(0.5)
    assert window.app_state.assumptions.assumptions.overhead == 0.5
    history.stack.undo()
    assert window.app_state.assumptions.assumptions.is_default
    assert window.findChild(QAbstractSpinBox, "overheadInput").value() == 0.0
    history.stack.redo()
    assert window.app_state.assumptions.assumptions.overhead == 0.5


def test_reset_button_restores_the_original_model_in_one_step(window):
    state = window.app_state.assumptions
    state.set(decay=0.8, spread=3.0)
    window.assumptions_panel.reset.click()
    assert state.assumptions.is_default
    window.app_state.history.stack.undo()
    assert state.assumptions == Assumptions(decay=0.8, spread=3.0)


def test_an_invalid_value_is_named_on_screen_and_changes_nothing(window):
    window._on_assumption_edited("knee", -1.0)
    error = window.assumptions_panel.error
    assert error.isVisible() and "knee" in error.text()
    assert window.app_state.assumptions.assumptions.is_default


def test_worked_numbers_follow_the_point(window):
    window.assumptions_panel.toggle.click()
    worked = window.assumptions_panel.worked
    assert "β = 0.05" in worked["verify_growth"].text() and "best k 3" in worked["verify_growth"].text()
    window.app_state.assumptions.set(spread=2.0)
    assert worked["spread"].text().startswith("Alone, κ = 2") and "best k 9" in worked["spread"].text()


def test_the_run_follows_the_active_model(window, qtbot):
    run = window.app_state.run
    window.app_state.assumptions.set(verify_growth=0.1, overhead=0.2, spread=2.0)
    run.flush()
    stream = run.stream
    assert stream.assumptions == Assumptions(verify_growth=0.1, overhead=0.2, spread=2.0)
    assert stream.timeline.cycle_cost == pytest.approx(6 * 0.15 + 1 + 0.6 + 0.2)


def test_command_line_flags_reach_the_window(qtbot):
    window = open_window(qtbot, ["--no-settings", "--decay", "0.9", "--p", "0.75"])
    assert window.app_state.assumptions.assumptions == Assumptions(decay=0.9)
    assert card_value(window, "bestCard") == "k = 3"
    assert window.app_state.parameters.params == Parameters()


@pytest.mark.parametrize("projector", [False, True])
def test_open_panel_fits_at_1024x768(qtbot, projector):
    argv = ["--no-settings", "--spread", "2"] + (["--projector"] if projector else [])
    window = open_window(qtbot, argv)
    window.resize(1024, 768)
    window.assumptions_panel.toggle.click()
    qtbot.waitUntil(lambda: window.width() == 1024)
    for name in ("speedupPlot", "tokensCard", "bestCard"):
        widget = window.findChild(QWidget, name)
        assert widget.isVisible() and widget.width() > 100 and widget.height() > 60, name
    # The column scrolls rather than squeezing, and the panel is never wider than the column.
    panel = window.assumptions_panel
    qtbot.waitUntil(lambda: panel.width() <= window.left_column.viewport().width())
    box = window.findChild(QAbstractSpinBox, "spreadInput")
    window.left_column.ensureWidgetVisible(box)
    qtbot.waitUntil(lambda: box.visibleRegion().boundingRect().width() == box.width())
    assert box.focusPolicy() != Qt.FocusPolicy.NoFocus


def test_tour_has_a_scene_per_assumption_and_each_sets_it(window):
    from specdec_desktop.scenario import default_tour_path, load_tour

    tour = load_tour(default_tour_path())
    set_by_scenes = set()
    for scene in tour.scenes:
        set_by_scenes |= set(scene.assumptions.keywords())
    assert set_by_scenes == {"decay", "spread", "verify_growth", "batch", "knee", "overhead"}
    controller = window.services.tour
    index = next(i for i, s in enumerate(tour.scenes) if s.assumptions.spread == 2.0)
    window.app_state.view.set_tour(True, index)
    assert window.app_state.assumptions.assumptions == Assumptions(spread=2.0)
    assert card_value(window, "bestCard") == "k = 9"
    window.app_state.view.set_tour(True, 0)  # a scene without assumptions: the original model
    assert window.app_state.assumptions.assumptions.is_default
    assert controller is not None


def test_a_tour_scene_with_a_bad_assumption_is_refused():
    from specdec_desktop.scenario import FileProblem
    from specdec_desktop.scenario.tour_file import tour_from_json

    scene = {"title": "t", "caption": "c", "parameters": {"k": 4, "p": 0.75, "c": 0.15}}
    good = {"format": "specdec-desktop-tour", "version": 1, "title": "T", "scenes": [scene]}
    assert tour_from_json(good).scenes[0].assumptions.is_default
    good["scenes"][0] = {**scene, "assumptions": {"knee": 64, "batch": 8}}
    assert tour_from_json(good).scenes[0].assumptions == Assumptions(knee=64.0, batch=8)
    good["scenes"][0] = {**scene, "assumptions": {"decay": 2}}
    with pytest.raises(FileProblem, match=r"scenes\[0\]\.assumptions\.decay|assumptions.decay"):
        tour_from_json(good)


def test_the_essay_explains_each_assumption_and_its_link_opens_the_panel(window):
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QTextBrowser

    window.show_tab("model-limits")
    essay = window.tabs.currentWidget()
    if not isinstance(essay, QTextBrowser):
        essay = essay.findChild(QTextBrowser)
    text = essay.toPlainText()
    for box in ("box d", "box κ", "box β", "boxes B and n*", "box o"):
        assert box in text, box
    assert "Why burstiness raises the speedup" in text
    for number in ("1.77×", "2.30×", "1.71×", "1.52×", "1.79×"):
        assert number in text
    assert not window.assumptions_panel.expanded
    essay.anchorClicked.emit(QUrl("assumptions:open"))
    assert window.assumptions_panel.expanded


def test_fuzzer_acts_on_the_assumptions_and_its_checks_notice_lies(window):
    import random

    from PySide6.QtCore import QSignalBlocker

    from specdec_desktop.robustness.monkey import ACTIONS, Monkey
    from specdec_desktop.robustness.panel_actions import change_assumption
    from specdec_desktop.robustness.window_checks import window_problems

    assert any(action is change_assumption for _, action in ACTIONS)
    rng = random.Random(5)
    for _ in range(60):
        change_assumption(window, rng)
        assert window_problems(window) == []
    window.app_state.simulation.set_enabled(False)
    window.app_state.assumptions.set_assumptions(Assumptions(spread=2.0))
    box = window.findChild(QAbstractSpinBox, "spreadInput")
    with QSignalBlocker(box):
        box.setValue(5.0)
    assert any("spread box" in problem for problem in window_problems(window))
    box.setValue(2.0)
    window.chart.reference.setData([], [])
    assert any("reference" in problem for problem in window_problems(window))
    window.app_state.assumptions.reset()
    assert window_problems(window) == []
    monkey = Monkey(window, seed=2, actions=[(1, change_assumption)])
    assert monkey.run(max_actions=150).failures == []
