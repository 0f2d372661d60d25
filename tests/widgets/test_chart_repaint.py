"""A parameter change repaints the chart and the cards once, without laying the window out again.

A change of k alone repaints the chart only around the markers.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject, QRect

from specdec_desktop.app import create_main_window
from specdec_desktop.views.readout_card import ReadoutCard


class _Paints(QObject):
    """Records the rectangles of a widget's paint events."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.rects: list[QRect] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rects.append(event.rect())
        return False


@pytest.fixture
def window(qtbot):
    window = create_main_window([])
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window


def _settle(qtbot, paints, count):
    qtbot.waitUntil(lambda: len(paints.rects) >= count)
    qtbot.wait(100)  # anything queued behind the first paint would show up here


@pytest.mark.parametrize(
    "change",
    [{"p": 0.8}, {"c": 0.3}, {"k": 40}],  # k = 40 moves the x-range, which pyqtgraph applies lazily
    ids=["p", "c", "k with a new range"],
)
def test_one_change_one_chart_paint(window, qtbot, change):
    paints = _Paints(window.chart.viewport())
    window.state.set(**change)
    _settle(qtbot, paints, 1)
    assert len(paints.rects) == 1


def test_k_alone_repaints_only_around_the_markers(window, qtbot):
    viewport = window.chart.viewport()
    curve_before = window.chart.curve.getData()[1]
    paints = _Paints(viewport)
    window.state.set(k=7)  # same p, c and x-range: the curves stay
    _settle(qtbot, paints, 1)
    assert window.chart.curve.getData()[1] is curve_before
    painted = paints.rects[0]
    assert painted.width() * painted.height() < 0.25 * viewport.width() * viewport.height()


# -- the cards: new figures repaint their labels, and nothing is laid out again ----------------


class _Events(QObject):
    """Counts events of one type sent to the watched widgets."""

    def __init__(self, kind: QEvent.Type, widgets) -> None:
        super().__init__()
        self.kind, self.count = kind, 0
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == self.kind:
            self.count += 1
        return False


def _drain() -> None:
    """Process everything pending now, without waiting for timers (the run's settle time)."""
    dispatcher = QAbstractEventDispatcher.instance()
    while dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
        pass


def test_new_figures_need_no_new_layout(window):
    _drain()
    geometry = {name: card.geometry() for name, card in window.cards.items()}
    layouts = _Events(QEvent.Type.LayoutRequest, [window, window.centralWidget()])
    for change in ({"p": 0.8}, {"k": 9}, {"c": 0.3}, {"p": 0.31}, {"k": 1}):
        window.state.set(**change)
        _drain()
    assert layouts.count == 0
    assert {name: card.geometry() for name, card in window.cards.items()} == geometry


def test_a_figure_is_painted_once_per_change(window, qtbot):
    _drain()
    label = window.cards["speedupCard"].value
    paints = _Paints(label)
    window.state.set(p=0.8)
    _settle(qtbot, paints, 1)
    assert label.text() == "2.08×" and len(paints.rects) == 1


def test_a_detail_that_needs_more_lines_gets_them(qtbot):
    card = ReadoutCard("testCard", "Best draft length", "don't speculate")
    qtbot.addWidget(card)
    card.resize(240, 120)
    card.show()
    qtbot.waitExposed(card)
    card.show_figure("k = 4", "short", "4")
    two_lines = card.minimumSizeHint().height()
    card.show_figure("k = 4", "a detail long enough to need more than two lines at this width " * 2, "4")
    assert card.minimumSizeHint().height() > two_lines
    card.resize(card.width(), card.minimumSizeHint().height())
    qtbot.waitUntil(lambda: card.detail.height() >= card.detail.heightForWidth(card.detail.width()))
    # It prefers room for the widest figure it can show, and a wider figure than it has room for
    # makes it ask for more.
    metrics = card.value.fontMetrics()
    assert card.sizeHint().width() > metrics.horizontalAdvance("don't speculate")
    card.resize(40, card.height())
    qtbot.waitUntil(lambda: card.width() == 40)
    card.show_figure("k = 14", "short", "14")
    assert card.minimumSizeHint().width() > card.value.fontMetrics().horizontalAdvance("k = 14") > 40


