"""The run's tree cycles (model/trees/run.py): drawn, replayed, priced (plain numpy, no QApplication)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.model import (
    DEFAULT_ASSUMPTIONS,
    Parameters,
    TokenState,
    TraceStream,
    build_trace,
    race_totals,
    simulate_cycles,
)
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.trees import (
    DraftShape,
    TreeRun,
    best_tree,
    chain_paths,
    medusa_paths,
    resolve_shape,
    sglang_tree,
    shape_figures,
    simulate_tree,
    simulate_tree_cycles,
    simulated_tree_speedup,
    tree_cost,
    tree_depth,
    tree_expected_tokens,
)

S = TokenState
A = (0.7, 0.15, 0.05)


def _run(paths, a=A, levels=None, decay=1.0, parallel=False) -> TreeRun:
    return TreeRun(paths, a, tree_depth(paths) if levels is None else levels, parallel, decay)


# -- the chain is the chain ------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.floats(0.0, 1.0),
    st.integers(0, 20),
    st.integers(0, 3000),
    st.integers(0, 2**32 - 1),
    st.sampled_from([1.0, 0.9, 0.5]),
)
def test_a_chain_shaped_tree_draws_exactly_the_chain_simulations_cycles(p, k, n, seed, decay) -> None:
    nodes = simulate_tree_cycles(chain_paths(k), (p,), n, seed, decay=decay)
    assert np.array_equal(nodes + 1, simulate_cycles(p, k, n, seed, decay=decay))


def test_the_chain_equality_holds_across_blocks() -> None:
    n = 70_000  # more than one block of 65,536 cycles
    nodes = simulate_tree_cycles(chain_paths(6), (0.75,), n, 3948)
    assert np.array_equal(nodes + 1, simulate_cycles(0.75, 6, n, 3948))


def test_a_chain_trees_stream_replays_the_chain_streams_cycles() -> None:
    params = Parameters(k=6, p=0.75, c=0.15)
    chain = TraceStream(params, 3948, block_cycles=64)
    tree = TraceStream(params, 3948, block_cycles=64, tree=_run(chain_paths(6), (0.75,)))
    assert np.array_equal(chain.accepted(0, 500), tree.accepted(0, 500))
    assert np.array_equal(chain.checked_states(0, 500), tree.checked_states(0, 500))
    assert chain.tokens_before(400) == tree.tokens_before(400)
    assert chain.timeline == tree.timeline
    head = chain.timeline.playhead(7 * 123 + 3.5)
    mine, theirs = race_totals(tree, head).__dict__, race_totals(chain, head).__dict__
    assert mine == pytest.approx(theirs, rel=1e-12)


# -- a tree's cycles agree with F(T) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("paths", "a", "decay"),
    [
        (best_tree(A, 64)[0], A, 1.0),
        (best_tree(A, 15)[0], A, 0.9),
        (((0,), (1,), (0, 0)), (0.6, 0.3), 1.0),
        (medusa_paths((3, 2)), (0.5, 0.2, 0.1), 1.0),
        (sglang_tree(5, 4, 8, (0.6, 0.2, 0.1, 0.05)), (0.6, 0.2, 0.1, 0.05), 1.0),
    ],
)
def test_monte_carlo_tokens_per_cycle_agree_with_F_within_their_standard_error(paths, a, decay) -> None:
    n = 200_000
    run = _run(paths, a, decay=decay)
    tokens = run.accepted_depth(simulate_tree_cycles(paths, a, n, 20261202, decay=decay)) + 1
    expected = tree_expected_tokens(paths, a, decay=decay)
    assert run.expected_tokens == pytest.approx(expected, rel=1e-12)
    se = tokens.std(ddof=1) / math.sqrt(n)
    assert abs(tokens.mean() - expected) < 4.0 * se
    # The model's variance of a cycle's depth is the sample's.
    assert run.depth_variance == pytest.approx(tokens.var(ddof=1), rel=0.03)


def test_at_most_one_child_of_a_node_is_accepted_and_the_accepted_nodes_form_a_path() -> None:
    paths = best_tree(A, 64)[0]
    run = _run(paths)
    nodes = simulate_tree_cycles(paths, A, 5000, 7)
    for node in nodes[:500].tolist():
        path = run.path_to(node)
        assert [len(paths[i]) for i in path] == list(range(1, len(path) + 1))
        assert all(paths[child][:-1] == paths[parent] for parent, child in itertools.pairwise(path))
    assert set(nodes.tolist()) <= set(range(-1, len(paths)))


def test_the_positional_rule_reaches_each_node_with_its_value() -> None:
    """P(accepted path passes through v) = f(v): counted over many cycles, for every node."""
    paths = ((0,), (1,), (2,), (0, 0), (0, 1), (1, 0))
    a = (0.5, 0.25, 0.1)
    run = _run(paths, a)
    nodes = simulate_tree_cycles(paths, a, 100_000, 11)
    through = np.zeros(len(paths))
    for node in range(len(paths)):
        count = int((nodes == node).sum())
        for step in run.path_to(node):
            through[step] += count
    share = through / len(nodes)
    se = np.sqrt(run.values * (1 - run.values) / len(nodes))
    assert np.all(np.abs(share - run.values) < 4 * se + 1e-12)


def test_simulate_tree_still_draws_the_diagrams_checks() -> None:
    """The diagram's checks (one walker shared with the run) are those drawn level by level."""
    paths = best_tree(A, 20)[0]
    rng = np.random.default_rng(5)
    depth = tree_depth(paths)
    draws = np.column_stack([rng.random(300) for _ in range(depth)])
    a = np.asarray(A)
    expected = []
    for row in draws:
        node: tuple[int, ...] = ()
        for u in row:
            rank = int(np.searchsorted(np.cumsum(a), u, side="right"))
            child = (*node, rank)
            if rank >= len(a) or child not in paths:
                break
            node = child
        expected.append(paths.index(node) if node else -1)
    assert simulate_tree(paths, A, 300, 5).tolist() == expected


