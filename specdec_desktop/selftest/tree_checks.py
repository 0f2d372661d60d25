"""Self-test of draft trees (issue 25): the issue's figures, the control driving the state, the
cards and the chart's tree curve following the shape, a bad path list refused, the diagram drawn."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from ..model import Parameters
from ..model.trees import best_tree, best_tree_curve, shape_figures
from ..wording.numbers import format_figure
from .context import SelfTestContext, expect

#: The issue's reference: a = (0.7, 0.15, 0.05), no depth limit.
_REFERENCE = ((1, 1.7), (3, 2.533), (7, 3.2088), (15, 3.8308), (31, 4.4294))


def check_trees(ctx: SelfTestContext) -> str:
    for budget, tokens in _REFERENCE:
        got = best_tree((0.7, 0.15, 0.05), budget)[1]
        expect(abs(got - tokens) < 5e-5, f"best tree of {budget}: {got:.4f}, not {tokens}")
    window = ctx.window
    app_state = window.app_state
    start = (app_state.parameters.params, app_state.shape.shape, window.current_tab())
    try:
        app_state.parameters.set_params(Parameters(k=6, p=0.7, c=0.05))
        window.show_tab("trees")
        combo = window.findChild(QComboBox, "draftShapeInput")
        expect(combo is not None, "no draftShapeInput")
        combo.setCurrentIndex(combo.findData("sglang"))
        combo.activated.emit(combo.currentIndex())
        shape = app_state.shape.shape
        expect(shape.kind == "sglang", "the Draft shape control did not set the shape")
        ctx.settle()
        figures = shape_figures(shape, app_state.parameters.params, app_state.assumptions.assumptions)
        card = window.findChild(QWidget, "tokensCard").findChild(QLabel, "value")
        expect(card.text() == format_figure(figures.tokens), "the tokens card does not show the tree")
        overlay = window.tree_overlay
        expect(overlay.curve is not None and overlay.curve.isVisible(), "the chart shows no tree curve")
        _x, y = overlay.curve.getData()
        vector = shape.rank_acceptance(0.7)
        reference = best_tree_curve(vector, 0.05, len(y) - 1, app_state.assumptions.assumptions)[1]
        expect(abs(float(y[-1]) - float(reference[-1])) < 1e-12, "the tree curve is not the model's")
        view = window.findChild(QWidget, "treeView")
        expect(view is not None and view._paths == figures.resolved.paths, "the diagram shows another tree")
        expect(not view.grab().isNull(), "the diagram did not paint")
        panel = window.tree_panel
        app_state.shape.set(kind="paths")
        before = app_state.shape.shape
        panel.paths.setText("[(0,), (0, 0, 0)]")
        panel.paths.editingFinished.emit()
        expect(app_state.shape.shape == before, "a path list that is not prefix-closed was taken")
        expect("prefix-closed" in panel.message.text(), "the refusal does not say why")
        nodes = figures.resolved.nodes
        return f"issue's figures; SGLang tree of {nodes} on cards, chart and diagram; bad input refused"
    finally:
        app_state.shape.set_shape(start[1])
        app_state.parameters.set_params(start[0])
        window.show_tab(start[2])
