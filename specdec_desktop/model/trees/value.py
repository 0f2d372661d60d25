"""What a draft tree is worth: its expected tokens, and the best tree for a budget.

Positional acceptance (Chen et al. 2024, "Sequoia", arXiv 2402.12374, section 3): ``a_r`` is the
chance that the ``r``-th ranked child of an accepted node is the token the target accepts.  A
drafted node ``v`` at path ``(r_1, …, r_i)`` is accepted with chance

    f(v) = Π_{j=1..i} a_{r_j} · d^(j−1)                (d = decay; 1 in Sequoia)

and a verify step yields ``F(T) = 1 + Σ_v f(v)`` tokens on average (the accepted path plus the
target's own token).  A chain of ``k`` with ``a = (p,)`` gives ``Σ_{i=0..k} p^i d^(i(i−1)/2)``,
the chain model's ``E(p, k)`` exactly.

The best tree of at most ``n`` drafted nodes and ``D`` levels maximises ``Σ f``:

* :func:`best_tree_dp` is Sequoia's dynamic programme (exact for any vector): a node at depth
  ``t`` with ``m`` nodes below it shares them among its ranked children, a knapsack over ranks
  ``G_t(m) = 1 + max Σ_r a_r d^t · G_{t+1}(j_r − 1)`` with ``Σ j_r ≤ m``.  Cost O(D·R·n²).
* :func:`best_tree` adds the most valuable node next (best-first).  When ``a`` is non-increasing
  every node is worth no more than its parent and than its next-higher-ranked sibling, so the
  nodes form a heap ordered by ``f`` and the ``n`` most valuable reachable nodes are a tree: no
  tree of ``n`` nodes can do better.  Any other vector is sorted first and the ranks renamed back
  (``F`` depends on which rank each edge carries, not on where it sits), so the answer is exact
  for every vector in O(n log n).
"""

from __future__ import annotations

import heapq
import math
import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from specdec_desktop.text import N_, Phrase

from .paths import MAX_TREE_DEPTH, MAX_TREE_NODES, Tree, check_paths, check_rank_acceptance

__all__ = [
    "best_first_order",
    "best_first_values",
    "best_tree",
    "best_tree_dp",
    "check_budget",
    "node_values",
    "tree_expected_tokens",
]


def _check_decay(decay: object) -> float:
    if isinstance(decay, bool) or not isinstance(decay, (int, float)) or not 0.0 < float(decay) <= 1.0:
        raise ValueError(f"decay must lie in (0, 1], got {decay!r}")
    return float(decay)


def check_budget(budget: object, name: str = "budget") -> int:
    """A node budget as an ``int`` in ``0..MAX_TREE_NODES``, or ``ValueError`` naming ``name``."""
    if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)):
        raise ValueError(
            Phrase(N_("{name} must be a whole number, got {value}"), name=name, value=repr(budget))
        )
    if not 0 <= int(budget) <= MAX_TREE_NODES:
        raise ValueError(
            Phrase(
                N_("{name} must lie between 0 and {most}, got {budget}"),
                name=name,
                most=MAX_TREE_NODES,
                budget=int(budget),
            )
        )
    return int(budget)


def _check_depth(max_depth: object) -> int | None:
    if max_depth is None:
        return None
    if isinstance(max_depth, bool) or not isinstance(max_depth, (int, np.integer)):
        raise ValueError(
            Phrase(N_("max_depth must be a whole number or None, got {value}"), value=repr(max_depth))
        )
    if not 1 <= int(max_depth) <= MAX_TREE_DEPTH:
        raise ValueError(
            Phrase(
                N_("max_depth must lie between 1 and {most}, got {depth}"),
                most=MAX_TREE_DEPTH,
                depth=int(max_depth),
            )
        )
    return int(max_depth)


def node_values(paths: Tree, rank_acceptance: Sequence[float], decay: float = 1.0) -> tuple[float, ...]:
    """``f(v)`` for each node of a checked, canonically ordered tree (parents come first)."""
    value: dict[tuple[int, ...], float] = {(): 1.0}
    for path in paths:
        depth = len(path)
        step = rank_acceptance[path[-1]] * (decay ** (depth - 1) if decay != 1.0 else 1.0)
        value[path] = value[path[:-1]] * step
    return tuple(value[path] for path in paths)


