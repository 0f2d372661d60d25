"""The chart's own grid: lines at the axes' tick values, following range and size changes."""

from __future__ import annotations

import pytest

from specdec_desktop.app import create_main_window


@pytest.fixture
def window(qtbot):
    window = create_main_window([])
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def _vertical_lines(grid):
    xs = {round(line.x1(), 9) for _pen, lines in grid._levels for line in lines if line.x1() == line.x2()}
    return sorted(xs)


def _expected(chart):
    plot = chart.getPlotItem()
    (x0, x1), _ = plot.getViewBox().viewRange()
    ticks = plot.getAxis("bottom").tickValues(x0, x1, plot.getViewBox().width())
    return sorted({round(v, 9) for _spacing, values in ticks for v in values if x0 <= v <= x1})


def test_pyqtgraph_axis_grid_is_off_and_ours_is_on(window):
    chart = window.chart
    plot = chart.getPlotItem()
    assert plot.getAxis("left").grid is False
    assert plot.getAxis("bottom").grid is False
    assert chart.grid in plot.items
    assert _vertical_lines(chart.grid) == _expected(chart)


def test_grid_follows_a_new_range(window, qtbot):
    chart = window.chart
    before = _vertical_lines(chart.grid)
    window.state.set(k=30)  # wider x-range, same y-range: the plot keeps its size
    qtbot.waitUntil(lambda: _vertical_lines(chart.grid) != before)
    assert _vertical_lines(chart.grid) == _expected(chart)
    assert max(_vertical_lines(chart.grid)) >= 30


def test_grid_follows_a_resize(window, qtbot):
    chart = window.chart
    narrow = _vertical_lines(chart.grid)
    assert narrow == _expected(chart)
    window.resize(1900, 1000)  # room for a finer level of ticks (41 -> 104 lines at k <= 20)
    qtbot.waitUntil(lambda: chart.width() > 1400)
    qtbot.waitUntil(lambda: _vertical_lines(chart.grid) != narrow)
    assert _vertical_lines(chart.grid) == _expected(chart)
