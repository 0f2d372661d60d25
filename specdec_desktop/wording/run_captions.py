"""What happened to a token, and what is happening now, in words.

The strip's tooltip and the caption under it read these; a presenter can
narrate from them and a screen reader announces them.  Numbers shown to
people count from 1 ("guess 3 of cycle 12").
"""

from __future__ import annotations

from ..model import Playhead, TokenState, TraceStream, states_at
from ..text import _, localize, ngettext
from .numbers import format_times

__all__ = ["cost_phrase", "describe_token", "describe_tree_node", "narrate", "token_state"]


def _guesses(count: int) -> str:
    return ngettext("{n} guess", "{n} guesses", count).format(n=count)


def _tokens(count: int) -> str:
    return ngettext("{n} token", "{n} tokens", count).format(n=count)


def _accepted_guesses(count: int) -> str:
    return ngettext("{n} accepted guess", "{n} accepted guesses", count).format(n=count)


def cost_phrase(c: float) -> str:
    """The cost of one draft step, in words."""
    if c <= 0.0:
        return _("costs nothing")
    return _("costs {c} of a big-model pass").format(c=localize(f"{c:g}"))


def token_state(stream: TraceStream, playhead: Playhead, cycle: int, slot: int) -> TokenState:
    """State of slot ``slot`` of ``cycle`` at ``playhead``."""
    if cycle < 0 or not 0 <= slot <= stream.k:
        return TokenState.EMPTY
    bonus = stream.bonus(cycle, cycle + 1)
    row = states_at(stream.accepted(cycle, cycle + 1), cycle, stream.k, playhead, bonus)
    return TokenState(int(row[0, slot])) if len(row) else TokenState.EMPTY


def _drafted(count: int) -> str:
    return ngettext("{n} drafted token", "{n} drafted tokens", count).format(n=count)


def _describe_tree_token(stream: TraceStream, state: TokenState, cycle: int, slot: int) -> str:
    """A slot of a tree run's strip: level ``slot + 1`` of the path the check kept."""
    tree = stream.tree
    assert tree is not None
    n = cycle + 1
    level = _("Level {level} of cycle {n}").format(level=slot + 1, n=n)
    accepted = int(stream.accepted(cycle, cycle + 1)[0])
    if state == TokenState.DRAFTING:
        return _("{level}: the draft model is drafting this level of the tree now.").format(level=level)
    if state == TokenState.PENDING:
        return _("{level}: drafted, waiting for the big model to check the tree.").format(level=level)
    if state == TokenState.CHECKING:
        return _(
            "Cycle {n}: the big model is checking all {drafted} of the tree in one pass; "
            "it keeps one path and adds its own token."
        ).format(n=n, drafted=_drafted(tree.nodes))
    if state == TokenState.ACCEPTED:
        return _("{level}: accepted, a token on the path the big model kept.").format(level=level)
    if state == TokenState.DISCARDED:
        return _(
            "{level}: thrown away. The kept path stopped at level {stop}, so what the tree "
            "drafted at this level was wasted work."
        ).format(level=level, stop=accepted + 1)
    if state == TokenState.BONUS:
        return _(
            "Cycle {n}, the big model's own token: a bonus after the kept path's last node, "
            "so the cycle made {tokens}."
        ).format(n=n, tokens=_tokens(accepted + 1))
    return _(
        "{level}: none of the tokens drafted here matched, so the big model's own token, its "
        "correction, takes this place. The cycle made {tokens}."
    ).format(level=level, tokens=_tokens(accepted + 1))


def describe_tree_node(stream: TraceStream, playhead: Playhead, panel: int, node: int) -> str | None:
    """What became of drafted node ``node`` of a tree run, in the tree panel's ``panel`` (0: the last
    check, 1: the cycle in progress); ``None`` where nothing is shown."""
    tree = stream.tree
    if tree is None or not 0 <= node < tree.nodes:
        return None
    path = tree.paths[node]
    where = _("Level {level}, the draft's choice {rank}").format(level=len(path), rank=path[-1] + 1)
    if panel == 1:
        drafted = playhead.position > 0.0 and (playhead.checking or len(path) <= playhead.events_done)
        if not drafted:
            return None
        return _("{where}: drafted, waiting for the big model's check.").format(where=where)
    if playhead.cycle == 0:
        return None
    kept = tree.path_to(int(stream.accepted_nodes(playhead.cycle - 1, playhead.cycle)[0]))
    if node in kept:
        return _("{where}: kept, on the path the big model accepted.").format(where=where)
    parent = int(tree.parent_of[node + 1])
    if parent == -1 or parent in kept:
        return _("{where}: rejected. Its parent was kept, but the big model's token was another.").format(
            where=where
        )
    return _("{where}: thrown away with the branch above it, which the check had rejected.").format(
        where=where
    )


