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
from ..text import N_, _, localize, ngettext
from .numbers import format_count, format_figure, format_parameter, format_times

__all__ = [
    "CARDS",
    "Card",
    "CardText",
    "card_texts",
    "format_times",
    "hidden_card_texts",
    "widest_values",
    "worked_numbers",
]


@dataclass(frozen=True)
class Card:
    """One readout card: its objectName, its title, and the title it shows when space is short."""

    name: str
    #: The title in English, as the catalogue knows it.
    english: str
    #: The title shown when space is short, in English ("": none shorter).
    short_english: str = ""

    @property
    def title(self) -> str:
        """The title in the active language (read at each use, so a language switch shows)."""
        return _(self.english)

    @property
    def short_title(self) -> str:
        """The short title in the active language ("" when there is none)."""
        return _(self.short_english) if self.short_english else ""


#: The cards, in display order.
CARDS: tuple[Card, ...] = (
    Card("tokensCard", N_("Tokens per cycle"), N_("Tokens")),
    Card("costCard", N_("Cost per cycle"), N_("Cost")),
    Card("speedupCard", N_("Speedup"), N_("Speedup")),
    Card("bestCard", N_("Best draft length"), N_("Best k")),
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


#: What a card shows while the class predicts (predict-then-reveal), and what a screen reader says.
HIDDEN_VALUE = "?"
HIDDEN_DETAIL = N_("Predict it first: V reveals")
HIDDEN_SPOKEN = N_("hidden until revealed")


def hidden_card_texts() -> dict[str, CardText]:
    """Every card's text while the answer is hidden (predict, then reveal)."""
    detail, spoken = _(HIDDEN_DETAIL), _(HIDDEN_SPOKEN)
    return {card.name: CardText(HIDDEN_VALUE, detail, spoken) for card in CARDS}


def widest_values(k_max: int) -> dict[str, str]:
    """The widest figure each card can show when k goes up to ``k_max``, keyed by objectName.

    Tokens, cost and speedup are each at most k + 1; the figure is written with 8s, the widest
    digit of most typefaces, so the width reserved for it is never short.
    """
    top = "".join("8" if ch.isdigit() else ch for ch in f"{k_max + 1:.2f}")
    top = localize(top)
    return {"tokensCard": top, "costCard": top, "speedupCard": f"{top}×", "bestCard": _("don't speculate")}


def card_texts(r: Readouts) -> dict[str, CardText]:
    """Texts for the cards, keyed by objectName."""
    k = r.params.k
    p, c = format_parameter("p", r.params.p), format_parameter("c", r.params.c)
    draft_steps = ngettext("{n} draft step", "{n} draft steps", k).format(n=k)
    if r.speedup < 1.0 - 1e-12:
        verdict = _("<b>slower</b> than plain decoding")
    elif r.speedup <= 1.0 + 1e-12:
        verdict = _("the same as plain decoding")
    else:
        verdict = _("faster than one token per big-model pass")

    if r.best_k is None and r.peak_status == "beyond":
        best = CardText(
            value=_("no peak"),
            detail=_("No peak up to k = 4096: the speedup still rises there"),
            spoken=_("no peak up to k equals 4096; the speedup still rises there"),
        )
    elif r.best_k is None:
        unbounded = r.limit == float("inf")
        limit = format_times(r.limit or 0.0)
        spoken_limit = localize(f"{r.limit or 0.0:.2f}")
        best = CardText(
            value=_("no peak"),
            detail=_("Speedup keeps rising without limit as k grows")
            if unbounded
            else _("Speedup keeps rising toward {limit} as k grows").format(limit=limit),
            spoken=_("no peak; speedup keeps rising without limit")
            if unbounded
            else _("no peak; speedup keeps rising toward {limit} times").format(limit=spoken_limit),
        )
    elif r.best_k == 0:
        best = CardText(
            value=_("don't speculate"),
            detail=_("With p ≤ c (here {p} ≤ {c}) no draft beats plain decoding").format(p=p, c=c),
            spoken=_("do not speculate; no draft length beats plain decoding"),
        )
    else:
        assert r.best_speedup is not None
        reach = int(DRAFT_LENGTH.maximum)
        beyond = r.best_k > reach
        reaches = {"speedup": format_times(r.best_speedup), "p": p, "c": c, "reach": reach}
        spoken = {"k": r.best_k, "speedup": localize(f"{r.best_speedup:.2f}"), "reach": reach}
        best = CardText(
            value=f"k = {format_count(r.best_k)}",
            detail=(
                _("reaches {speedup} at p = {p}, c = {c}; beyond the slider, which stops at {reach}")
                if beyond
                else _("reaches {speedup} at p = {p}, c = {c}")
            ).format(**reaches),
            spoken=(
                _("{k}, reaching {speedup} times, beyond the slider, which stops at {reach}")
                if beyond
                else _("{k}, reaching {speedup} times")
            ).format(**spoken),
        )
    texts = {
        "tokensCard": CardText(
            value=format_figure(r.tokens_per_cycle),
            detail=_("{accepted} accepted guesses + 1 from the big model").format(
                accepted=format_figure(r.accepted_guesses)
            ),
            spoken=_("{tokens} tokens").format(tokens=localize(f"{r.tokens_per_cycle:.2f}")),
        ),
        "costCard": CardText(
            value=format_figure(r.cost_per_cycle),
            detail=_("{draft_steps} × {c} + 1 check, in big-model passes").format(
                draft_steps=draft_steps, c=c
            ),
            spoken=_("{passes} passes").format(passes=localize(f"{r.cost_per_cycle:.2f}")),
        ),
        "speedupCard": CardText(
            value=format_times(r.speedup),
            detail=verdict,
            spoken=_("{speedup} times").format(speedup=localize(f"{r.speedup:.2f}")),
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
        original_best = _("no peak")
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
            detail=_("original model: {figure}").format(figure=details[name]),
            spoken=_("{spoken}; original model {figure}").format(
                spoken=text.spoken, figure=details[name].replace("×", _(" times"))
            ),
        )
        for name, text in texts.items()
    }


def _best_text(p: float, c: float, a: Assumptions) -> str:
    top = peak(p, c, a)
    if top.k is None:
        return _("no peak up to k = 4096") if top.status == "beyond" else _("no peak")
    return _("best k {k} ({speedup})").format(k=format_count(top.k), speedup=format_times(top.speedup))


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
            line = _("Alone, {values}: {original} becomes {effect}.")
        else:
            alone = dict(_EXAMPLES[spec.name])
            line = _("For example, {values}: {original} becomes {effect}.")
        shown = ", ".join(
            f"{s.symbol} = {localize(s.format(v))}"
            for s in ASSUMPTION_SPECS
            for n, v in alone.items()
            if n == s.name
        )
        effect = _best_text(p, c, Assumptions(**alone))
        texts[spec.name] = line.format(values=shown, original=original, effect=effect)
    return texts