def test_words_replacing_a_figure_change_in_place_and_the_cards_stay_put(window, qtbot):
    # A sweep of p past c on a 1024x768 projector at 125 %: "don't speculate" replaces "k = 4".
    # The cards keep their one row and their height, and the chart its height: the words are set
    # smaller (not below their least share of a number's type) rather than send the cards to two
    # rows under the class.
    from specdec_desktop.views.readout_card import WORDS_LEAST_SHARE

    window.services.view.set_theme_choice("projector")
    window.services.view.set_zoom(1.25)
    window.resize(1024, 768)
    _drain()
    cards = list(window.cards.values())
    best = window.cards["bestCard"]
    number_px = best.value.font().pixelSize()
    rows = {card.geometry().y() for card in cards}
    heights = [card.height() for card in cards]
    chart_height = window.chart.height()
    assert len(rows) == 1, "the cards start in one row"
    window.state.set(p=0.05)
    _drain()
    assert best.value.text() == "don't speculate"
    assert {card.geometry().y() for card in cards} == rows
    assert [card.height() for card in cards] == heights
    assert window.chart.height() == chart_height
    value = best.value
    assert value.fontMetrics().horizontalAdvance(value.text()) <= value.width()
    assert value.font().pixelSize() >= round(number_px * WORDS_LEAST_SHARE)
    window.state.set(p=0.75)
    _drain()
    assert best.value.font().pixelSize() == number_px


# -- what a range change must not touch ----------------------------------------------------------


def test_empty_labels_are_hidden_and_shown_again_with_text(window):
    chart = window.chart
    _drain()
    for key, (item, _target) in chart._labels.items():
        assert item.isVisible() == bool(item.toPlainText()), key
    assert not chart.assumptions_label.isVisible()  # the original model: no assumptions named
    window.assumptions_state.set(decay=0.9)
    _drain()
    assert chart.assumptions_label.isVisible() and "assumptions" in chart.assumptions_label.toPlainText()
    assert "assumptions" in chart.label_boxes()
    window.assumptions_state.set(decay=1.0)
    _drain()
    assert not chart.assumptions_label.isVisible() and "assumptions" not in chart.label_boxes()


def test_the_chart_labels_live_in_the_plot_pixels(window):
    chart = window.chart
    view = chart.getPlotItem().getViewBox()
    window.state.set(p=0.8, c=0.3, k=9)
    _drain()
    boxes = chart.label_boxes()
    for key in ("current", "best", "break_even", "slower", "band"):
        label = chart._labels[key][0]
        assert label.parentItem() is view, key
        assert (label.x(), label.y()) == boxes[key][:2], key  # the placed box's corner, in pixels
        width, height = label.size()
        extent = (boxes[key][2] - boxes[key][0], boxes[key][3] - boxes[key][1])
        assert extent == pytest.approx((width, height), abs=1e-9), key  # (a difference of floats)


def test_a_label_the_placement_did_not_move_is_not_touched(window):
    chart = window.chart
    window.state.set(p=0.8, c=0.3, k=2)
    _drain()
    moved = []
    label = chart.slower_label  # bottom right, away from the markers
    label.setPos = lambda *a: moved.append(a)  # counts the calls
    before = chart.label_boxes()["slower"]
    window.state.set(k=3)  # same curves and range: the slower label's box stays
    _drain()
    assert chart.label_boxes()["slower"] == before
    assert moved == []


def test_k_alone_does_not_resample_the_curves_for_the_labels(window, monkeypatch):
    from specdec_desktop.views.chart import label_layout

    calls = []
    original = label_layout.sample_line
    monkeypatch.setattr(label_layout, "sample_line", lambda *a, **k: calls.append(1) or original(*a, **k))
    window.state.set(k=7)  # same curves, same view: the curve's pixels are the same
    _drain()
    assert calls == []
    window.state.set(p=0.8)  # a new curve is sampled again
    _drain()
    assert len(calls) == 1


# -- the markers: light items of our own, drawn as pyqtgraph's scatter items drew them ---------


def test_the_markers_answer_as_scatter_items_did(window):
    from specdec_desktop.model import readouts

    chart = window.chart
    window.state.set(k=9, p=0.6, c=0.3)
    _drain()
    figures = readouts(window.state.params)
    assert figures.best_k is not None and figures.best_k != 9
    x, y = chart.current.getData()
    assert list(x) == [9.0] and list(y) == pytest.approx([figures.speedup], rel=1e-12)
    assert chart.current.data["x"][0] == 9 and chart.current.data["y"][0] == pytest.approx(figures.speedup)
    x, y = chart.best.getData()
    assert list(x) == [figures.best_k] and list(y) == pytest.approx([figures.best_speedup], rel=1e-12)
    assert chart.current.opts["size"] == chart.theme.marker_size
    assert chart.best.opts["size"] == chart.theme.marker_size * 1.5
    window.state.set(p=1.0)  # no peak: no best-k marker, and nothing left to paint
    _drain()
    assert chart.best.data.size == 0 and len(chart.best.getData()[0]) == 0
    assert not chart.best.isVisible() and chart.current.isVisible()


