""" "Use measured costs" (issue 23.4): the model set to what runs at several k measured, so the
chart's curve follows the measured points; one undo step that gives the configuration back whole."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt

from specdec_desktop.launch.fit_command import FitRequest, run_fit
from specdec_desktop.measured.cost_summary import cost_model
from specdec_desktop.model import readouts
from tests.support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
TABLE = DATA / "costs_per_k.csv"


def _model_table(path: Path, p: float, c: float, growth: float, overhead: float) -> Path:
    """Runs at k = 0..10 as the model prices them, with the draft's and the verify pass's times."""
    from specdec_desktop.model import expected_tokens

    lines = ["k,tokens_per_step,ms_per_step,draft_ms,verify_ms"]
    for k in range(11):
        draft, verify = 20.0 * c * k, 20.0 * (1 + growth * k)
        ms = verify if k == 0 else draft + verify + 20.0 * overhead
        lines.append(f"{k},{float(expected_tokens(p, k)):.9f},{ms:.9f},{draft:.9f},{verify:.9f}")
    path.write_text("\n".join(lines) + "\n")
    return path


def _import(qtbot, window, paths):
    io = window.services.measurements
    assert io.import_paths(paths)
    qtbot.waitUntil(lambda: io.job is None)


def _action(window):
    return window.services.actions["file.use_measured_costs"]


def _points(window):
    x, y = window.measured_overlay.points.getData()
    return x.astype(int).tolist(), y.tolist()


@pytest.mark.parametrize(
    ("p", "c", "growth", "overhead", "best"),
    [(0.8, 0.05, 0.02, 0.1, 7), (0.7, 0.12, 0.0, 0.0, 4), (0.6, 0.02, 0.03, 0.2, 4)],
)
def test_the_curve_follows_the_measured_points_and_its_best_k_is_theirs(
    qtbot, tmp_path, p, c, growth, overhead, best
):
    window = open_window(qtbot)
    action = _action(window)
    assert not action.isEnabled()  # nothing imported yet
    # A configuration far from the table's, with assumptions the table does not hold.
    window.state.set(k=7, p=0.55, c=0.3)
    window.assumptions_state.set(decay=0.9, spread=4.0, knee=64.0, overhead=0.5)
    _import(qtbot, window, [_model_table(tmp_path / "runs.csv", p, c, growth, overhead)])
    (costs,) = window.app_state.measurement.costs
    assert costs.best_k == best and action.isEnabled()
    button = window.measured_panel.costs.use_button
    assert button.isVisibleTo(window.measured_panel) and button.isEnabled()
    before = window.app_state.configuration()
    button.click()
    params, a = window.state.params, window.assumptions_state.assumptions
    assert (params.p, params.c, params.k) == (pytest.approx(p, abs=1e-4), pytest.approx(c, abs=1e-4), 7)
    assert a.verify_growth == pytest.approx(growth, abs=1e-6)
    assert a.overhead == pytest.approx(overhead, abs=1e-4)
    assert (a.decay, a.spread, a.knee, a.batch) == (1.0, None, None, 1)
    # The chart's model: its best k is the measured one, its curve passes through the points.
    assert readouts(params, a).best_k == best
    assert window.chart.best.data["x"][0] == best
    ks, measured = _points(window)
    x, y = window.chart.curve.getData()
    model = np.interp(ks, x, y)
    # (at k = 0 the model charges the overhead too, CONTRACT.md's S(k); a k = 0 run pays none)
    assert ks[0] == 0 and model[1:] == pytest.approx(measured[1:], rel=2e-4)
    assert "batch size 1" in window.statusBar().currentMessage()
    # One undo step gives back the whole configuration (parameters and all six assumptions).
    after = window.app_state.configuration()
    history = window.app_state.history
    assert history.stack.undoText() == "use measured costs"
    history.stack.undo()
    assert window.app_state.configuration() == before
    history.stack.redo()
    assert window.app_state.configuration() == after


def test_the_menu_action_and_its_key_use_the_batch_size_the_chart_shows(qtbot, capsys):
    window = open_window(qtbot)
    _import(qtbot, window, [TABLE])
    window.assumptions_state.set(batch=8)
    model = cost_model(window.app_state.measurement.costs[1])
    assert model.batch == 8
    modifiers = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_M, modifiers)
    params, a = window.state.params, window.assumptions_state.assumptions
    assert (params.p, params.c, a.overhead, a.verify_growth, a.batch) == (
        model.p,
        model.c,
        model.assumptions.overhead,
        model.assumptions.verify_growth,
        8,
    )
    # batch 8: measured best k = 3, and the model at its fit says 3 too
    assert readouts(params, a).best_k == window.app_state.measurement.costs[1].best_k == 3
    # `fit --json` reports the model the window set (the same function gives both).
    assert run_fit(FitRequest(files=(TABLE,), json=True)) == 0
    rows = json.loads(capsys.readouterr().out)["cost_table"]
    assert rows[1]["model"] == {
        "p": params.p,
        "c": params.c,
        "verify_growth": a.verify_growth,
        "overhead": a.overhead,
    }
    window.services.actions["file.use_measured_costs"].trigger()  # again: nothing to undo twice
    assert window.app_state.history.stack.count() == 1 + 1  # the batch change, then the use


def test_no_costs_no_action(qtbot, tmp_path):
    window = open_window(qtbot)
    table = tmp_path / "no_plain.csv"
    table.write_text("k,tau,ms\n1,1.8,23\n2,2.4,26\n")  # no k = 0 run: no plain step to compare with
    _import(qtbot, window, [table])
    assert window.app_state.measurement.costs
    assert not _action(window).isEnabled()
    assert not window.measured_panel.costs.use_button.isEnabled()
    before = window.app_state.configuration()
    _action(window).trigger()
    assert window.app_state.configuration() == before
    _import(qtbot, window, [TABLE])
    assert _action(window).isEnabled()
    window.measured_panel.clear_button.click()
    assert not _action(window).isEnabled()
