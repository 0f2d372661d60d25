"""Self-test of draft trees (issue 25): the issue's figures, the control driving the state, the
cards and the chart's tree curve following the shape, a bad path list refused, the diagram drawn,
and a short tree run played step by step: its cycles are ``simulate_tree_cycles``' for the run's
seed, its totals panel shows the model's totals and it expects the cards' speedup."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from ..model import Parameters, race_totals
from ..model.trees import best_tree, best_tree_curve, shape_figures, simulate_tree_cycles
from ..text import N_, _
from ..wording.numbers import format_figure
from .context import SelfTestContext, expect

#: Cycles of the SGLang tree the self-test plays (six events each: five levels and the check).
TREE_RUN_CYCLES = 40

#: The issue's reference: a = (0.7, 0.15, 0.05), no depth limit.
_REFERENCE = ((1, 1.7), (3, 2.533), (7, 3.2088), (15, 3.8308), (31, 4.4294))


def check_trees(ctx: SelfTestContext) -> str:
    for budget, tokens in _REFERENCE:
        got = best_tree((0.7, 0.15, 0.05), budget)[1]
        expect(
            abs(got - tokens) < 5e-5,
            N_("best tree of {budget}: {got:.4f}, not {tokens}"),
            budget=budget,
            got=got,
            tokens=tokens,
        )
    window = ctx.window
    app_state = window.app_state
    start = (app_state.parameters.params, app_state.shape.shape, window.current_tab())
    try:
        app_state.parameters.set_params(Parameters(k=6, p=0.7, c=0.05))
        window.show_tab("trees")
        combo = window.findChild(QComboBox, "draftShapeInput")
        expect(combo is not None, N_("no draftShapeInput"))
        combo.setCurrentIndex(combo.findData("sglang"))
        combo.activated.emit(combo.currentIndex())
        shape = app_state.shape.shape
        expect(shape.kind == "sglang", N_("the Draft shape control did not set the shape"))
        ctx.settle()
        figures = shape_figures(shape, app_state.parameters.params, app_state.assumptions.assumptions)
        card = window.findChild(QWidget, "tokensCard").findChild(QLabel, "value")
        expect(card.text() == format_figure(figures.tokens), N_("the tokens card does not show the tree"))
        overlay = window.tree_overlay
        expect(overlay.curve is not None and overlay.curve.isVisible(), N_("the chart shows no tree curve"))
        _x, y = overlay.curve.getData()
        vector = shape.rank_acceptance(0.7)
        reference = best_tree_curve(vector, 0.05, len(y) - 1, app_state.assumptions.assumptions)[1]
        expect(abs(float(y[-1]) - float(reference[-1])) < 1e-12, N_("the tree curve is not the model's"))
        view = window.findChild(QWidget, "treeView")
        expect(
            view is not None and view._paths == figures.resolved.paths, N_("the diagram shows another tree")
        )
        expect(not view.grab().isNull(), N_("the diagram did not paint"))
        played = _play_tree_run(ctx, figures)
        panel = window.tree_panel
        app_state.shape.set(kind="paths")
        before = app_state.shape.shape
        panel.paths.setText("[(0,), (0, 0, 0)]")
        panel.paths.editingFinished.emit()
        expect(app_state.shape.shape == before, N_("a path list that is not prefix-closed was taken"))
        why = _("{name} must be prefix-closed: {node} has no parent {parent}")  # in the window's language
        words = max(re.split(r"\{\w+\}", why), key=len).strip()
        expect(words in panel.message.text(), N_("the refusal does not say why"))
        nodes = figures.resolved.nodes
        return _(
            "issue's figures; SGLang tree of {nodes} on cards, chart and diagram; {played} tree "
            "cycles played = simulate_tree_cycles; bad input refused"
        ).format(nodes=nodes, played=played)
    finally:
        app_state.player.pause()
        app_state.shape.set_shape(start[1])
        app_state.parameters.set_params(start[0])
        window.show_tab(start[2])


def _play_tree_run(ctx: SelfTestContext, figures) -> int:
    """Step the token run through :data:`TREE_RUN_CYCLES` cycles of the shape's tree and check
    them and the totals against the model; return the cycles checked."""
    from ..views.token_run.totals_panel import format_totals

    window = ctx.window
    run, player = window.app_state.run, window.app_state.player
    run.flush()
    player.seek(0.0)
    stream = run.stream
    tree = stream.tree
    expect(
        tree is not None and tree.paths == figures.resolved.paths,
        N_("the run does not draft the shape's tree"),
    )
    for _cycle in range(TREE_RUN_CYCLES * (stream.k + 1)):
        player.step()
    ctx.settle()
    played = player.playhead.cycle
    expect(
        played == TREE_RUN_CYCLES,
        N_("{played} tree cycles played, not {wanted}"),
        played=played,
        wanted=TREE_RUN_CYCLES,
    )
    nodes = simulate_tree_cycles(
        tree.paths, tree.rank_acceptance, played, run.seed, levels=tree.levels, decay=tree.decay
    )
    expect(
        bool((stream.accepted_nodes(0, played) == nodes).all()),
        N_("the tree run's cycles differ from simulate_tree_cycles"),
    )
    totals = race_totals(stream, player.playhead)
    expect(
        totals.speculative_tokens == int(tree.accepted_depth(nodes).sum()) + played,
        N_("the tree run's tokens are not the model's"),
    )
    expect(
        abs(totals.expected_speedup - figures.speedup) <= 1e-9 * figures.speedup,
        N_("the run expects another speedup"),
    )
    token_run = window.findChild(QWidget, "tokenRun")
    shown = {name: label.text() for name, label in token_run.totals.figures.items()}
    expect(shown == format_totals(totals), N_("the totals panel does not show the tree run's totals"))
    expect(token_run.tree_cycle.isVisibleTo(token_run), N_("the run does not draw the tree being checked"))
    player.seek(0.0)
    return played
