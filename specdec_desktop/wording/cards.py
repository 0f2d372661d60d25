"""The four readout cards, declared once, and their wording (plain Python, no Qt).

:data:`CARDS` is the one table of the cards: the window builds one card per row,
the copied readouts and the command line use the titles, and the self-test finds
each card by its ``name`` (the card's objectName).  :func:`card_texts` gives what
each card says for a set of readouts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import ASSUMPTION_SPECS, Assumptions, Parameters, Readouts, peak
from ..model.parameters import DRAFT_LENGTH
from .numbers import format_count, format_figure, format_parameter, format_times

__all__ = ["CARDS", "Card", "CardText", "card_texts", "format_times", "widest_values", "worked_numbers"]


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

#: A value each assumption's worked number uses while it is still at its default.
_EXAMPLES = {
    "decay": {"decay": 0.9},
    "spread": {"spread": 2.0},
    "verify_growth": {"verify_growth": 0.05},
    "batch": {"batch": 32, "knee": 64.0},
    "knee": {"batch": 32, "knee": 64.0},
    "overhead": {"overhead": 0.1},
}


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

    if r.best_k is None and r.peak_status == "beyond":
        best = CardText(
            value="no peak",
            detail="No peak up to k = 4096: the speedup still rises there",
            spoken="no peak up to k equals 4096; the speedup still rises there",
        )
    elif r.best_k is None:
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
        reach = int(DRAFT_LENGTH.maximum)
        beyond = f"; beyond the slider, which stops at {reach}" if r.best_k > reach else ""
        best = CardText(
            value=f"k = {format_count(r.best_k)}",
            detail=f"reaches {format_times(r.best_speedup)} at p = {p}, c = {c}{beyond}",
            spoken=f"{r.best_k}, reaching {r.best_speedup:.2f} times{beyond.replace(';', ',')}",
        )
    texts = {
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
    if r.original is not None:
        texts = _with_original(texts, r)
    return texts


def _with_original(texts: dict[str, CardText], r: Readouts) -> dict[str, CardText]:
    """Under assumptions: the active model's figures, and the original model's as the detail.

    The detail is short on purpose: a longer one would make the cards taller and the chart
    shorter on a projector.
    """
    o = r.original
    assert o is not None
    if o.best_k is None:
        original_best = "no peak"
    elif o.best_k == 0:
        original_best = "k = 0"
    else:
        original_best = f"k = {format_count(o.best_k)} ({format_times(o.best_speedup or 0.0)})"
    details = {
        "tokensCard": format_figure(o.tokens_per_cycle),
        "costCard": format_figure(o.cost_per_cycle),
        "speedupCard": format_times(o.speedup),
        "bestCard": original_best,
    }
    return {
        name: CardText(
            value=text.value,
            detail=f"original model: {details[name]}",
            spoken=f"{text.spoken}; original model {details[name].replace('×', ' times')}",
        )
        for name, text in texts.items()
    }


def _best_text(p: float, c: float, a: Assumptions) -> str:
    top = peak(p, c, a)
    if top.k is None:
        return "no peak up to k = 4096" if top.status == "beyond" else "no peak"
    return f"best k {format_count(top.k)} ({format_times(top.speedup)})"


def worked_numbers(params: Parameters, a: Assumptions) -> dict[str, str]:
    """One line per assumption: what it alone does to the best draft length at this p and c.

    An assumption at its default is shown with an example value (``_EXAMPLES``), so every row
    always carries a worked number.  Computed only while the panel is open.
    """
    p, c = params.p, params.c
    original = _best_text(p, c, Assumptions())
    texts = {}
    for spec in ASSUMPTION_SPECS:
        value = getattr(a, spec.name)
        if value != spec.default:
            alone = {spec.name: value}
            if spec.name == "batch" and a.knee is not None:
                alone["knee"] = a.knee
            if spec.name == "knee":
                alone["batch"] = a.batch
            prefix = "Alone"
        else:
            alone = dict(_EXAMPLES[spec.name])
            prefix = "For example"
        shown = ", ".join(
            f"{s.symbol} = {s.format(v)}" for s in ASSUMPTION_SPECS for n, v in alone.items() if n == s.name
        )
        effect = _best_text(p, c, Assumptions(**alone))
        texts[spec.name] = f"{prefix}, {shown}: {original} becomes {effect}."
    return texts
