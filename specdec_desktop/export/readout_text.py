"""The four readouts as plain text, for the clipboard (the same wording as the cards)."""

from __future__ import annotations

import re

from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, readouts
from ..wording.cards import card_texts

__all__ = ["CARD_TITLES_TEXT", "readout_text"]

CARD_TITLES_TEXT = {
    "tokensCard": "Tokens per cycle",
    "costCard": "Cost per cycle",
    "speedupCard": "Speedup",
    "bestCard": "Best draft length",
}


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&nbsp;", " ")


def readout_text(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> str:
    """Five lines: the parameters (and assumptions), then each card's title, figure and detail."""
    texts = card_texts(readouts(params, assumptions))
    named = "" if assumptions.is_default else f"; assumptions {assumptions.describe()}"
    lines = [f"SpecDec Desktop: k = {params.k}, p = {params.p:g}, c = {params.c:g}{named}"]
    for name, title in CARD_TITLES_TEXT.items():
        text = texts[name]
        lines.append(f"{title}: {text.value} ({_plain(text.detail)})")
    return "\n".join(lines) + "\n"
