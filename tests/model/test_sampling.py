"""The sampling model: temperature softmax, the four rules' acceptance, the residual, losslessness."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.model.sampling import (
    RULES,
    acceptance_probability,
    acceptances,
    draw_outputs,
    residual_distribution,
    softmax,
    speculative_step,
    total_variation,
)

TARGET_LOGITS = (2.0, 1.5, 0.2, -1.0)
DRAFT_LOGITS = (1.4, 1.7, 0.0, -0.5)

#: χ² critical values at the 0.1 % level, by degrees of freedom (tables; scipy is not a dependency).
CHI2_999 = {3: 16.266, 5: 20.515}

logits = st.lists(st.floats(-20, 20), min_size=2, max_size=8)


def _pair(data: st.DataObject) -> tuple[np.ndarray, np.ndarray]:
    n = data.draw(st.integers(2, 8))
    vec = st.lists(st.floats(-10, 10), min_size=n, max_size=n)
    temperature = data.draw(st.floats(0.05, 5))
    return softmax(data.draw(vec), temperature), softmax(data.draw(vec), temperature)


def test_the_worked_example_of_the_issue():
    p, q = softmax(TARGET_LOGITS), softmax(DRAFT_LOGITS)
    assert acceptance_probability(p, q) == pytest.approx(0.8143, abs=5e-5)
    assert residual_distribution(p, q) == pytest.approx([0.9949, 0.0, 0.0051, 0.0], abs=5e-5)


def test_each_rule_against_its_closed_form_on_the_example():
    p, q = softmax(TARGET_LOGITS), softmax(DRAFT_LOGITS)
    expected = {
        "probabilistic": sum(min(a, b) for a, b in zip(p, q, strict=True)),
        "strict": p[1],  # the draft's top token is token 1
        "sampled-match": sum(a * b for a, b in zip(p, q, strict=True)),
        "greedy": 0.0,  # target's top is token 0, draft's token 1
    }
    got = acceptances(p, q)
    assert list(got) == list(RULES)
    for rule, value in expected.items():
        assert got[rule] == pytest.approx(value, rel=1e-12)
        assert acceptance_probability(p, q, rule) == got[rule]


def test_greedy_accepts_when_the_argmaxes_agree():
    assert acceptance_probability([0.6, 0.4], [0.9, 0.1], "greedy") == 1.0


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_rules_are_probabilities_and_equal_models_accept_best(data):
    p, q = _pair(data)
    for rule, value in acceptances(p, q).items():
        assert 0.0 <= value <= 1.0 + 1e-12, rule
    assert acceptance_probability(p, p) == pytest.approx(1.0)
    # Σ min(p, q) ≥ Σ p·q: the probabilistic rule keeps at least what exact matching keeps.
    assert acceptances(p, q)["probabilistic"] >= acceptances(p, q)["sampled-match"] - 1e-12


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_the_residual_completes_the_kept_part_into_the_target(data):
    p, q = _pair(data)
    r = residual_distribution(p, q)
    assert r.sum() == pytest.approx(1.0)
    assert (r >= 0).all()
    beta = acceptance_probability(p, q)
    # P(write x) = min(p, q)(x) + (1 − β) r(x) = p(x): the derivation of losslessness.
    assert np.minimum(p, q) + (1 - beta) * r == pytest.approx(p, abs=1e-9)


def test_equal_distributions_have_the_target_as_residual():
    p = softmax(TARGET_LOGITS)
    assert residual_distribution(p, p) == pytest.approx(p)


@given(logits, st.floats(0.01, 100))
@settings(max_examples=60, deadline=None)
def test_softmax_is_a_distribution_ordered_like_the_logits(z, t):
    probs = softmax(z, t)
    assert probs.sum() == pytest.approx(1.0)
    order = np.argsort(z, kind="stable")
    assert (np.diff(probs[order]) >= -1e-15).all()


def test_temperature_zero_is_the_argmax_and_large_tends_to_uniform():
    assert softmax([1.0, 3.0, 3.0, 0.0], 0).tolist() == [0.0, 1.0, 0.0, 0.0]
    assert softmax(TARGET_LOGITS, 1e-300).tolist() == [1.0, 0.0, 0.0, 0.0]
    assert softmax(TARGET_LOGITS, 1e6) == pytest.approx([0.25] * 4, abs=1e-6)
    assert softmax([1000.0, -1000.0], 1.0) == pytest.approx([1.0, 0.0])


@pytest.mark.parametrize("rule", RULES)
def test_the_written_tokens_follow_the_target_chi_squared(rule):
    """Losslessness: 200,000 seeded speculative steps, χ² against the target, 0.1 % level."""
    temperature = 0.0 if rule == "greedy" else 1.0
    p, q = softmax(TARGET_LOGITS, temperature), softmax(DRAFT_LOGITS, temperature)
    n = 200_000
    counts, kept = draw_outputs(p, q, n, seed=2026, rule=rule)
    assert kept == pytest.approx(acceptance_probability(p, q, rule), abs=0.005)
    if rule == "greedy":
        assert counts.tolist() == [n, 0, 0, 0]
        return
    expected = n * p
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_999[p.size - 1]


def test_a_wrong_sampler_fails_the_same_chi_squared():
    """The test has teeth: writing the draft's token unchecked is far from the target."""
    p, q = softmax(TARGET_LOGITS), softmax(DRAFT_LOGITS)
    n = 200_000
    counts, _ = draw_outputs(q, q, n, seed=2026)
    expected = n * p
    assert float(((counts - expected) ** 2 / expected).sum()) > 100 * CHI2_999[3]


