"""The trace of a simulated run: every guess of every cycle and what became of it.

A cycle with ``a`` accepted guesses (drawn by :mod:`.simulation`) has ``k + 1``
slots: guesses ``0..k-1`` and the target's own token in slot ``k``.

    guess j <  a           accepted    (the target agreed)
    guess j == a < k       correction  (the first mismatch: the target's own token takes its place)
    guess j >  a           discarded   (after the mismatch; never used)
    slot k                 bonus       if a == k (all guesses survived: one extra token)
                           empty       if a <  k

so a cycle yields ``a + 1`` tokens.  While a run plays, the cycle in progress
also has guesses drafted but not yet checked (*pending*), the one being
drafted and the check under way; :func:`states_at` gives the states at a
:class:`~.timeline.Playhead`.

:class:`Trace` is an immutable window of consecutive cycles.
:func:`build_trace` makes a finite one; :class:`TraceStream` replays an
endless run in fixed-size blocks, keeping only a few of them (the animation's
memory does not grow with the length of the run).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from . import invariants
from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .parameters import Parameters
from .simulation import BLOCK_CYCLES, block_generator, draw_accepted_assumed, simulate_cycles
from .timeline import Playhead, Timeline
from .token_state import TokenState
from .validation import as_draft_length

__all__ = ["TokenState", "Trace", "TraceStream", "build_trace", "resolved_states", "states_at"]

#: A tokens_before query at most this many cycles past the last one counts on from it.
_NEARBY = 4096


def resolved_states(accepted: NDArray[np.integer], k: int) -> NDArray[np.int8]:
    """States of every slot of checked cycles.

    Parameters
    ----------
    accepted : ndarray, shape (n,)
        Accepted guesses of each cycle, in ``0..k``.
    k : int
        Draft length.

    Returns
    -------
    ndarray of int8, shape (n, k + 1)
        :class:`TokenState` values; column ``k`` is the target's token.
    """
    a = np.asarray(accepted, dtype=np.int64)[:, None]
    slot = np.arange(k + 1, dtype=np.int64)[None, :]
    # The big model's correction takes the place of the rejected guess; the guesses after it are
    # thrown away, and the slot after the guesses stays empty: only a cycle whose k guesses all
    # survive yields k + 1 tokens (the last one its bonus).
    guesses = np.where(
        slot < a,
        TokenState.ACCEPTED,
        np.where(slot == a, TokenState.CORRECTION, TokenState.DISCARDED),
    )
    target = np.where(a == k, TokenState.BONUS, TokenState.EMPTY)
    states = np.where(slot == k, target, guesses).astype(np.int8)
    if invariants.enabled():
        invariants.check_cycle_states(states, a[:, 0], k)
    return states


def states_at(
    accepted: NDArray[np.integer], first_cycle: int, k: int, playhead: Playhead
) -> NDArray[np.int8]:
    """States of cycles ``first_cycle ..`` as they stand at ``playhead``.

    Cycles before the playhead's are checked; later ones are empty; in the
    current one the guesses drafted so far are pending, the next is being
    drafted, or, once all ``k`` are drafted, the target's slot is checking.
    """
    states = resolved_states(accepted, k)
    current = playhead.cycle - first_cycle
    if current < 0:
        states[:] = TokenState.EMPTY
        return states
    if current < len(states):
        row = states[current]
        row[:] = TokenState.EMPTY
        row[: playhead.events_done] = TokenState.PENDING
        if playhead.events_done < k:
            row[playhead.events_done] = TokenState.DRAFTING
        else:
            row[k] = TokenState.CHECKING
        states[current + 1 :] = TokenState.EMPTY
    return states


@dataclass(frozen=True, eq=False)
class Trace:
    """Consecutive cycles of one run, immutable.

    Attributes
    ----------
    params : Parameters
        The run's k, p and c.
    seed : int
        The run's seed.
    first_cycle : int
        Index (from 0) of the first cycle held.
    accepted : ndarray of int64, shape (n_cycles,)
        Accepted guesses in each cycle (read-only).
    tokens_before : int
        Tokens produced by all cycles before ``first_cycle``.
    assumptions : Assumptions
        The active model's assumptions (the original model by default).
    """

    params: Parameters
    seed: int
    first_cycle: int
    accepted: NDArray[np.int64]
    tokens_before: int = 0
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS

    def __post_init__(self) -> None:
        accepted = np.array(self.accepted, dtype=np.int64)
        accepted.setflags(write=False)
        object.__setattr__(self, "accepted", accepted)

    @property
    def n_cycles(self) -> int:
        return len(self.accepted)

    @property
    def stop_cycle(self) -> int:
        """Index one past the last cycle held."""
        return self.first_cycle + self.n_cycles

    @property
    def timeline(self) -> Timeline:
        return Timeline.for_model(self.params.k, self.params.c, self.assumptions)

    @property
    def tokens(self) -> NDArray[np.int64]:
        """Tokens each cycle yields: accepted guesses plus the target's own."""
        return self.accepted + 1

    @property
    def cumulative_tokens(self) -> NDArray[np.int64]:
        """Tokens produced since the start of the run, after each cycle held."""
        return self.tokens_before + np.cumsum(self.tokens)

    def states(self) -> NDArray[np.int8]:
        """Checked states of every slot, shape ``(n_cycles, k + 1)`` (see :func:`resolved_states`)."""
        return resolved_states(self.accepted, self.params.k)

    def states_at(self, playhead: Playhead) -> NDArray[np.int8]:
        """States of every slot as they stand at ``playhead`` (see :func:`states_at`)."""
        return states_at(self.accepted, self.first_cycle, self.params.k, playhead)

    def event_times(self) -> NDArray[np.float64]:
        """When each guess appears and each check completes, in passes (shape ``(n_cycles, k + 1)``)."""
        return self.timeline.event_times(self.first_cycle, self.n_cycles)

    def window(self, start: int, stop: int) -> Trace:
        """The cycles ``start .. stop - 1`` (absolute indices, clipped to what is held)."""
        lo = min(max(start, self.first_cycle), self.stop_cycle) - self.first_cycle
        hi = min(max(stop, self.first_cycle + lo), self.stop_cycle) - self.first_cycle
        before = self.tokens_before + int(self.tokens[:lo].sum())
        return Trace(
            self.params, self.seed, self.first_cycle + lo, self.accepted[lo:hi], before, self.assumptions
        )


