"""Draft trees (model/trees/): the published figures, the shapes, the checks and the properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.model import expected_tokens, speedup
from specdec_desktop.model.trees import (
    best_sglang_settings,
    best_tree,
    best_tree_dp,
    chain_paths,
    check_paths,
    format_paths,
    medusa_paths,
    parse_paths,
    sglang_tree,
    simulate_tree,
    tree_cost,
    tree_expected_tokens,
    tree_speedup,
    vllm_flags,
)

SEQUOIA_LIKE = (0.7, 0.15, 0.05)


@st.composite
def rank_vectors(draw, max_ranks: int = 5, sorted_: bool = False):
    """A rank-acceptance vector summing to at most 1."""
    raw = draw(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=max_ranks))
    total = draw(st.floats(0.0, 1.0))
    scale = total / sum(raw) if sum(raw) > 0 else 0.0
    values = [min(1.0, v * scale) for v in raw]
    if sum(values) > 1.0:
        values = [v / (sum(values) * (1 + 1e-12)) for v in values]
    return tuple(sorted(values, reverse=True)) if sorted_ else tuple(values)


@pytest.mark.parametrize(
    ("budget", "expected"), [(1, 1.7), (3, 2.533), (7, 3.2088), (15, 3.8308), (31, 4.4294)]
)
def test_best_tree_reproduces_the_issues_figures(budget, expected):
    tree, tokens = best_tree(SEQUOIA_LIKE, budget)
    assert len(tree) == budget
    assert tokens == pytest.approx(expected, abs=5e-5)
    assert best_tree_dp(SEQUOIA_LIKE, budget)[1] == pytest.approx(expected, abs=5e-5)


def test_paths_in_vllm_order_and_text():
    tree = parse_paths("[(0,), (0, 0), (1,)]")
    assert tree == ((0,), (1,), (0, 0))
    assert format_paths(tree) == "[(0,), (1,), (0, 0)]"
    assert parse_paths(format_paths(tree)) == tree
    assert vllm_flags(tree) == '"num_speculative_tokens": 3, "speculative_token_tree": "[(0,), (1,), (0, 0)]"'
    assert parse_paths("[[0],[1],[0,0],]") == tree


@pytest.mark.parametrize(
    ("paths", "words"),
    [
        ([(0,), (0, 0, 0)], "prefix-closed"),
        ([(0,), (0,)], "twice"),
        ([()], "root is implied"),
        ([(-1,)], "from 0"),
        ([(0.5,)], "whole"),
        ("nonsense", "list of paths"),
    ],
)
def test_bad_path_lists_are_named(paths, words):
    with pytest.raises(ValueError, match="paths") as error:
        check_paths(paths)
    assert words in str(error.value)


@pytest.mark.parametrize("text", ["[(0,), (1,)", "__import__('os')", "[(0,)] + [(1,)]", "{}", "x" * 50000])
def test_bad_path_text_is_named_and_never_evaluated(text):
    with pytest.raises(ValueError, match=r"^tree"):
        parse_paths(text)


def test_rank_outside_the_vector_and_sum_over_one_are_named():
    with pytest.raises(ValueError, match="paths: node \\(2,\\) uses rank 2"):
        tree_expected_tokens([(0,), (2,)], (0.5, 0.2))
    with pytest.raises(ValueError, match="rank_acceptance must sum to at most 1"):
        tree_expected_tokens([(0,)], (0.7, 0.4))
    with pytest.raises(ValueError, match="rank_acceptance"):
        tree_expected_tokens([(0,)], (1.5,))
    with pytest.raises(ValueError, match="budget"):
        best_tree((0.5,), 10**6)
    with pytest.raises(ValueError, match="max_depth"):
        best_tree((0.5,), 5, max_depth=0)
    with pytest.raises(ValueError, match="spread"):
        tree_speedup([(0,)], (0.5,), 0.1, spread=4.0)


def test_medusa_is_the_cartesian_product_of_each_heads_top_guesses():
    tree = medusa_paths([2, 3])
    assert len(tree) == 2 + 2 * 3
    assert set(tree) == {(0,), (1,)} | {(i, j) for i in range(2) for j in range(3)}


def test_sglang_documented_defaults_verify_seven_nodes_from_five_levels():
    a = (0.6, 0.2, 0.1, 0.05)
    tree = sglang_tree(5, 4, 8, a)
    assert len(tree) == 7
    assert max(map(len, tree)) <= 5
    # by hand: level 1 (.6 .2 .1 .05), level 2's best (.36 .12 .12), level 3 .216, level 4 .1296
    assert tree == ((0,), (1,), (0, 0), (0, 1), (1, 0), (0, 0, 0), (0, 0, 0, 0))


def test_sglang_chain_settings_give_the_chain():
    assert sglang_tree(6, 1, 7, (0.8,)) == chain_paths(6)


def test_sglang_frontier_keeps_only_topk_nodes_per_level():
    # topk 2 and a nearly flat vector: level 3 grows from level 2's two best nodes only.
    a = (0.5, 0.49)
    tree = sglang_tree(3, 2, 2 + 4 + 4 + 1, a)
    level_three_parents = {p[:2] for p in tree if len(p) == 3}
    assert level_three_parents == {(0, 0), (0, 1)}


@pytest.mark.parametrize("bad", [dict(topk=5), dict(steps=0), dict(num_draft_tokens=100)])
def test_sglang_bad_settings_are_named(bad):
    arguments = dict(steps=2, topk=2, num_draft_tokens=4) | bad
    with pytest.raises(ValueError, match=next(iter(bad))):
        sglang_tree(**arguments, rank_acceptance=(0.5, 0.2, 0.1, 0.05))


@given(st.floats(0.0, 1.0), st.integers(0, 60))
def test_the_chain_is_the_chain_model(p, k):
    assert tree_expected_tokens(chain_paths(k), (p,)) == pytest.approx(expected_tokens(p, k), rel=1e-12)


@given(st.floats(0.0, 1.0), st.integers(0, 40), st.floats(0.0, 1.0))
@settings(max_examples=50)
def test_the_chains_speedup_is_unchanged_under_the_cost_assumptions(p, k, c):
    keywords = dict(verify_growth=0.05, batch=8, knee=32.0, overhead=0.1, decay=0.95)
    tree = tree_speedup(chain_paths(k), (p,), c, **keywords)
    assert tree == pytest.approx(speedup(p, k, c, **keywords), rel=1e-12)


@given(rank_vectors(), st.integers(1, 24), st.one_of(st.none(), st.integers(1, 6)))
@settings(max_examples=60)
def test_best_first_equals_sequoias_programme(a, budget, depth):
    tree, tokens = best_tree(a, budget, max_depth=depth)
    assert tokens == pytest.approx(best_tree_dp(a, budget, max_depth=depth)[1], rel=1e-12, abs=1e-12)
    assert len(tree) <= budget
    assert max(map(len, tree), default=0) <= (depth or budget)


@given(rank_vectors(sorted_=True), st.integers(1, 20), st.floats(0.5, 1.0))
@settings(max_examples=40)
def test_best_first_equals_the_programme_under_decay(a, budget, decay):
    tokens = best_tree(a, budget, decay=decay)[1]
    assert tokens == pytest.approx(best_tree_dp(a, budget, decay=decay)[1], rel=1e-12, abs=1e-12)


@given(rank_vectors(max_ranks=4), st.integers(1, 5), st.integers(1, 4), st.integers(0, 30))
@settings(max_examples=60)
def test_the_best_tree_beats_the_chain_and_sglangs_tree_of_the_same_budget(a, steps, topk, extra):
    topk = min(topk, len(a))
    candidates = topk + (steps - 1) * topk * topk
    ndt = 1 + min(candidates, 1 + extra)
    engine = sglang_tree(steps, topk, ndt, a)
    budget = len(engine)
    best = best_tree(a, budget)[1]
    assert best >= tree_expected_tokens(engine, a) - 1e-12
    assert best >= tree_expected_tokens(chain_paths(budget), a) - 1e-12
    assert best >= best_tree(a, budget, max_depth=steps)[1] - 1e-12 >= tree_expected_tokens(engine, a) - 2e-12


def test_best_sglang_settings_are_sglangs_best_and_at_most_the_best_tree():
    a = (0.6, 0.2, 0.1, 0.05)
    settings_, tree, tokens = best_sglang_settings(a, 7)
    assert len(tree) == 7
    assert tokens <= best_tree(a, 7)[1] + 1e-12
    assert tokens == pytest.approx(tree_expected_tokens(tree, a))
    assert tree == sglang_tree(settings_.steps, settings_.topk, settings_.num_draft_tokens, a)


@pytest.mark.parametrize(
    ("a", "budget", "seed"), [(SEQUOIA_LIKE, 15, 1), ((0.5, 0.3), 10, 2), ((0.9,), 8, 3)]
)
def test_monte_carlo_of_a_tree_agrees_with_its_expected_tokens(a, budget, seed):
    tree, tokens = best_tree(a, budget)
    accepted = simulate_tree(tree, a, 100_000, seed)
    gained = np.array([len(tree[i]) + 1 if i >= 0 else 1 for i in accepted])
    error = gained.std(ddof=1) / math.sqrt(gained.size)
    assert abs(gained.mean() - tokens) < 4 * error


def test_monte_carlo_is_seeded_and_stops_on_a_missing_child():
    tree = ((0,), (1,))
    first = simulate_tree(tree, (0.5, 0.5), 1000, 7)
    assert np.array_equal(first, simulate_tree(tree, (0.5, 0.5), 1000, 7))
    assert set(first.tolist()) <= {0, 1}  # Σa = 1: one of the two is always accepted


def test_tree_cost_prices_levels_and_the_verify_width():
    tree = sglang_tree(5, 4, 8, (0.6, 0.2, 0.1, 0.05))
    assert max(map(len, tree)) == 4
    assert tree_cost(tree, 0.1) == pytest.approx(1.0 + 4 * 0.1)
    assert tree_cost(tree, 0.1, draft_levels=5) == pytest.approx(1.0 + 5 * 0.1)  # SGLang drafts 5
    assert tree_cost(tree, 0.1, parallel=True) == pytest.approx(1.1)
    assert tree_cost(tree, 0.1, verify_growth=0.1) == pytest.approx(0.4 + 1.0 + 0.1 * 7)
    with pytest.raises(ValueError, match="draft_levels"):
        tree_cost(tree, 0.1, draft_levels=3)


@given(rank_vectors(), st.integers(1, 40), st.integers(1, 12), st.floats(0.5, 1.0))
@settings(max_examples=150, deadline=None)
def test_best_first_values_are_best_first_orders_without_the_paths(a, budget, depth, decay):
    """The depth search's path-free run picks the same worths at the same depths, in order."""
    from specdec_desktop.model.trees.value import best_first_order, best_first_values

    picked, values = best_first_order(a, budget, depth, decay)
    fast_values, fast_depths = best_first_values(a, budget, depth, decay)
    # The same worths, each a product of the same factors, which the two may multiply in another
    # order (a last-digit difference between tied ranks).
    assert list(fast_values) == pytest.approx(values, rel=1e-12, abs=0.0)
    assert list(fast_depths) == [len(path) for path in picked]


@given(rank_vectors(), st.integers(0, 40), st.integers(0, 40), st.integers(1, 12), st.floats(0.5, 1.0))
@settings(max_examples=150, deadline=None)
def test_best_first_runs_are_shared_as_prefixes(a, n, m, depth, decay):
    """The memo serves a run for m from one for n: exactly the run for m made afresh, whichever
    came first, with a limit of m levels or more taken as none."""
    from specdec_desktop.model.trees.value import _best_first_run, best_first_values

    for count in (n, m):
        values, depths = best_first_values(a, count, depth, decay)
        fresh_values, fresh_depths = _best_first_run(a, count, depth, decay)
        assert values.tolist() == fresh_values.tolist()
        assert depths.tolist() == fresh_depths.tolist()
        assert not values.flags.writeable and not depths.flags.writeable
