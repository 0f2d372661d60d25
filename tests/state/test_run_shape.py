"""The run follows the draft shape: a tree shape plays tree cycles, the chain plays the chain's."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from specdec_desktop.model import Parameters, race_totals, simulate_cycles
from specdec_desktop.model.trees import shape_figures, simulate_tree_cycles
from specdec_desktop.state import AppState
from specdec_desktop.state.run_state import DEFAULT_SEED


@pytest.fixture
def state(qapp):
    return AppState(Parameters(k=6, p=0.75, c=0.15), settle_ms=0)


def test_the_chain_run_is_the_chain_simulation(state) -> None:
    assert state.run.stream.tree is None
    assert np.array_equal(state.run.stream.accepted(0, 500), simulate_cycles(0.75, 6, 500, DEFAULT_SEED))


def test_a_tree_shape_restarts_the_run_on_that_tree(state, qtbot) -> None:
    with qtbot.waitSignal(state.run.trace_changed):
        state.shape.set(kind="best", budget=64)
    stream = state.run.stream
    figures = shape_figures(state.shape.shape, state.parameters.params, state.assumptions.assumptions)
    assert stream.tree is not None and stream.tree.paths == figures.resolved.paths
    assert stream.k == figures.resolved.draft_levels
    assert stream.timeline.cycle_cost == pytest.approx(figures.cost)
    tree = stream.tree
    expected = simulate_tree_cycles(tree.paths, tree.rank_acceptance, 300, DEFAULT_SEED, levels=tree.levels)
    assert np.array_equal(stream.accepted_nodes(0, 300), expected)
    assert state.player.position == 0.0
    totals = race_totals(stream, stream.timeline.playhead(0.0))
    assert totals.expected_speedup == pytest.approx(figures.speedup)


def test_back_to_the_chain_plays_the_chain_again(state, qtbot) -> None:
    state.shape.set(kind="sglang")
    state.run.flush()
    assert state.run.stream.tree is not None
    with qtbot.waitSignal(state.run.trace_changed):
        state.shape.set(kind="chain")
    assert state.run.stream.tree is None
    assert not state.run.pending


def test_a_shape_change_waits_to_settle_like_a_parameter_change(qapp) -> None:
    state = AppState(settle_ms=10_000)
    before = state.run.stream
    state.shape.set(kind="medusa", heads=(3, 2))
    assert state.run.pending and state.run.stream is before
    assert state.run.flush()
    assert state.run.stream.tree is not None and state.run.stream.tree.parallel
    assert not state.run.pending
