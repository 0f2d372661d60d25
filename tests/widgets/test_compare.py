"""Compare and map in the window: the Pin button and table, the chart overlay, the map, presets (qtbot)."""

from __future__ import annotations

import csv
import itertools

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPushButton, QTableWidget

from specdec_desktop.model import Parameters, speedup
from specdec_desktop.presets import PRESETS

from ..support.window import LAPTOP, open_window


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, size=LAPTOP, active=False)


def _pin(qtbot, window, name):
    panel = window.compare.panel
    panel.name_input.setText(name)
    qtbot.mouseClick(window.findChild(QPushButton, "pinButton"), Qt.MouseButton.LeftButton)


def _column(table, column):
    return [table.item(row, column).text() for row in range(table.rowCount())]


def test_pin_button_fills_table_and_overlays_the_chart(qtbot, window):
    window.show_tab("compare")
    _pin(qtbot, window, "careful draft")
    window.state.set(k=4, p=0.7, c=0.1)
    _pin(qtbot, window, "quick draft")
    table = window.findChild(QTableWidget, "pinnedTable")
    assert table.rowCount() == 2
    assert [name.split(" ", 1)[1] for name in _column(table, 0)] == ["careful draft", "quick draft"]
    overlay = window.compare.overlay
    _xs, ys = overlay.curves[1].getData()
    assert ys[4] == pytest.approx(speedup(0.7, 4, 0.1))
    assert overlay.labels[0].toPlainText() == "careful draft: best k = 4"
    assert "pin0" in window.chart.label_boxes() and "pin1" in window.chart.label_boxes()
    assert len(overlay.curves) == 2  # a third slot's items are made only for a third pin


def test_the_table_writes_numbers_in_the_languages_way(qtbot):
    window = open_window(qtbot, ["--lang", "de"], size=LAPTOP, active=False)
    window.show_tab("compare")
    assert window.compare.panel.name_input.text() == "Konfiguration 1"  # the default name, translated
    _pin(qtbot, window, "A")
    table = window.findChild(QTableWidget, "pinnedTable")
    assert [table.item(0, column).text() for column in (2, 3, 5)] == ["0,750", "0,150", "1,82×"]
    assert window.compare.panel.message.text() == "A angeheftet."
    table.sortByColumn(2, Qt.SortOrder.AscendingOrder)  # sorting reads the number, not the text
    assert table.rowCount() == 1


def test_table_sorts_so_highest_acceptance_can_be_slowest(qtbot, window):
    window.state.set(k=4, p=0.92, c=0.45)
    _pin(qtbot, window, "careful")
    window.state.set(k=4, p=0.7, c=0.1)
    _pin(qtbot, window, "quick")
    table = window.findChild(QTableWidget, "pinnedTable")
    table.sortByColumn(4, Qt.SortOrder.DescendingOrder)  # accepted / drafted
    assert _column(table, 0)[0].endswith("careful")
    table.sortByColumn(5, Qt.SortOrder.DescendingOrder)  # speedup at its k
    assert _column(table, 0)[0].endswith("quick")


def test_bad_names_and_a_seventh_pin_are_refused_with_a_message(qtbot, window):
    panel = window.compare.panel
    _pin(qtbot, window, "")
    assert "needs a name" in panel.message.text() and window.app_state.pinned.pins == ()
    _pin(qtbot, window, "x" * 50)
    assert "at most 32" in panel.message.text() and window.app_state.pinned.pins == ()
    for i in range(6):
        window.state.set(p=0.5 + i / 20)
        _pin(qtbot, window, f"n{i}")
    before = window.app_state.pinned.pins
    _pin(qtbot, window, "seventh")
    assert "at most 6" in panel.message.text()
    assert window.app_state.pinned.pins == before
    assert window.findChild(QTableWidget, "pinnedTable").rowCount() == 6


