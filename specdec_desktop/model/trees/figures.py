"""The figures of a draft shape, in one place: what the cards, the chart and ``calc`` show.

:func:`shape_figures` takes the shape, the point ``(k, p, c)`` and the assumptions and gives the
tree drafted, its expected tokens ``F``, its cost ``C`` and speedup ``F / C`` (cost.py), and the
best tree for the same number of verified nodes.  :func:`best_tree_curve` is the speedup of the
best tree of ``n`` nodes for every ``n`` up to a limit: one best-first run (value.py), since its
first ``n`` picks are the best tree of ``n`` nodes.

Spread (a per-cycle Beta acceptance) is a chain's assumption; a tree's figures leave it out and
say so (``spread_left_out``).  For the chain every figure is the chain model's, bit for bit.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.extended import check_keywords
from specdec_desktop.model.figures import readouts
from specdec_desktop.model.parameters import Parameters

from .cost import verify_cost
from .engines import SglangSettings, best_sglang_settings, sglang_tree
from .paths import Tree, chain_paths, medusa_paths, tree_depth
from .shape import DraftShape, ResolvedShape
from .value import best_first_order, best_first_values, node_values

__all__ = [
    "ShapeFigures",
    "best_speedup_tree",
    "best_tree_curve",
    "resolve_shape",
    "sglang_settings_for",
    "shape_figures",
]


@dataclass(frozen=True)
class ShapeFigures:
    """A shape's readouts at one point."""

    shape: DraftShape
    resolved: ResolvedShape
    tokens: float
    cost: float
    speedup: float
    best_paths: Tree
    best_tokens: float
    best_speedup: float
    spread_left_out: bool

    @property
    def is_chain(self) -> bool:
        return self.shape.kind == "chain"


@lru_cache(maxsize=8)
def _tree_assumptions(assumptions: Assumptions) -> Assumptions:
    """``assumptions`` without spread (a chain's), as a tree's figures take them (memoised)."""
    values = assumptions.as_dict()
    values["spread"] = None
    return check_keywords(**values)


def _cost(depth_or_levels: int, nodes: int, c: float, parallel: bool, a: Assumptions) -> float:
    draft = (c if depth_or_levels > 0 else 0.0) if parallel else depth_or_levels * c
    return float(draft + verify_cost(nodes, a))


def resolve_shape(shape: DraftShape, params: Parameters, assumptions: Assumptions) -> ResolvedShape:
    """The tree ``shape`` drafts at ``params`` (``k`` is read by the chain only)."""
    a = shape.rank_acceptance(params.p)
    if shape.kind == "chain":
        return ResolvedShape(chain_paths(params.k), (params.p,), params.k, False)
    if shape.kind == "best":
        tree = best_speedup_tree(a, params.c, shape.budget, assumptions, shape.max_depth)[0]
        return ResolvedShape(tree, a, tree_depth(tree), False)
    if shape.kind == "sglang":
        return ResolvedShape(sglang_tree(*shape.sglang, a), a, shape.sglang[0], False)
    if shape.kind == "paths":
        return ResolvedShape(shape.paths, a, tree_depth(shape.paths), False)
    tree = medusa_paths(shape.heads)
    return ResolvedShape(tree, a, tree_depth(tree), True)


def shape_figures(shape: DraftShape, params: Parameters, assumptions: Assumptions) -> ShapeFigures:
    """The readouts of ``shape`` at ``params`` under ``assumptions`` (memoised: the cards, the
    chart and the trees panel ask for the same figures after one change).  Only the chain reads
    ``k``: a tree's figures are kept for its ``(p, c)``, so a move of k alone finds them."""
    if shape.kind != "chain" and params.k != _TREE_K:
        params = params.with_values(k=_TREE_K)
    return _shape_figures(shape, params, assumptions)


#: The ``k`` a tree's figures are memoised under (a tree does not read it).
_TREE_K = Parameters().k


