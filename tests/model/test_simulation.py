"""simulate_cycles: the capped geometric law (chi-square), seeds, blocks and bad arguments.

No QApplication here: the model is plain numpy.
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

from specdec_desktop.model import simulate_cycles
from specdec_desktop.model.simulation import BLOCK_CYCLES

ALPHA = 1e-3


def chi2_sf(x: float, df: int) -> float:
    """Upper tail P(X >= x) of a chi-square variable with ``df`` degrees of freedom.

    Closed forms for whole ``df``: with ``h = x / 2``,
    even df = 2m:    exp(-h) * sum_{i<m} h^i / i!
    odd  df = 2m+1:  erfc(sqrt(h)) + exp(-h) * sum_{i=1..m} h^(i-1/2) / Gamma(i + 1/2)
    """
    h = x / 2.0
    if df % 2 == 0:
        return math.exp(-h) * sum(h**i / math.factorial(i) for i in range(df // 2))
    tail = math.erfc(math.sqrt(h))
    for i in range(1, (df - 1) // 2 + 1):
        tail += math.exp((i - 0.5) * math.log(h) - h - math.lgamma(i + 0.5))
    return tail


def chi2_critical(df: int, alpha: float = ALPHA) -> float:
    """The x with ``chi2_sf(x, df) == alpha``, by bisection (sf falls monotonically)."""
    low, high = 0.0, 10.0 * df + 100.0
    for _ in range(200):
        middle = (low + high) / 2
        if chi2_sf(middle, df) > alpha:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@pytest.mark.parametrize(
    ("df", "table"),
    # Upper 0.1 % points of the chi-square law, from the standard tables.
    [(1, 10.828), (2, 13.816), (3, 16.266), (4, 18.467), (6, 22.458), (9, 27.877), (12, 32.909)],
)
def test_our_critical_values_match_the_tables(df: int, table: float) -> None:
    assert chi2_critical(df) == pytest.approx(table, abs=2e-3)


def capped_geometric_pmf(p: float, k: int) -> np.ndarray:
    j = np.arange(k + 1)
    pmf = (1 - p) * p**j
    pmf[k] = p**k
    return pmf


def chi_square(counts: np.ndarray, expected: np.ndarray) -> tuple[float, int]:
    """Pearson's statistic, after pooling cells so every expected count is >= 5."""
    pooled_counts, pooled_expected = [], []
    count_acc = expected_acc = 0.0
    for count, want in zip(counts, expected, strict=True):
        count_acc += count
        expected_acc += want
        if expected_acc >= 5:
            pooled_counts.append(count_acc)
            pooled_expected.append(expected_acc)
            count_acc = expected_acc = 0.0
    if expected_acc:  # fold a small remainder into the last cell
        pooled_counts[-1] += count_acc
        pooled_expected[-1] += expected_acc
    observed = np.array(pooled_counts)
    wanted = np.array(pooled_expected)
    return float(((observed - wanted) ** 2 / wanted).sum()), len(wanted) - 1


@pytest.mark.parametrize(
    ("p", "k", "seed"),
    [(0.75, 6, 1), (0.75, 6, 2024), (0.3, 4, 7), (0.9, 12, 11), (0.5, 1, 3), (0.99, 8, 5), (0.05, 3, 9)],
)
def test_accepted_guesses_follow_the_capped_geometric_law(p: float, k: int, seed: int) -> None:
    n = 200_000
    accepted = simulate_cycles(p, k, n, seed)
    counts = np.bincount(accepted, minlength=k + 1)
    assert len(counts) == k + 1  # nothing above k
    statistic, df = chi_square(counts, n * capped_geometric_pmf(p, k))
    assert statistic < chi2_critical(df), (statistic, df)


def test_a_wrong_law_is_rejected_by_the_same_check() -> None:
    """The check has teeth: draws at p = 0.75 fail against the law at p = 0.74."""
    n = 200_000
    counts = np.bincount(simulate_cycles(0.75, 6, n, 1), minlength=7)
    statistic, df = chi_square(counts, n * capped_geometric_pmf(0.74, 6))
    assert statistic > chi2_critical(df)


def test_result_type_shape_and_range() -> None:
    accepted = simulate_cycles(0.75, 6, 1000, 3)
    assert accepted.dtype == np.int64
    assert accepted.shape == (1000,)
    assert accepted.min() >= 0 and accepted.max() <= 6
    assert simulate_cycles(0.75, 6, 0, 3).shape == (0,)


def test_same_seed_same_run_and_different_seeds_differ() -> None:
    first = simulate_cycles(0.75, 6, 5000, 42)
    np.testing.assert_array_equal(first, simulate_cycles(0.75, 6, 5000, 42))
    assert not np.array_equal(first, simulate_cycles(0.75, 6, 5000, 43))


def test_a_longer_run_starts_with_the_shorter_one_across_block_boundaries() -> None:
    long = simulate_cycles(0.6, 5, 2 * BLOCK_CYCLES + 17, 8)
    for n in (1, 100, BLOCK_CYCLES - 1, BLOCK_CYCLES, BLOCK_CYCLES + 5, 2 * BLOCK_CYCLES + 1):
        np.testing.assert_array_equal(simulate_cycles(0.6, 5, n, 8), long[:n])


def test_blocks_are_not_copies_of_each_other() -> None:
    run = simulate_cycles(0.5, 30, 2 * BLOCK_CYCLES, 4)
    assert not np.array_equal(run[:1000], run[BLOCK_CYCLES : BLOCK_CYCLES + 1000])


@pytest.mark.parametrize("k", [0, 1, 6])
def test_edges_of_the_acceptance_rate(k: int) -> None:
    assert (simulate_cycles(0.0, k, 100, 1) == 0).all()
    assert (simulate_cycles(1.0, k, 100, 1) == k).all()


def test_no_seed_still_gives_a_valid_run() -> None:
    accepted = simulate_cycles(0.75, 6, 100, None)
    assert accepted.shape == (100,) and accepted.max() <= 6


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((1.5, 6, 10, 1), "p"),
        ((float("nan"), 6, 10, 1), "p"),
        ((0.5, -1, 10, 1), "k"),
        ((0.5, 2.5, 10, 1), "k"),
        ((0.5, 6, -3, 1), "n_cycles"),
        ((0.5, 6, 10, -1), "seed"),
        ((0.5, 6, 10, 1.5), "seed"),
    ],
)
def test_bad_arguments_name_themselves(args: tuple, name: str) -> None:
    with pytest.raises(ValueError, match=rf"^{name} "):
        simulate_cycles(*args)


def test_the_model_does_not_import_qt() -> None:
    import specdec_desktop.model  # noqa: F401

    assert not any(name.startswith(("PySide6", "pyqtgraph")) for name in sys.modules) or (
        # Other tests in the same session may have imported Qt; check in a clean interpreter then.
        _clean_import_has_no_qt()
    )


def _clean_import_has_no_qt() -> bool:
    import subprocess

    code = (
        "import sys, specdec_desktop.model, specdec_desktop.model.trace, specdec_desktop.model.race; "
        "sys.exit(any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules))"
    )
    return subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
