"""Where a tree cycle's nodes sit: levels as columns, each level's nodes stacked (no Qt).

The root (the last accepted token) is column 0; level ``ℓ`` of the tree is column ``ℓ``.  A
level's nodes are stacked top to bottom in the tree's canonical order (by path), which keeps a
node's children in the order of their parents, so edges rarely cross; each column spreads its
nodes over the whole height, centred.  Positions are fractions of the drawing area, computed once
per tree (:func:`tree_cycle_geometry` is memoised on the tree), so a frame only looks them up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from ...model.trees import Tree

__all__ = ["TreeCycleGeometry", "tree_cycle_geometry"]


@dataclass(frozen=True, eq=False)
class TreeCycleGeometry:
    """Fractions of the drawing area: ``x[i]``, ``y[i]`` for node ``i`` (``paths[i]``), the root at
    ``root``; ``parent[i]`` is the parent's index (−1: the root); ``level[i]`` counts from 1."""

    x: NDArray[np.float64]
    y: NDArray[np.float64]
    parent: NDArray[np.int64]
    level: NDArray[np.int64]
    root: tuple[float, float]
    columns: int  # levels + 2: the root's column, the levels, the target's token
    widest: int  # most nodes on one level

    def column_x(self, column: int) -> float:
        """The centre of column ``column`` (0: the root), as a fraction of the width."""
        return (column + 0.5) / self.columns


@lru_cache(maxsize=8)
def tree_cycle_geometry(paths: Tree, levels: int) -> TreeCycleGeometry:
    """The positions of ``paths`` drawn over ``levels`` levels (canonically ordered paths)."""
    index = {path: i for i, path in enumerate(paths)}
    level = np.array([len(p) for p in paths], dtype=np.int64)
    parent = np.array([index.get(p[:-1], -1) for p in paths], dtype=np.int64)
    # One column for the root, one per level, and one for the target's own token after the last level.
    columns = max(levels, int(level.max()) if len(paths) else 0) + 2
    counts = np.bincount(level, minlength=columns) if len(paths) else np.zeros(columns, dtype=np.int64)
    widest = int(counts.max()) if len(paths) else 0
    x = (level + 0.5) / columns
    y = np.empty(len(paths))
    seen = np.zeros(columns, dtype=np.int64)
    for i, depth in enumerate(level.tolist()):  # canonical order: by level, then by path
        y[i] = (seen[depth] + 0.5) / counts[depth]
        seen[depth] += 1
    for array in (x, y, parent, level):
        array.setflags(write=False)
    return TreeCycleGeometry(x, y, parent, level, (0.5 / columns, 0.5), columns, widest)
