"""The model reproduces its reference points (docs/model.md) and Leviathan et al. (2023) Table 1."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from specdec_desktop.model import (
    best_draft_length,
    cycle_cost,
    expected_tokens,
    has_peak,
    speedup,
    speedup_limit,
)
from specdec_desktop.model.reference import REFERENCE_POINTS

#: (p, c, k, E, C, S, best k, S at best): the table the self-test checks too.
REFERENCE = [(r.p, r.c, r.k, r.tokens, r.cost, r.speedup, r.best_k, r.best_speedup) for r in REFERENCE_POINTS]


def _rel(expected: float, digits: int) -> float:
    """Relative tolerance matching the precision the table prints (1e-9 at most)."""
    return max(1e-9, 0.5 * 10.0**-digits / abs(expected))


def _digits(value: float) -> int:
    text = repr(value)
    return len(text.split(".")[1]) if "." in text else 0


@pytest.mark.parametrize(("p", "c", "k", "e", "cost", "s", "best", "s_best"), REFERENCE)
def test_reference_table(p, c, k, e, cost, s, best, s_best):
    assert expected_tokens(p, k) == pytest.approx(e, rel=_rel(e, _digits(e)))
    assert cycle_cost(k, c) == pytest.approx(cost, rel=1e-12)
    assert speedup(p, k, c) == pytest.approx(s, rel=_rel(s, _digits(s)))
    assert best_draft_length(p, c) == best
    if best is not None:
        assert speedup(p, best, c) == pytest.approx(s_best, rel=_rel(s_best, _digits(s_best)))


def test_first_row_to_1e9_relative():
    # The first row is printed with nine decimals: it must hold to 1e-9 relative exactly.
    assert expected_tokens(0.75, 6) == pytest.approx(3.466064453125, rel=1e-12)
    assert speedup(0.75, 6, 0.15) == pytest.approx(3.466064453125 / 1.9, rel=1e-12)
    assert speedup(0.75, 4, 0.15) == pytest.approx(3.05078125 / 1.6, rel=1e-12)


@pytest.mark.parametrize(
    ("p", "k", "s"),
    [(0.6, 2, 1.96), (0.7, 3, 2.53), (0.8, 2, 2.44), (0.8, 5, 3.69), (0.9, 2, 2.71), (0.9, 10, 6.86)],
)
def test_leviathan_table_1(p, k, s):
    # Table 1 of Leviathan, Kalman and Matias (2023) lists c = 0, rounded to two decimals.
    assert round(speedup(p, k, 0.0), 2) == s


@pytest.mark.parametrize(("p", "c"), [(0.3, 0.1), (0.6, 0.2), (0.9, 0.5), (0.75, 0.15)])
def test_corollary_3_9_some_k_helps_by_at_least(p, c):
    # If p > c, the best k gains at least (1 + p) / (1 + c) (Leviathan et al., Corollary 3.9).
    best = best_draft_length(p, c)
    assert best >= 1
    assert speedup(p, best, c) >= (1 + p) / (1 + c) - 1e-12


def test_no_peak_limits():
    assert best_draft_length(1.0, 0.15) is None
    assert speedup_limit(1.0, 0.15) == pytest.approx(1 / 0.15)
    assert best_draft_length(0.75, 0.0) is None
    assert speedup_limit(0.75, 0.0) == pytest.approx(4.0)
    assert not has_peak(1.0, 0.15) and not has_peak(0.75, 0.0)


def test_flat_cases_choose_k_zero():
    # S is 1 for every k at p = c = 1 and at p = c = 0: ties go to the smaller k.
    assert best_draft_length(1.0, 1.0) == 0
    assert best_draft_length(0.0, 0.0) == 0
    assert speedup(1.0, 7, 1.0) == pytest.approx(1.0)


def test_expected_tokens_accurate_near_one():
    # The textbook form cancels catastrophically here; the sum 1 + p + ... + p^k does not.
    p, k = 1 - 1e-12, 10
    exact = sum(p**j for j in range(k + 1))
    assert expected_tokens(p, k) == pytest.approx(exact, rel=1e-9)


def test_broadcasting_shapes():
    p = np.array([[0.5], [0.75]])
    k = np.arange(4)
    result = speedup(p, k, 0.1)
    assert result.shape == (2, 4)
    assert result[1, 3] == pytest.approx(speedup(0.75, 3, 0.1))
    assert isinstance(speedup(0.5, 2, 0.1), float)
    assert expected_tokens(np.array([0.0, 1.0]), np.array([0, 5])).tolist() == [1.0, 6.0]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: expected_tokens(1.5, 3), "p"),
        (lambda: expected_tokens(-0.1, 3), "p"),
        (lambda: expected_tokens(float("nan"), 3), "p"),
        (lambda: expected_tokens(0.5, -1), "k"),
        (lambda: expected_tokens(0.5, 2.5), "k"),
        (lambda: expected_tokens(0.5, float("nan")), "k"),
        (lambda: cycle_cost(3, 1.01), "c"),
        (lambda: speedup(0.5, 3, float("nan")), "c"),
        (lambda: speedup(0.5, "three", 0.1), "k"),
        (lambda: best_draft_length(2, 0.1), "p"),
        (lambda: best_draft_length(0.5, -0.1), "c"),
        (lambda: speedup(np.array([0.2, 1.2]), 3, 0.1), "p"),
    ],
)
def test_out_of_range_raises_naming_argument(call, name):
    with pytest.raises(ValueError, match=rf"^{name} "):
        call()


def test_model_imports_no_qt():
    code = (
        "import sys, specdec_desktop.model as m; "
        "bad = [n for n in sys.modules if n.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("p", [0.0, 0.1, 0.3, 0.75, 0.8, 0.99, 0.999999, 1.0])
def test_no_draft_is_exactly_plain_decoding(p):
    """At k = 0 the curve is exactly 1 (one token per pass), not 0.9999999999999999."""
    from specdec_desktop.model import Parameters, speedup_curves

    curves = speedup_curves(Parameters(p=p, c=0.15), None)
    assert curves.speedup[0] == curves.lower[0] == curves.upper[0] == 1.0
    assert expected_tokens(p, 0) == 1.0


def test_readouts_do_not_check_parameters_again(monkeypatch):
    """``Parameters`` are checked when made; the readouts of a slider move do not check them again."""
    from specdec_desktop.model import Parameters, geometric, readouts

    params = Parameters(p=1.0, c=0.2)  # no peak: the limit is computed too
    checks = []

    def counting(original):
        def check(value, name):
            checks.append(name)
            return original(value, name)

        return check

    monkeypatch.setattr(geometric, "as_probability", counting(geometric.as_probability))
    monkeypatch.setattr(geometric, "as_cost", counting(geometric.as_cost))
    for p in (1.0, 0.75, 0.1):
        figures = readouts(params.with_values(p=p))
    assert checks == []
    assert figures.best_k == 0
    assert geometric.has_peak(0.75, 0.15) and checks == ["p", "c"]  # the public function still checks
