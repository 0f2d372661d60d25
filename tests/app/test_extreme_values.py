"""Valid values at the far edges (p near 1 and c near 0 together) stay bounded in memory and time.

The best draft length grows like log(c) / log(p): 1,146,191 at p = 0.999999, c = 1e-6 and about
6e18 at the last float below 1 with the smallest positive c.  The chart, the CSV and the run
must not follow it: their size is capped (``MAX_X_MAX``) and a best k past the cap is pointed at.
"""

from __future__ import annotations

import csv
import io
import math
import time
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.export import beyond_note
from specdec_desktop.export.curve_csv import curve_csv_text
from specdec_desktop.model import MAX_X_MAX, Parameters, readouts, speedup_curves

from ..support.cli import run_cli

#: Per readouts + curves call (a slider move computes both once): generous for a loaded machine.
#: Measured on the development machine: about 0.5 ms and 120 kB at every point of the walk.
TIME_LIMIT_S = 0.25
MEMORY_LIMIT_BYTES = 2 * 1024 * 1024

#: p -> 1 and c -> 0 together, down to the last float below 1 and the smallest positive c.
WALK = [(1.0 - 10.0**-e, 10.0**-e) for e in range(1, 16)] + [
    (1.0 - 2.0**-53, 5e-324),
    (1.0 - 2.0**-53, 2.2250738585072014e-308),
    (0.9999999999, 1e-9),
    (0.99999999, 1e-8),
    (1.0, 5e-324),
    (1.0 - 2.0**-53, 0.0),
]


def _measure(params: Parameters):
    tracemalloc.start()
    try:
        started = time.perf_counter()
        figures = readouts(params)
        curves = speedup_curves(params, figures.best_k)
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return figures, curves, elapsed, peak


@pytest.mark.parametrize(("p", "c"), WALK)
@pytest.mark.parametrize("k", [1, 6, 128])
def test_the_walk_to_p_one_and_c_zero_is_bounded(p, c, k):
    figures, curves, elapsed, peak = _measure(Parameters(k=k, p=p, c=c))
    assert elapsed < TIME_LIMIT_S
    assert peak < MEMORY_LIMIT_BYTES
    assert len(curves.k) <= MAX_X_MAX + 1
    assert curves.x_max >= k  # the current k is always on the chart
    assert all(math.isfinite(v) for v in (*curves.speedup, *curves.lower, *curves.upper))
    if figures.best_k is not None:
        assert curves.beyond(figures.best_k) == (figures.best_k > MAX_X_MAX)
        if not curves.beyond(figures.best_k):
            assert figures.best_k <= curves.x_max


@settings(max_examples=300)
@given(
    st.floats(min_value=0.0, max_value=330.0),  # -log10 of 1 - p (330: beyond the last float)
    st.floats(min_value=0.0, max_value=330.0),  # -log10 of c
    st.integers(min_value=1, max_value=128),
)
def test_any_valid_point_near_the_corner_is_bounded(p_digits, c_digits, k):
    p = min(1.0, max(0.0, 1.0 - 10.0**-p_digits))
    c = min(1.0, 10.0**-c_digits)
    _, curves, elapsed, peak = _measure(Parameters(k=k, p=p, c=c))
    assert elapsed < TIME_LIMIT_S and peak < MEMORY_LIMIT_BYTES
    assert len(curves.k) <= MAX_X_MAX + 1


def test_a_reachable_best_k_is_still_drawn_in_range():
    """1,144 at p = 0.999, c = 0.001 (three decimals, what the entry boxes take) stays on the chart."""
    params = Parameters(k=6, p=0.999, c=0.001)
    figures = readouts(params)
    curves = speedup_curves(params, figures.best_k)
    assert figures.best_k == 1144 and not curves.beyond(figures.best_k)
    assert curves.x_max >= 1144 * 1.3


def test_csv_stops_at_the_cap_and_says_so():
    params = Parameters(k=6, p=0.9999999999, c=1e-9)
    rows = list(csv.reader(io.StringIO(curve_csv_text(params))))
    assert len(rows) == 1 + MAX_X_MAX + 1
    assert rows[-1][0] == str(MAX_X_MAX)
    note = beyond_note(params)
    assert note is not None and f"k = {MAX_X_MAX:,}" in note and "4,162,211,427" in note
    assert beyond_note(Parameters()) is None


def test_cli_csv_export_at_p_near_one_is_bounded(tmp_path):
    out = tmp_path / "x.csv"
    result = run_cli("--export-chart", str(out), "--p", "0.9999999999", "--c", "1e-9")
    assert result.returncode == 0, result.stderr
    assert len(out.read_text().splitlines()) == MAX_X_MAX + 2
    (line,) = result.stderr.splitlines()
    assert "stops at k = 2,000" in line


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_cli_image_export_and_screenshot_near_the_corner(qapp, tmp_path, suffix):
    out = tmp_path / f"x{suffix}"
    result = run_cli("--export-chart", str(out), "--p", "0.9999999", "--c", "0.0000001")
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 1000
    shot = tmp_path / "shot.png"
    result = run_cli("--screenshot", str(shot), "--p", "0.9999999", "--c", "0.0000001", "--size", "1280x800")
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 1000


def test_window_changes_near_the_corner_are_bounded(qtbot):
    from ..support.window import open_window

    window = open_window(qtbot, ["--k", "128"])
    chart = window.chart
    for p, c in WALK:
        tracemalloc.start()
        started = time.perf_counter()
        window.state.set(p=p, c=c)
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert elapsed < 1.0, (p, c, elapsed)
        assert peak < 16 * 1024 * 1024, (p, c, peak)
        x, _ = chart.curve.getData()
        assert len(x) <= MAX_X_MAX + 1
        best = readouts(window.state.params).best_k
        beyond = best is not None and best > MAX_X_MAX
        assert chart.best_arrow.isVisible() == beyond
        if beyond:
            assert f"{best:,}" in chart.best_label.toPlainText()
    # The run at the last (most extreme) point: steps and a long play stay quick.
    run = window.token_run
    started = time.perf_counter()
    for _ in range(200):
        run.player.step()
    run.player.play()
    for _ in range(100):
        run.player.advance(0.5)
    run.player.pause()
    assert time.perf_counter() - started < 10.0
    window.grab()


ASSUMED = [
    {"spread": 1000.0},
    {"spread": 0.01, "decay": 0.5},
    {"decay": 0.999999},
    {"verify_growth": 0.01},
    {"batch": 8, "knee": 64.0},
    {"overhead": 0.5},
]


@pytest.mark.parametrize("assumed", ASSUMED, ids=lambda a: ",".join(a))
def test_the_walk_under_assumptions_is_bounded(assumed):
    """The assumptions' searches stop at 4,096 or search in O(log k); the curves stay capped."""
    from specdec_desktop.model.assumptions import Assumptions

    assumptions = Assumptions(**assumed)
    for p, c in WALK[::3] + WALK[-6:]:
        params = Parameters(k=128, p=p, c=c)
        tracemalloc.start()
        try:
            started = time.perf_counter()
            figures = readouts(params, assumptions)
            curves = speedup_curves(params, figures.best_k, assumptions)
            elapsed = time.perf_counter() - started
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        # Measured: at most 80 ms and 1.5 MB (spread = 1000 at p = 0.999999, c = 1e-6).
        assert elapsed < 2.0, (assumed, p, c, elapsed)
        assert peak < 16 * 1024 * 1024, (assumed, p, c, peak)
        assert len(curves.k) <= MAX_X_MAX + 1