def test_the_distance_shrinks_as_draws_grow():
    p, q = softmax(TARGET_LOGITS), softmax(DRAFT_LOGITS)
    distances = [total_variation(draw_outputs(p, q, n, seed=7)[0] / n, p) for n in (100, 10_000, 1_000_000)]
    assert distances[0] > distances[1] > distances[2]
    assert distances[2] < 0.003


@pytest.mark.parametrize("rule", RULES)
def test_one_step_matches_the_vectorised_rule(rule):
    p, q = softmax(TARGET_LOGITS, 0.0 if rule == "greedy" else 1.0), softmax(DRAFT_LOGITS)
    rng = np.random.default_rng(3)
    steps = [speculative_step(p, q, rng, rule) for _ in range(4000)]
    for step in steps:
        assert (step.written == step.drafted) or not step.accepted
    kept = np.mean([s.accepted for s in steps])
    assert kept == pytest.approx(acceptance_probability(p, q, rule), abs=0.03)
    written = np.bincount([s.written for s in steps], minlength=4) / len(steps)
    assert total_variation(written, p) < 0.03


def test_draws_are_reproducible_for_a_seed():
    p, q = softmax(TARGET_LOGITS), softmax(DRAFT_LOGITS)
    assert draw_outputs(p, q, 500, seed=4)[0].tolist() == draw_outputs(p, q, 500, seed=4)[0].tolist()


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: acceptance_probability([0.5, 0.5], [0.2, 0.3, 0.5]), "same number of tokens"),
        (lambda: acceptance_probability([0.5, float("nan")], [0.5, 0.5]), "target"),
        (lambda: acceptance_probability([0.5, 0.5], [0.7, 0.7]), "draft"),
        (lambda: acceptance_probability([0.5, 0.5], [1.5, -0.5]), "draft"),
        (lambda: acceptance_probability([0.5, 0.5], [0.5, 0.5], "fuzzy"), "rule"),
        (lambda: softmax([1.0, float("nan")]), "logits"),
        (lambda: softmax([1.0, float("inf")]), "logits"),
        (lambda: softmax([]), "logits"),
        (lambda: softmax([1.0, 2.0], -1), "temperature"),
        (lambda: softmax([1.0, 2.0], float("nan")), "temperature"),
        (lambda: softmax([1.0, 2.0], float("inf")), "temperature"),
        (lambda: residual_distribution([1.0], [0.5, 0.5]), "same number of tokens"),
        (lambda: draw_outputs([1.0], [1.0], 0, seed=1), "draws"),
        (lambda: draw_outputs([1.0], [1.0], True, seed=1), "draws"),
    ],
)
def test_bad_input_raises_a_value_error_naming_it(call, named):
    with pytest.raises(ValueError, match=named):
        call()
