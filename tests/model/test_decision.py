"""One figures path (issues 22 and 23): the measured decision agrees with the chart's model. No Qt."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.measured import Measurement, fit_decay, fit_measurement
from specdec_desktop.measured.decision import engine_flags, measured_figures
from specdec_desktop.model import Parameters
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.figures import readouts


def _measurement(seed: int, k: int, steps: int, p: float, decay: float) -> Measurement:
    rng = np.random.default_rng(seed)
    alive = np.ones(steps, dtype=bool)
    counts = []
    for i in range(k):
        alive &= rng.random(steps) < p * decay**i
        counts.append(int(alive.sum()))
    return Measurement(
        format="csv-cycles",
        sources=("x",),
        k=k,
        steps=steps,
        accepted=float(sum(counts)),
        position_counts=tuple(counts),
    )


assumptions_strategy = st.builds(
    Assumptions,
    spread=st.none() | st.floats(0.5, 50),
    verify_growth=st.floats(0, 0.3),
    batch=st.integers(1, 64),
    knee=st.none() | st.floats(4, 256),
    overhead=st.floats(0, 0.3),
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**31),
    k=st.integers(2, 8),
    steps=st.integers(50, 4000),
    p=st.floats(0.2, 0.97),
    decay=st.floats(0.7, 1.0),
    c=st.floats(0.0, 0.5),
    assumptions=assumptions_strategy,
)
def test_the_measured_best_k_is_the_charts_at_what_the_use_buttons_set(
    seed, k, steps, p, decay, c, assumptions
):
    fit = fit_measurement(_measurement(seed, k, steps, p, decay))
    decision = measured_figures(fit, c, assumptions)
    # What the window's buttons set (window_services/measurement_use.py: use_curve / use_p).
    if decision.basis == "per_position":
        curve = fit_decay(fit)
        assert curve is not None
        window_p = round(min(1.0, max(0.0, curve[0])), 4)
        window_a = assumptions.with_values(decay=round(min(1.0, max(1e-3, curve[1])), 4))
    else:
        assert decision.basis == "constant_p"
        window_p, window_a = round(fit.fitted_p, 4), assumptions
    chart = readouts(Parameters(k=min(k, 128), p=window_p, c=c), window_a)
    if fit.never_accepted_from is None:
        assert decision.best_k == chart.best_k
        assert decision.best_speedup == chart.best_speedup
    else:  # positions never accepted cap the decision: drafting past them buys nothing
        assert decision.best_k is not None and decision.best_k <= fit.never_accepted_from - 1
    assert decision.beyond_measured == (decision.best_k is not None and decision.best_k > k)


def test_batch_and_knee_change_the_measured_best_k():
    # the case: with batch 32 and knee 64 the chart says k = 1; the Measured tab agrees
    fit = fit_measurement(_measurement(1, 4, 3000, 0.8, 1.0))
    plain = measured_figures(fit, 0.15)
    loaded = measured_figures(fit, 0.15, Assumptions(batch=32, knee=64))
    assert plain.best_k == readouts(Parameters(k=4, p=round(fit.fitted_p, 4), c=0.15)).best_k
    assert loaded.best_k == 1 < plain.best_k


def test_falling_acceptance_uses_the_per_position_curve():
    fit = fit_measurement(_measurement(2, 6, 5000, 0.9, 0.8))
    assert fit.verdict == "falls"
    decision = measured_figures(fit, 0.05)
    assert decision.basis == "per_position" and decision.assumptions.decay < 0.9
    constant = readouts(Parameters(k=6, p=round(fit.fitted_p, 4), c=0.05)).best_k
    assert decision.best_k < constant  # one p overstates the later guesses, so k too


def test_interval_on_best_k_and_beyond_measured():
    fit = fit_measurement(_measurement(3, 2, 60, 0.9, 1.0))  # few steps at k = 2
    decision = measured_figures(fit, 0.02)
    assert decision.beyond_measured and decision.best_k > 2
    assert decision.k_low is not None and decision.k_low <= decision.best_k
    assert decision.k_high is None or decision.k_high >= decision.best_k
    assert any("beyond the measured k = 2" in w for w in decision.warnings)


def test_never_accepted_positions_cap_best_k():
    m = Measurement(
        format="csv-histogram",
        sources=("x",),
        k=6,
        steps=1000,
        accepted=1900.0,
        position_counts=(950, 900, 50, 0, 0, 0),
    )
    fit = fit_measurement(m)
    decision = measured_figures(fit, 0.01)
    assert fit.never_accepted_from == 4 and decision.best_k <= 3


def test_engine_flags():
    flags = engine_flags(4)
    assert flags["vllm"] == "--speculative-config '{\"num_speculative_tokens\": 4}'"
    assert flags["sglang"] == (
        "--speculative-num-steps 4 --speculative-eagle-topk 1 --speculative-num-draft-tokens 5"
    )
    assert flags["llama_cpp"] == "--draft-max 4 --draft-min 4"
    assert "do not speculate" in engine_flags(0)["vllm"]


def test_memoised_on_inputs():
    fit = fit_measurement(_measurement(4, 4, 500, 0.7, 1.0))
    assert measured_figures(fit, 0.1) is measured_figures(fit, 0.1)
    assert measured_figures(fit, 0.1) is not measured_figures(fit, 0.2)


@pytest.mark.parametrize("k", [1, 3])
def test_variable_drafts_give_no_best_k(k):
    m = Measurement(
        format="llama.cpp-timings",
        sources=("x",),
        k=k,
        steps=100,
        accepted=80.0,
        drafted=150.0,
        variable_k=True,
    )
    fit = fit_measurement(m)
    decision = measured_figures(fit, 0.1)
    assert decision.basis == "none" and decision.best_k is None and decision.flags is None
