"""Self-test of compare and map (issue 13): a pin reaches the table and the chart, a bad name is
refused, undo removes the pin, the map matches the model and a pick on it sets p and c."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget, QWidget

from ..model import Parameters, best_draft_length, speedup
from ..model.phase_map import NO_PEAK
from ..text import N_, _
from .context import SelfTestContext, expect


def check_compare(ctx: SelfTestContext) -> str:
    window = ctx.window
    app_state = window.app_state
    compare = window.compare
    start = (app_state.parameters.params, app_state.pinned.pins)
    try:
        app_state.pinned.clear()
        app_state.parameters.set_params(Parameters(k=4, p=0.92, c=0.45))
        expect(compare.pin("careful"), N_("pinning failed: {why}"), why=compare.panel.message.text())
        expect(not compare.pin(""), N_("an empty pin name was accepted"))
        table = window.findChild(QTableWidget, "pinnedTable")
        expect(table is not None and table.rowCount() == 1, N_("the pinned table does not show the pin"))
        ctx.settle()
        _xs, ys = compare.overlay.curves[0].getData()
        expect(
            ys is not None and abs(ys[4] - speedup(0.92, 4, 0.45)) < 1e-12,
            N_("the pinned curve is not the model's"),
        )
        app_state.history.stack.undo()
        expect(app_state.pinned.pins == (), N_("undo did not remove the pin"))
        compare.show_map(True)
        ctx.settle()
        view = window.findChild(QWidget, "phaseMap")
        expect(view is not None and view.isVisible(), N_("the (p, c) map is not shown"))
        result = view._map
        expect(result is not None, N_("the map was not computed"))
        for i in range(0, result.p.size, 37):
            for j in range(1, result.c.size, 41):
                best = best_draft_length(float(result.p[i]), float(result.c[j]))
                got = int(result.best_k[i, j])
                expect(
                    got == (NO_PEAK if best is None else best),
                    N_("map cell p={p:.3f}: {got} != {best}"),
                    p=result.p[i],
                    got=got,
                    best=best,
                )
        view.picked.emit(0.8, 0.1)
        expect(
            (app_state.parameters.params.p, app_state.parameters.params.c) == (0.8, 0.1),
            N_("a pick did not set p, c"),
        )
        compare.show_map(False)
        return _("pin, table, curve, undo; map {rows}x{columns} checked against the model").format(
            rows=result.p.size, columns=result.c.size
        )
    finally:
        compare.show_map(False)
        app_state.parameters.set_params(start[0])
        app_state.pinned.set_pins(start[1])