def tree_expected_tokens(paths: object, rank_acceptance: object, *, decay: float = 1.0) -> float:
    """``F(T) = 1 + Σ_v f(v)``: expected tokens per verify step of the tree ``paths``.

    Raises ``ValueError`` naming the argument for a path list that is not prefix-closed, a rank
    outside the vector, or a vector outside [0, 1] or summing over 1.
    """
    a = check_rank_acceptance(rank_acceptance)
    tree = check_paths(paths, a)
    return 1.0 + math.fsum(node_values(tree, a, _check_decay(decay)))


def best_tree(
    rank_acceptance: object, budget: object, *, max_depth: object = None, decay: float = 1.0
) -> tuple[Tree, float]:
    """The tree of at most ``budget`` drafted nodes and ``max_depth`` levels with the most
    expected tokens, and that figure: ``(paths, F)``.  Exact (see the module's note).

    Nodes worth nothing (``f = 0``) are left out.  Ties go to the shallower, lower-ranked node.
    """
    a = check_rank_acceptance(rank_acceptance)
    n = check_budget(budget)
    depth_limit = _check_depth(max_depth)
    d = _check_decay(decay)
    tree = _best_first(a, n, depth_limit if depth_limit is not None else n, d)
    return tree, 1.0 + math.fsum(node_values(tree, a, d))


def _best_first(a: tuple[float, ...], n: int, depth_limit: int, d: float) -> Tree:
    picked, _values = best_first_order(a, n, depth_limit, d)
    return tuple(sorted(picked, key=lambda p: (len(p), p)))


def best_first_order(
    a: tuple[float, ...], n: int, depth_limit: int, d: float = 1.0
) -> tuple[list[tuple[int, ...]], list[float]]:
    """The nodes best-first picks, in the order it picks them, and their ``f``.

    The first ``m`` of them are the best tree of ``m`` nodes, for every ``m`` (each is the best
    tree for its budget, see the module's note), so one run gives the whole best-tree curve.
    ``a``, ``n`` and ``depth_limit`` are taken as checked.
    """
    order = sorted(range(len(a)), key=lambda r: (-a[r], r))  # sorted rank -> original rank
    s = [a[r] for r in order]
    picked: list[tuple[int, ...]] = []
    values: list[float] = []
    if n == 0 or depth_limit == 0 or s[0] == 0.0:
        return picked, values
    # Entries: (-f, depth, path in sorted ranks).  A node's heap predecessors are its parent
    # (for rank 0) and its next-higher-ranked sibling; both are worth at least as much.
    heap = [(-s[0], 1, (0,))]
    push, pop = heapq.heappush, heapq.heappop
    renamed = order != sorted(order)  # ranks already in order keep their names
    while heap and len(picked) < n:
        negative, depth, path = pop(heap)
        if negative == 0.0:
            break
        value = -negative
        picked.append(tuple(order[r] for r in path) if renamed else path)
        values.append(value)
        if depth < depth_limit:
            push(heap, (-(value * s[0] * d**depth), depth + 1, (*path, 0)))
        rank = path[-1]
        if rank + 1 < len(s) and s[rank] > 0.0:
            sibling = value / s[rank] * s[rank + 1] if s[rank + 1] > 0.0 else 0.0
            push(heap, (-sibling, depth, (*path[:-1], rank + 1)))
    return picked, values