def describe_token(stream: TraceStream, playhead: Playhead, cycle: int, slot: int) -> str | None:
    """One or two sentences on what became of a token; ``None`` for an empty slot."""
    k = stream.k
    state = token_state(stream, playhead, cycle, slot)
    if state == TokenState.EMPTY:
        return None
    if stream.tree is not None:
        return _describe_tree_token(stream, state, cycle, slot)
    n = cycle + 1
    guess = _("Guess {slot} of cycle {n}").format(slot=slot + 1, n=n)
    accepted = int(stream.accepted(cycle, cycle + 1)[0])
    if state == TokenState.DRAFTING:
        return _("{guess}: the draft model is producing it now (each draft step {cost}).").format(
            guess=guess, cost=cost_phrase(stream.params.c)
        )
    if state == TokenState.PENDING:
        return _("{guess}: drafted, waiting for the big model to check it.").format(guess=guess)
    if state == TokenState.CHECKING:
        return _(
            "Cycle {n}: the big model is checking all {guesses} in one pass; "
            "its own token replaces the first rejected guess, or comes here if all are accepted."
        ).format(n=n, guesses=_guesses(k))
    if state == TokenState.ACCEPTED:
        return _(
            "{guess}: accepted. The big model agreed with it, so it is kept: "
            "a token that needed no big-model pass of its own."
        ).format(guess=guess)
    if state == TokenState.DISCARDED:
        return _(
            "{guess}: discarded. Guess {rejected} before it was rejected, so this guess "
            "was thrown away unused; drafting it was wasted work."
        ).format(guess=guess, rejected=accepted + 1)
    if state == TokenState.BONUS:
        return _(
            "Cycle {n}, the big model's own token: a bonus. All {guesses} were accepted, "
            "and the checking pass yields one more token, so the cycle made {made} tokens."
        ).format(n=n, guesses=_guesses(k), made=k + 1)
    after = k - slot - 1
    if after:
        text = _(
            "{guess}: rejected, and replaced by the big model's own token, its correction; "
            "the {guesses} after it were thrown away. "
            "The cycle made {tokens} ({accepted} plus the correction)."
        )
    else:
        text = _(
            "{guess}: rejected, and replaced by the big model's own token, its correction. "
            "The cycle made {tokens} ({accepted} plus the correction)."
        )
    return text.format(
        guess=guess,
        guesses=_guesses(after),
        tokens=_tokens(accepted + 1),
        accepted=_accepted_guesses(accepted),
    )


def _outcome(stream: TraceStream, cycle: int) -> str:
    k = stream.k
    accepted = int(stream.accepted(cycle, cycle + 1)[0])
    cost = stream.timeline.cycle_cost
    if stream.tree is not None:
        return _(
            "Last check, cycle {n}: {accepted} kept of {drafted}, plus the big model's token: "
            "{tokens} for {cost} passes."
        ).format(
            n=cycle + 1,
            accepted=accepted,
            drafted=_drafted(stream.tree.nodes),
            tokens=_tokens(accepted + 1),
            cost=localize(f"{cost:.3g}"),
        )
    if accepted == k:
        kept = _("all {guesses} accepted, plus a bonus token").format(guesses=_guesses(k))
    elif accepted == 0:
        kept = _("guess 1 rejected and replaced by the big model's own token")
    else:
        kept = _("{accepted} of {k} accepted, guess {rejected} rejected and corrected").format(
            accepted=accepted, k=k, rejected=accepted + 1
        )
    return _("Last check, cycle {n}: {kept}: {tokens} for {cost} passes.").format(
        n=cycle + 1, kept=kept, tokens=_tokens(accepted + 1), cost=localize(f"{cost:g}")
    )


def narrate(stream: TraceStream, playhead: Playhead) -> str:
    """What the run is doing at ``playhead`` (first line) and how the last check went (second line)."""
    k = stream.k
    n = playhead.cycle + 1
    if playhead.position == 0.0:
        return _("Nothing has run yet: each cycle, the draft model guesses, then the big model checks.")
    if playhead.checking:
        # Under the assumptions the check costs C(k) − k c passes (verify growth, batch, overhead).
        check = stream.timeline.check
        cost = (
            _("cost 1")
            if check == 1.0
            else _("cost {cost} with the assumptions").format(cost=localize(f"{check:.3g}"))
        )
        guesses = _guesses(k) if stream.tree is None else _drafted(stream.tree.nodes)
        now = _("Now, cycle {n}: the big model checks all {guesses} in one pass ({cost})…").format(
            n=n, guesses=guesses, cost=cost
        )
        if stream.tree is not None and stream.tree.nodes == 0:
            now = _(
                "Now, cycle {n}: no tree pays at these settings, so the big model makes one token "
                "alone, as plain decoding does ({cost})…"
            ).format(n=n, cost=cost)
    elif stream.tree is not None:
        now = _("Now, cycle {n}: the draft model drafts level {level} of {levels} of the tree.").format(
            n=n, level=playhead.events_done + 1, levels=k
        )
    else:
        now = _("Now, cycle {n}: the draft model guesses token {token} of {k} (each guess {cost}).").format(
            n=n, token=playhead.events_done + 1, k=k, cost=cost_phrase(stream.params.c)
        )
    if playhead.cycle == 0:
        return now
    return f"{now}\n{_outcome(stream, playhead.cycle - 1)}"


def run_state(playing: bool, achieved: float | None, expected: float) -> str:
    """The run's state as a screen reader is told it: playing, or paused with what it measured
    (the measured and the expected speedup, as the totals panel shows them)."""
    if playing:
        return _("The run plays.")
    if achieved is None:
        return _("The run is paused before its first check.")
    return _("The run is paused. Measured speedup {measured}, expected from the model {expected}.").format(
        measured=format_times(achieved), expected=format_times(expected)
    )