def test_a_longer_tree_run_starts_with_the_shorter_one() -> None:
    paths = best_tree(A, 31)[0]
    long = simulate_tree_cycles(paths, A, 9000, 42)
    assert np.array_equal(simulate_tree_cycles(paths, A, 1234, 42), long[:1234])


# -- what the strip shows ----------------------------------------------------------------------


def test_a_tree_cycles_states_keep_the_path_and_throw_the_rest_away() -> None:
    paths = ((0,), (1,), (0, 0), (0, 0, 0))  # (1,) is a leaf at depth 1; the chain goes 3 deep
    run = _run(paths, (0.6, 0.3))
    stream = TraceStream(Parameters(), 1, tree=run)
    nodes = stream.accepted_nodes(0, 4000)
    states = stream.checked_states(0, 4000)
    assert states.shape == (4000, 4)
    rows = {}
    for node, row in zip(nodes.tolist(), states.tolist(), strict=True):
        rows[node] = row
    assert rows[-1] == [S.CORRECTION, S.DISCARDED, S.DISCARDED, S.EMPTY]
    assert rows[0] == [S.ACCEPTED, S.CORRECTION, S.DISCARDED, S.EMPTY]
    assert rows[1] == [S.ACCEPTED, S.BONUS, S.DISCARDED, S.EMPTY]  # a leaf: the target's bonus
    assert rows[3] == [S.ACCEPTED, S.ACCEPTED, S.ACCEPTED, S.BONUS]


def test_a_tree_stream_is_the_same_run_block_by_block_and_at_once() -> None:
    paths = best_tree(A, 64)[0]
    small = TraceStream(Parameters(), 9, block_cycles=50, tree=_run(paths))
    nodes = simulate_tree_cycles(paths, A, 300, 9)
    big = TraceStream(Parameters(), 9, tree=_run(paths))
    assert np.array_equal(big.accepted_nodes(0, 300), nodes)
    assert small.tokens_before(0) == 0
    # Another block size draws other cycles, but each stream counts its own tokens right.
    for stream in (small, big):
        assert stream.tokens_before(250) == int(stream.accepted(0, 250).sum()) + 250
        assert stream.tokens_before(40_000) == int(stream.accepted(0, 40_000).sum()) + 40_000
    assert big.retained_blocks <= 3


def test_build_trace_of_a_tree_holds_its_nodes_and_depths() -> None:
    paths = best_tree(A, 15)[0]
    trace = build_trace(Parameters(), 500, 17, tree=_run(paths))
    nodes = simulate_tree_cycles(paths, A, 500, 17)
    assert np.array_equal(trace.nodes, nodes)
    assert np.array_equal(trace.accepted, _run(paths).accepted_depth(nodes))
    assert trace.states().shape == (500, tree_depth(paths) + 1)
    assert trace.window(100, 200).tokens_before == int(trace.tokens[:100].sum())