@lru_cache(maxsize=16)
def _shape_figures(shape: DraftShape, params: Parameters, assumptions: Assumptions) -> ShapeFigures:
    vector = shape.rank_acceptance(params.p)
    searched = None  # the best tree's search, when the shape is one (its paths, F and S)
    if shape.kind == "best":
        searched = best_speedup_tree(vector, params.c, shape.budget, assumptions, shape.max_depth)
        resolved = ResolvedShape(searched[0], vector, tree_depth(searched[0]), False)
    else:
        resolved = resolve_shape(shape, params, assumptions)
    if shape.kind == "chain":
        chain = readouts(params, assumptions)
        tokens, cost, value = chain.tokens_per_cycle, chain.cost_per_cycle, chain.speedup
        a = _tree_assumptions(assumptions)
        spread_left_out = False
    else:
        a = _tree_assumptions(assumptions)
        if searched is not None:  # the search summed the same f of the same paths
            tokens = searched[1]
        else:
            tokens = 1.0 + math.fsum(node_values(resolved.paths, resolved.rank_acceptance, a.decay))
        cost = _cost(resolved.draft_levels, resolved.nodes, params.c, resolved.parallel, a)
        value = tokens / cost
        spread_left_out = assumptions.spread is not None
    if searched is not None and shape.max_depth is None:
        # The best of at most `budget` nodes has `nodes` of them: it is also the best of at most
        # `nodes` (the same search over fewer nodes finds the same first best depth and size).
        best_paths, best_tokens, best_value = searched
    else:
        best_paths, best_tokens, best_value = best_speedup_tree(vector, params.c, resolved.nodes, assumptions)
    return ShapeFigures(
        shape, resolved, tokens, cost, value, best_paths, best_tokens, best_value, spread_left_out
    )


def _depth_runs(vector: tuple[float, ...], c: float, n_max: int, a: Assumptions, max_depth: int | None):
    """For each useful depth limit ``D``: ``D`` and the speedup of each prefix of the ``D``-limited
    best-first order (its paths, when wanted, from :func:`best_first_order` with that limit).

    The best tree for speedup among those of at most ``n`` nodes is, for some ``D``, a prefix of
    the ``D``-limited best-first order (a tree of depth ``D`` and ``m`` nodes has at most the
    tokens of that prefix, at no more cost).  A deeper limit cannot pay once even the unlimited
    tree's tokens over its cheapest cost (``D·c`` plus the verify of ``D`` nodes) fall below the
    best found, so the search stops there: exact.  With ``c = 0`` depth is free and only the
    deepest limit counts.  Each limit costs time linear in ``n_max`` (values and depths only: at
    p = 0.999 and 1024 nodes, building every path took 20 s a search).
    """
    limit = min(max_depth or n_max, n_max)
    values, _depths = best_first_values(vector, n_max, limit, a.decay)
    ceiling = 1.0 + math.fsum(values)
    depths = range(limit, limit + 1) if c == 0.0 else range(1, limit + 1)
    best = 0.0
    everything = np.arange(n_max + 1)
    verify = _verify_costs(n_max, a)  # verify[m] is verify_cost(m, a), element by element
    for depth_limit in depths:
        if c > 0.0 and ceiling / (depth_limit * c + float(verify[depth_limit])) <= best:
            break
        values, picked_depths = best_first_values(vector, n_max, depth_limit, a.decay)
        count = len(values)
        tokens = np.ones(n_max + 1)
        depth = np.zeros(n_max + 1, dtype=np.int64)
        if count:
            tokens[1 : count + 1] += np.cumsum(values)
            depth[1 : count + 1] = np.maximum.accumulate(picked_depths)
            tokens[count + 1 :] = tokens[count]  # nothing worth adding: the tree stops growing
            depth[count + 1 :] = depth[count]
        used = np.minimum(everything, count)
        speedups = tokens / (depth * c + verify[used])
        best = max(best, float(speedups.max()))
        yield depth_limit, speedups
        if count and int(picked_depths.max()) < depth_limit:
            break  # the limit never bound: every deeper limit picks the same nodes


@lru_cache(maxsize=8)
def _verify_costs(n_max: int, a: Assumptions) -> NDArray[np.float64]:
    """``verify_cost(m, a)`` for ``m = 0..n_max`` (memoised: shared, read-only)."""
    costs = np.asarray(verify_cost(np.arange(n_max + 1), a), dtype=np.float64)
    costs = np.broadcast_to(costs, (n_max + 1,)).copy()  # a flat verify cost is one number
    costs.flags.writeable = False
    return costs


