"""What happened to a token, and what is happening now, in words.

The strip's tooltip and the caption under it read these; a presenter can
narrate from them and a screen reader announces them.  Numbers shown to
people count from 1 ("guess 3 of cycle 12").
"""

from __future__ import annotations

from ..model import Playhead, TokenState, TraceStream, states_at

__all__ = ["cost_phrase", "describe_token", "narrate", "token_state"]


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith("s") else f"{count} {word}s"


def cost_phrase(c: float) -> str:
    """The cost of one draft step, in words."""
    if c <= 0.0:
        return "costs nothing"
    return f"costs {c:g} of a big-model pass"


def token_state(stream: TraceStream, playhead: Playhead, cycle: int, slot: int) -> TokenState:
    """State of slot ``slot`` of ``cycle`` at ``playhead``."""
    if cycle < 0 or not 0 <= slot <= stream.params.k:
        return TokenState.EMPTY
    row = states_at(stream.accepted(cycle, cycle + 1), cycle, stream.params.k, playhead)
    return TokenState(int(row[0, slot])) if len(row) else TokenState.EMPTY


def describe_token(stream: TraceStream, playhead: Playhead, cycle: int, slot: int) -> str | None:
    """One or two sentences on what became of a token; ``None`` for an empty slot."""
    k = stream.params.k
    state = token_state(stream, playhead, cycle, slot)
    if state == TokenState.EMPTY:
        return None
    n = cycle + 1
    guess = f"Guess {slot + 1} of cycle {n}"
    accepted = int(stream.accepted(cycle, cycle + 1)[0])
    if state == TokenState.DRAFTING:
        return (
            f"{guess}: the draft model is producing it now (each draft step {cost_phrase(stream.params.c)})."
        )
    if state == TokenState.PENDING:
        return f"{guess}: drafted, waiting for the big model to check it."
    if state == TokenState.CHECKING:
        return (
            f"Cycle {n}: the big model is checking all {_plural(k, 'guess')} in one pass; "
            "its own token replaces the first rejected guess, or comes here if all are accepted."
        )
    if state == TokenState.ACCEPTED:
        return (
            f"{guess}: accepted. The big model agreed with it, so it is kept: "
            "a token that needed no big-model pass of its own."
        )
    if state == TokenState.REJECTED:
        after = k - slot - 1
        thrown = f", and the {_plural(after, 'guess')} after it were thrown away" if after else ""
        return (
            f"{guess}: rejected. The big model disagreed; it substituted its own token "
            f"(the arrow at the end of the cycle){thrown}."
        )
    if state == TokenState.DISCARDED:
        return (
            f"{guess}: discarded. Guess {accepted + 1} before it was rejected, so this guess "
            "was thrown away unused; drafting it was wasted work."
        )
    if state == TokenState.BONUS:
        return (
            f"Cycle {n}, the big model's own token: a bonus. All {_plural(k, 'guess')} were accepted, "
            f"and the checking pass yields one more token, so the cycle made {k + 1} tokens."
        )
    after = k - slot - 1
    thrown = f"; the {_plural(after, 'guess')} after it were thrown away" if after else ""
    return (
        f"{guess}: rejected, and replaced by the big model's own token, its correction{thrown}. "
        f"The cycle made {_plural(accepted + 1, 'token')} "
        f"({_plural(accepted, 'accepted guess')} plus the correction)."
    )


def _outcome(stream: TraceStream, cycle: int) -> str:
    k = stream.params.k
    accepted = int(stream.accepted(cycle, cycle + 1)[0])
    cost = stream.timeline.cycle_cost
    if accepted == k:
        kept = f"all {_plural(k, 'guess')} accepted, plus a bonus token"
    elif accepted == 0:
        kept = "guess 1 rejected and replaced by the big model's own token"
    else:
        kept = f"{accepted} of {k} accepted, guess {accepted + 1} rejected and corrected"
    return f"Last check, cycle {cycle + 1}: {kept}: {_plural(accepted + 1, 'token')} for {cost:g} passes."


def narrate(stream: TraceStream, playhead: Playhead) -> str:
    """What the run is doing at ``playhead`` (first line) and how the last check went (second line)."""
    k = stream.params.k
    n = playhead.cycle + 1
    if playhead.position == 0.0:
        return "Nothing has run yet: each cycle, the draft model guesses, then the big model checks."
    if playhead.checking:
        # Under the assumptions the check costs C(k) − k c passes (verify growth, batch, overhead).
        check = stream.timeline.check
        cost = "cost 1" if check == 1.0 else f"cost {check:.3g} with the assumptions"
        now = f"Now, cycle {n}: the big model checks all {_plural(k, 'guess')} in one pass ({cost})…"
    else:
        now = (
            f"Now, cycle {n}: the draft model guesses token {playhead.events_done + 1} of {k} "
            f"(each guess {cost_phrase(stream.params.c)})."
        )
    if playhead.cycle == 0:
        return now
    return f"{now}\n{_outcome(stream, playhead.cycle - 1)}"
