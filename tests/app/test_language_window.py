"""The window in other languages: numbers on screen, entry boxes that take either decimal mark,
files that keep the dot, and View ▸ Language switching live and remembered."""

from __future__ import annotations

import csv
import io
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox, QLabel, QMenu, QWidget

from specdec_desktop import text
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.window import card_value, open_window


def _type(qtbot, entry, typed: str) -> None:
    entry.setFocus()
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), typed)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


@pytest.mark.parametrize("code", ["en", "de", "es", "zh_CN", "pseudo"])
@pytest.mark.parametrize("typed", ["0,85", "0.85"])
def test_entry_boxes_take_either_decimal_mark_in_every_language(qtbot, code, typed):
    window = open_window(qtbot, ["--lang", code])
    entry = window.findChild(QDoubleSpinBox, "acceptanceInput")
    _type(qtbot, entry, typed)
    assert window.state.params.p == 0.85
    decimal = text.current().decimal_point
    assert entry.lineEdit().text() == f"0{decimal}850"
    decay = window.findChild(QDoubleSpinBox, "decayInput")
    window.assumptions_panel.set_expanded(True)
    _type(qtbot, decay, typed.replace("85", "9"))
    assert window.assumptions_state.assumptions.decay == 0.9
    assert decay.lineEdit().text().startswith(f"0{decimal}9")


def test_an_out_of_range_value_changes_nothing_in_german(qtbot):
    window = open_window(qtbot, ["--lang", "de"])
    entry = window.findChild(QDoubleSpinBox, "acceptanceInput")
    _type(qtbot, entry, "1,5")
    assert window.state.params.p == 0.75
    qtbot.keyClicks(entry.lineEdit(), "x")  # a letter is refused as typed
    assert "x" not in entry.lineEdit().text()


def test_german_cards_write_decimal_commas_and_the_csv_keeps_dots(qtbot):
    from specdec_desktop.export.curve_csv import curve_csv_text

    window = open_window(qtbot, ["--lang", "de"], active=False)
    assert card_value(window, "tokensCard") == "3,47"
    assert card_value(window, "speedupCard") == "1,82×"
    assert window.findChild(QWidget, "tokensCard").findChild(QLabel, "title").text() == "Tokens pro Zyklus"
    rows = list(csv.reader(io.StringIO(curve_csv_text(window.state.params))))
    assert "p=0.750" in ",".join(rows[0])  # a file: the dot, whatever the language
    assert all("," not in cell for row in rows for cell in row)
    assert all(float(cell) >= 0 for row in rows[1:] for cell in row[1:] if cell)


def test_view_language_switches_live_quickly_and_is_remembered(qtbot, tmp_path):
    from specdec_desktop.window_services.language_menu import LanguageMenu

    window = open_window(qtbot, [], size=(1920, 1080), active=False)
    store = SettingsStore(tmp_path / "settings.ini")
    menu = LanguageMenu(window, store)
    view = window.menuBar().findChild(QMenu, "menuView")
    assert window.findChild(QMenu, "menuLanguage").menuAction() in view.actions()
    started = time.perf_counter()
    assert menu.switch("de")
    elapsed = time.perf_counter() - started
    # The 300 ms target is measured by benchmarks/bench_language.py; here only a gross regression
    # fails (the test machine may be loaded).
    assert elapsed < 1.5
    assert card_value(window, "speedupCard") == "1,82×"
    assert window.findChild(QWidget, "speedupCard").findChild(QLabel, "title").text() == "Beschleunigung"
    assert window.menuBar().actions()[0].text() == "&Datei"
    assert window.assumptions_panel.toggle.text() == "Annahmen"
    assert store.language() == "de"
    assert "language=de" in (tmp_path / "settings.ini").read_text()
    assert menu.switch("en")
    assert card_value(window, "speedupCard") == "1.82×"
    assert window.menuBar().actions()[0].text() == "&File"


def test_a_broken_catalogue_in_the_menu_changes_nothing_and_remembers_nothing(qtbot, tmp_path, monkeypatch):
    from specdec_desktop.text import catalogue
    from specdec_desktop.window_services.language_menu import LanguageMenu

    window = open_window(qtbot, [], active=False)
    store = SettingsStore(tmp_path / "settings.ini")
    menu = LanguageMenu(window, store)
    broken = tmp_path / "locale"
    broken.mkdir()
    (broken / "es.mo").write_bytes(b"not a catalogue")
    monkeypatch.setattr(catalogue, "_locale_dir", lambda: broken)
    params = window.state.params
    assert not menu.switch("es")
    assert text.current().code == "en"
    assert "could not be read" in window.statusBar().currentMessage()
    assert card_value(window, "speedupCard") == "1.82×"
    assert window.state.params == params
    assert store.language() is None and not (tmp_path / "settings.ini").exists()


def test_the_remembered_language_opens_the_next_window(qtbot, tmp_path, monkeypatch):
    from specdec_desktop import app
    from specdec_desktop.launch import LaunchOptions
    from specdec_desktop.window_services import launch

    store = SettingsStore(tmp_path / "settings.ini")
    store.remember_language("es")
    monkeypatch.setattr(launch, "settings_for", lambda options, interactive: store)
    window = app.build_window(LaunchOptions(), interactive=True)
    qtbot.addWidget(window)
    window.install_chart()
    assert text.current().code == "es"
    assert card_value(window, "tokensCard") == "3,47"


def test_the_axes_numbers_follow_the_language_live(qtbot, tmp_path):
    """The chart's and the (p, c) map's tick numbers: 0,5 in German, 0.5 again in English."""
    from pyqtgraph import AxisItem

    from specdec_desktop.window_services.language_menu import LanguageMenu

    window = open_window(qtbot, [], active=False)
    window.install_chart()
    menu = LanguageMenu(window, SettingsStore(tmp_path / "settings.ini"))
    chart_axis = window.chart.getPlotItem().getAxis("left")
    from specdec_desktop.views.phase_map_view import PhaseMapView

    map_view = PhaseMapView(window.theme, window.font_family)  # the map tab builds its own on demand
    qtbot.addWidget(map_view)
    axes = [chart_axis, map_view.getPlotItem().getAxis("bottom"), map_view.getPlotItem().getAxis("left")]

    def ticks(axis: AxisItem) -> list[str]:
        return axis.tickStrings([0.5, 1.0, 2.5], 1.0, 0.5)

    assert all(ticks(axis) == ["0.5", "1.0", "2.5"] for axis in axes)
    assert menu.switch("de")
    assert all(ticks(axis) == ["0,5", "1,0", "2,5"] for axis in axes)
    qtbot.waitUntil(lambda: window.chart.isVisible())
    window.chart.grab()  # painted in German: the kept image of the English numbers is not reused
    assert any(key[5] == "," for key in chart_axis._images) or not chart_axis._images  # the decimal mark
    assert menu.switch("en")
    assert all(ticks(axis) == ["0.5", "1.0", "2.5"] for axis in axes)
