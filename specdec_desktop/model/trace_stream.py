"""Simulated runs: an endless one in bounded memory (:class:`TraceStream`), a finite one
(:func:`build_trace`).

The animation replays a run of any length: the stream draws its cycles in fixed-size blocks on
demand, each from its own generator, keeps only a few blocks, and hands out
:class:`~.trace.Trace` windows of consecutive cycles (the animation's memory does not grow with
the length of the run).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .parameters import Parameters
from .simulation import BLOCK_CYCLES, block_generator, draw_accepted_assumed, simulate_cycles
from .trace import Trace, resolved_states, run_timeline
from .validation import as_draft_length

if TYPE_CHECKING:
    from .trees.run import TreeRun

__all__ = ["TraceStream", "build_trace"]

#: A tokens_before query at most this many cycles past the last one counts on from it.
_NEARBY = 4096


class TraceStream:
    """An endless run, drawn block by block on demand, in bounded memory.

    Block ``b`` holds cycles ``b * block_cycles ..`` and is drawn from its
    own generator (:func:`~.simulation.block_generator`), so any block can be
    drawn, dropped and drawn again identically.  With the default block size
    the stream replays exactly ``simulate_cycles(p, k, n, seed)``.

    Only the ``keep_blocks`` most recently used blocks are held (a few
    hundred kilobytes); the stream also remembers one running token total per
    block it has passed (8 bytes per ``block_cycles`` cycles).

    Parameters
    ----------
    params : Parameters
        The run's k, p and c.
    seed : int
        Whole number >= 0.
    block_cycles : int, optional
        Cycles per block (default: :data:`~.simulation.BLOCK_CYCLES`, or a tree's own
        ``block_cycles``, so the stream replays ``simulate_cycles`` / ``simulate_tree_cycles``).
    keep_blocks : int
        Blocks held at most.
    assumptions : Assumptions
        The active model: per-position acceptance, passages whose acceptance persists
        across cycles, and a clock that charges the verify cost and the overhead.
    tree : TreeRun, optional
        The tree each cycle drafts (model/trees/run.py); ``None``, the chain of ``k``.  A tree
        run's blocks hold each cycle's accepted node; :meth:`accepted` gives their depths (the
        guesses kept), :meth:`accepted_nodes` the nodes.
    """

    def __init__(
        self,
        params: Parameters,
        seed: int,
        block_cycles: int | None = None,
        keep_blocks: int = 3,
        assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
        tree: TreeRun | None = None,
    ) -> None:
        self.params = params
        self.assumptions = assumptions
        self.tree = tree
        if block_cycles is None:  # the run's own blocks: the chain's, or the tree's
            block_cycles = BLOCK_CYCLES if tree is None else tree.block_cycles
        self.seed = int(as_draft_length(seed, "seed"))
        if block_cycles < 1 or keep_blocks < 2:
            raise ValueError("block_cycles must be >= 1 and keep_blocks >= 2")
        self.block_cycles = int(block_cycles)
        self.keep_blocks = int(keep_blocks)
        self.timeline = run_timeline(params, assumptions, tree)
        self._root: np.random.SeedSequence | None = None  # made with the first block (numpy.random
        # takes ~20 ms to import, and a run that is never played never needs it)
        self._dtype = np.min_scalar_type(params.k) if tree is None else np.int16  # nodes: −1..1023
        self._blocks: OrderedDict[int, NDArray[np.integer]] = OrderedDict()
        self._block_starts = [0]  # tokens produced before block b, for every b reached so far
        self._last_count = (0, 0)  # (cycle, tokens before it) of the last tokens_before query
        self.blocks_drawn = 0

    def __repr__(self) -> str:
        tree = "" if self.tree is None else f", tree of {self.tree.nodes} nodes"
        return f"TraceStream({self.params!r}, seed={self.seed}{tree})"

    @property
    def k(self) -> int:
        """Draft events (and guess slots) per cycle: the chain's ``k``, or a tree's draft levels."""
        return self.params.k if self.tree is None else self.tree.levels

    @property
    def retained_blocks(self) -> int:
        """Blocks currently held in memory."""
        return len(self._blocks)

    def _block(self, block: int) -> NDArray[np.integer]:
        held = self._blocks.get(block)
        if held is not None:
            self._blocks.move_to_end(block)
            return held
        if self._root is None:
            self._root = np.random.SeedSequence(self.seed)
        rng = block_generator(self._root, block)
        if self.tree is None:
            params = self.params
            drawn = draw_accepted_assumed(rng, params.p, params.k, self.block_cycles, self.assumptions)
        else:
            drawn = self.tree.draw(rng, self.block_cycles)
        drawn = drawn.astype(self._dtype)
        drawn.setflags(write=False)
        self.blocks_drawn += 1
        self._blocks[block] = drawn
        while len(self._blocks) > self.keep_blocks:
            self._blocks.popitem(last=False)
        return drawn

    def _tokens_before_block(self, block: int) -> int:
        """Tokens of all cycles before ``block``, drawing the blocks in between once if needed."""
        while len(self._block_starts) <= block:
            reached = len(self._block_starts) - 1
            total = int(self._depths(self._block(reached)).sum(dtype=np.int64)) + self.block_cycles
            self._block_starts.append(self._block_starts[-1] + total)
        return self._block_starts[block]

    def _depths(self, drawn: NDArray[np.integer]) -> NDArray[np.integer]:
        """Accepted guesses of drawn cycles (a tree's: the accepted nodes' depths)."""
        return drawn if self.tree is None else self.tree.accepted_depth(drawn)

    def accepted(self, start: int, stop: int) -> NDArray[np.int64]:
        """Accepted guesses of cycles ``start .. stop - 1`` (a tree's: the accepted path's length)."""
        raw = self._raw(start, stop)
        return raw if self.tree is None else self.tree.accepted_depth(raw)

    def accepted_nodes(self, start: int, stop: int) -> NDArray[np.int64]:
        """A tree run's accepted node of cycles ``start .. stop - 1`` (−1: none); for a chain, the
        last accepted guess's index, ``accepted − 1``."""
        raw = self._raw(start, stop)
        return raw - 1 if self.tree is None else raw

    def bonus(self, start: int, stop: int) -> NDArray[np.bool_] | None:
        """A tree run's cycles whose path ends in a leaf before the last level (the target's token
        is a bonus there); ``None`` for a chain."""
        return None if self.tree is None else self.tree.ends_in_bonus(self._raw(start, stop))

    def checked_states(self, start: int, stop: int) -> NDArray[np.int8]:
        """Checked states of cycles ``start .. stop - 1`` (see :func:`resolved_states`)."""
        return resolved_states(self.accepted(start, stop), self.k, self.bonus(start, stop))

    def _raw(self, start: int, stop: int) -> NDArray[np.int64]:
        """What the blocks hold for cycles ``start .. stop - 1``: accepted counts, or a tree's nodes."""
        start, stop = max(0, int(start)), max(0, int(stop))
        parts = []
        cycle = start
        while cycle < stop:
            block, offset = divmod(cycle, self.block_cycles)
            take = min(stop - cycle, self.block_cycles - offset)
            parts.append(self._block(block)[offset : offset + take])
            cycle += take
        if not parts:
            return np.zeros(0, dtype=np.int64)
        return np.concatenate(parts).astype(np.int64)

    def tokens_before(self, cycle: int) -> int:
        """Tokens produced by cycles ``0 .. cycle - 1``.

        A run plays forward a cycle or so per frame, so the last answer is
        kept and a nearby later query only adds the cycles in between.
        """
        cycle = max(0, int(cycle))
        last_cycle, last_tokens = self._last_count
        if 0 <= cycle - last_cycle <= _NEARBY:
            before = last_tokens
            if cycle > last_cycle:
                before += int(self.accepted(last_cycle, cycle).sum()) + cycle - last_cycle
        else:
            block, offset = divmod(cycle, self.block_cycles)
            before = self._tokens_before_block(block)
            if offset:
                before += int(self._depths(self._block(block)[:offset]).sum(dtype=np.int64)) + offset
        self._last_count = (cycle, before)
        return before

    def window(self, start: int, stop: int) -> Trace:
        """Cycles ``start .. stop - 1`` as an immutable :class:`Trace`."""
        start = max(0, int(start))
        stop = max(start, int(stop))
        return Trace(
            self.params,
            self.seed,
            start,
            self.accepted(start, stop),
            self.tokens_before(start),
            self.assumptions,
            self.tree,
            None if self.tree is None else self.accepted_nodes(start, stop),
        )


def build_trace(
    params: Parameters,
    n_cycles: int,
    seed: int,
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
    tree: TreeRun | None = None,
) -> Trace:
    """The first ``n_cycles`` cycles of the run with ``params`` and ``seed``.

    Its ``accepted`` equals ``simulate_cycles(p, k, n_cycles, seed)`` (with the assumptions'
    ``decay`` and ``spread``); with a ``tree``, its ``nodes`` equal
    ``simulate_tree_cycles(tree.paths, tree.rank_acceptance, n_cycles, seed, ...)``.
    """
    if tree is not None:
        return TraceStream(params, seed, assumptions=assumptions, tree=tree).window(0, int(n_cycles))
    accepted = simulate_cycles(
        params.p, params.k, n_cycles, seed, decay=assumptions.decay, spread=assumptions.spread
    )
    return Trace(params, int(seed), 0, accepted, 0, assumptions)
