"""A run of tree cycles: what the token-by-token animation replays when the draft shape is a tree.

One cycle drafts the tree level by level (one draft pass per level; a parallel drafter such as
Medusa's heads makes every level in one pass), then the target checks it in one verify pass over
the ``n`` drafted nodes and the root.  The check walks the tree from the root (positional
acceptance, Sequoia, arXiv 2402.12374): at an accepted node at depth ``t`` the target's token is
its rank-``r`` child with chance ``a_r · d^t`` (the ranks exclude one another), or none of them.
The walk moves on when that child was drafted and stops otherwise, so at most one child of a node
is accepted and the accepted nodes form one path from the root.  The path is kept, the rest of
the tree is thrown away, and the target's own token follows: a correction where a drafted child
was rejected, a bonus after a leaf.  A cycle yields ``depth(accepted node) + 1`` tokens, so

    E[tokens] = 1 + Σ_v f(v) = F(T),     P(depth ≥ j) = Σ_{v at depth j} f(v),
    Var(depth) = Σ_v (2·depth(v) − 1)·f(v) − (Σ_v f(v))²                      (f: value.py)

and the clock charges ``L·c`` for the draft passes (``c`` once when parallel) and the verify pass
``C(T) − L·c`` of cost.py.

A chain (the nodes ``(0,), (0, 0), …``) is drawn by the chain's own sampler
(:func:`~specdec_desktop.model.simulation.draw_accepted_assumed`), so a chain-shaped tree replays
exactly the cycles of :func:`~specdec_desktop.model.simulate_cycles` for the same seed.  Any other
tree is drawn by :func:`draw_walks`, one uniform per level for every cycle, cycle after cycle, in
blocks of :data:`TREE_BLOCK_CYCLES` cycles seeded as the chain's are, so any block can be drawn
alone (the animation's stream keeps only a few) and the first one within a frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from specdec_desktop.model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from specdec_desktop.model.extended import check_keywords
from specdec_desktop.model.simulation import (
    BLOCK_CYCLES,
    SimulatedSpeedup,
    block_generator,
    draw_accepted_assumed,
)
from specdec_desktop.model.validation import as_cost, as_draft_length

from .cost import verify_cost
from .paths import Tree, chain_paths, check_paths, check_rank_acceptance, tree_depth
from .simulate import child_table, walk_tree
from .value import node_values

__all__ = ["TREE_BLOCK_CYCLES", "TreeRun", "draw_walks", "simulate_tree_cycles", "simulated_tree_speedup"]


#: Cycles whose uniforms are drawn at once by a tree's walk (bounds the memory of deep trees).
_WALK_CHUNK = 8192
#: Cycles per seeded block of a tree run (a chain-shaped tree keeps the chain's blocks).  A walk
#: costs about 2 ms per 8,192 cycles of a 64-node tree, so the first block of a run is drawn
#: within one frame; a chain's 65,536 cycles take 0.5 ms.
TREE_BLOCK_CYCLES = 8192


def draw_walks(
    rng: np.random.Generator,
    table: NDArray[np.int64],
    rank_acceptance: tuple[float, ...],
    depth: int,
    decay: float,
    n: int,
) -> NDArray[np.int64]:
    """``n`` checks of a tree from ``rng``: ``depth`` uniforms per cycle, cycle after cycle, so the
    first ``m`` cycles of a draw of ``n ≥ m`` equal a draw of ``m`` (as the chain's draws do)."""
    nodes = np.empty(n, dtype=np.int64)
    for start in range(0, n, _WALK_CHUNK):
        stop = min(n, start + _WALK_CHUNK)
        nodes[start:stop] = walk_tree(rng.random((stop - start, depth)), table, rank_acceptance, decay)
    return nodes


@dataclass(frozen=True, eq=False)
class TreeRun:
    """The tree a run drafts each cycle, and how its cycles are drawn and priced.

    Attributes
    ----------
    paths : Tree
        The drafted nodes, canonically ordered (parents first; index ``i`` is ``paths[i]``).
    rank_acceptance : tuple of float
        ``(a_1, a_2, …)``, each rank's chance of acceptance.
    levels : int
        Draft passes per cycle (the depth; SGLang drafts ``steps`` levels whatever it verifies).
    parallel : bool
        Every level made by one pass of cost ``c`` (Medusa's heads).
    decay : float
        Per-level decay ``d`` of the acceptance (1: none).
    """

    paths: Tree
    rank_acceptance: tuple[float, ...]
    levels: int
    parallel: bool = False
    decay: float = 1.0
    table: NDArray[np.int64] = field(init=False, repr=False)
    depth_of: NDArray[np.int64] = field(init=False, repr=False)
    parent_of: NDArray[np.int64] = field(init=False, repr=False)
    has_children: NDArray[np.bool_] = field(init=False, repr=False)
    values: NDArray[np.float64] = field(init=False, repr=False)
    is_chain: bool = field(init=False)

    def __post_init__(self) -> None:
        a = check_rank_acceptance(self.rank_acceptance)
        tree = check_paths(self.paths, a)
        depth = tree_depth(tree)
        levels = int(as_draft_length(self.levels, "levels"))
        if levels < depth:
            raise ValueError(f"levels must be at least the tree's depth {depth}, got {self.levels!r}")
        if not 0.0 < float(self.decay) <= 1.0:
            raise ValueError(f"decay must lie in (0, 1], got {self.decay!r}")
        put = object.__setattr__
        put(self, "paths", tree)
        put(self, "rank_acceptance", a)
        put(self, "levels", levels)
        put(self, "parallel", bool(self.parallel))
        put(self, "decay", float(self.decay))
        index = {path: j for j, path in enumerate(tree)}
        arrays = {
            "table": child_table(tree, len(a)),
            # Rows shifted by one: entry 0 is "no node" (−1), so ``array[node + 1]`` reads a cycle.
            "depth_of": np.array([0] + [len(p) for p in tree], dtype=np.int64),
            "parent_of": np.array([-1] + [index.get(p[:-1], -1) for p in tree], dtype=np.int64),
            "values": np.array(node_values(tree, a, self.decay), dtype=np.float64),
        }
        children = np.zeros(len(tree) + 1, dtype=bool)
        children[0] = bool(tree)  # the root's row: whether anything was drafted at all
        for path in tree:
            children[index[path[:-1]] + 1 if len(path) > 1 else 0] = True
        arrays["has_children"] = children
        for name, array in arrays.items():
            array.setflags(write=False)
            put(self, name, array)
        put(self, "is_chain", tree == chain_paths(depth))

    @classmethod
    def from_shape(cls, resolved, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> TreeRun:
        """The run of a :class:`~.shape.ResolvedShape` under ``assumptions`` (decay; spread is a
        chain's and is left out, as the tree's figures leave it out)."""
        shape = resolved
        return cls(shape.paths, shape.rank_acceptance, shape.draft_levels, shape.parallel, assumptions.decay)

    # -- drawing ----------------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        return len(self.paths)

    @property
    def block_cycles(self) -> int:
        """Cycles per seeded block: the chain's for a chain-shaped tree (so it draws the chain's
        cycles), else :data:`TREE_BLOCK_CYCLES`."""
        return BLOCK_CYCLES if self.is_chain else TREE_BLOCK_CYCLES

    @property
    def depth(self) -> int:
        return int(self.depth_of.max())

    def draw(self, rng: np.random.Generator, n: int) -> NDArray[np.int64]:
        """``n`` cycles' accepted nodes (index into :attr:`paths`, −1: none) from ``rng``."""
        if self.is_chain:
            chain = check_keywords(decay=self.decay)
            return draw_accepted_assumed(rng, self.rank_acceptance[0], self.depth, n, chain) - 1
        return draw_walks(rng, self.table, self.rank_acceptance, self.depth, self.decay, n)

    def accepted_depth(self, nodes: NDArray[np.integer]) -> NDArray[np.int64]:
        """Accepted guesses (the accepted node's depth) of each cycle."""
        return self.depth_of[np.asarray(nodes, dtype=np.int64) + 1]

    def ends_in_bonus(self, nodes: NDArray[np.integer]) -> NDArray[np.bool_]:
        """Whether the target's token after each cycle's path is a bonus (nothing was drafted below
        the accepted node) rather than the correction of a rejected child."""
        return ~self.has_children[np.asarray(nodes, dtype=np.int64) + 1]

    def path_to(self, node: int) -> list[int]:
        """The indices of the nodes from the root's child down to ``node`` (empty for −1)."""
        path: list[int] = []
        while node >= 0:
            path.append(int(node))
            node = int(self.parent_of[node + 1])
        return path[::-1]

    # -- what the model expects -------------------------------------------------------------

    @property
    def expected_tokens(self) -> float:
        """``F(T) = 1 + Σ f(v)``."""
        return 1.0 + math.fsum(self.values)

    @property
    def depth_variance(self) -> float:
        """Variance of the accepted depth of one cycle."""
        mean = math.fsum(self.values)
        second = math.fsum((2.0 * self.depth_of[1:] - 1.0) * self.values)
        return max(0.0, second - mean * mean)

    def draft_step_cost(self, c: float) -> float:
        """What one draft event costs: ``c`` per level, or ``c`` shared by every level when parallel."""
        c = float(as_cost(c, "c"))
        return c / self.levels if self.parallel and self.levels else c

    def check_cost(self, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> float:
        """The verify pass over the drafted nodes and the root, with the overhead (cost.py)."""
        values = assumptions.as_dict()
        values["spread"] = None
        return float(verify_cost(self.nodes, check_keywords(**values)))

    def cycle_cost(self, c: float, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> float:
        """``C(T)``: the draft passes and the verify pass, in target passes."""
        return self.levels * self.draft_step_cost(c) + self.check_cost(assumptions)


def simulate_tree_cycles(
    paths: object,
    rank_acceptance: object,
    n_cycles: int,
    seed: int | None,
    *,
    levels: int | None = None,
    decay: float = 1.0,
) -> NDArray[np.int64]:
    """The accepted node of each of ``n_cycles`` simulated tree cycles (−1: none accepted).

    Seeded in blocks as :func:`~specdec_desktop.model.simulate_cycles` is (of
    :attr:`TreeRun.block_cycles`), the cycles the run's stream replays; a chain-shaped tree draws
    exactly the chain's cycles: ``simulate_tree_cycles(chain_paths(k), (p,), n, s) + 1 ==
    simulate_cycles(p, k, n, s)``.  ``ValueError`` names the argument at fault.
    """
    a = check_rank_acceptance(rank_acceptance)
    tree = check_paths(paths, a)
    run = TreeRun(tree, a, tree_depth(tree) if levels is None else levels, False, decay)
    n_val = int(as_draft_length(n_cycles, "n_cycles"))
    seed_val = None if seed is None else int(as_draft_length(seed, "seed"))
    root = np.random.SeedSequence(seed_val)
    nodes = np.empty(n_val, dtype=np.int64)
    size = run.block_cycles
    for block, start in enumerate(range(0, n_val, size)):
        stop = min(n_val, start + size)
        nodes[start:stop] = run.draw(block_generator(root, block), stop - start)
    return nodes


def simulated_tree_speedup(
    tree: TreeRun, c: float, n_cycles: int, seed: int | None, assumptions: Assumptions = DEFAULT_ASSUMPTIONS
) -> SimulatedSpeedup:
    """Simulate ``n_cycles`` cycles of ``tree`` (the run's own cycles for ``seed``) and measure the
    speedup: tokens made over passes spent, ``mean(depth + 1) / C(T)``, with its standard error."""
    n_val = int(as_draft_length(n_cycles, "n_cycles"))
    if n_val < 2:
        raise ValueError(f"n_cycles must be at least 2, got {n_cycles!r}")
    nodes = simulate_tree_cycles(
        tree.paths, tree.rank_acceptance, n_val, seed, levels=tree.levels, decay=tree.decay
    )
    tokens = tree.accepted_depth(nodes) + 1.0
    cost = tree.cycle_cost(c, assumptions)
    se = float(tokens.std(ddof=1)) / math.sqrt(n_val)
    return SimulatedSpeedup(
        k=np.array([tree.levels], dtype=np.int64),
        speedup=np.array([tokens.mean() / cost]),
        se=np.array([se / cost]),
        n_cycles=n_val,
    )