def test_a_marker_holds_no_point_or_one(window):
    with pytest.raises(ValueError, match="no point or one"):
        window.chart.current.setData([1, 2], [1.0, 2.0])


def test_the_markers_draw_the_picture_pyqtgraph_scatter_items_drew(window):
    import pyqtgraph as pg

    chart = window.chart
    window.state.set(k=9, p=0.6, c=0.3)  # the current k and the best k apart, both shown
    _drain()
    ours = chart.grab().toImage()
    twins = []
    for marker in (chart.current, chart.best):
        o = marker.opts
        twin = pg.ScatterPlotItem(symbol=o["symbol"], size=o["size"], pen=o["pen"], brush=o["brush"])
        twin.setData(*marker.getData())
        twin.setZValue(marker.zValue())
        chart.getPlotItem().addItem(twin)
        marker.hide()
        twins.append(twin)
    _drain()
    assert chart.grab().toImage() == ours  # the same pixels, drawn by the scatter items
    for twin in twins:
        twin.hide()
    _drain()
    assert chart.grab().toImage() != ours  # (and the markers do draw something)


def test_the_svg_export_draws_the_markers_as_paths(window, tmp_path):
    import xml.etree.ElementTree as ET

    from specdec_desktop.export.chart_image import export_svg

    window.state.set(k=9, p=0.6, c=0.3)
    _drain()
    export_svg(window.chart, tmp_path / "chart.svg")
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(tmp_path / "chart.svg").getroot()
    markers = [g for g in root.iter(f"{ns}g") if g.get("id", "").startswith("ChartMarker")]
    assert len(markers) == 2
    assert all(list(g.iter(f"{ns}path")) for g in markers)  # vectors, not pictures
    assert not list(root.iter(f"{ns}image"))


def test_a_new_range_does_not_move_the_markers_by_hand(window):
    # Qt places them at their data point through the view's transformation: a new range
    # (k = 40 widens the x-range) moves the current marker once, and the best one not at all.
    chart = window.chart
    _drain()
    moved = []
    for marker in (chart.current, chart.best):
        original = marker.setPos
        marker.setPos = lambda *a, _o=original, _m=marker: moved.append(_m) or _o(*a)
    window.state.set(k=40)
    _drain()
    assert moved == [chart.current]


# -- the curves: plain Qt path items, drawn as pyqtgraph's curve items drew them -----------------


def test_the_curves_draw_the_picture_pyqtgraph_curve_items_drew(window):
    import pyqtgraph as pg

    chart = window.chart
    window.assumptions_state.set(decay=0.95, overhead=0.1)  # the dashed reference is drawn too
    window.state.set(k=9, p=0.6, c=0.3)
    _drain()
    ours = chart.grab().toImage()
    twins = []
    for curve in (chart.curve, chart.reference):
        assert curve.isVisible()
        twin = pg.PlotCurveItem(*curve.getData(), pen=curve.pen())
        twin.setZValue(curve.zValue())
        chart.getPlotItem().addItem(twin)
        curve.hide()
        twins.append(twin)
    _drain()
    assert chart.grab().toImage() == ours  # the same pixels: segments for the thick solid pen,
    for twin in twins:  # one path for the thin dashed one
        twin.hide()
    _drain()
    assert chart.grab().toImage() != ours


def test_a_curve_gives_back_the_data_it_was_given(window):
    from specdec_desktop.model import readouts, speedup_curves

    chart = window.chart
    window.state.set(k=9, p=0.6, c=0.3)
    _drain()
    figures = readouts(window.state.params)
    curves = speedup_curves(window.state.params, figures.best_k)
    x, y = chart.curve.getData()
    assert np.array_equal(x, curves.k.astype(float)) and np.array_equal(y, curves.speedup)
    assert chart.curve.path().elementCount() == len(x)
    assert not chart.reference.isVisible()  # the original model: no reference


