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

:class:`Trace` is an immutable window of consecutive cycles and
:func:`~.trace_stream.build_trace` makes a finite one; :class:`~.trace_stream.TraceStream`
replays an endless run in fixed-size blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from . import invariants
from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .parameters import Parameters
from .timeline import Playhead, Timeline
from .token_state import TokenState

if TYPE_CHECKING:
    from .trees.run import TreeRun

__all__ = [
    "TokenState",
    "Trace",
    "resolved_states",
    "run_timeline",
    "states_at",
]


def resolved_states(
    accepted: NDArray[np.integer], k: int, bonus: NDArray[np.bool_] | None = None
) -> NDArray[np.int8]:
    """States of every slot of checked cycles.

    Parameters
    ----------
    accepted : ndarray, shape (n,)
        Accepted guesses of each cycle, in ``0..k``.
    k : int
        Draft length (a tree's draft levels).
    bonus : ndarray of bool, shape (n,), optional
        A tree's cycles whose accepted path ends in a leaf before level ``k``: nothing was drafted
        below it, so the target's token in slot ``accepted`` is a bonus, not a correction.  A
        chain's target token is a bonus only in slot ``k``.

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
    own = (
        TokenState.CORRECTION
        if bonus is None
        else np.where(np.asarray(bonus, dtype=bool)[:, None], TokenState.BONUS, TokenState.CORRECTION)
    )
    guesses = np.where(slot < a, TokenState.ACCEPTED, np.where(slot == a, own, TokenState.DISCARDED))
    target = np.where(a == k, TokenState.BONUS, TokenState.EMPTY)
    states = np.where(slot == k, target, guesses).astype(np.int8)
    if invariants.enabled():
        invariants.check_cycle_states(states, a[:, 0], k, bonus)
    return states


def states_at(
    accepted: NDArray[np.integer],
    first_cycle: int,
    k: int,
    playhead: Playhead,
    bonus: NDArray[np.bool_] | None = None,
) -> NDArray[np.int8]:
    """States of cycles ``first_cycle ..`` as they stand at ``playhead``.

    Cycles before the playhead's are checked; later ones are empty; in the
    current one the guesses drafted so far are pending, the next is being
    drafted, or, once all ``k`` are drafted, the target's slot is checking.
    """
    states = resolved_states(accepted, k, bonus)
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


def run_timeline(params: Parameters, assumptions: Assumptions, tree: TreeRun | None = None) -> Timeline:
    """The clock of a run: the chain's ``k`` draft steps and check (timeline.py), or a tree's draft
    levels (one event per level; a parallel drafter's one pass shared out among them) and its
    verify pass over the drafted nodes and the root."""
    if tree is None:
        return Timeline.for_model(params.k, params.c, assumptions)
    return Timeline(tree.levels, tree.draft_step_cost(params.c), check=tree.check_cost(assumptions))


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
    tree : TreeRun or None
        The tree each cycle drafts (``None``: the chain of ``k``).
    nodes : ndarray of int64 or None
        A tree run's accepted node of each cycle (index into ``tree.paths``, −1: none);
        ``accepted`` then holds their depths.
    """

    params: Parameters
    seed: int
    first_cycle: int
    accepted: NDArray[np.int64]
    tokens_before: int = 0
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS
    tree: TreeRun | None = None
    nodes: NDArray[np.int64] | None = None

    def __post_init__(self) -> None:
        accepted = np.array(self.accepted, dtype=np.int64)
        accepted.setflags(write=False)
        object.__setattr__(self, "accepted", accepted)
        if self.nodes is not None:
            nodes = np.array(self.nodes, dtype=np.int64)
            nodes.setflags(write=False)
            object.__setattr__(self, "nodes", nodes)

    @property
    def k(self) -> int:
        """Draft events per cycle: the chain's ``k``, or a tree's draft levels."""
        return self.params.k if self.tree is None else self.tree.levels

    def _bonus(self) -> NDArray[np.bool_] | None:
        return None if self.tree is None or self.nodes is None else self.tree.ends_in_bonus(self.nodes)

    @property
    def n_cycles(self) -> int:
        return len(self.accepted)

    @property
    def stop_cycle(self) -> int:
        """Index one past the last cycle held."""
        return self.first_cycle + self.n_cycles

    @property
    def timeline(self) -> Timeline:
        return run_timeline(self.params, self.assumptions, self.tree)

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
        return resolved_states(self.accepted, self.k, self._bonus())

    def states_at(self, playhead: Playhead) -> NDArray[np.int8]:
        """States of every slot as they stand at ``playhead`` (see :func:`states_at`)."""
        return states_at(self.accepted, self.first_cycle, self.k, playhead, self._bonus())

    def event_times(self) -> NDArray[np.float64]:
        """When each guess appears and each check completes, in passes (shape ``(n_cycles, k + 1)``)."""
        return self.timeline.event_times(self.first_cycle, self.n_cycles)

    def window(self, start: int, stop: int) -> Trace:
        """The cycles ``start .. stop - 1`` (absolute indices, clipped to what is held)."""
        lo = min(max(start, self.first_cycle), self.stop_cycle) - self.first_cycle
        hi = min(max(stop, self.first_cycle + lo), self.stop_cycle) - self.first_cycle
        before = self.tokens_before + int(self.tokens[:lo].sum())
        nodes = None if self.nodes is None else self.nodes[lo:hi]
        return Trace(
            self.params,
            self.seed,
            self.first_cycle + lo,
            self.accepted[lo:hi],
            before,
            self.assumptions,
            self.tree,
            nodes,
        )
