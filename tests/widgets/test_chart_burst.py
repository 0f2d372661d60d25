"""A burst of changes (a drag, a held key): the chart's ranges only grow, then settle.

The axes hold still while the class watches the curve move; once the changes have rested for
RANGE_REST_MS the ranges are the figures' own, the same as a chart that was shown them directly.
"""

from __future__ import annotations

import pytest

from specdec_desktop.app import create_main_window


@pytest.fixture
def window(qtbot):
    window = create_main_window(["--no-settings"])
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.chart.rest_ranges()  # start from rest, whatever building the window did
    return window


def _ranges(chart):
    (_x0, x1), (_y0, y1) = chart.getPlotItem().getViewBox().viewRange()
    return round(x1, 6), round(y1, 6)


def _curve_end(chart):
    xs, _ys = chart.curve.getData()
    return float(xs[-1])


def test_a_burst_keeps_the_wider_x_range_and_the_curve_reaches_its_edge(window, qtbot):
    chart = window.chart
    window.state.set(k=30)  # the first change of a burst: its own range
    wide = chart._x_max
    assert wide >= 30
    window.state.set(k=3)  # at once: the same burst
    assert chart._x_max == wide  # the x-axis did not jump back
    assert _curve_end(chart) == wide  # the curve still runs to the right edge
    assert chart._last[1] is chart._given[1]  # the window gave them reaching it: made once
    qtbot.waitUntil(lambda: chart._x_max < wide, timeout=3000)  # the burst rested
    narrow = chart._x_max
    assert narrow < 30
    assert _curve_end(chart) == narrow


def test_a_burst_keeps_the_taller_y_range_until_it_rests(window, qtbot):
    chart = window.chart
    window.state.set(p=0.95, c=0.02)
    tall = chart._y_max
    window.state.set(p=0.4)  # the curve falls within a steady frame
    assert chart._y_max == tall
    qtbot.waitUntil(lambda: chart._y_max < tall, timeout=3000)


def test_a_burst_grows_the_ranges_at_once(window):
    chart = window.chart
    window.state.set(p=0.4, k=2)
    low, narrow = chart._y_max, chart._x_max
    window.state.set(p=0.95, c=0.02)  # the curve would leave the top: the range follows now
    window.state.set(k=40)
    assert chart._y_max > low
    assert chart._x_max > narrow >= 0
    assert chart._x_max >= 40


def test_after_a_burst_the_picture_is_the_one_shown_directly(window, qtbot):
    chart = window.chart
    for k, p in ((30, 0.9), (12, 0.5), (5, 0.8), (2, 0.3), (4, 0.6)):
        window.state.set(k=k, p=p)
    qtbot.waitUntil(lambda: not chart._range_rest.isActive(), timeout=3000)
    settled = (_ranges(chart), _curve_end(chart), chart.label_boxes())

    fresh = create_main_window(["--no-settings", "--k", "4", "--p", "0.6"])
    qtbot.addWidget(fresh)
    fresh.resize(1280, 800)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.chart.rest_ranges()
    assert fresh.state.params == window.state.params
    assert settled == (_ranges(fresh.chart), _curve_end(fresh.chart), fresh.chart.label_boxes())
