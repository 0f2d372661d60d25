"""The four readout cards, declared once, and their wording (plain Python, no Qt).

:data:`CARDS` is the one table of the cards: the window builds one card per row,
the copied readouts and the command line use the titles, and the self-test finds
each card by its ``name`` (the card's objectName).  :func:`card_texts` gives what
each card says for a set of readouts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Readouts
from .numbers import format_count, format_figure, format_parameter, format_times

__all__ = ["CARDS", "Card", "CardText", "card_texts", "format_times", "widest_values"]


@dataclass(frozen=True)
class Card:
    """One readout card: its objectName and its title."""

    name: str
    title: str


#: The cards, in display order.
CARDS: tuple[Card, ...] = (
    Card("tokensCard", "Tokens per cycle"),
    Card("costCard", "Cost per cycle"),
    Card("speedupCard", "Speedup"),
    Card("bestCard", "Best draft length"),
)


@dataclass(frozen=True)
class CardText:
    value: str  # the large figure
    detail: str  # one line of rich text under it
    spoken: str  # what a screen reader announces after the card's title


def widest_values(k_max: int) -> dict[str, str]:
    """The widest figure each card can show when k goes up to ``k_max``, keyed by objectName.

    Tokens, cost and speedup are each at most k + 1; the figure is written with 8s, the widest
    digit of most typefaces, so the width reserved for it is never short.
    """
    top = "".join("8" if ch.isdigit() else ch for ch in f"{k_max + 1:.2f}")
    return {"tokensCard": top, "costCard": top, "speedupCard": f"{top}×", "bestCard": "don't speculate"}


def card_texts(r: Readouts) -> dict[str, CardText]:
    """Texts for the cards, keyed by objectName."""
    k = r.params.k
    p, c = format_parameter("p", r.params.p), format_parameter("c", r.params.c)
    draft_steps = "1 draft step" if k == 1 else f"{k} draft steps"
    if r.speedup < 1.0 - 1e-12:
        verdict = "<b>slower</b> than plain decoding"
    elif r.speedup <= 1.0 + 1e-12:
        verdict = "the same as plain decoding"
    else:
        verdict = "faster than one token per big-model pass"

    if r.best_k is None:
        limit = "without limit" if r.limit == float("inf") else f"toward {format_times(r.limit or 0.0)}"
        best = CardText(
            value="no peak",
            detail=f"Speedup keeps rising {limit} as k grows",
            spoken=f"no peak; speedup keeps rising {limit.replace('×', ' times')}",
        )
    elif r.best_k == 0:
        best = CardText(
            value="don't speculate",
            detail=f"With p ≤ c (here {p} ≤ {c}) no draft beats plain decoding",
            spoken="do not speculate; no draft length beats plain decoding",
        )
    else:
        assert r.best_speedup is not None
        best = CardText(
            value=f"k = {format_count(r.best_k)}",
            detail=f"reaches {format_times(r.best_speedup)} at p = {p}, c = {c}",
            spoken=f"{r.best_k}, reaching {r.best_speedup:.2f} times",
        )
    return {
        "tokensCard": CardText(
            value=format_figure(r.tokens_per_cycle),
            detail=f"{format_figure(r.accepted_guesses)} accepted guesses + 1 from the big model",
            spoken=f"{r.tokens_per_cycle:.2f} tokens",
        ),
        "costCard": CardText(
            value=format_figure(r.cost_per_cycle),
            detail=f"{draft_steps} × {c} + 1 check, in big-model passes",
            spoken=f"{r.cost_per_cycle:.2f} passes",
        ),
        "speedupCard": CardText(
            value=format_times(r.speedup),
            detail=verdict,
            spoken=f"{r.speedup:.2f} times",
        ),
        "bestCard": best,
    }
