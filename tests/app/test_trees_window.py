"""Draft trees in the window: the Draft shape control, the cards, the diagram and the chart."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from specdec_desktop.model import Parameters
from specdec_desktop.model.trees import DraftShape, shape_figures
from specdec_desktop.wording.numbers import format_figure, format_times
from tests.support.window import card_value, open_window


def _figures(window):
    state = window.app_state
    return shape_figures(state.shape.shape, state.parameters.params, state.assumptions.assumptions)


def test_the_control_sets_the_shape_and_the_cards_follow(qtbot):
    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    combo = window.findChild(QComboBox, "draftShapeInput")
    chain_tokens = card_value(window, "tokensCard")
    combo.setCurrentIndex(combo.findData("best"))
    combo.activated.emit(combo.currentIndex())
    assert window.app_state.shape.shape.kind == "best"
    figures = _figures(window)
    assert card_value(window, "tokensCard") == format_figure(figures.tokens)
    assert card_value(window, "speedupCard") == format_times(figures.speedup)
    window.app_state.shape.reset()
    assert card_value(window, "tokensCard") == chain_tokens


def test_state_pushed_into_the_control_does_not_echo(qtbot):
    window = open_window(qtbot, active=False)
    changes = []
    window.app_state.shape.changed.connect(changes.append)
    window.app_state.shape.set(kind="sglang")
    panel = window.tree_panel
    assert panel.kind.currentData() == "sglang"
    assert (panel.steps.value(), panel.topk.value(), panel.draft_tokens.value()) == (5, 4, 8)
    assert len(changes) == 1


def test_bad_path_list_says_why_and_changes_nothing(qtbot):
    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    state = window.app_state.shape
    state.set(kind="paths")
    before = state.shape
    panel = window.tree_panel
    panel.paths.setText("[(0,), (0, 0, 0)]")
    panel.paths.editingFinished.emit()
    assert state.shape == before
    assert panel.message.isVisibleTo(panel) and "prefix-closed" in panel.message.text()
    assert panel.paths.text() == "[(0,), (1,), (0, 0)]"  # back to what the state holds
    panel.paths.setText("[(0,), (1,), (2,)]")
    panel.paths.editingFinished.emit()
    assert state.shape.paths == ((0,), (1,), (2,))
    assert not panel.message.isVisibleTo(panel)


def test_ranks_that_sum_over_one_are_refused(qtbot):
    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    state = window.app_state.shape
    state.set(kind="best")
    panel = window.tree_panel
    panel.ranks.setText("0.7, 0.6")
    panel.ranks.editingFinished.emit()
    assert state.shape.more_ranks == DraftShape().more_ranks
    assert "sum" in panel.message.text()


def test_the_diagram_shows_the_tree_and_a_check(qtbot):
    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    window.app_state.shape.set(kind="sglang")
    view = window.findChild(QWidget, "treeView")
    figures = _figures(window)
    assert view._paths == figures.resolved.paths
    assert view._accepted is not None
    assert view._accepted == () or view._accepted in figures.resolved.paths
    first = view._accepted
    seen = {first}
    for _ in range(12):
        window.tree_panel.check_button.click()
        seen.add(view._accepted)
    assert len(seen) > 1  # new checks accept different paths
    assert view.grab().width() > 0


def test_the_chart_draws_the_best_tree_only_for_a_tree(qtbot):
    window = open_window(qtbot, active=False)
    overlay = window.tree_overlay
    assert overlay.curve is None or not overlay.curve.isVisible()
    window.app_state.shape.set(kind="best", budget=6)
    assert overlay.curve.isVisible()
    x, y = overlay.curve.getData()
    assert x[0] == 0 and y[0] == 1.0 and all(y[1:] >= y[:-1])
    window.app_state.shape.reset()
    assert not overlay.curve.isVisible()


def test_a_tree_from_the_command_line_opens_on_the_trees_tab(qtbot):
    window = open_window(qtbot, argv=["--tree-budget", "8", "--rank-acceptance", "0.8,0.1"], active=False)
    assert window.current_tab() == "trees"
    assert window.app_state.shape.shape.kind == "best"
    assert window.app_state.parameters.params == Parameters(p=0.8)


def test_a_preset_sets_shape_p_and_c_and_cites_its_source(qtbot):
    from specdec_desktop.model.trees import TREE_PRESETS

    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    panel = window.tree_panel
    panel.preset.setCurrentIndex(1)
    panel.preset.activated.emit(1)
    preset = TREE_PRESETS[0]
    assert window.app_state.shape.shape == preset.shape
    params = window.app_state.parameters.params
    assert (params.p, params.c) == (preset.p, preset.c)
    assert "SGLang documentation" in panel.preset_note.text()
    assert "illustrative" in panel.preset_note.text()


def test_the_panel_follows_the_parameters_once_they_rest(qtbot):
    """A dragged slider's points reach the cards at once and the trees panel once they rest: its
    summary is laid out once per drag, not once per point (benchmarks/bench_update_latency.py)."""
    window = open_window(qtbot, active=False)
    window.show_tab("trees")
    state = window.app_state
    state.shape.set(kind="best", budget=16)
    panel, view = window.tree_panel, window.findChild(QWidget, "treeView")
    before = panel.summary.text()
    refreshed = []
    panel.view.show_tree = lambda *args, shown=panel.view.show_tree: (refreshed.append(1), shown(*args))
    for p in (0.6, 0.62, 0.64):  # a drag
        state.parameters.set(p=p)
    assert card_value(window, "tokensCard") == format_figure(_figures(window).tokens)
    assert panel.pending and panel.summary.text() == before and not refreshed
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(refreshed) == 1  # the rest, not each point
    figures = _figures(window)
    assert view._paths == figures.resolved.paths
    assert format_figure(figures.tokens) in panel.summary.text()
    state.parameters.set(p=0.7)
    window.settle()  # a screenshot or an export does not wait
    assert not panel.pending and view._paths == _figures(window).resolved.paths