@lru_cache(maxsize=8)
def best_tree_curve(
    rank_acceptance: tuple[float, ...],
    c: float,
    n_max: int,
    assumptions: Assumptions,
    max_depth: int | None = None,
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """``(n, S)`` for ``n = 0..n_max``: the best speedup of any tree of at most ``n`` nodes (and
    ``max_depth`` levels), drafted level by level, under ``assumptions`` (spread left out)."""
    a = _tree_assumptions(assumptions)
    best = np.full(n_max + 1, 1.0 / float(verify_cost(0, a)))  # the empty tree: plain decoding
    for _limit, speedups in _depth_runs(rank_acceptance, c, n_max, a, max_depth):
        np.maximum(best, speedups, out=best)
    n, curve = np.arange(n_max + 1), np.maximum.accumulate(best)
    n.flags.writeable = curve.flags.writeable = False  # memoised: shared, read-only
    return n, curve


def best_speedup_tree(
    rank_acceptance: tuple[float, ...],
    c: float,
    budget: int,
    assumptions: Assumptions,
    max_depth: int | None = None,
) -> tuple[Tree, float, float]:
    """The tree of at most ``budget`` nodes with the highest speedup: ``(paths, F, S)``."""
    a = _tree_assumptions(assumptions)
    best: tuple[float, int, int] = (1.0 / float(verify_cost(0, a)), 0, 0)  # (S, limit, nodes)
    for depth_limit, speedups in _depth_runs(rank_acceptance, c, budget, a, max_depth):
        m = int(np.argmax(speedups))
        if speedups[m] > best[0]:
            best = (float(speedups[m]), depth_limit, m)
    paths: Tree = ()
    if best[2]:
        picked = _best_first_paths(rank_acceptance, best[2], best[1], a.decay)
        paths = tuple(sorted(picked, key=lambda p: (len(p), p)))
    tokens = 1.0 + math.fsum(node_values(paths, rank_acceptance, a.decay))
    return paths, tokens, best[0]


def _best_first_paths(a: tuple[float, ...], n: int, depth_limit: int, d: float) -> list[tuple[int, ...]]:
    """The first ``n`` nodes :func:`best_first_order` picks with ``depth_limit``, memoised as
    :func:`~.value.best_first_values` is (one run serves every shorter one; a limit of ``n``
    levels or more never binds): the budget's tree and the best tree of as many nodes often
    stop at the same depth limit."""
    key = (a, depth_limit if depth_limit < n else None, d)
    with _PATH_RUNS_LOCK:
        run = _PATH_RUNS.get(key)
    if run is None or (len(run[0]) < n and not run[1]):
        picked, _values = best_first_order(a, n, min(depth_limit, n), d)
        run = (tuple(picked), len(picked) < n)
        with _PATH_RUNS_LOCK:
            _PATH_RUNS[key] = run
            while len(_PATH_RUNS) > 64:
                _PATH_RUNS.pop(next(iter(_PATH_RUNS)))
    return list(run[0][:n])


#: best_first_order's runs kept (oldest first), shared read-only.
_PATH_RUNS: dict[tuple, tuple[tuple[tuple[int, ...], ...], bool]] = {}
_PATH_RUNS_LOCK = threading.Lock()


def sglang_settings_for(
    figures: ShapeFigures, params: Parameters, assumptions: Assumptions
) -> tuple[SglangSettings, Tree, float, float] | None:
    """SGLang's settings closest to ``figures``' best tree: the highest speedup SGLang can draft
    with at most as many nodes, ``(settings, tree, tokens, speedup)``; ``None`` for no nodes."""
    budget = len(figures.best_paths)
    if budget == 0:
        return None
    return _sglang_settings(figures.shape.rank_acceptance(params.p), budget, params.c, assumptions)


@lru_cache(maxsize=16)
def _sglang_settings(
    vector: tuple[float, ...], budget: int, c: float, assumptions: Assumptions
) -> tuple[SglangSettings, Tree, float, float]:
    """:func:`sglang_settings_for`'s search, memoised on what it reads (a move of k finds it)."""
    a = _tree_assumptions(assumptions)
    price = lambda nodes: float(verify_cost(nodes, a))  # noqa: E731
    settings, tree, tokens = best_sglang_settings(vector, budget, c, price)
    return settings, tree, tokens, tokens / _cost(settings.steps, len(tree), c, False, a)
