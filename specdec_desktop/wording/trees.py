"""The words of draft trees, in one place: the shape names, the cards for a tree, the panel's text.

Plain Python, no Qt.  :data:`SHAPE_LABELS` names each :data:`~specdec_desktop.model.trees.SHAPE_KINDS`
entry as the Draft shape control lists it; :func:`tree_card_texts` gives the four cards' words for
a tree's :class:`~specdec_desktop.model.trees.ShapeFigures`; the rest is the trees panel's text.
"""

from __future__ import annotations

from ..model.trees import ShapeFigures, TreePreset
from ..text import N_, _
from .cards import CardText
from .numbers import format_figure, format_parameter, format_times

__all__ = [  # noqa: F822 (the texts come through __getattr__, translated)
    "CHECK_BUTTON",
    "PANEL_INTRO",
    "PRESET_LABEL",
    "PRESET_NONE",
    "RANKS_HINT",
    "SHAPE_LABELS",
    "TAB_TITLE",
    "TREES_ESSAY",
    "TREES_ESSAY_TITLE",
    "check_caption",
    "figures_text",
    "preset_note",
    "tree_card_texts",
]

_TAB_TITLE = N_("Draft trees")
#: The shapes as the control lists them, keyed by kind.
_SHAPE_LABELS = {
    "chain": N_("Chain of k guesses"),
    "best": N_("Best tree for a budget"),
    "sglang": N_("SGLang (steps, topk, draft tokens)"),
    "paths": N_("vLLM path list"),
    "medusa": N_("Medusa heads"),
}
_PANEL_INTRO = N_(
    "A drafter can guess several candidates at each position and send the whole tree to one "
    "check. Each node is a guess; the check keeps the longest path the big model agrees with, "
    "then adds its own token."
)
_RANKS_HINT = N_(
    "Rank acceptance a₂, a₃, …: the chance that the big model's token is the draft's second, "
    "third, … choice. Rank 1 is p. A chain's measured rates give only rank 1; set the others "
    "(together at most 1 − p)."
)
_CHECK_BUTTON = N_("New check")
_TREES_ESSAY_TITLE = N_("Why draft a tree")
#: The essay on trees (rich text), shown beside the diagram.  Facts carry their source.
_TREES_ESSAY = N_("""
<h3>Why draft a tree, and when it stops paying</h3>
<p>A chain bets everything on one guess per position: when the big model disagrees at position
<i>j</i>, every guess after it is wasted. A tree hedges. At the positions where the draft is
unsure it offers its second and third choices too, and the check keeps whichever path the big
model agrees with for longest. SpecInfer (Miao et al. 2024, arXiv 2305.09781) verifies such token
trees in one pass with a tree-shaped attention mask; Medusa, EAGLE-2 and Sequoia all build on it.</p>
<p><b>What a tree yields.</b> Call <i>a<sub>r</sub></i> the chance that the big model's token is
the draft's <i>r</i>-th choice (Sequoia, Chen et al. 2024, arXiv 2402.12374). A guess is accepted
only if every guess on its path is, so its worth <i>f</i> is the product of the <i>a</i>'s along
the path, and a check yields 1 + Σ <i>f</i> tokens on average. The diagram draws each guess as
large as its <i>f</i>. A chain of <i>k</i> with <i>a</i> = (<i>p</i>) gives back the chain's
formula exactly.</p>
<p><b>Same budget, more tokens.</b> With <i>a</i> = (0.7, 0.15, 0.05), a chain of 31 guesses
yields 3.33 tokens per check (it can never pass 1 ⁄ (1 − 0.7)), while the best tree of 31
guesses yields 4.43: the chain's last guesses are worth almost nothing, the tree spends them on
second choices near the root. The best tree is found exactly, adding the most valuable guess next
(Sequoia's dynamic programme gives the same trees).</p>
<p><b>Why it stops paying.</b> A tree's yield grows only slowly with its size, while the check
reads every guess at once. On a busy server, once the batch's tokens per check pass the point
where the big model's pass stops being memory-bound (the batch knee under Assumptions), each
extra guess makes every check dearer: the best tree shrinks back to a few guesses. Each level
of the tree is also one more draft pass, so depth costs as a chain's length does.</p>
<p><b>The engines' shapes.</b> SGLang drafts <i>steps</i> levels, keeps the <i>topk</i> best
paths at each, and verifies the best <i>num_draft_tokens</i> − 1 guesses with the root (its
documented defaults are 5, 4 and 8). vLLM takes any tree as a path list
(<tt>speculative_token_tree</tt>); Medusa takes every combination of each head's top guesses
(Cai et al. 2024, arXiv 2401.10774). A chain's measured acceptance gives only <i>a</i><sub>1</sub>;
the later ranks must be measured on a tree, or assumed.</p>
""")
_PRESET_LABEL = N_("Preset")
_PRESET_NONE = N_("(choose a published setting)")

