"""What one slot of a cycle shows: the states a token goes through (no numpy needed).

Its own module so that the traces and the invariant checks can both read it
without importing each other.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["TokenState"]


class TokenState(IntEnum):
    """What one slot of a cycle shows."""

    EMPTY = 0  #: not reached yet
    DRAFTING = 1  #: the draft model is producing this guess
    PENDING = 2  #: guessed, waiting for the check
    CHECKING = 3  #: the target's slot while its check pass runs
    ACCEPTED = 4  #: a guess the target agreed with (kept)
    # 5 was REJECTED: the first guess the target disagreed with now shows the target's correction.
    DISCARDED = 6  #: a guess after the first one the target disagreed with (thrown away)
    BONUS = 7  #: the target's own token after all guesses were accepted
    CORRECTION = 8  #: the target's own token in place of the first guess it disagreed with
