"""A clock the test moves by hand (for the player, the undo history and the soak run)."""

from __future__ import annotations


class FakeClock:
    """Returns :attr:`now`, in seconds; tests set or :meth:`advance` it."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
