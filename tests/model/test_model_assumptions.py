"""The model's assumptions (issue 11): reference values, defaults, validation, properties, simulation.

No QApplication here: the model is plain numpy.  Property tests are seeded (conftest profile).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdec_desktop.model import (
    ASSUMPTION_SPECS,
    DEFAULT_ASSUMPTIONS,
    SEARCH_LIMIT,
    Assumptions,
    Parameters,
    best_draft_length,
    cycle_cost,
    expected_tokens,
    peak,
    readouts,
    simulate_cycles,
    speedup,
    speedup_curves,
)
from specdec_desktop.model.simulation import simulated_speedup

P, C = 0.75, 0.15

# Issue 11's reference values at p = 0.75, c = 0.15: (keywords, best k, speedup there).
REFERENCE = [
    ({}, 4, 1.906738281),
    ({"verify_growth": 0.05}, 3, 1.708984375),
    ({"verify_growth": 0.2}, 2, 1.360294118),
    ({"decay": 0.9}, 3, 1.768135776),
    ({"spread": 2}, 9, 2.297989866),
    ({"batch": 32, "knee": 64}, 1, 1.521739130),
    ({"batch": 64, "knee": 64}, 0, 1.0),
]


@pytest.mark.parametrize(("keywords", "best", "value"), REFERENCE)
def test_issue_reference_values(keywords, best, value):
    assert best_draft_length(P, C, **keywords) == best
    assert round(speedup(P, best, C, **keywords), 9) == pytest.approx(value, abs=1e-12)
    figures = readouts(Parameters(k=6, p=P, c=C), Assumptions(**keywords))
    assert (figures.best_k, round(figures.best_speedup, 9)) == (best, pytest.approx(value, abs=1e-12))


def test_reference_values_by_hand():
    # β = 0.05 at k = 3: E = 1 + .75 + .5625 + .421875, C = 3 * 0.15 + 1 + 0.05 * 3.
    assert speedup(P, 3, C, verify_growth=0.05) == pytest.approx(2.734375 / 1.6, rel=1e-15)
    # B = 32, n* = 64 at k = 1: the batch factor is max(1, 32 * 2 / 64) / max(1, 0.5) = 1.
    assert cycle_cost(1, C, batch=32, knee=64) == pytest.approx(1.15, rel=1e-15)
    # κ = 2: E[P] = p, E[P^2] = p (pκ + 1)/(κ + 1) = 0.75 * 2.5 / 3.
    assert expected_tokens(P, 2, spread=2) == pytest.approx(1 + 0.75 + 0.75 * 2.5 / 3, rel=1e-15)
    # d = 0.9: guess 2 survives with p * 0.9 given guess 1 did.
    assert expected_tokens(P, 2, decay=0.9) == pytest.approx(1 + 0.75 + 0.75 * 0.75 * 0.9, rel=1e-15)
    # o = 0.5 adds half a pass to every cycle.
    assert cycle_cost(4, C, overhead=0.5) == pytest.approx(4 * C + 1.5, rel=1e-15)


DEFAULT_KEYWORDS = {
    "decay": 1.0,
    "spread": None,
    "verify_growth": 0.0,
    "batch": 1,
    "knee": None,
    "overhead": 0.0,
}


@settings(max_examples=150)
@given(
    p=st.lists(st.floats(0, 1), min_size=1, max_size=5),
    k=st.integers(0, 300),
    c=st.floats(0, 1),
)
def test_defaults_are_the_original_model_bit_for_bit(p, k, c):
    p_arr = np.array(p)
    assert np.array_equal(speedup(p_arr, k, c), speedup(p_arr, k, c, **DEFAULT_KEYWORDS))
    assert np.array_equal(expected_tokens(p_arr, k), expected_tokens(p_arr, k, decay=1.0, spread=None))
    assert cycle_cost(k, c) == cycle_cost(k, c, verify_growth=0.0, batch=1, knee=None, overhead=0.0)
    # A batch alone (knee off) changes nothing either.
    assert cycle_cost(k, c) == cycle_cost(k, c, batch=64)
    for value in p:
        assert best_draft_length(value, c) == best_draft_length(value, c, **DEFAULT_KEYWORDS)
        params = Parameters(k=max(1, min(k, 128)), p=value, c=c)
        assert readouts(params) == readouts(params, DEFAULT_ASSUMPTIONS)


def test_default_readouts_and_curves_have_no_reference_and_no_original():
    params = Parameters()
    assert readouts(params).original is None
    assert speedup_curves(params, 4).reference is None
    active = Assumptions(decay=0.9)
    figures = readouts(params, active)
    assert figures.original == readouts(params)
    curves = speedup_curves(params, figures.best_k, active)
    assert np.array_equal(curves.reference, speedup(P, curves.k, C))
    assert np.array_equal(curves.speedup, speedup(P, curves.k, C, decay=0.9))


BAD = [
    ("decay", 0.0),
    ("decay", -0.5),
    ("decay", 1.0001),
    ("decay", math.nan),
    ("decay", math.inf),
    ("spread", 0.0),
    ("spread", -2.0),
    ("spread", math.nan),
    ("verify_growth", -0.01),
    ("verify_growth", math.nan),
    ("verify_growth", math.inf),
    ("batch", 0),
    ("batch", 1.5),
    ("batch", math.nan),
    ("knee", 0.0),
    ("knee", -64.0),
    ("knee", math.nan),
    ("overhead", -0.1),
    ("overhead", math.nan),
    ("decay", "abc"),
]


@pytest.mark.parametrize(("name", "value"), BAD)
def test_bad_values_name_the_keyword(name, value):
    token_keywords = name in ("decay", "spread")
    cost_keywords = not token_keywords
    with pytest.raises(ValueError, match=name):
        speedup(P, 4, C, **{name: value})
    with pytest.raises(ValueError, match=name):
        best_draft_length(P, C, **{name: value})
    with pytest.raises(ValueError, match=name):
        Assumptions(**{name: value})
    if token_keywords:
        with pytest.raises(ValueError, match=name):
            expected_tokens(P, 4, **{name: value})
    if cost_keywords:
        with pytest.raises(ValueError, match=name):
            cycle_cost(4, C, **{name: value})


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="burst"):
        speedup(P, 4, C, burst=2)


def test_assumptions_value():
    a = Assumptions()
    assert a.is_default and a.describe() == "" and a.keywords() == {}
    b = a.with_values(spread=2.0, batch=32, knee=64)
    assert not b.is_default and a.is_default  # immutable
    assert b.as_dict() == {
        "decay": 1.0,
        "spread": 2.0,
        "verify_growth": 0.0,
        "batch": 32,
        "knee": 64.0,
        "overhead": 0.0,
    }
    assert b.describe() == "κ = 2, B = 32, n* = 64"
    assert Assumptions.from_mapping(b.as_dict()) == b
    assert Assumptions(spread=math.inf) == a  # κ = ∞ is the original model
    with pytest.raises(ValueError, match="unknown assumption 'x'"):
        a.with_values(x=1)
    with pytest.raises(ValueError, match="verify_growth must be at most 100"):
        Assumptions(verify_growth=1000)
    assert speedup(P, 4, C, verify_growth=1000) > 0  # the model itself has no upper bound
    assert [spec.name for spec in ASSUMPTION_SPECS] == list(DEFAULT_KEYWORDS)
    for spec in ASSUMPTION_SPECS:
        assert spec.check(spec.default) == spec.default
        assert spec.label and spec.meaning and spec.symbol and spec.flag == "--" + spec.name.replace("_", "-")


assumption_sets = st.builds(
    Assumptions,
    decay=st.one_of(st.just(1.0), st.floats(0.05, 1.0)),
    spread=st.one_of(st.none(), st.floats(0.05, 200.0)),
    verify_growth=st.one_of(st.just(0.0), st.floats(0.0, 2.0)),
    batch=st.integers(1, 256),
    knee=st.one_of(st.none(), st.floats(1.0, 512.0)),
    overhead=st.one_of(st.just(0.0), st.floats(0.0, 3.0)),
)


@settings(max_examples=200)
@given(p=st.floats(0, 1), c=st.floats(0, 1), a=assumption_sets)
def test_best_k_beats_every_draft_length_up_to_the_search_limit(p, c, a):
    kw = a.keywords()
    found = peak(p, c, a)
    k = np.arange(SEARCH_LIMIT + 1)
    s = speedup(p, k, c, **kw)
    if found.status == "peak":
        assert found.k == best_draft_length(p, c, **kw)
        assert found.speedup == speedup(p, found.k, c, **kw)
        assert found.speedup >= s.max() * (1 - 1e-12)
        assert (s[: found.k] <= found.speedup).all()
    elif found.status == "none":
        assert best_draft_length(p, c, **kw) is None
        assert (np.diff(s) >= -1e-12 * s[1:]).all()  # never falls
        assert found.limit is not None and found.limit >= s[-1] * (1 - 1e-12)
    else:
        assert found.status == "beyond" and best_draft_length(p, c, **kw) is None
        assert s[-1] >= s[-2]


@settings(max_examples=200)
@given(p=st.floats(0, 1), k=st.integers(0, 200), a=assumption_sets)
def test_tokens_stay_between_one_and_k_plus_one_and_grow_with_k(p, k, a):
    e = expected_tokens(p, np.arange(k + 2), decay=a.decay, spread=a.spread)
    assert (e >= 1.0 - 1e-12).all() and (e <= np.arange(k + 2) + 1 + 1e-12).all()
    assert (np.diff(e) >= 0).all()
    assert (np.diff(np.diff(e)) <= 1e-12).all()  # concave: the basis of the best-k proof


@settings(max_examples=200)
@given(p=st.floats(0.01, 0.99), k=st.integers(1, 100), spread=st.floats(0.05, 100.0))
def test_burstiness_raises_tokens_at_the_same_mean(p, k, spread):
    # Jensen: E[P^i] >= (E P)^i for i >= 2, so every term grows.
    assert expected_tokens(p, k, spread=spread) >= expected_tokens(p, k) * (1 - 1e-12)
    if k >= 2:
        assert expected_tokens(p, k, spread=spread) > expected_tokens(p, k)


@settings(max_examples=200)
@given(p=st.floats(0, 1), k=st.integers(0, 100), decay=st.floats(0.01, 1.0))
def test_decay_lowers_tokens(p, k, decay):
    assert expected_tokens(p, k, decay=decay) <= expected_tokens(p, k) * (1 + 1e-12)


def test_large_spread_approaches_the_original_model():
    assert expected_tokens(P, 20, spread=1e6) == pytest.approx(expected_tokens(P, 20), rel=1e-4)


@settings(max_examples=200)
@given(p=st.floats(0, 0.999999), c=st.floats(0, 1), o=st.floats(0.0, 5.0))
def test_overhead_alone_is_the_original_model_at_a_cheaper_draft(p, c, o):
    # o + kc + 1 = (1 + o)(1 + k c/(1+o)): the same best k as the original model at c/(1+o),
    # including peaks far beyond the exhaustive search (the exact search past it).  Within a
    # millionth of p = 1 the two differ in the last bits of a flat peak (log1p here, a quotient
    # there), so the comparison stops short of it.
    assume(o > 0 and (c == 0 or c > 1e-300))
    ours, theirs = best_draft_length(p, c, overhead=o), best_draft_length(p, c / (1 + o))
    if ours != theirs:  # only at a tie the rounding of c / (1 + o) decides: equal speedups then
        assert ours is not None and theirs is not None
        a, b = speedup(p, ours, c, overhead=o), speedup(p, theirs, c, overhead=o)
        assert a == pytest.approx(b, rel=1e-12)


@settings(max_examples=200)
@given(p=st.floats(0, 0.999999), c=st.floats(0, 0.5), beta=st.floats(0.0, 0.5))
def test_verify_growth_alone_is_the_original_model_at_a_dearer_draft(p, c, beta):
    assume(beta > 0)
    ours, theirs = best_draft_length(p, c, verify_growth=beta), best_draft_length(p, c + beta)
    if ours != theirs:  # only at a tie the rounding of c + β decides: equal speedups then
        assert ours is not None and theirs is not None
        a, b = speedup(p, ours, c, verify_growth=beta), speedup(p, theirs, c, verify_growth=beta)
        assert a == pytest.approx(b, rel=1e-12)


def test_overhead_alone_examples_agree_exactly():
    for p, c, o in [(0.75, 0.15, 0.5), (0.9, 0.05, 1.0), (0.99, 0.01, 0.25), (0.6, 0.3, 2.0)]:
        assert best_draft_length(p, c, overhead=o) == best_draft_length(p, c / (1 + o))


def test_peak_past_the_search_limit_is_found_exactly_for_cost_only_assumptions():
    o = 0.25
    original = best_draft_length(0.99999, 1e-5 / (1 + o))
    assert original > SEARCH_LIMIT
    assert best_draft_length(0.99999, 1e-5, overhead=o) == original


def test_no_peak_and_beyond():
    assert peak(0.5, 0.0, Assumptions(spread=2)).status == "none"  # C constant, E rising for ever
    assert peak(0.5, 0.0, Assumptions(spread=2)).limit == math.inf  # (1 − p)κ = 1: E unbounded
    assert peak(0.5, 0.0, Assumptions(spread=4)).limit == pytest.approx(3.0)  # (κ−1)/((1−p)κ−1)
    assert peak(1.0, 0.1, Assumptions(spread=2)).limit == pytest.approx(10.0)
    assert peak(1.0, 0.1, Assumptions(overhead=1.0)).status == "none"
    assert peak(0.0, 0.3, Assumptions(decay=0.5)).k == 0
    beyond = peak(0.99, 0.001, Assumptions(spread=2))
    assert beyond.status == "beyond" and best_draft_length(0.99, 0.001, spread=2) is None
    figures = readouts(Parameters(p=0.99, c=0.001), Assumptions(spread=2))
    assert figures.peak_status == "beyond" and figures.best_k is None


def test_array_arguments_broadcast_under_assumptions():
    p = np.array([[0.5], [0.75]])
    k = np.arange(5)
    e = expected_tokens(p, k, spread=3.0, decay=0.8)
    assert e.shape == (2, 5)
    for i, pi in enumerate(p[:, 0]):
        for j, kj in enumerate(k):
            assert e[i, j] == expected_tokens(float(pi), int(kj), spread=3.0, decay=0.8)


# ---- simulation under the active model -------------------------------------------------------


def test_simulation_at_defaults_draws_the_original_run():
    assert np.array_equal(
        simulate_cycles(P, 6, 200_000, 7), simulate_cycles(P, 6, 200_000, 7, decay=1.0, spread=None)
    )


@pytest.mark.parametrize(
    "a",
    [
        Assumptions(decay=0.9),
        Assumptions(spread=2.0),
        Assumptions(decay=0.95, spread=0.5),
        Assumptions(decay=0.3, spread=10.0),
    ],
)
def test_simulated_acceptances_follow_the_law(a):
    # P(J >= j) = d^(j(j−1)/2) E[P^j]: the empirical tail at every j within 5 standard errors
    # (passages of 8 cycles share an acceptance, so the error uses passage means).
    k, n = 12, 400_000
    accepted = simulate_cycles(P, k, n, 11, decay=a.decay, spread=a.spread)
    assert accepted.min() >= 0 and accepted.max() <= k
    exact_tail = np.diff(expected_tokens(P, np.arange(k + 1), decay=a.decay, spread=a.spread))
    for j in range(1, k + 1):
        hits = (accepted >= j).astype(np.float64).reshape(-1, 8).mean(axis=1)
        exact = exact_tail[j - 1]
        se = max(hits.std(ddof=1) / math.sqrt(len(hits)), math.sqrt(exact * (1 - exact) / n))
        assert abs(hits.mean() - exact_tail[j - 1]) <= 5 * se + 1e-12, j


def test_simulation_is_reproducible_and_prefix_stable():
    a = {"decay": 0.9, "spread": 2.0}
    long = simulate_cycles(P, 8, 150_000, 3, **a)
    assert np.array_equal(long, simulate_cycles(P, 8, 150_000, 3, **a))
    assert np.array_equal(long[:70_000], simulate_cycles(P, 8, 70_000, 3, **a))


@pytest.mark.parametrize(
    "a",
    [DEFAULT_ASSUMPTIONS, Assumptions(spread=2.0), Assumptions(decay=0.9, verify_growth=0.1, overhead=0.3)],
)
def test_simulated_speedup_agrees_with_the_formula(a):
    k = np.arange(0, 13)
    sim = simulated_speedup(P, C, k, 100_000, 5, a)
    exact = speedup(P, k, C, **a.keywords())
    assert sim.speedup[0] == pytest.approx(exact[0], rel=1e-15) and sim.se[0] == 0.0
    z = np.abs(sim.speedup[1:] - exact[1:]) / sim.se[1:]
    assert (z < 4.5).all(), z
    lower, upper = sim.interval()
    assert (lower <= sim.speedup).all() and (sim.speedup <= upper).all()


def test_a_flat_cost_before_a_far_knee_is_searched_past_the_limit():
    # c = 0, β = 0: the cost is flat until B(k+1) reaches the knee, then grows; the peak is there
    # (the fuzzer once found log(0) here: a cost step of 0 means the speedup still rises).
    assert best_draft_length(0.9, 0.0, knee=1e6) == 999_999
    assert best_draft_length(0.99, 0.0, knee=1e5, overhead=0.5) == 99_999


@settings(max_examples=200)
@given(a=assumption_sets)
def test_assumptions_value_round_trips(a):
    assert Assumptions.from_mapping(a.as_dict()) == a
    assert Assumptions().with_values(**a.keywords()) == a
    assert a.is_default == (a.keywords() == {}) == (a.describe() == "")
    assert best_draft_length(P, C, **a.keywords()) == peak(P, C, a).k


def test_the_app_refuses_values_its_boxes_cannot_show():
    with pytest.raises(ValueError, match=r"spread must be at least 0\.001"):
        Assumptions(spread=1e-5)
    assert expected_tokens(P, 3, spread=1e-5) > 1  # the model takes any valid value


def test_a_denormal_cost_step_is_a_rise_not_a_warning():
    # Found by hypothesis: β = 5e-324 made (1 − p)·C / ΔC overflow (warnings are errors here).
    assert best_draft_length(0.5, 0.0, verify_growth=5e-324) == best_draft_length(0.5, 5e-324)


# -- what a move of k alone computes again -------------------------------------------------------

SIX = Assumptions(decay=0.95, spread=2.0, verify_growth=0.05, batch=8, knee=64.0, overhead=0.1)


@pytest.mark.parametrize("a", [DEFAULT_ASSUMPTIONS, SIX], ids=["original", "six assumptions"])
def test_a_move_of_k_alone_does_not_compute_the_curves_again(monkeypatch, a):
    from specdec_desktop.model import figures

    start, moved = Parameters(k=3, p=0.71, c=0.13), Parameters(k=4, p=0.71, c=0.13)  # same x-range
    best_k = readouts(start, a).best_k
    assert readouts(moved, a).best_k == best_k
    before = speedup_curves(start, best_k, a)
    calls = []
    for name in ("speedup_table", "_speedup"):
        original = getattr(figures, name)
        monkeypatch.setattr(figures, name, lambda *args, _o=original: calls.append(1) or _o(*args))
    after = speedup_curves(moved, best_k, a)
    assert after is before and calls == []
    assert not after.speedup.flags.writeable  # shared, so nobody may change it
    with pytest.raises(ValueError):
        after.speedup[0] = 0.0
    # A new p is computed afresh, and equals what a fresh computation gives.
    fresh = speedup_curves(Parameters(k=4, p=0.72, c=0.13), None, a)
    assert calls and fresh is not after


def test_a_move_of_k_alone_does_not_search_the_best_k_again():
    from specdec_desktop.model import figures

    readouts(Parameters(k=3, p=0.73, c=0.11), SIX)
    searched = figures._peak.cache_info().misses
    found = readouts(Parameters(k=7, p=0.73, c=0.11), SIX)
    assert figures._peak.cache_info().misses == searched
    assert found.best_k == peak(0.73, 0.11, SIX).k  # the search's own answer
    readouts(Parameters(k=7, p=0.74, c=0.11), SIX)
    assert figures._peak.cache_info().misses == searched + 1


def test_forget_memo_makes_the_next_figures_computed_afresh():
    """What bench_assumptions.py relies on to time the work rather than a look-up."""
    from specdec_desktop.model import figures

    params = Parameters(k=5, p=0.71, c=0.12)
    first = readouts(params, SIX)
    curves = speedup_curves(params, first.best_k, SIX)
    assert speedup_curves(params, first.best_k, SIX) is curves
    figures.forget_memo()  # also resets the memo's counts
    again = readouts(params, SIX)
    assert figures._peak.cache_info().misses == 1  # one fresh search
    assert again == first
    fresh = speedup_curves(params, again.best_k, SIX)
    assert fresh is not curves and np.array_equal(fresh.speedup, curves.speedup)


def test_the_memoised_figures_are_the_computed_ones():
    from specdec_desktop.model import figures

    figures._curves.cache_clear()
    for a in (DEFAULT_ASSUMPTIONS, SIX):
        for k in (1, 5, 9, 5):
            params = Parameters(k=k, p=0.68, c=0.2)
            got = readouts(params, a)
            curves = speedup_curves(params, got.best_k, a)
            assert got.best_k == best_draft_length(0.68, 0.2, **({} if a.is_default else vars(SIX)))
            assert curves.speedup[k] == pytest.approx(got.speedup, rel=1e-12)
