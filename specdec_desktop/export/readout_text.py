"""The four readouts as plain text, for the clipboard (the same wording as the cards)."""

from __future__ import annotations

import re

from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, readouts
from ..model.parameters import SPECS
from ..wording.cards import CARDS, card_texts

__all__ = ["readout_text"]


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&nbsp;", " ")


def readout_text(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> str:
    """Five lines: the parameters (and assumptions), then each card's title, figure and detail."""
    texts = card_texts(readouts(params, assumptions))
    values = ", ".join(f"{spec.name} = {spec.format(getattr(params, spec.name))}" for spec in SPECS)
    named = "" if assumptions.is_default else f"; assumptions {assumptions.describe()}"
    lines = [f"SpecDec Desktop: {values}{named}"]
    for card in CARDS:
        text = texts[card.name]
        lines.append(f"{card.title}: {text.value} ({_plain(text.detail)})")
    return "\n".join(lines) + "\n"
