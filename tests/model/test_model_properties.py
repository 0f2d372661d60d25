"""Property-based tests of the closed forms (hypothesis)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdec_desktop.model import (
    MAX_X_MAX,
    Parameters,
    best_draft_length,
    cycle_cost,
    expected_tokens,
    readouts,
    speedup,
    speedup_curves,
)

probabilities = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
interior = st.floats(min_value=0.0, max_value=0.999, allow_nan=False)
costs = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
draft_lengths = st.integers(min_value=0, max_value=200)


@given(probabilities, draft_lengths)
def test_tokens_between_one_and_k_plus_one(p, k):
    e = expected_tokens(p, k)
    assert 1.0 - 1e-12 <= e <= k + 1 + 1e-9


@given(probabilities, probabilities, draft_lengths)
def test_tokens_rise_with_p(p1, p2, k):
    low, high = sorted((p1, p2))
    assert expected_tokens(low, k) <= expected_tokens(high, k) * (1 + 1e-12)


@given(probabilities, draft_lengths)
def test_tokens_rise_with_k(p, k):
    assert expected_tokens(p, k) <= expected_tokens(p, k + 1) * (1 + 1e-12)


@given(probabilities, costs)
def test_speedup_at_k_zero_is_one(p, c):
    assert speedup(p, 0, c) == pytest.approx(1.0, rel=1e-12)


@given(interior, costs)
def test_best_k_is_zero_exactly_when_p_at_most_c(p, c):
    assume(c > 0 or p == 0)  # c = 0 with p > 0 has no peak
    best = best_draft_length(p, c)
    assert best is not None
    assert (best == 0) == (p <= c)


@settings(max_examples=300)
@given(
    st.floats(min_value=0.01, max_value=0.995, allow_nan=False),
    st.floats(min_value=0.001, max_value=1.0, allow_nan=False),
)
def test_best_k_beats_its_neighbours_and_brute_force(p, c):
    best = best_draft_length(p, c)
    s_best = speedup(p, best, c)
    assert s_best >= speedup(p, best + 1, c) * (1 - 1e-12)
    if best > 0:
        # Strictly better than the smaller neighbour: ties go to the smaller k.
        assert s_best > speedup(p, best - 1, c) * (1 - 1e-12)
    ks = np.arange(0, max(64, 4 * best))
    brute = int(np.argmax(speedup(p, ks, c)))
    assert speedup(p, brute, c) == pytest.approx(s_best, rel=1e-12)


@given(probabilities, st.integers(min_value=0, max_value=60))
def test_closed_form_matches_capped_geometric_sum(p, k):
    # E = 1 + E[J] with P(J = j) = (1 - p) p^j for j < k and P(J = k) = p^k.
    j = np.arange(k + 1)
    pmf = np.where(j < k, (1 - p) * p**j, p**k)
    assert pmf.sum() == pytest.approx(1.0, abs=1e-12)
    assert expected_tokens(p, k) == pytest.approx(1.0 + float((j * pmf).sum()), rel=1e-9, abs=1e-12)


@given(probabilities, st.integers(min_value=1, max_value=128), costs)
def test_figures_equal_the_public_functions_exactly(p, k, c):
    # readouts and speedup_curves skip the argument checks; the numbers must not change.
    params = Parameters(k=k, p=p, c=c)
    k, p, c = params.k, params.p, params.c
    figures = readouts(params)
    assert figures.tokens_per_cycle == expected_tokens(p, k)
    assert figures.cost_per_cycle == cycle_cost(k, c)
    assert figures.speedup == speedup(p, k, c)
    if figures.best_k is not None:
        assert figures.best_speedup == speedup(p, figures.best_k, c)
    curves = speedup_curves(params, figures.best_k)
    assert np.array_equal(curves.speedup, speedup(p, curves.k, c))
    assert np.array_equal(curves.lower, speedup(curves.p_lower, curves.k, c))
    assert np.array_equal(curves.upper, speedup(curves.p_upper, curves.k, c))


@given(probabilities, costs, st.integers(min_value=1, max_value=50), st.integers(min_value=0, max_value=5000))
def test_curves_reaching_further_extend_the_same_curves(p, c, k, reach):
    # A chart holding a wider x-range during a burst draws the same curves, only longer.
    params = Parameters(k=k, p=p, c=c)
    best_k = readouts(params).best_k
    own = speedup_curves(params, best_k)
    longer = speedup_curves(params, best_k, reach=reach)
    assert longer.x_max == max(own.x_max, min(reach, MAX_X_MAX))
    n = own.x_max + 1
    for name in ("speedup", "lower", "upper"):
        assert np.array_equal(getattr(longer, name)[:n], getattr(own, name))
    assert np.array_equal(longer.k, np.arange(longer.x_max + 1))