def test_clear_and_undo_and_export(qtbot, window, tmp_path):
    _pin(qtbot, window, "a")
    window.state.set(p=0.9)
    _pin(qtbot, window, "b")
    qtbot.mouseClick(window.findChild(QPushButton, "clearPinsButton"), Qt.MouseButton.LeftButton)
    assert window.app_state.pinned.pins == ()
    window.app_state.history.stack.undo()
    assert [pin.name for pin in window.app_state.pinned.pins] == ["a", "b"]
    window.services.compare_export.export(tmp_path / "pins.csv")
    rows = list(csv.DictReader((tmp_path / "pins.csv").read_text(encoding="utf-8").splitlines()))
    assert [row["name"] for row in rows] == ["a", "b"] and float(rows[1]["p"]) == 0.9
    window.services.compare_export.export(tmp_path / "pins.png")
    window.services.compare_export.export(tmp_path / "pins.svg")
    assert (tmp_path / "pins.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in (tmp_path / "pins.svg").read_bytes()[:400]
    with pytest.raises(ValueError, match=r"csv, \.png or \.svg"):
        window.services.compare_export.export(tmp_path / "pins.txt")


def test_map_shows_in_the_charts_place_and_a_drag_is_one_undo_step(qtbot, window):
    compare = window.compare
    qtbot.mouseClick(compare.map_button, Qt.MouseButton.LeftButton)
    view = window.findChild(type(compare.map_view), "phaseMap")
    assert view is compare.map_view and view.isVisible() and not window.chart.isVisible()
    assert compare.map_view.contours[4].getData()[0].size > 10
    assert set(view.label_boxes()) >= {"k1", "k2", "k4"}
    vb = view.getPlotItem().getViewBox()

    def at(p, c):
        return view.mapFromScene(vb.mapViewToScene(QPoint(0, 0).toPointF() + _point(p, c)))

    start, end = at(0.5, 0.5), at(0.9, 0.1)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), pos=end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    params = window.state.params
    assert params.p == pytest.approx(0.9, abs=0.01) and params.c == pytest.approx(0.1, abs=0.01)
    window.app_state.history.stack.undo()
    assert window.state.params == Parameters()
    assert tuple(compare.map_view.current.getData()[0]) == (0.75,)
    qtbot.mouseClick(compare.chart_button, Qt.MouseButton.LeftButton)
    assert window.chart.isVisible() and not view.isVisible()


def _point(p, c):
    from PySide6.QtCore import QPointF

    return QPointF(p, c)


def test_map_follows_assumptions_given_to_the_model(qtbot, window):
    compare = window.compare
    compare.show_map(True)
    plain = compare.map_view.contours[4].getData()[0].copy()
    from specdec_desktop.model.phase_map import phase_map

    grid = compare._grid
    compare.map_view.show_map(phase_map(grid, grid, decay=0.9))
    assert compare.map_view.labels[1].toPlainText() == "break-even"
    changed = compare.map_view.contours[4].getData()[0]
    assert changed.size != plain.size or not (changed == plain).all()


def test_preset_sets_parameters_in_one_step_and_shows_its_citation(qtbot, window):
    compare = window.compare
    window.show_tab("compare")  # the presets are listed when the tab is first shown
    assert compare.panel.presets.count() == len(PRESETS) + 1
    index = next(i for i, p in enumerate(PRESETS) if "T5-large" in p.name)
    compare.panel.presets.setCurrentIndex(index + 1)
    compare.panel.presets.activated.emit(index + 1)
    preset = PRESETS[index]
    assert window.state.params == Parameters(k=preset.k, p=preset.p, c=preset.c)
    text = compare.panel.citation.text()
    assert "Leviathan" in text and "Published: 1.70×" in text and "Why they differ" in text
    window.app_state.history.stack.undo()
    assert window.state.params == Parameters()


def test_scenario_saves_and_opens_pins(qtbot, window, tmp_path):
    _pin(qtbot, window, "kept")
    services = window.services
    path = tmp_path / "s.json"
    assert services.scenarios.save_path(path)
    window.app_state.pinned.clear()
    window.state.set(k=9)
    assert services.scenarios.open_path(path)
    assert [pin.name for pin in window.app_state.pinned.pins] == ["kept"]
    window.app_state.history.stack.undo()  # one step undoes both the parameters and the pins
    assert window.app_state.pinned.pins == () and window.state.params.k == 9


def test_contract_object_names_exist_once_the_chart_is_drawn(window):
    from PySide6.QtWidgets import QWidget

    for name in ("pinButton", "pinnedTable", "phaseMap"):
        assert window.findChild(QWidget, name) is not None, name
    assert not window.findChild(QWidget, "phaseMap").isVisible()  # hidden until asked for


def test_pins_keep_the_active_assumptions_and_the_map_follows_them(qtbot, window):
    compare = window.compare
    compare.show_map(True)
    assert compare.map_view.labels[1].toPlainText() == "break-even: p = c"
    window.app_state.assumptions.set(decay=0.9)
    assert compare.map_view._map.assumptions == {"decay": 0.9}
    assert compare.map_view.labels[1].toPlainText() == "break-even"
    _pin(qtbot, window, "decayed")
    assert window.app_state.pinned.pins[0].assumptions == {"decay": 0.9}
    table = window.findChild(QTableWidget, "pinnedTable")
    assert table.item(0, 5).text() == f"{speedup(0.75, 6, 0.15, decay=0.9):.2f}×"


