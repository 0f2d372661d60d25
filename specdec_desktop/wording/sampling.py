"""What the "Where p comes from" tab says: titles, the rules' names and formulas, the bundled pairs.

Notation on screen, as in ``model/sampling.py``: p is the target model's next-token
distribution, q the draft's.  Every word of the sampling view and the real-text run is here,
in one place.

The texts are written in English (marked with ``N_``) and translated when they are read:
``words.TAB_TITLE``, ``words.LEGEND``, ``words.RULE_TEXTS``, ``words.PAIRS`` and ``TEXT_RUN``
come through the module's ``__getattr__``, so a view built after :func:`specdec_desktop.text.activate`
shows the active language, and English stays exactly the text below.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..text import N_, _

__all__ = [  # noqa: F822 (the texts come through __getattr__, translated)
    "DRAW_BATCH",
    "LEGEND",
    "PAIRS",
    "RULE_TEXTS",
    "TAB_TITLE",
    "TEXT_CREDIT",
    "TEXT_RUN",
    "TokenPair",
    "distance_text",
    "temperature_text",
]

#: The bundled text's credit line (shared/data/README.md), shown in Help ▸ About.
_TEXT_CREDIT = N_(
    "text: works of William Shakespeare (public domain), in the tinyshakespeare compilation "
    "of the char-rnn project"
)
_TAB_TITLE = N_("Where p comes from")
_SHORT_TAB_TITLE = N_("Sampling")
#: Draws added by one press of the draw button.
DRAW_BATCH = 10_000

_INTRO = N_(
    "The acceptance rate is not a dial: it is how much two next-token distributions overlap. "
    "p is the target model's distribution, q the draft's. A guess x drawn from q is kept with "
    "probability min(1, p(x)/q(x)); on a rejection the target draws from what is left of p, "
    "max(0, p − q). The text written then follows p exactly."
)


@dataclass(frozen=True)
class RuleText:
    """One verification rule on screen: its name, its formula, and what it checks."""

    name: str
    formula: str
    meaning: str


#: By rule id (``model.sampling.RULES``).
_RULE_TEXTS = {
    "probabilistic": RuleText(
        N_("Probabilistic"),
        "Σ min(p, q)",
        N_("a guess x ~ q is kept with probability min(1, p(x)/q(x)) (Leviathan et al. 2023)"),
    ),
    "strict": RuleText(
        N_("Strict (top token)"),
        "p(argmax q)",
        N_(
            "the draft's top token is kept when it equals the target's own sample (EAGLE/MTP in vLLM, "
            "SGLang, TensorRT-LLM)"
        ),
    ),
    "sampled-match": RuleText(
        N_("Sampled, exact match"),
        "Σ p·q",
        N_("a guess x ~ q is kept when it equals the target's own sample y ~ p"),
    ),
    "greedy": RuleText(
        N_("Greedy"),
        "argmax p = argmax q",
        N_("kept when both models' top tokens agree (1 or 0)"),
    ),
}

_LEGEND = {
    "target": N_("target p (outlined)"),
    "draft": N_("draft q (dashed)"),
    "overlap": N_("overlap min(p, q): kept"),
    "residual": N_("p − q where p is larger (hatched): the target's correction"),
    "output": N_("tokens written"),
}

_PAIR_LABEL = N_("Models")
_TEMPERATURE_LABEL = N_("Temperature")
_DRAW_BUTTON = N_("Draw 10,000")
_CLEAR_BUTTON = N_("Clear")
_RULES_HEADING = N_("The chance a guess is kept, by rule")
_HISTOGRAM_HEADING = N_("What speculation writes, against the target p")
_HISTOGRAM_LEGEND = N_("Bars: the share of each token written; line across each bar: the target's p.")
_HISTOGRAM_EMPTY = N_("Press “Draw 10,000”: each draw is one guess checked, and the token it writes.")


@dataclass(frozen=True)
class TokenPair:
    """A bundled pair: the tokens, the target's logits and the draft's, and what it shows."""

    name: str
    tokens: tuple[str, ...]
    target_logits: tuple[float, ...]
    draft_logits: tuple[float, ...]
    note: str


_PAIRS = (
    TokenPair(
        N_("Worked example"),
        ("the", "a", "my", "thy"),
        (2.0, 1.5, 0.2, -1.0),
        (1.4, 1.7, 0.0, -0.5),
        N_("The draft prefers the target's second word: the rules disagree."),
    ),
    TokenPair(
        N_("A close draft"),
        ("lord", "king", "queen", "duke", "sir"),
        (2.2, 1.6, 0.9, 0.3, -0.4),
        (2.0, 1.7, 0.8, 0.5, -0.2),
        N_("Nearly the same distribution: almost every guess is kept."),
    ),
    TokenPair(
        N_("An overconfident draft"),
        ("e", "a", "o", "i", "u"),
        (1.2, 1.0, 0.8, 0.6, 0.4),
        (4.0, 0.0, 0.0, 0.0, 0.0),
        N_("The draft is sure; the target is not. Greedy agrees, yet most guesses are rejected."),
    ),
    TokenPair(
        N_("Different favourites"),
        ("love", "death", "war", "peace"),
        (2.5, 0.5, 0.0, -0.5),
        (0.0, 2.5, 0.5, 0.0),
        N_("Each model favours another word: little overlap, and the residual carries the text."),
    ),
)


def temperature_text(temperature: float) -> str:
    """``T = 0.70``, or ``T = 0 (greedy)``."""
    if temperature == 0:
        return _("T = 0 (greedy: the top token)")
    return _("T = {t:.2f}").format(t=temperature)


def distance_text(draws: int, distance: float) -> str:
    """The readout under the histogram: how far the written tokens are from p."""
    return _(
        "{draws:,} draws: distance to p {distance:.4f} (total variation, ½ Σ |written − p|); "
        "it shrinks like 1/√draws"
    ).format(draws=draws, distance=distance)


@dataclass(frozen=True)
class TextRunWords:
    """Words of the real-text run."""

    heading: str = N_("Real text: an n-gram draft against a 6-gram target, both built from Shakespeare")
    building: str = N_("Building the language models…")
    build_failed: str = N_("The language models could not be built: {reason}")
    draft_order: str = N_("Draft order")
    k: str = N_("Guesses per cycle k")
    seed: str = N_("Seed")
    simulate: str = N_("Play")
    show_thrown_away: str = N_("Show the guesses thrown away")
    use_p: str = N_("Use this p")
    use_p_tip: str = N_("Set p and k of the main controls to what this run measured (Undo takes it back)")
    legend_names: tuple[str, str, str, str] = (
        N_("kept guess"),
        N_("rejected guess"),
        N_("discarded after it"),
        N_("the target's own character"),
    )
    figures: str = N_(
        "{tokens} characters in {cycles} cycles: {tpc:.2f} per cycle; acceptance {acceptance:.3f} "
        "(mean overlap {overlap:.3f}); speedup {speedup:.2f}× at c = {c:g}, the formula at that "
        "p: {formula:.2f}×"
    )
    per_position: str = N_("Acceptance by position: {values}")
    greedy_note: str = N_(
        "At temperature 0 both models always take their top character: the text soon repeats "
        "itself. Sampling at T > 0 is what keeps text varied, and it lowers acceptance."
    )
    policies_heading: str = N_("Drafting that stops when unsure (same text, same seed)")
    policy_row: str = N_("{tpc:.2f} characters per check, speedup {speedup:.2f}×")
    policy_names: tuple[tuple[str, str], ...] = (
        ("fixed", N_("Fixed k")),
        ("threshold:0.3", N_("Stop below q(x) 0.3 (llama.cpp --draft-p-min)")),
        ("heuristic", N_("Hugging Face's +2/−1 schedule")),
        ("oracle", N_("Oracle (drafts only what will be kept)")),
    )
    best_fixed: str = N_("Best fixed k on this text (k = {k})")
    policy_verdict: str = N_(
        "A stopping rule pays only when acceptance varies within the text and the draft's "
        "confidence signals it; with a constant acceptance a fixed best k is as good."
    )
    step: str = N_("Step")
    step_back: str = N_("Step back")
    step_tip: str = N_("Show one cycle more (after the last, the first again); Step back shows one fewer")
    show_distributions: str = N_("Show the distributions")
    show_distributions_tip: str = N_(
        "Show the draft's q and the target's p at the guess that decided the last cycle shown"
    )
    position_bars: str = N_("Draft and target distributions at the guess shown")
    position_empty: str = N_("Play or step the run to see both models' distributions at a guess.")
    position_caption: str = N_(
        "Cycle {cycle}, guess {guess} of {guesses}: the draft proposed {char} (q {q:.2f}, p {p:.2f}); "
        "kept with chance min(1, p/q) = {chance:.2f}: {verdict}. Overlap Σ min(p, q) = {overlap:.3f}, "
        "the chance a guess is kept here."
    )
    position_kept: str = N_("kept")
    position_rejected: str = N_("rejected")
    position_other: str = N_("other")
    verdict_pays: str = N_("Here {name} beats the best fixed k: {speedup:.2f}× against {best:.2f}×.")
    verdict_loses: str = N_(
        "Here no stopping rule beats the best fixed k ({best:.2f}×); the oracle's {oracle:.2f}× is "
        "the most any rule could reach."
    )


_TEXT_RUN = TextRunWords()


def _translated_run_words() -> TextRunWords:
    words = _TEXT_RUN
    changes: dict[str, object] = {}
    for field in fields(words):
        value = getattr(words, field.name)
        if isinstance(value, str):
            changes[field.name] = _(value)
        elif field.name == "policy_names":
            changes[field.name] = tuple((key, _(name)) for key, name in value)
        else:
            changes[field.name] = tuple(_(name) for name in value)
    return replace(words, **changes)


_TEXTS = {
    "TEXT_CREDIT": _TEXT_CREDIT,
    "TAB_TITLE": _TAB_TITLE,
    "SHORT_TAB_TITLE": _SHORT_TAB_TITLE,
    "INTRO": _INTRO,
    "PAIR_LABEL": _PAIR_LABEL,
    "TEMPERATURE_LABEL": _TEMPERATURE_LABEL,
    "DRAW_BUTTON": _DRAW_BUTTON,
    "CLEAR_BUTTON": _CLEAR_BUTTON,
    "RULES_HEADING": _RULES_HEADING,
    "HISTOGRAM_HEADING": _HISTOGRAM_HEADING,
    "HISTOGRAM_LEGEND": _HISTOGRAM_LEGEND,
    "HISTOGRAM_EMPTY": _HISTOGRAM_EMPTY,
}


def __getattr__(name: str):
    """The module's texts, translated as they are read (English: exactly as written above)."""
    if name in _TEXTS:
        return _(_TEXTS[name])
    if name == "LEGEND":
        return {key: _(text) for key, text in _LEGEND.items()}
    if name == "RULE_TEXTS":
        return {
            key: RuleText(_(rule.name), rule.formula, _(rule.meaning)) for key, rule in _RULE_TEXTS.items()
        }
    if name == "PAIRS":
        return tuple(replace(pair, name=_(pair.name), note=_(pair.note)) for pair in _PAIRS)
    if name == "TEXT_RUN":
        return _translated_run_words()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