def test_the_curves_are_plain_qt_items(window):
    # pyqtgraph's curve items answered Qt's questions about their bounds in Python, on every
    # new range and paint.
    import pyqtgraph as pg

    for curve in (window.chart.curve, window.chart.reference):
        assert not isinstance(curve, pg.GraphicsObject)


def test_the_tree_overlay_draws_the_picture_pyqtgraph_items_drew(window):
    # With a tree chosen the chart adds the best tree's dash-dot curve and the chosen tree's
    # diamond: the chart's own light items, the pixels of pyqtgraph's curve and scatter items.
    import pyqtgraph as pg

    chart, overlay = window.chart, window.tree_overlay
    window.app_state.shape.set(kind="best", budget=12)
    window.state.set(k=9, p=0.7, c=0.05)
    _drain()
    ours = chart.grab().toImage()
    assert overlay.curve.isVisible() and overlay.marker.isVisible()
    assert not isinstance(overlay.curve, pg.GraphicsObject)
    assert not isinstance(overlay.marker, pg.GraphicsObject)
    o = overlay.marker.opts
    twins = [
        pg.PlotCurveItem(*overlay.curve.getData(), pen=overlay.curve.pen()),
        pg.ScatterPlotItem(symbol=o["symbol"], size=o["size"], pen=o["pen"], brush=o["brush"]),
    ]
    twins[1].setData(*overlay.marker.getData())
    for twin, item in zip(twins, (overlay.curve, overlay.marker), strict=True):
        twin.setZValue(item.zValue())
        chart.getPlotItem().addItem(twin)
        item.hide()
    _drain()
    assert chart.grab().toImage() == ours
    for twin in twins:
        twin.hide()
    _drain()
    assert chart.grab().toImage() != ours
    overlay.curve.show()
    overlay.marker.show()
    window.app_state.shape.reset()  # the chain: neither is drawn
    _drain()
    assert not overlay.curve.isVisible() and not overlay.marker.isVisible()


def _leaders(chart) -> list[tuple[float, float, float, float]]:
    """The leader path's segments, as (x0, y0, x1, y1) in the plot's pixels."""
    path = chart.leaders.path()
    points = [path.elementAt(i) for i in range(path.elementCount())]
    return [(a.x, a.y, b.x, b.y) for a, b in zip(points[::2], points[1::2], strict=True)]


def test_a_label_moved_away_from_its_marker_has_a_leader_back_to_it(window, qtbot):
    # Scene 1 in the projector theme on a 1024x768 projector: "k = 6: 1.82×" cannot sit beside
    # its marker (the band's edge and the best k's label are there) and goes two rings out.
    window.services.view.set_theme_choice("projector")
    window.resize(1024, 768)
    window.services.tour.start(0)
    qtbot.waitUntil(lambda: "current" in window.chart.label_boxes())
    _drain()
    chart = window.chart
    view = chart.getPlotItem().getViewBox()
    (x0, x1), (y0, y1) = view.viewRange()
    sx, sy = view.width() / (x1 - x0), view.height() / (y1 - y0)
    readouts = chart._last[0]
    marks = {
        "current": (readouts.params.k, readouts.speedup),
        "best": (readouts.best_k, readouts.best_speedup),
    }
    leaders = _leaders(chart)
    seen = 0
    for key, (mx, my) in marks.items():
        px, py = (mx - x0) * sx, (y1 - my) * sy
        box = chart.label_boxes()[key]
        nx, ny = min(max(px, box[0]), box[2]), min(max(py, box[1]), box[3])
        # Past the first ring of places (the marker's gap and half the label's height): a leader.
        distance, half = np.hypot(nx - px, ny - py), (box[3] - box[1]) / 2
        ends = [s for s in leaders if s[2:] == pytest.approx((nx, ny))]
        if distance > chart.theme.marker_size * 0.75 + 2 + half:
            assert ends, (key, distance, leaders)
        elif distance <= chart.theme.marker_size * 0.5 + 2 + half:
            assert not ends, (key, distance, leaders)
        if ends:  # it starts at the marker's edge, pointing at the label
            sx0, sy0 = ends[0][:2]
            assert np.hypot(sx0 - px, sy0 - py) < chart.theme.marker_size
            seen += 1
    assert seen >= 1, "scene 1 at 1024x768 in the projector theme places a label away from its marker"
    assert chart.leaders.isVisible() and chart.leaders.parentItem() is view
