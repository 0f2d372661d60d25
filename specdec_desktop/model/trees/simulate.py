"""Monte Carlo of a draft tree's check: which node each simulated verify step accepts.

The check walks the tree from the root.  At an accepted node at depth ``t`` the target's token is
the node's rank-``r`` child with chance ``a_r · d^t`` (the events exclude one another), or none of
them; the walk moves on when that child was drafted and stops otherwise.  The mean of
``depth + 1`` over many cycles estimates ``F(T)`` (value.py); the accepted node of each cycle is
what the run highlights.  Seeded, so a seed gives the same cycles.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .paths import Tree, check_paths, check_rank_acceptance, tree_depth

__all__ = ["child_table", "simulate_tree", "walk_tree"]


def child_table(paths: Tree, ranks: int) -> NDArray[np.int64]:
    """``table[i, r]``: index (into ``paths``, root = −1 shifted to row 0) of node ``i``'s rank-``r``
    child, or −1.  Row 0 is the root, row ``j + 1`` is ``paths[j]``."""
    index = {(): 0} | {path: j + 1 for j, path in enumerate(paths)}
    table = np.full((len(paths) + 1, ranks), -1, dtype=np.int64)
    for path in paths:
        table[index[path[:-1]], path[-1]] = index[path]
    return table


def simulate_tree(
    paths: object, rank_acceptance: object, n_cycles: int, seed: int, *, decay: float = 1.0
) -> NDArray[np.int64]:
    """For each of ``n_cycles`` checks, the accepted node (index into the canonical ``paths``), or
    −1 when the root's children were all rejected.  Tokens gained = ``len(path) + 1``."""
    a = check_rank_acceptance(rank_acceptance)
    tree = check_paths(paths, a)
    if isinstance(n_cycles, bool) or not isinstance(n_cycles, int) or n_cycles < 0:
        raise ValueError(f"n_cycles must be a whole number >= 0, got {n_cycles!r}")
    if not 0.0 < decay <= 1.0:
        raise ValueError(f"decay must lie in (0, 1], got {decay!r}")
    table = child_table(tree, len(a))
    rng = np.random.default_rng(seed)
    depth = tree_depth(tree)
    # One uniform per level for every cycle, drawn level by level (the diagram's checks of a seed).
    uniforms = np.empty((n_cycles, depth))
    for level in range(depth):
        uniforms[:, level] = rng.random(n_cycles)
    return walk_tree(uniforms, table, a, decay)


def walk_tree(
    uniforms: NDArray[np.float64], table: NDArray[np.int64], rank_acceptance: tuple[float, ...], decay: float
) -> NDArray[np.int64]:
    """Walk checks down the tree whose children are ``table`` (see :func:`child_table`), cycle ``i``
    using ``uniforms[i, t]`` at level ``t``: each cycle's accepted node as an index into the
    tree's paths, −1 when every child of the root was rejected.  The one walker of the app (the
    diagram's checks here, the run's in run.py)."""
    n, depth = uniforms.shape
    a = np.asarray(rank_acceptance, dtype=np.float64)
    ranks = len(a)
    # The children table with a column for "none of them" and a row for a walk that has stopped,
    # both −1, so each level is one lookup for every cycle (no masks).
    stopped = len(table)
    lookup = np.full((len(table) + 1, ranks + 1), -1, dtype=np.int64)
    lookup[:-1, :ranks] = table
    by_level = np.ascontiguousarray(uniforms.T)
    node = np.zeros(n, dtype=np.int64)  # rows of ``table``; 0 = root
    current = np.zeros(n, dtype=np.int64)  # the row looked up next (``stopped`` once the walk ends)
    for level in range(depth):
        bounds = np.cumsum(a * decay**level)
        rank = np.searchsorted(bounds, by_level[level], side="right")  # ranks means "none of them"
        child = lookup[current, rank]
        moved = child >= 0
        node = np.where(moved, child, node)
        current = np.where(moved, child, stopped)
    return node - 1