_TEXTS = {
    "TAB_TITLE": _TAB_TITLE,
    "PANEL_INTRO": _PANEL_INTRO,
    "RANKS_HINT": _RANKS_HINT,
    "CHECK_BUTTON": _CHECK_BUTTON,
    "TREES_ESSAY_TITLE": _TREES_ESSAY_TITLE,
    "TREES_ESSAY": _TREES_ESSAY,
    "PRESET_LABEL": _PRESET_LABEL,
    "PRESET_NONE": _PRESET_NONE,
}


def __getattr__(name: str):
    """The module's texts, translated as they are read (English: exactly as written above)."""
    if name in _TEXTS:
        return _(_TEXTS[name])
    if name == "SHAPE_LABELS":
        return {kind: _(label) for kind, label in _SHAPE_LABELS.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def preset_note(preset: TreePreset) -> str:
    """Where a tree preset's figures come from, and which of them are illustrative."""
    return _("{source}. Published: {published}. Note: {illustrative}.").format(
        source=_(preset.source), published=_(preset.published), illustrative=_(preset.illustrative)
    )


def tree_card_texts(figures: ShapeFigures, draft_cost: float) -> dict[str, CardText]:
    """The cards for a tree at draft cost ``draft_cost``, keyed by objectName (the chain keeps
    :func:`.cards.card_texts`)."""
    resolved = figures.resolved
    nodes, depth = resolved.nodes, resolved.depth
    c = format_parameter("c", draft_cost)
    passes = (
        _("1 parallel draft pass")
        if resolved.parallel
        else _("{levels} draft levels").format(levels=resolved.draft_levels)
    )
    if figures.speedup < 1.0 - 1e-12:
        verdict = _("<b>slower</b> than plain decoding")
    elif figures.speedup <= 1.0 + 1e-12:
        verdict = _("the same as plain decoding")
    else:
        verdict = _("a tree of {nodes} guesses, {depth} deep").format(nodes=nodes, depth=depth)
    best_nodes = len(figures.best_paths)
    return {
        "tokensCard": CardText(
            value=format_figure(figures.tokens),
            detail=_("{accepted} accepted guesses + 1 from the big model").format(
                accepted=format_figure(figures.tokens - 1.0)
            ),
            spoken=_("{tokens} tokens").format(tokens=format_figure(figures.tokens)),
        ),
        "costCard": CardText(
            value=format_figure(figures.cost),
            detail=_("{passes} × {c} + 1 check of {tokens} tokens").format(
                passes=passes, c=c, tokens=nodes + 1
            ),
            spoken=_("{passes} passes").format(passes=format_figure(figures.cost)),
        ),
        "speedupCard": CardText(
            value=format_times(figures.speedup),
            detail=verdict,
            spoken=_("{speedup} times").format(speedup=format_figure(figures.speedup)),
        ),
        "bestCard": CardText(
            value=_("tree of {n}").format(n=best_nodes),
            detail=_("best tree of at most {nodes} guesses: {speedup}").format(
                nodes=nodes, speedup=format_times(figures.best_speedup)
            ),
            spoken=_("best tree of {n} guesses, reaching {speedup} times").format(
                n=best_nodes, speedup=format_figure(figures.best_speedup)
            ),
        ),
    }


def figures_text(figures: ShapeFigures, vllm: str, sglang: str | None) -> str:
    """The panel's summary: the tree, its figures, the best tree and the flags to paste (plain text)."""
    resolved = figures.resolved
    lines = [
        _(
            "{nodes} guesses in {depth} levels: {tokens} tokens per check for {cost} passes, {speedup}."
        ).format(
            nodes=resolved.nodes,
            depth=resolved.depth,
            tokens=format_figure(figures.tokens),
            cost=format_figure(figures.cost),
            speedup=format_times(figures.speedup),
        ),
        _("Best tree of at most {nodes} guesses: {best} guesses, {tokens} tokens, {speedup}.").format(
            nodes=resolved.nodes,
            best=len(figures.best_paths),
            tokens=format_figure(figures.best_tokens),
            speedup=format_times(figures.best_speedup),
        ),
        f"vLLM: {vllm}",
    ]
    if sglang is not None:
        lines.append(f"SGLang: {sglang}")
    if figures.spread_left_out:
        lines.append(_("Spread is a chain's assumption: a tree's figures leave it out."))
    if figures.shape.clipped(figures.resolved.rank_acceptance[0]):
        lines.append(_("p leaves less than the ranks set: the later ranks are cut to 1 − p."))
    return "\n".join(lines)


def check_caption(tokens: int, path: tuple[int, ...] | None) -> str:
    """What the highlighted check did."""
    if not path:
        return _("This check: no guess accepted; the big model's own token is kept (1 token).")
    ranks = " → ".join(f"#{r + 1}" for r in path)
    return _(
        "This check: accepted the path {ranks} and the big model's token after it ({tokens} tokens)."
    ).format(ranks=ranks, tokens=tokens)