# -- its clock and its race ------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape",
    [
        DraftShape(kind="best", budget=64),
        DraftShape(kind="sglang"),
        DraftShape(kind="paths"),
        DraftShape(kind="medusa"),
    ],
)
def test_a_tree_cycle_costs_what_the_model_charges(shape) -> None:
    params = Parameters(k=6, p=0.75, c=0.15)
    assumptions = Assumptions(verify_growth=0.02, overhead=0.1)
    figures = shape_figures(shape, params, assumptions)
    run = TreeRun.from_shape(figures.resolved, assumptions)
    stream = TraceStream(params, 1, assumptions=assumptions, tree=run)
    assert stream.k == figures.resolved.draft_levels
    assert stream.timeline.cycle_cost == pytest.approx(figures.cost, rel=1e-12)
    assert run.cycle_cost(params.c, assumptions) == pytest.approx(figures.cost, rel=1e-12)
    assert run.expected_tokens == pytest.approx(figures.tokens, rel=1e-12)
    if not figures.resolved.parallel:
        assert figures.cost == pytest.approx(
            tree_cost(run.paths, 0.15, draft_levels=run.levels, verify_growth=0.02, overhead=0.1)
        )


def test_the_race_of_a_tree_run_counts_levels_and_expects_F_over_C() -> None:
    params = Parameters(k=6, p=0.7, c=0.15)
    shape = DraftShape(kind="best", budget=64, more_ranks=(0.15, 0.05))
    resolved = resolve_shape(shape, params, DEFAULT_ASSUMPTIONS)
    run = TreeRun.from_shape(resolved)
    stream = TraceStream(params, 3, tree=run)
    timeline = stream.timeline
    head = timeline.playhead(timeline.cycle_start(2000) + 2)  # two levels into cycle 2000
    totals = race_totals(stream, head)
    assert totals.cycles_checked == 2000
    assert totals.draft_steps == 2000 * run.levels + 2
    assert totals.speculative_tokens == stream.tokens_before(2000)
    assert totals.expected_speedup == pytest.approx(run.expected_tokens / timeline.cycle_cost)
    assert abs(totals.achieved_speedup - totals.expected_speedup) < 4 * totals.standard_error
    assert totals.standard_error == pytest.approx(math.sqrt(run.depth_variance / 2000) / timeline.cycle_cost)


def test_simulating_n_tree_cycles_now_measures_the_runs_own_cycles() -> None:
    paths = best_tree(A, 64)[0]
    run = _run(paths)
    result = simulated_tree_speedup(run, 0.1, 100_000, 5)
    cost = run.cycle_cost(0.1)
    tokens = run.accepted_depth(simulate_tree_cycles(paths, A, 100_000, 5)) + 1
    assert result.speedup[0] == pytest.approx(tokens.mean() / cost, rel=1e-12)
    assert abs(result.speedup[0] - run.expected_tokens / cost) < 4 * result.se[0]


def test_a_parallel_drafter_pays_one_pass_shared_among_its_levels() -> None:
    run = _run(medusa_paths((3, 2)), (0.5, 0.2, 0.1), parallel=True)
    assert run.draft_step_cost(0.3) == pytest.approx(0.15)
    assert run.cycle_cost(0.3) == pytest.approx(0.3 + 1.0)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"levels": 1}, "levels"),
        ({"decay": 0.0}, "decay"),
        ({"a": (0.9, 0.2)}, "rank_acceptance"),
        ({"a": (0.9,)}, "paths"),  # (1,) uses rank 1, which a one-rank vector lacks
    ],
)
def test_bad_tree_runs_are_refused_naming_the_argument(kwargs, name) -> None:
    with pytest.raises(ValueError, match=name):
        _run(((0,), (1,), (0, 0)), **kwargs)


def test_an_empty_tree_runs_as_plain_decoding() -> None:
    stream = TraceStream(Parameters(), 1, tree=_run(()))
    assert stream.k == 0
    assert stream.accepted(0, 10).tolist() == [0] * 10
    assert stream.timeline.cycle_cost == pytest.approx(1.0)
