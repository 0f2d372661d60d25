"""Draft shapes (model/trees/shape.py) and their figures (model/trees/figures.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.model import Assumptions, Parameters, readouts
from specdec_desktop.model.trees import (
    DraftShape,
    best_speedup_tree,
    best_tree_curve,
    check_paths,
    shape_figures,
    tree_speedup,
)


def _all_trees(ranks: int, max_nodes: int):
    """Every prefix-closed tree of at most ``max_nodes`` nodes over ``ranks`` ranks (brute force)."""
    seen = {()}
    frontier = [()]
    for _ in range(max_nodes):
        grown = []
        for tree in frontier:
            nodes = set(tree)
            for parent in [(), *tree]:
                for rank in range(ranks):
                    child = (*parent, rank)
                    if child not in nodes and len(child) <= max_nodes:
                        new = check_paths([*tree, child])
                        if new not in seen:
                            seen.add(new)
                            grown.append(new)
        frontier = grown
    return seen


ALL_SMALL = _all_trees(2, 5)


@given(
    st.floats(0.0, 1.0).flatmap(lambda p: st.tuples(st.just(p), st.floats(0.0, 1.0 - p))),
    st.floats(0.0, 0.5),
    st.integers(1, 5),
    st.sampled_from([{}, {"verify_growth": 0.1}, {"batch": 8, "knee": 16.0}, {"decay": 0.9}]),
)
@settings(max_examples=40)
def test_best_speedup_tree_beats_every_small_tree(a, c, budget, keywords):
    assumptions = Assumptions(**keywords)
    paths, _tokens, best = best_speedup_tree(a, c, budget, assumptions)
    assert len(paths) <= budget
    assert best == pytest.approx(tree_speedup(paths, a, c, **keywords), rel=1e-12)
    for tree in ALL_SMALL:
        if len(tree) <= budget:
            assert tree_speedup(tree, a, c, **keywords) <= best * (1 + 1e-12)


def test_best_tree_curve_is_the_best_speedup_at_every_budget():
    a, c = (0.75, 0.15, 0.05), 0.15
    n, curve = best_tree_curve(a, c, 16, Assumptions())
    assert list(n) == list(range(17))
    for budget in (1, 4, 9, 16):
        assert curve[budget] == pytest.approx(best_speedup_tree(a, c, budget, Assumptions())[2], rel=1e-12)
    assert all(curve[1:] >= curve[:-1])


def test_the_chain_shape_gives_the_chain_readouts_exactly():
    params, assumptions = Parameters(k=7, p=0.8, c=0.1), Assumptions(verify_growth=0.05, spread=4.0)
    figures = shape_figures(DraftShape(), params, assumptions)
    chain = readouts(params, assumptions)
    assert (figures.tokens, figures.cost, figures.speedup) == (
        chain.tokens_per_cycle,
        chain.cost_per_cycle,
        chain.speedup,
    )
    assert not figures.spread_left_out


def test_a_tree_leaves_spread_out_and_says_so():
    figures = shape_figures(DraftShape(kind="best"), Parameters(), Assumptions(spread=4.0))
    assert figures.spread_left_out


def test_the_later_ranks_are_cut_when_p_leaves_no_room():
    shape = DraftShape(more_ranks=(0.3, 0.2))
    assert shape.rank_acceptance(0.6) == (0.6, 0.3, pytest.approx(0.1))
    assert shape.clipped(0.6) and not shape.clipped(0.5)


@pytest.mark.parametrize(
    ("changes", "word"),
    [
        ({"kind": "forest"}, "shape"),
        ({"budget": 10**6}, "budget"),
        ({"more_ranks": (0.7, 0.6)}, "more_ranks"),
        ({"kind": "sglang", "more_ranks": (0.1,)}, "topk"),
        ({"kind": "paths", "paths": "[(0,), (5,)]"}, "rank"),
        ({"kind": "medusa", "heads": (9,)}, "heads"),
        ({"paths": "[(0, 0)]"}, "prefix-closed"),
    ],
)
def test_bad_shapes_are_named(changes, word):
    with pytest.raises(ValueError, match=word):
        DraftShape(**changes)


def test_a_shape_survives_its_file_form():
    for kind in ("chain", "best", "sglang", "paths", "medusa"):
        shape = DraftShape(kind=kind, max_depth=4)
        assert DraftShape.from_dict(shape.as_dict()) == shape
    with pytest.raises(ValueError, match="unknown field"):
        DraftShape.from_dict({"kind": "chain", "forest": 1})


@pytest.mark.parametrize("kind", ["best", "sglang", "paths", "medusa"])
def test_every_shape_has_figures_and_the_best_tree_is_never_worse(kind):
    figures = shape_figures(DraftShape(kind=kind), Parameters(), Assumptions())
    assert figures.tokens >= 1.0 and figures.cost > 0
    if kind != "medusa":  # Medusa's one parallel pass is cheaper than any level-by-level tree
        assert figures.best_speedup >= figures.speedup - 1e-12
    assert list(itertools.islice(figures.resolved.paths, 1)) == [(0,)]