def build_trace(
    params: Parameters, n_cycles: int, seed: int, assumptions: Assumptions = DEFAULT_ASSUMPTIONS
) -> Trace:
    """The first ``n_cycles`` cycles of the run with ``params`` and ``seed``.

    Its ``accepted`` equals ``simulate_cycles(p, k, n_cycles, seed)`` (with the assumptions'
    ``decay`` and ``spread``).
    """
    accepted = simulate_cycles(
        params.p, params.k, n_cycles, seed, decay=assumptions.decay, spread=assumptions.spread
    )
    return Trace(params, int(seed), 0, accepted, 0, assumptions)


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
    block_cycles : int
        Cycles per block.
    keep_blocks : int
        Blocks held at most.
    assumptions : Assumptions
        The active model: per-position acceptance, passages whose acceptance persists
        across cycles, and a clock that charges the verify cost and the overhead.
    """

    def __init__(
        self,
        params: Parameters,
        seed: int,
        block_cycles: int = BLOCK_CYCLES,
        keep_blocks: int = 3,
        assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
    ) -> None:
        self.params = params
        self.assumptions = assumptions
        self.seed = int(as_draft_length(seed, "seed"))
        if block_cycles < 1 or keep_blocks < 2:
            raise ValueError("block_cycles must be >= 1 and keep_blocks >= 2")
        self.block_cycles = int(block_cycles)
        self.keep_blocks = int(keep_blocks)
        self.timeline = Timeline.for_model(params.k, params.c, assumptions)
        self._root: np.random.SeedSequence | None = None  # made with the first block (numpy.random
        # takes ~20 ms to import, and a run that is never played never needs it)
        self._dtype = np.min_scalar_type(params.k)
        self._blocks: OrderedDict[int, NDArray[np.integer]] = OrderedDict()
        self._block_starts = [0]  # tokens produced before block b, for every b reached so far
        self._last_count = (0, 0)  # (cycle, tokens before it) of the last tokens_before query
        self.blocks_drawn = 0

    def __repr__(self) -> str:
        return f"TraceStream({self.params!r}, seed={self.seed})"

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
        drawn = draw_accepted_assumed(rng, self.params.p, self.params.k, self.block_cycles, self.assumptions)
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
            total = int(self._block(reached).sum(dtype=np.int64)) + self.block_cycles
            self._block_starts.append(self._block_starts[-1] + total)
        return self._block_starts[block]

    def accepted(self, start: int, stop: int) -> NDArray[np.int64]:
        """Accepted guesses of cycles ``start .. stop - 1``."""
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
                before += int(self._block(block)[:offset].sum(dtype=np.int64)) + offset
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
        )
