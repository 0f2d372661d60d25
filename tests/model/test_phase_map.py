"""The (p, c) map: exact against the scalar best_draft_length, edges, bad input, search path."""

from __future__ import annotations

import numpy as np
import pytest

from specdec_desktop.model import best_draft_length, speedup
from specdec_desktop.model import phase_map as pm
from specdec_desktop.model.assumptions import Assumptions


def test_every_cell_matches_the_scalar_answer_on_a_fine_grid():
    grid = pm.grid_axis(101)
    result = pm.phase_map(grid, grid)
    for i, p in enumerate(grid):
        for j, c in enumerate(grid):
            best = best_draft_length(p, c)
            if best is None:
                assert result.best_k[i, j] == pm.NO_PEAK, (p, c)
            else:
                assert result.best_k[i, j] == best, (p, c)
                assert result.best_speedup[i, j] == speedup(p, best, c), (p, c)


def test_random_points_including_large_peaks_match_the_scalar_answer():
    rng = np.random.default_rng(13)
    p = np.concatenate([rng.uniform(0, 1, 40), 1 - rng.uniform(1e-6, 1e-2, 20)])
    c = np.concatenate([rng.uniform(0, 1, 30), rng.uniform(1e-6, 1e-3, 10)])
    result = pm.phase_map(p, c)
    for i, pv in enumerate(p):
        for j, cv in enumerate(c):
            assert result.best_k[i, j] == best_draft_length(pv, cv), (pv, cv)


def test_reference_values_of_the_spec():
    result = pm.phase_map([0.75, 0.99, 0.5, 1.0, 0.75], [0.15, 0.01, 0.5, 0.0])
    assert result.best_k[0, 0] == 4
    assert result.best_speedup[0, 0] == pytest.approx(1.906738281, rel=1e-9)
    assert result.best_k[1, 1] == 113
    assert result.best_speedup[1, 1] == pytest.approx(32.019293, rel=1e-7)
    assert result.best_k[2, 2] == 0  # p = c: do not speculate
    assert result.best_k[3, 0] == pm.NO_PEAK  # p = 1
    assert result.best_speedup[3, 0] == pytest.approx(1 / 0.15)
    assert result.best_k[0, 3] == pm.NO_PEAK  # c = 0
    assert result.best_speedup[0, 3] == pytest.approx(4.0)
    assert not result.has_peak[3, 0]


def test_grid_axis_includes_both_ends_and_rows_run_p_slowest():
    axis = pm.grid_axis(101)
    assert axis[0] == 0.0 and axis[-1] == 1.0 and np.diff(axis).max() <= 0.01 + 1e-12
    rows = list(pm.phase_map([0.2, 0.8], [0.1, 0.3]).rows())
    assert [(r[0], r[1]) for r in rows] == [(0.2, 0.1), (0.2, 0.3), (0.8, 0.1), (0.8, 0.3)]
    assert rows[0][2] == best_draft_length(0.2, 0.1)


@pytest.mark.parametrize(
    ("p", "c", "message"),
    [([0.5, 1.5], [0.1], "p must lie between"), ([0.5], [-0.1], "c must lie"), ([[0.5]], [0.1], "p must be")],
)
def test_bad_input_names_the_argument(p, c, message):
    with pytest.raises(ValueError, match=message):
        pm.phase_map(p, c)


def test_unknown_keyword_and_bad_grid_size():
    with pytest.raises(TypeError, match="colour"):
        pm.phase_map([0.5], [0.1], colour=2)
    for bad in (1, 2.5, True, -3):
        with pytest.raises(ValueError, match="grid size"):
            pm.grid_axis(bad)


def test_default_keywords_take_the_exact_path():
    grid = pm.grid_axis(21)
    plain = pm.phase_map(grid, grid)
    spelled = pm.phase_map(
        grid, grid, decay=1.0, spread=None, verify_growth=0.0, batch=1, knee=None, overhead=0.0
    )
    assert np.array_equal(plain.best_k, spelled.best_k)
    assert spelled.assumptions == {}


def test_search_path_agrees_with_the_exact_path_where_it_certifies():
    grid = pm.grid_axis(41)
    exact = pm.phase_map(grid, grid)
    best, value = pm._search(grid, grid, Assumptions())
    certified = best >= 0
    assert certified.sum() > 0.9 * best.size
    assert np.array_equal(best[certified], exact.best_k[certified])
    assert np.allclose(value[certified], exact.best_speedup[certified], rtol=1e-12)
    # Never a capped answer: what it cannot certify it flags.
    assert set(np.unique(best[~certified])) <= {pm.BEYOND, pm.NO_PEAK}


ASSUMPTION_SETS = [
    {"overhead": 0.2},
    {"verify_growth": 0.05},
    {"verify_growth": 0.02, "overhead": 0.1},
    {"batch": 8, "knee": 4},
    {"batch": 2, "knee": 16},
    {"decay": 0.9},
    {"spread": 3.0},
    {"decay": 0.95, "spread": 5.0, "verify_growth": 0.01, "batch": 4, "knee": 8, "overhead": 0.05},
]


@pytest.mark.parametrize("keywords", ASSUMPTION_SETS, ids=lambda kw: ",".join(kw))
def test_under_assumptions_every_cell_matches_the_model(keywords):
    grid = pm.grid_axis(21)
    result = pm.phase_map(grid, grid, **keywords)
    assert result.assumptions == keywords
    ties = 0
    for i, p in enumerate(grid):
        for j, c in enumerate(grid):
            best = best_draft_length(p, c, **keywords)
            got = int(result.best_k[i, j])
            if best is None and got < 0:
                continue
            if got == best:
                assert result.best_speedup[i, j] == pytest.approx(speedup(p, best, c, **keywords), rel=1e-12)
                continue
            # Only an exact tie may differ: the map gives the smaller k (ties go to it), where the
            # model's arithmetic can round a flat speedup either way.
            ties += 1
            assert got >= 0, (p, c)
            rival = best if best is not None else got + 64
            assert got < rival
            flat = speedup(p, rival, c, **keywords)
            assert speedup(p, got, c, **keywords) == pytest.approx(flat, rel=1e-12)
    assert ties <= 3


def test_invalid_assumption_is_the_models_message():
    with pytest.raises(ValueError, match="decay"):
        pm.phase_map([0.5], [0.1], decay=0.0)
    with pytest.raises(ValueError, match="batch"):
        pm.phase_map([0.5], [0.1], batch=1.5)
