"""Self-test of the assumptions (issue 11): every box drives the state, the figures follow the
active model (issue 11's reference values), the chart keeps the original curve, the run's clock
charges the verify cost, a scenario round trip keeps them, and the simulated check agrees."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QAbstractSpinBox

from ..model import Assumptions, Configuration, Parameters, readouts, speedup
from ..scenario import Scenario, load_scenario, save_scenario
from ..text import N_, _
from ..views.assumptions_panel import INPUT_NAMES
from ..wording.cards import card_texts
from .context import SelfTestContext, expect

#: Issue 11's reference values at p = 0.75, c = 0.15: assumptions, best k, speedup there.
REFERENCE = (
    (Assumptions(verify_growth=0.05), 3, 1.708984375),
    (Assumptions(verify_growth=0.2), 2, 1.360294118),
    (Assumptions(decay=0.9), 3, 1.768135776),
    (Assumptions(spread=2.0), 9, 2.297989866),
    (Assumptions(batch=32, knee=64.0), 1, 1.521739130),
    (Assumptions(batch=64, knee=64.0), 0, 1.0),
)


def check_assumptions(ctx: SelfTestContext) -> str:
    window = ctx.window
    state = window.app_state.assumptions
    params = window.app_state.parameters
    start = window.app_state.configuration()
    try:
        params.set_params(Parameters())
        for a, best, value in REFERENCE:
            figures = readouts(Parameters(), a)
            expect(
                figures.best_k == best,
                N_("{assumptions}: best k {got}, expected {best}"),
                assumptions=a.describe(),
                got=figures.best_k,
                best=best,
            )
            got = round(figures.best_speedup or 0.0, 9)
            expect(
                abs(got - value) < 1e-12,
                N_("{assumptions}: best speedup {got}, expected {value}"),
                assumptions=a.describe(),
                got=got,
                value=value,
            )
        window.assumptions_panel.set_expanded(True)
        ctx.settle()
        values = {
            "decay": 0.9,
            "spread": 2.0,
            "verify_growth": 0.05,
            "batch": 32,
            "knee": 64.0,
            "overhead": 0.1,
        }
        for name, value in values.items():
            box = window.findChild(QAbstractSpinBox, INPUT_NAMES[name])
            expect(
                box is not None and box.isVisible(),
                N_("entry box {box} missing or hidden"),
                box=INPUT_NAMES[name],
            )
            state.reset()
            box.setValue(value)
            expect(
                getattr(state.assumptions, name) == value,
                N_("{box} did not set {name}"),
                box=INPUT_NAMES[name],
                name=name,
            )
            shown = window.cards["bestCard"].value.text()
            expect(
                shown == card_texts(readouts(Parameters(), state.assumptions))["bestCard"].value,
                N_("{name} = {value}: best card shows {shown!r}"),
                name=name,
                value=value,
                shown=shown,
            )
        state.set_assumptions(Assumptions(spread=2.0))
        ctx.settle()
        chart = window.chart
        x, reference = chart.reference.getData()
        expect(reference is not None and len(reference) > 0, N_("no reference curve under assumptions"))
        expect(
            np.array_equal(reference, speedup(0.75, x.astype(int), 0.15)),
            N_("reference is not the original model"),
        )
        run = window.app_state.run
        state.set_assumptions(Assumptions(verify_growth=0.1, overhead=0.2))
        run.flush()
        expect(
            abs(run.stream.timeline.cycle_cost - (6 * 0.15 + 1.6 + 0.2)) < 1e-12,
            N_("the run's clock ignores β or o"),
        )
        path = ctx.temp_dir / "assumptions.json"
        save_scenario(path, Scenario(Configuration(assumptions=Assumptions(decay=0.8, knee=32.0, batch=4))))
        expect(
            load_scenario(path).assumptions == Assumptions(decay=0.8, knee=32.0, batch=4),
            N_("scenario lost them"),
        )
        from ..state.simulation_check import simulate_check

        k, simulated, half = simulate_check(Parameters(), Assumptions(spread=2.0))
        exact = speedup(0.75, k, 0.15, spread=2.0)
        worst = float(np.max(np.abs(simulated - exact) / np.where(half > 0, half / 1.96, 1.0)))
        expect(
            worst < 5.0,
            N_("simulation disagrees with the formula by {worst:.1f} standard errors"),
            worst=worst,
        )
    finally:
        window.app_state.owners.apply(start)
        window.assumptions_panel.set_expanded(False)
        window.app_state.history.clear()
    return _("{count} reference values, 6 boxes, reference curve, run clock, file, simulation").format(
        count=len(REFERENCE)
    )