def best_first_values(
    a: tuple[float, ...], n: int, depth_limit: int, d: float = 1.0
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """The ``f`` and depth of each node :func:`best_first_order` picks, in its order, without the
    paths: linear in ``n`` (a path of a deep tree is as long as the tree is deep, so building
    every path costs the square of the depth).

    The heap's key is ``(-f, depth)`` first in both, so ties between nodes of equal worth are
    broken the same way up to the path itself, which changes neither sequence.

    Memoised, shared and read-only.  The first ``m`` picks of a run for ``n`` are the run for
    ``m``, so one run serves every ``n`` up to its own (the chart's curve, the budget's tree and
    the best tree of as many nodes ask for the same picks); and a limit of ``n`` levels or more
    never binds within ``n`` picks (a node at depth ``t`` is picked after its ``t − 1``
    ancestors), so such runs are the unlimited one's.
    """
    key = (a, depth_limit if depth_limit < n else None, d)
    with _RUNS_LOCK:
        run = _RUNS.get(key)
        if run is not None:
            _RUNS.move_to_end(key)
    if run is None or (len(run[0]) < n and not run[2]):
        values, depths = _best_first_run(a, n, depth_limit if depth_limit < n else n, d)
        run = (values, depths, len(values) < n)  # fewer than asked: the run ended on its own
        with _RUNS_LOCK:
            _RUNS[key] = run
            _RUNS.move_to_end(key)
            while len(_RUNS) > _RUNS_KEPT:
                _RUNS.popitem(last=False)
    return run[0][:n], run[1][:n]


#: The best-first runs kept (one per rank vector, depth limit and decay), most recent last:
#: enough for every position of a dragged p slider (100) at a dozen depth limits, a few MB at
#: the window's budgets.
_RUNS: OrderedDict[tuple, tuple[NDArray[np.float64], NDArray[np.int64], bool]] = OrderedDict()
_RUNS_KEPT = 1536
_RUNS_LOCK = threading.Lock()


def _best_first_run(
    a: tuple[float, ...], n: int, depth_limit: int, d: float
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    order = sorted(range(len(a)), key=lambda r: (-a[r], r))
    s = [a[r] for r in order]
    values: list[float] = []
    depths: list[int] = []
    if n == 0 or depth_limit == 0 or s[0] == 0.0:
        result = np.zeros(0), np.zeros(0, dtype=np.int64)
    else:
        # The loop of best_first_order without the paths, with the same products in the same
        # order (a decay of 1 multiplies by d**depth = 1.0, which changes no bit, so it is left out).
        push, pop = heapq.heappush, heapq.heappop
        first, last, decayed = s[0], len(s) - 1, d != 1.0
        heap = [(-first, 1, 0)]  # (-f, depth, the node's rank among its siblings, sorted)
        picked = 0
        while heap and picked < n:
            negative, depth, rank = pop(heap)
            if negative == 0.0:
                break
            value = -negative
            values.append(value)
            depths.append(depth)
            picked += 1
            if depth < depth_limit:
                child = value * first * d**depth if decayed else value * first
                push(heap, (-child, depth + 1, 0))
            if rank < last and s[rank] > 0.0:
                after = s[rank + 1]
                push(heap, (-(value / s[rank] * after) if after > 0.0 else -0.0, depth, rank + 1))
        result = np.asarray(values), np.asarray(depths, dtype=np.int64)
    for array in result:
        array.flags.writeable = False  # memoised: shared, read-only
    return result


def best_tree_dp(
    rank_acceptance: object, budget: object, *, max_depth: object = None, decay: float = 1.0
) -> tuple[Tree, float]:
    """Sequoia's dynamic programme for the best tree: the reference :func:`best_tree` is checked
    against (same arguments, same optimum; a tie may pick another tree of equal worth)."""
    a = check_rank_acceptance(rank_acceptance)
    n = check_budget(budget)
    depth_limit = _check_depth(max_depth)
    d = _check_decay(decay)
    levels = n if depth_limit is None else min(depth_limit, n)
    ranks = len(a)
    if levels == 0 or ranks == 0:
        return (), 1.0
    m = np.arange(n + 1)
    take = m[None, :]  # nodes given to one child's subtree
    left = m[:, None] - take  # nodes left for the ranks before it
    allowed = left >= 0
    left = np.where(allowed, left, 0)
    choice = np.zeros((levels, ranks, n + 1), dtype=np.int64)
    below = np.ones(n + 1)  # G at depth ``levels``: no room for children
    for t in range(levels - 1, -1, -1):
        child = np.zeros(n + 1)
        child[1:] = below[:-1]  # a child subtree of j nodes is worth G_{t+1}(j − 1)
        weight = d**t
        best = np.zeros(n + 1)
        for r in range(ranks):
            gain = np.where(allowed, best[left] + (a[r] * weight) * child[take], -np.inf)
            choice[t, r] = np.argmax(gain, axis=1)
            best = gain[m, choice[t, r]]
        below = 1.0 + best
    tree: list[tuple[int, ...]] = []

    def place(t: int, room: int, prefix: tuple[int, ...]) -> None:
        if t == levels:  # G at the last level is 1 whatever room is left: nothing is placed
            return
        for r in range(ranks - 1, -1, -1):
            j = int(choice[t, r, room])
            room -= j
            if j > 0:
                tree.append((*prefix, r))
                place(t + 1, j - 1, (*prefix, r))

    place(0, n, ())
    paths = check_paths(tree, a)
    return paths, 1.0 + math.fsum(node_values(paths, a, d))
