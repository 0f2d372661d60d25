"""The four readouts as plain text, for the clipboard (the same wording as the cards)."""

from __future__ import annotations

import re

from ..model import Parameters, readouts
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


def readout_text(params: Parameters) -> str:
    """Five lines: the parameters, then each card's title, figure and detail."""
    texts = card_texts(readouts(params))
    lines = [f"SpecDec Desktop: k = {params.k}, p = {params.p:g}, c = {params.c:g}"]
    for name, title in CARD_TITLES_TEXT.items():
        text = texts[name]
        lines.append(f"{title}: {text.value} ({_plain(text.detail)})")
    return "\n".join(lines) + "\n"
