"""The simulated-speedup overlay (issue 11): off the GUI thread, ≥ 100,000 cycles, 95 % intervals."""

from __future__ import annotations

import numpy as np

from specdec_desktop.model import speedup
from specdec_desktop.state.simulation_check import CYCLES, simulate_check

from ..support.window import open_window


def test_the_check_uses_at_least_100000_cycles_and_agrees_with_the_formula():
    from specdec_desktop.model import Assumptions, Parameters

    assert CYCLES >= 100_000
    for a in (Assumptions(), Assumptions(spread=2.0, decay=0.95, verify_growth=0.05, overhead=0.1)):
        k, values, half = simulate_check(Parameters(), a)
        exact = speedup(0.75, k, 0.15, **a.keywords())
        se = np.where(half > 0, half / 1.96, 1.0)
        assert (np.abs(values - exact) / se < 4.5).all()


def test_toggle_overlays_points_then_follows_the_parameters_then_clears(qtbot):
    window = open_window(qtbot, ["--no-settings", "--spread", "2"])
    check = window.app_state.simulation
    chart = window.chart
    with qtbot.waitSignal(check.finished, timeout=10_000):
        window.assumptions_panel.simulate.setChecked(True)
    x, y = chart.simulated.getData()
    assert len(x) > 10
    exact = speedup(0.75, x.astype(int), 0.15, spread=2.0)
    assert np.max(np.abs(y - exact)) < 0.1
    with qtbot.waitSignal(check.finished, timeout=10_000):
        window.app_state.parameters.set(p=0.6)
    x, y = chart.simulated.getData()
    assert np.max(np.abs(y - speedup(0.6, x.astype(int), 0.15, spread=2.0))) < 0.1
    window.assumptions_panel.simulate.setChecked(False)
    assert len(chart.simulated.getData()[0]) == 0
    assert not check.enabled
