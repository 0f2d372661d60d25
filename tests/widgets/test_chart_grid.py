"""The chart's own grid: lines at the axes' tick values, following range and size changes."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

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


# -- ranges shown before are drawn from what was kept ------------------------------------------


def _chart_image(chart):
    return chart.grab().toImage()


def test_a_range_shown_again_reuses_the_grid_and_axes_and_looks_the_same(window, qtbot):
    chart = window.chart
    plot = chart.getPlotItem()
    axes = [plot.getAxis("left"), plot.getAxis("bottom")]
    first = _chart_image(chart)
    lines = chart.grid._levels
    window.state.set(k=40)  # a wider x-range
    qtbot.waitUntil(lambda: chart.grid._levels is not lines)
    wide = _chart_image(chart)
    assert wide != first
    assert all(axis.kept_images >= 1 for axis in axes)
    window.state.set(k=6)  # back to the first range: its lines and pictures were kept
    qtbot.waitUntil(lambda: chart.grid._levels is lines)
    assert _chart_image(chart) == first
    assert axes[1].kept_images == 2  # the bottom axis: both x-ranges; the y-range did not change


def _fresh_axis_image(axis, widget):
    """The axis drawn now by pyqtgraph, not copied from what was kept."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    axis.picture = None
    hints = QPainter.RenderHint.Antialiasing
    _offset, image = axis._draw_image(hints, QStyleOptionGraphicsItem(), widget, 1.0)
    return image.toImage()


def test_a_look_shown_again_reuses_its_images_and_a_new_look_draws_its_own(window):
    from specdec_desktop.theme import DARK, LIGHT, PROJECTOR

    chart = window.chart
    bottom = chart.getPlotItem().getAxis("bottom")
    window.apply_theme(LIGHT)
    light = _chart_image(chart)
    kept = bottom.kept_images
    assert kept >= 1
    for theme in (PROJECTOR, DARK):  # each look draws its own image (none is copied from another)
        window.apply_theme(theme)
        _chart_image(chart)
        assert bottom.kept_images == kept + 1
        kept = bottom.kept_images
        shown = next(reversed(bottom._images.values()))[1].toImage()
        assert shown == _fresh_axis_image(bottom, chart)
        assert bottom.kept_images == kept  # drawing it afresh found the same look
    window.apply_theme(LIGHT)  # the light look again: copied, and the same picture
    assert _chart_image(chart) == light
    assert bottom.kept_images == kept
    # The grid kept only lines drawn in the light theme's colour.
    colours = {pen.color().rgb() for levels in chart.grid._kept.values() for pen, _lines in levels}
    assert colours == {QColor(LIGHT.axis).rgb()}


def test_a_changed_label_is_a_new_look(window):
    chart = window.chart
    bottom = chart.getPlotItem().getAxis("bottom")
    chart.grab()
    look = bottom.look()
    bottom.setLabel("something else", **bottom.labelStyle)
    assert bottom.look() != look
    bottom.setStyle(tickTextOffset=9)
    assert bottom.look() != look


def test_the_kept_images_stay_within_their_budget(window, qtbot, monkeypatch):
    from specdec_desktop.views.chart import axis as chart_axis

    bottom = window.chart.getPlotItem().getAxis("bottom")
    window.chart.grab()
    one_image = bottom.kept_bytes
    monkeypatch.setattr(chart_axis, "BUDGET_BYTES", 3 * one_image)
    for k in (20, 40, 60, 80, 100, 120):  # six x-ranges
        window.state.set(k=k)
        window.chart.grab()
    assert bottom.kept_images == 3 and bottom.kept_bytes <= 3 * one_image


def test_the_grid_is_kept_as_a_pixmap_but_an_export_draws_its_lines(window, tmp_path):
    from PySide6.QtWidgets import QGraphicsItem

    from specdec_desktop.export.chart_image import export_png

    grid = window.chart.grid
    cached = QGraphicsItem.CacheMode.DeviceCoordinateCache
    assert grid.cacheMode() == cached  # a repaint copies the lines, not draws them again
    export_png(window.chart, tmp_path / "kept.png")
    assert grid.cacheMode() == cached
    grid.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    export_png(window.chart, tmp_path / "drawn.png")
    # At twice the resolution the screen's pixmap would come out as blurred two-pixel lines.
    assert (tmp_path / "kept.png").read_bytes() == (tmp_path / "drawn.png").read_bytes()
