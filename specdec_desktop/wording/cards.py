"""Wording of the four readout cards (plain Python, no Qt), shared by the window and the command line."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Readouts

__all__ = ["CardText", "card_texts", "format_times", "widest_values"]


@dataclass(frozen=True)
class CardText:
    value: str  # the large figure
    detail: str  # one line of rich text under it
    spoken: str  # what a screen reader announces after the card's title


def format_times(value: float) -> str:
    return f"{value:.2f}×"


def widest_values(k_max: int) -> dict[str, str]:
    """The widest figure each card can show when k goes up to ``k_max``, keyed by objectName.

    Tokens, cost and speedup are each at most k + 1; the figure is written with 8s, the widest
    digit of most typefaces, so the width reserved for it is never short.
    """
    top = "".join("8" if ch.isdigit() else ch for ch in f"{k_max + 1:.2f}")
    return {"tokensCard": top, "costCard": top, "speedupCard": f"{top}×", "bestCard": "don't speculate"}


def card_texts(r: Readouts) -> dict[str, CardText]:
    """Texts for the cards, keyed by objectName."""
    k, p, c = r.params.k, r.params.p, r.params.c
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
            detail=f"With p ≤ c (here {p:g} ≤ {c:g}) no draft beats plain decoding",
            spoken="do not speculate; no draft length beats plain decoding",
        )
    else:
        assert r.best_speedup is not None
        best = CardText(
            value=f"k = {r.best_k}",
            detail=f"reaches {format_times(r.best_speedup)} at p = {p:g}, c = {c:g}",
            spoken=f"{r.best_k}, reaching {r.best_speedup:.2f} times",
        )
    return {
        "tokensCard": CardText(
            value=f"{r.tokens_per_cycle:.2f}",
            detail=f"{r.accepted_guesses:.2f} accepted guesses + 1 from the big model",
            spoken=f"{r.tokens_per_cycle:.2f} tokens",
        ),
        "costCard": CardText(
            value=f"{r.cost_per_cycle:.2f}",
            detail=f"{draft_steps} × {c:g} + 1 check, in big-model passes",
            spoken=f"{r.cost_per_cycle:.2f} passes",
        ),
        "speedupCard": CardText(
            value=format_times(r.speedup),
            detail=verdict,
            spoken=f"{r.speedup:.2f} times",
        ),
        "bestCard": best,
    }
