"""One guess of a text run, seen closely: the draft's q and the target's p where it was made.

:func:`position_distributions` recomputes, for one guess of a simulated run
(:mod:`.text_run`), the two distributions it was drawn and checked under: q and p at the same
context, over the few most likely characters and one "other" bin, with the overlap of each bin
(Σ over the bin of min(p, q), so the bins' overlaps add up to the Σ min(p, q) the run recorded
there).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .text_run import PROMPT, TextRun, _check_int, _tempered

__all__ = ["TOP_CHARACTERS", "PositionDistributions", "position_distributions"]

#: Characters shown by name in a position's distributions (the rest share one "other" bin).
TOP_CHARACTERS = 8


@dataclass(frozen=True)
class PositionDistributions:
    """The draft's q and the target's p at one guessed position, binned for a picture.

    ``characters`` are the bins' characters, most likely first (by max(p, q)); when ``other`` is
    true one more bin follows, holding every other character.  ``target``, ``draft`` and
    ``overlap`` have one entry per bin: p, q and Σ min(p, q) over the bin (for a single
    character, min(p, q); for "other", the sum over its characters, which can be less than
    min of the two totals).  ``proposed`` is the bin of the guess, ``kept`` whether the check
    kept it, ``cycle`` and ``guess`` where it stands in the run (0-based).
    """

    cycle: int
    guess: int
    guesses: int
    characters: tuple[str, ...]
    other: bool
    target: NDArray[np.float64]
    draft: NDArray[np.float64]
    overlap: NDArray[np.float64]
    proposed: int
    proposed_character: str
    kept: bool

    @property
    def acceptance(self) -> float:
        """Σ min(p, q) at this position: the chance the probabilistic rule keeps a guess here."""
        return float(self.overlap.sum())

    @property
    def keep_chance(self) -> float:
        """min(1, p(x) / q(x)) of the proposed character x: the chance this guess was kept."""
        p, q = float(self.target[self.proposed]), float(self.draft[self.proposed])
        return min(1.0, p / q) if q > 0.0 else 1.0


def _position_context(run: TextRun, cycle: int, guess: int) -> list[int]:
    history = list(run.counts.encode(PROMPT))
    for earlier in run.cycles[:cycle]:
        history.extend(earlier.written)
    history.extend(run.cycles[cycle].drafted[:guess])
    return history


def position_distributions(
    run: TextRun, cycle: int, guess: int | None = None, *, top: int = TOP_CHARACTERS
) -> PositionDistributions | None:
    """The draft's q and the target's p at guess ``guess`` of cycle ``cycle`` (``None``: none drafted).

    ``guess`` defaults to the cycle's deciding guess: the first one rejected, or the last one
    when every guess was kept.  The ``top`` characters most likely under either model (by
    max(p, q), the proposed one always among them) get a bin each; the rest share one.

    Raises
    ------
    ValueError
        Naming ``cycle``, ``guess`` or ``top`` when out of range.
    """
    cycle = _check_int(cycle, "cycle", 0, len(run.cycles) - 1) if run.cycles else -1
    if cycle < 0:
        raise ValueError("cycle must name a cycle of the run; it has none")
    top = _check_int(top, "top", 1, run.counts.vocabulary_size)
    drafted = run.cycles[cycle].drafted
    if not drafted:
        return None
    if guess is None:
        guess = min(run.cycles[cycle].accepted, len(drafted) - 1)
    guess = _check_int(guess, "guess", 0, len(drafted) - 1)
    context = _position_context(run, cycle, guess)
    q = _tempered(run.counts.distribution(context, run.draft_order), run.temperature)
    p = _tempered(run.counts.distribution(context, run.target_order), run.temperature)
    both = np.minimum(p, q)
    x = drafted[guess]
    order = np.argsort(-np.maximum(p, q), kind="stable")
    chosen = [int(i) for i in order[:top]]
    if x not in chosen:
        chosen[-1] = x  # the guess always has its own bin
    rest = np.ones(p.size, dtype=bool)
    rest[chosen] = False
    other = bool(rest.any())

    def binned(values: NDArray[np.float64]) -> NDArray[np.float64]:
        shown = values[chosen]
        out = np.append(shown, values[rest].sum()) if other else shown
        out.setflags(write=False)
        return out

    return PositionDistributions(
        cycle=cycle,
        guess=guess,
        guesses=len(drafted),
        characters=tuple(run.counts.alphabet[i] for i in chosen),
        other=other,
        target=binned(p),
        draft=binned(q),
        overlap=binned(both),
        proposed=chosen.index(x),
        proposed_character=run.counts.alphabet[x],
        kept=guess < run.cycles[cycle].accepted,
    )