def test_on_screen_the_map_is_built_after_the_chart_has_painted(qtbot):
    """The launcher's path: the chart goes live first, the hidden map follows its first paint."""
    from specdec_desktop.app import build_window
    from specdec_desktop.launch import LaunchOptions

    window = build_window(LaunchOptions(no_settings=True), interactive=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.install_chart()
    assert window.compare.map_view is None
    qtbot.waitUntil(lambda: window.compare.map_view is not None)
    assert not window.compare.map_view.isVisible()


def test_no_pin_items_before_the_first_pin_and_the_first_pin_shows(qtbot, window):
    """The pins' items are made when first needed; a removed pin's slot is hidden, not remade."""
    overlay = window.compare.overlay
    chart = window.chart
    assert (overlay.curves, overlay.markers, overlay.bests, overlay.labels) == ([], [], [], [])
    assert not any(key.startswith("pin") for key in chart._labels)
    window.state.set(k=3, p=0.8, c=0.2)
    _pin(qtbot, window, "first")
    assert len(overlay.curves) == 1
    assert overlay.curves[0].isVisible() and overlay.markers[0].isVisible()
    _xs, ys = overlay.curves[0].getData()
    assert ys[3] == pytest.approx(speedup(0.8, 3, 0.2))
    assert overlay.labels[0].toPlainText().startswith("first: best k = ")
    assert "pin0" in chart.label_boxes()
    # Styled like the theme's first pin colour, and restyled with the theme.
    assert overlay.labels[0].color.name() == QColor(window.theme.pin_1).name()
    window.services.view.set_theme_choice("dark")
    assert overlay.labels[0].color.name() == QColor(window.theme.pin_1).name()
    window.compare.clear()
    assert len(overlay.curves) == 1 and not overlay.curves[0].isVisible()
    assert "pin0" not in chart.label_boxes()


def test_installing_the_chart_draws_its_figures_once(qtbot, monkeypatch):
    """The launcher's path: the pins' overlay is attached before the first figures (one drawing)."""
    from specdec_desktop.app import build_window
    from specdec_desktop.launch import LaunchOptions
    from specdec_desktop.views.chart.speedup_chart import SpeedupChart

    calls = []
    original = SpeedupChart.show_figures
    monkeypatch.setattr(SpeedupChart, "show_figures", lambda self, *a: calls.append(1) or original(self, *a))
    window = build_window(LaunchOptions(no_settings=True), interactive=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.install_chart()
    assert len(calls) == 1
    assert window.chart.label_boxes()  # drawn and labelled


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)])
def test_map_labels_read_down_the_fan_in_order_and_a_line_without_one_steps_aside(qtbot, window, size):
    """Near p = 1 the lines crowd: a label is never placed above or left of the previous line's
    (k = 12 above k = 6, k = 32 at the top edge read as other lines'), never on another label,
    and a line left without a label is not drawn."""
    from specdec_desktop.views.phase_map_view import CONTOUR_LEVELS

    window.resize(*size)
    qtbot.mouseClick(window.compare.map_button, Qt.MouseButton.LeftButton)
    view = window.compare.map_view
    qtbot.waitUntil(lambda: "k2" in view.label_boxes())
    boxes = view.label_boxes()
    assert {"k1", "k2", "k3", "k4"} <= set(boxes)
    fan = [boxes[f"k{level}"] for level in CONTOUR_LEVELS[1:] if f"k{level}" in boxes]
    for before, after in itertools.pairwise(fan):
        (bx0, by0, bx1, by1), (ax0, ay0, ax1, ay1) = before, after
        assert (ay0 + ay1) / 2 >= (by0 + by1) / 2  # lower down the fan
        assert (ax0 + ax1) / 2 >= (bx0 + bx1) / 2 - (ax1 - ax0) / 2  # not to the left
    for (key_a, a), (key_b, b) in itertools.combinations(boxes.items(), 2):
        assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (key_a, key_b)
    for level in CONTOUR_LEVELS[1:]:
        assert view.contours[level].isVisible() == (f"k{level}" in boxes), level
    assert view.contours[1].isVisible()


def test_the_pins_table_fits_its_tab_on_a_1024_projector(qtbot, window):
    """The sort arrow no longer widens every column by the header's height: with pins whose cells
    are long ("no peak", a best k beyond the chart), the table fits a 1024x768 projector's tab."""
    pins = {"first": (4, 0.7, 0.15), "second": (8, 0.999, 0.001), "third": (2, 1.0, 0.15)}
    for name, (k, p, c) in pins.items():
        window.state.set(k=k, p=p, c=c)
        _pin(qtbot, window, name)
    window.services.view.set_theme_choice("projector")
    window.resize(1024, 768)
    window.services.show_panel("compare")
    table = window.compare.panel.table
    qtbot.waitUntil(table.isVisible)
    header = table.horizontalHeader()
    qtbot.waitUntil(lambda: header.length() <= table.viewport().width())
    assert table.horizontalScrollBar().maximum() == 0
    for column in range(1, header.count()):  # each column as wide as its widest cell or title
        assert header.sectionSize(column) >= header.sectionSizeHint(column)


def test_the_chart_and_the_map_offer_no_context_menu(window):
    """A right click on the chart or the map opens nothing: the plots are not pyqtgraph's to
    configure (their menus are not built at all)."""
    window.compare.show_map(True)
    for plot in (window.chart, window.compare.map_view):
        item = plot.getPlotItem()
        assert not item.menuEnabled() and not item.getViewBox().menuEnabled()
        assert getattr(item.getViewBox(), "menu", None) is None
