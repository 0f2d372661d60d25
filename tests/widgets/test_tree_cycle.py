"""The run draws trees: the tree panel of the token run, its states, the race and 'simulate now'."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel

from specdec_desktop.model import Parameters, race_totals
from specdec_desktop.state import AppState
from specdec_desktop.theme import LIGHT
from specdec_desktop.views.token_run import TokenRunView

from ..support.clock import FakeClock
from ..support.paths import ROOT

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

RANKS = (0.15, 0.05)


@pytest.fixture
def view(qtbot):
    state = AppState(Parameters(k=6, p=0.7, c=0.15), seed=3948, clock=FakeClock(), settle_ms=0)
    widget = TokenRunView(state.run, state.player, LIGHT)
    state.setParent(widget)
    qtbot.addWidget(widget)
    widget.resize(1300, 640)
    widget.show()
    qtbot.waitExposed(widget)
    widget.state = state
    yield widget
    state.player.pause()


def _tree(view, qtbot, **shape) -> None:
    with qtbot.waitSignal(view.state.run.trace_changed):
        view.state.shape.set(more_ranks=RANKS, **shape)


def _image(widget) -> QImage:
    return widget.grab().toImage()


def _near(colour: QColor, expected: str, tolerance: int = 40) -> bool:
    want = QColor(expected)
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], want.getRgb()[:3], strict=True))


def test_the_tree_panel_shows_only_while_the_run_drafts_a_tree(view, qtbot) -> None:
    assert not view.tree_cycle.isVisible()
    _tree(view, qtbot, kind="best", budget=64)
    qtbot.waitUntil(view.tree_cycle.isVisible)
    assert view.state.run.stream.tree.nodes == 64
    with qtbot.waitSignal(view.state.run.trace_changed):
        view.state.shape.set(kind="chain")
    qtbot.waitUntil(lambda: not view.tree_cycle.isVisible())


def test_the_last_check_shows_the_kept_path_and_fades_the_rest(view, qtbot) -> None:
    _tree(view, qtbot, kind="best", budget=64)
    stream, player = view.state.run.stream, view.state.player
    cycle = next(c for c in range(1, 200) if 2 <= stream.accepted(c - 1, c)[0])  # a path of 2 or more
    player.seek(player.timeline.cycle_start(cycle) + 0.5)
    kept = int(stream.accepted_nodes(cycle - 1, cycle)[0])
    path = stream.tree.path_to(kept)
    image = _image(view.tree_cycle)
    for node in path:
        centre = view.tree_cycle.node_centre(0, node)
        assert _near(image.pixelColor(round(centre.x()), round(centre.y())), LIGHT.token_accepted)
    thrown = next(i for i in range(stream.tree.nodes) if i not in path and stream.tree.depth_of[i + 1] >= 3)
    centre = view.tree_cycle.node_centre(0, thrown)
    # A thrown-away node is hollow: its centre shows the background, not a token's fill.
    assert _near(image.pixelColor(round(centre.x()), round(centre.y())), LIGHT.surface, 10)
    left, _right = view.tree_cycle.titles()
    assert f"Cycle {cycle} checked: {len(path)} kept + 1" == left


def test_levels_appear_one_draft_pass_at_a_time_and_the_check_walks_the_path(view, qtbot) -> None:
    _tree(view, qtbot, kind="best", budget=64)
    stream, player = view.state.run.stream, view.state.player
    tree = stream.tree
    cycle = next(c for c in range(0, 200) if stream.accepted(c, c + 1)[0] >= 2)
    start = player.timeline.cycle_start(cycle)
    first = next(i for i in range(tree.nodes) if tree.depth_of[i + 1] == 1)
    deep = next(i for i in range(tree.nodes) if tree.depth_of[i + 1] == tree.levels)
    player.seek(start + 1.0)  # level 1 drafted, level 2 starting
    image = _image(view.tree_cycle)
    at = view.tree_cycle.node_centre(1, first)
    edge = QColor(image.pixelColor(round(at.x()), round(at.y() - 0.9 * _radius(view))))
    assert _near(edge, LIGHT.token_pending)  # drafted: a ring in the pending colour
    at = view.tree_cycle.node_centre(1, deep)
    assert _near(image.pixelColor(round(at.x()), round(at.y())), LIGHT.surface, 10)  # not drafted yet
    assert view.tree_cycle.titles()[1] == f"Cycle {cycle + 1}: drafting level 2 of {tree.levels}"
    player.seek(start + tree.levels + 0.99)  # the check nearly done: the walk reached the path's end
    path = tree.path_to(int(stream.accepted_nodes(cycle, cycle + 1)[0]))
    image = _image(view.tree_cycle)
    for node in path:
        at = view.tree_cycle.node_centre(1, node)
        assert _near(image.pixelColor(round(at.x()), round(at.y())), LIGHT.token_accepted)
    assert view.tree_cycle.titles()[1] == f"Cycle {cycle + 1}: checking {tree.nodes} tokens"


def _radius(view) -> float:
    tree = view.state.run.stream.tree
    from specdec_desktop.views.token_run.tree_cycle_layout import tree_cycle_geometry

    geometry = tree_cycle_geometry(tree.paths, tree.levels)
    return view.tree_cycle._scale(geometry, view.tree_cycle.panel_area(1))[2]


def test_the_race_and_totals_follow_the_tree(view, qtbot) -> None:
    _tree(view, qtbot, kind="sglang", sglang=(4, 2, 8))
    stream, player = view.state.run.stream, view.state.player
    player.seek(player.timeline.cycle_start(40))
    totals = race_totals(stream, player.playhead)
    assert stream.k == 4  # SGLang drafts its four steps whatever it verifies
    assert totals.draft_steps == 40 * 4
    assert totals.speculative_tokens == stream.tokens_before(40)
    assert totals.cycle_cost == pytest.approx(4 * 0.15 + 1.0)
    from specdec_desktop.views.token_run.totals_panel import format_totals

    for name, text in format_totals(totals).items():
        assert view.totals.findChild(QLabel, name).text() == text
    kept = int(stream.accepted(39, 40)[0])
    assert view.caption.text() == (
        "Now, cycle 41: the draft model drafts level 1 of 4 of the tree.\n"
        f"Last check, cycle 40: {kept} kept of {stream.tree.nodes} drafted tokens, plus the big model's "
        f"token: {kept + 1} token{'s' if kept else ''} for 1.6 passes."
    )


def test_simulate_now_measures_the_tree_against_its_model_figure(view, qtbot) -> None:
    from specdec_desktop.model.trees import shape_figures

    _tree(view, qtbot, kind="best", budget=64)
    line = view.simulate_now.simulate(10_000)
    state = view.state
    expected = shape_figures(
        state.shape.shape, state.parameters.params, state.assumptions.assumptions
    ).speedup
    assert f"(model {expected:.3f}×)" in line
    measured = float(line.split(": ")[1].split("×")[0])
    se = float(line.split("± ")[1].split(" ")[0])
    assert abs(measured - expected) < 4 * se + 1e-3


def test_the_example_script_renders_the_tree_run(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "tree_run.py"), str(tmp_path), "--size", "1280x800"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    written = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(written) == 4
    image = QImage(str(tmp_path / "tree-run-1280x800-checking-view.png"))
    assert not image.isNull() and image.width() > 600


def test_the_panel_reports_a_title_cut_short_to_the_layout_check(view, qtbot) -> None:
    _tree(view, qtbot, kind="best", budget=64)
    player = view.state.player
    player.seek(player.timeline.cycle_start(3) + 1.5)
    assert view.tree_cycle.layout_problems() == []
    # A panel too narrow for its titles (the window's least width depends on the type and the
    # fonts earlier tests loaded, so the panel itself is narrowed).
    view.tree_cycle.setFixedWidth(200)
    qtbot.waitUntil(lambda: view.tree_cycle.width() == 200)
    assert any("title cut" in problem for problem in view.tree_cycle.layout_problems())


def test_when_no_tree_pays_the_run_is_plain_decoding(qtbot) -> None:
    state = AppState(Parameters(k=6, p=0.2, c=0.9), seed=3948, clock=FakeClock(), settle_ms=0)
    view = TokenRunView(state.run, state.player, LIGHT)
    state.setParent(view)
    qtbot.addWidget(view)
    view.resize(1300, 600)
    view.show()
    with qtbot.waitSignal(state.run.trace_changed):
        state.shape.set(kind="best", budget=8)
    stream = state.run.stream
    assert stream.tree.nodes == 0 and stream.k == 0
    state.player.seek(10.5)  # ten cycles of one check each, the eleventh under way
    totals = race_totals(stream, state.player.playhead)
    assert (totals.speculative_tokens, totals.achieved_speedup, totals.expected_speedup) == (10, 1.0, 1.0)
    assert view.caption.text().startswith("Now, cycle 11: no tree pays at these settings")
    assert view.tree_cycle.titles() == ("Cycle 10 checked: 0 kept + 1", "Cycle 11: checking 0 tokens")
    view.grab()  # paints without error


def test_hovering_a_token_of_the_tree_says_what_became_of_it(view, qtbot) -> None:
    from specdec_desktop.wording.run_captions import describe_tree_node

    _tree(view, qtbot, kind="best", budget=64)
    stream, player = view.state.run.stream, view.state.player
    tree = stream.tree
    cycle = next(c for c in range(1, 200) if 2 <= stream.accepted(c - 1, c)[0])
    player.seek(player.timeline.cycle_start(cycle) + 1.5)
    head = player.playhead
    path = tree.path_to(int(stream.accepted_nodes(cycle - 1, cycle)[0]))
    rejected = next(i for i in range(tree.nodes) if i not in path and tree.parent_of[i + 1] in (-1, *path))
    thrown = next(i for i in range(tree.nodes) if tree.parent_of[i + 1] == rejected)
    for panel, node, words in (
        (0, path[1], "kept, on the path"),
        (0, rejected, "rejected"),
        (0, thrown, "thrown away"),
        (1, next(i for i in range(tree.nodes) if tree.depth_of[i + 1] == 1), "drafted, waiting"),
    ):
        centre = view.tree_cycle.node_centre(panel, node)
        assert view.tree_cycle.node_at(centre) == (panel, node)
        assert words in describe_tree_node(stream, head, panel, node)
    deep = next(i for i in range(tree.nodes) if tree.depth_of[i + 1] == tree.levels)
    assert describe_tree_node(stream, head, 1, deep) is None  # not drafted yet
