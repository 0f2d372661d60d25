"""MeasurementState: the imported fit and cost table, one signal per real change, Clear forgets both."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop.measured import Timings, fit_measurement, read_metrics
from specdec_desktop.measured.cost_table import fit_costs, read_cost_table
from specdec_desktop.state.measurement_state import MeasurementState

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


@pytest.fixture
def state(qapp):
    owner = MeasurementState()
    yield owner
    owner.deleteLater()


def test_costs_and_clear_emit_once_per_real_change(state):
    seen = []
    state.changed.connect(lambda: seen.append(1))
    costs = tuple(fit_costs(read_cost_table(DATA / "costs_per_k.csv")))
    assert state.is_empty and not state.clear()  # nothing to forget: no signal
    assert state.set_costs(costs, "costs_per_k.csv") and len(seen) == 1
    assert not state.set_costs(costs, "costs_per_k.csv") and len(seen) == 1
    assert state.costs == costs and state.costs_origin == "costs_per_k.csv" and not state.is_empty
    state.set_fit(fit_measurement(read_metrics(DATA / "llama_reference.log")), "llama_reference.log")
    state.set_timings(Timings(2.0, 20.0))
    assert len(seen) == 3
    assert state.clear() and len(seen) == 4  # one signal for all three
    assert state.is_empty and state.fit is None and state.timings is None and state.costs == ()
    assert state.origin == "" and state.costs_origin == ""
    assert state.set_costs(costs, "x") and state.set_costs((), "y")  # an empty table forgets it
    assert state.costs == () and state.costs_origin == "" and len(seen) == 6
