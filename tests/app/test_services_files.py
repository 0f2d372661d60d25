"""Scenario round trip and bad files through the window, exports, settings, undo of a real drag."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QStyle, QStyleOptionSlider

from specdec_desktop.app import create_main_window
from specdec_desktop.launch import LaunchOptions
from specdec_desktop.model import Parameters, readouts, speedup_curves
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.scenario import default_tour_path, load_scenario, load_tour
from specdec_desktop.state import AppState
from specdec_desktop.views.main_window import MainWindow
from specdec_desktop.window_services import install_window_services
from specdec_desktop.window_services.settings_store import SettingsStore

from ..model.test_scenario_files import BAD_FILES
from ..support.files import png_size
from ..support.window import focus, open_window

K = Qt.Key
TOUR = load_tour(default_tour_path())


def snapshot(window):
    presenter = window.services
    view = presenter.view
    return (
        window.state.params,
        view.theme_choice,
        view.zoom,
        view.tour_active,
        view.tour_scene,
        presenter.tour.source,
        presenter.history.stack.count(),
        presenter.history.stack.index(),
        presenter.scenarios.baseline,
        [card.value.text() for card in window.cards.values()],
    )


def close_message_boxes(window):
    for box in window.findChildren(QMessageBox):
        box.close()


# -- scenarios --------------------------------------------------------------------------------


def test_scenario_round_trip_through_the_window(qtbot, tmp_path):
    window = open_window(qtbot)
    presenter = window.services
    presenter.tour.start(4)
    window.state.set(k=9, p=0.91)
    presenter.view.set_theme_choice("projector")
    presenter.view.set_zoom(1.25)
    path = tmp_path / "lecture"
    assert presenter.scenarios.save_path(path)
    saved = tmp_path / "lecture.json"
    assert load_scenario(saved).parameters == Parameters(k=9, p=0.91, c=TOUR.scenes[4].parameters.c)
    saved_snapshot = snapshot(window)[:6]

    presenter.tour.stop()
    window.state.set(k=3, p=0.2, c=0.5)
    presenter.view.set_theme_choice("dark")
    presenter.view.set_zoom(0.8)
    assert presenter.scenarios.open_path(saved)
    assert snapshot(window)[:6] == saved_snapshot
    assert presenter.banner.isVisible() and presenter.banner.caption.text() == TOUR.scenes[4].caption
    # The opened scenario is what Reset returns to...
    window.state.set(k=20)
    presenter.tour.stop()
    presenter.actions["edit.reset"].trigger()
    assert window.state.params == Parameters(k=9, p=0.91, c=TOUR.scenes[4].parameters.c)
    # ...and opening it was one undo step.
    presenter.history.stack.undo()
    assert window.state.params.k == 20


def test_a_scenario_with_its_own_tour_file(qtbot, tmp_path):
    tour = json.loads(default_tour_path().read_text(encoding="utf-8"))
    tour["title"] = "My lecture"
    tour["scenes"] = tour["scenes"][:2]
    tour["scenes"][1]["caption"] = "My own words."
    (tmp_path / "tours").mkdir()
    (tmp_path / "tours" / "mine.json").write_text(json.dumps(tour), encoding="utf-8")
    window = open_window(qtbot)
    presenter = window.services
    assert presenter.scenarios.open_tour_path(tmp_path / "tours" / "mine.json")
    qtbot.keyClick(window, K.Key_PageDown)
    assert presenter.banner.caption.text() == "My own words."
    assert presenter.scenarios.save_path(tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text())["tour"]["file"] == "tours/mine.json"
    presenter.tour.use_tour(TOUR, "default")
    assert presenter.scenarios.open_path(tmp_path / "s.json")
    assert presenter.tour.tour.title == "My lecture" and presenter.view.tour_scene == 1


def test_a_bad_scenario_changes_nothing_and_says_why(qtbot, tmp_path):
    """Every kind of bad scenario file, opened in a window mid-lecture (zoomed, in a tour scene,
    parameters changed), is refused: nothing changes, one box names the file and says why, and so
    does the status bar.

    The files are opened one after another in one window, as tests/app/test_bad_input_corpus.py
    opens its corpus: a refused file changes nothing (checked each time), so each is opened in
    the state the first one was; a window per file (30) cost 0.4 s of CPU each."""
    window = open_window(qtbot)
    presenter = window.services
    window.state.set(k=11, c=0.3)
    presenter.view.set_zoom(1.1)
    presenter.tour.start(2)
    before = snapshot(window)
    failures = []
    for case, (content, words, _kind) in BAD_FILES.items():
        path = tmp_path / case / "bad.json"
        path.parent.mkdir()
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        window.statusBar().clearMessage()
        if presenter.scenarios.open_path(path):
            failures.append(f"{case}: opened")
        if snapshot(window) != before:
            failures.append(f"{case}: the window changed: {snapshot(window)} != {before}")
        boxes = window.findChildren(QMessageBox)
        if not (len(boxes) == 1 and words in boxes[0].text() and boxes[0].text().startswith("bad.json: ")):
            failures.append(f"{case}: boxes {[box.text() for box in boxes]}, not one saying {words!r}")
        if words not in window.statusBar().currentMessage():
            failures.append(f"{case}: the status bar says {window.statusBar().currentMessage()!r}")
        for box in boxes:  # closed and gone before the next file (a closed box is still a child)
            box.close()
            box.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not failures, "\n".join(failures)
    assert len(BAD_FILES) >= 30


@pytest.mark.parametrize(
    ("mutate", "words"),
    # A missing tour no longer stops the scenario: test_hostile_paths.py opens it without the tour.
    [
        (
            lambda s: s.__setitem__("tour", {"file": "default", "scene": 99, "active": True}),
            f"tour has {len(TOUR.scenes)} scenes",
        ),
        (
            lambda s: s.__setitem__("tour", {"file": "tour.json", "scene": 1, "active": True}),
            "scenes[0].caption",
        ),
    ],
    ids=["scene past the end", "bad tour"],
)
def test_a_scenario_whose_tour_is_bad_changes_nothing(qtbot, tmp_path, mutate, words):
    bad_tour = json.loads(default_tour_path().read_text(encoding="utf-8"))
    bad_tour["scenes"][0]["caption"] = ""
    (tmp_path / "tour.json").write_text(json.dumps(bad_tour), encoding="utf-8")
    scenario = {
        "format": "specdec-desktop-scenario",
        "version": 1,
        "parameters": {"k": 5, "p": 0.5, "c": 0.2},
        "view": {"theme": "dark", "zoom": 1.5},
    }
    mutate(scenario)
    (tmp_path / "s.json").write_text(json.dumps(scenario), encoding="utf-8")
    window = open_window(qtbot)
    before = snapshot(window)
    assert not window.services.scenarios.open_path(tmp_path / "s.json")
    assert snapshot(window) == before
    assert words in window.findChildren(QMessageBox)[0].text()
    close_message_boxes(window)


def test_a_bad_tour_file_keeps_the_tour(qtbot, tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"format": "specdec-desktop-tour", "version": 1, "title": "x", "scenes": []}')
    window = open_window(qtbot)
    before = snapshot(window)
    assert not window.services.scenarios.open_tour_path(path)
    assert snapshot(window) == before
    close_message_boxes(window)


# -- export -----------------------------------------------------------------------------------


def test_export_png_is_twice_the_chart(qtbot, tmp_path):
    window = open_window(qtbot)
    path = tmp_path / "chart.png"
    assert window.services.exports.export_to(path)
    assert png_size(path) == (2 * window.chart.width(), 2 * window.chart.height())


def test_export_svg_parses_and_holds_the_chart(qtbot, tmp_path):
    window = open_window(qtbot)
    path = tmp_path / "chart.svg"
    assert window.services.exports.export_to(path)
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "draft length k" in texts and "best k = 4" in texts
    assert "at k = 6, p = 0.750, c = 0.150" in texts  # readable on its own: the parameters
    assert len(list(root.iter("{http://www.w3.org/2000/svg}path"))) >= 5
    assert window.chart.getPlotItem().titleLabel.isVisible() is False  # the window's has none


def test_export_csv_has_the_plotted_values(qtbot, tmp_path):
    window = open_window(qtbot)
    window.state.set(p=0.82, c=0.07)
    path = tmp_path / "curves.csv"
    assert window.services.exports.export_to(path)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows[0] == ["k", "speedup_p=0.820_c=0.070", "band_low_p=0.720", "band_high_p=0.920"]
    table = np.array([[float(v) for v in row] for row in rows[1:]])
    chart = window.chart
    for column, item in ((1, chart.curve), (2, chart.lower), (3, chart.upper)):
        x, y = item.getData()
        np.testing.assert_array_equal(table[:, 0], x)
        np.testing.assert_array_equal(table[:, column], y)  # exactly what is plotted
    params = window.state.params
    curves = speedup_curves(params, readouts(params).best_k)
    np.testing.assert_array_equal(table[:, 1], curves.speedup)


def test_export_to_a_bad_place_says_so(qtbot, tmp_path):
    window = open_window(qtbot)
    assert not window.services.exports.export_to(tmp_path / "missing folder" / "c.png")
    assert not window.services.exports.export_to(tmp_path / "c.gif")
    assert "c.gif" in window.findChildren(QMessageBox)[-1].text()
    close_message_boxes(window)


def test_copy_readouts(qtbot):
    window = open_window(qtbot)
    qtbot.keyClick(window, K.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    text = QGuiApplication.clipboard().text()
    assert text.splitlines()[0] == "SpecDec Desktop: k = 6, p = 0.750, c = 0.150"
    assert "Speedup: 1.82× (faster than one token per big-model pass)" in text
    assert "Best draft length: k = 4 (reaches 1.91× at p = 0.750, c = 0.150)" in text
    assert "<" not in text


# -- settings ---------------------------------------------------------------------------------


def settings_at(folder) -> SettingsStore:
    return SettingsStore(QSettings(str(folder / "specdec.ini"), QSettings.Format.IniFormat))


def launch(qtbot, store, **options):
    window = MainWindow(AppState(), font_family="Inter")
    qtbot.addWidget(window)
    install_window_services(window, LaunchOptions(**options), store)
    return window


def test_settings_persist_between_launches(qtbot, tmp_path):
    first = launch(qtbot, settings_at(tmp_path))
    first.state.set(k=12, p=0.66)
    first.services.view.set_theme_choice("dark")
    first.services.view.set_zoom(1.25)
    first.close()  # closing saves at once
    second = launch(qtbot, settings_at(tmp_path))
    assert second.state.params == Parameters(k=12, p=0.66)
    assert (second.services.view.theme_choice, second.services.view.zoom) == ("dark", 1.25)
    assert second.services.scenarios.baseline == Configuration()  # Reset still means the defaults
    assert not second.services.history.stack.canUndo()


def test_settings_are_saved_shortly_after_a_change(qtbot, tmp_path):
    window = launch(qtbot, settings_at(tmp_path))
    window.state.set(c=0.4)
    qtbot.waitUntil(
        lambda: (
            "0.4" in (tmp_path / "specdec.ini").read_text() if (tmp_path / "specdec.ini").exists() else False
        )
    )


@pytest.mark.parametrize(
    ("content", "notice"),
    [
        (
            "[General]\nversion=1\n[parameters]\nk=1000\np=banana\nc=0.2\n[view]\ntheme=neon\nzoom=nan\n",
            "draft length, acceptance rate, theme, zoom",
        ),
        ("[General]\nversion=7\n[parameters]\nk=3\n", "another version"),
        ("\x00\x01garbage\xff\xfe[[[\n=\n", "damaged"),
    ],
    ids=["bad values", "other version", "binary"],
)
def test_corrupt_settings_fall_back_to_defaults_with_a_notice(qtbot, tmp_path, content, notice):
    (tmp_path / "specdec.ini").write_bytes(content.encode("latin-1"))
    window = launch(qtbot, settings_at(tmp_path))
    message = window.statusBar().currentMessage()
    assert notice in message
    view = window.services.view
    assert view.theme_choice == "system" and view.zoom == 1.0
    if "bad values" in message or "unusable" in message:
        assert window.state.params == Parameters(c=0.2)  # the one good value is kept
    else:
        assert window.state.params == Parameters()


def test_restore_defaults_forgets_settings(qtbot, tmp_path):
    window = launch(qtbot, settings_at(tmp_path))
    window.state.set(k=30)
    window.services.view.set_theme_choice("projector")
    window.services.save_settings()
    window.services.actions["edit.restore_defaults"].trigger()
    assert window.state.params == Parameters() and window.services.view.theme_choice == "system"
    assert settings_at(tmp_path).load().parameters == Parameters()
    assert not (tmp_path / "specdec.ini").exists()


def test_without_persistence_nothing_is_written(qtbot, tmp_path, monkeypatch):
    from specdec_desktop.window_services import launch as launch_module

    monkeypatch.delenv("SPECDEC_NO_SETTINGS", raising=False)
    window = create_main_window([])  # scripts and tests: never settings
    qtbot.addWidget(window)
    assert not window.services.settings.enabled
    from specdec_desktop.launch.arguments import parse_options

    assert launch_module.settings_for(parse_options([]), interactive=True).enabled
    assert not launch_module.settings_for(parse_options([]), interactive=False).enabled
    assert not launch_module.settings_for(parse_options(["--no-settings"]), interactive=True).enabled
    monkeypatch.setenv("SPECDEC_NO_SETTINGS", "1")
    assert not launch_module.settings_for(parse_options([]), interactive=True).enabled


def test_projector_flag_is_for_this_session_only(qtbot, tmp_path):
    store = settings_at(tmp_path)
    store.save(Configuration(), "dark", 1.0)
    window = launch(qtbot, store, projector=True)
    assert window.services.view.theme_name == "projector"
    window.state.set(k=5)
    window.close()
    assert settings_at(tmp_path).load().theme_choice == "dark"
    again = launch(qtbot, settings_at(tmp_path), projector=True)
    again.services.actions["view.theme_projector"].trigger()  # chosen from the menu: remembered
    again.close()
    assert settings_at(tmp_path).load().theme_choice == "projector"


def test_launch_precedence(qtbot, tmp_path):
    store = settings_at(tmp_path)
    store.save(Configuration(Parameters(k=12, p=0.6, c=0.3)), "dark", 1.5)
    scenario = tmp_path / "s.json"
    scenario.write_text(
        json.dumps(
            {
                "format": "specdec-desktop-scenario",
                "version": 1,
                "parameters": {"k": 7, "p": 0.8, "c": 0.05},
                "view": {"theme": "light", "zoom": 1.1},
            }
        )
    )
    from specdec_desktop.scenario.opened import open_scenario

    window = launch(qtbot, store, scenario=open_scenario(scenario), parameters={"k": 3}, projector=True)
    assert window.state.params == Parameters(k=3, p=0.8, c=0.05)
    assert window.services.view.theme_name == "projector" and window.services.view.zoom == 1.1
    assert window.services.scenarios.baseline.parameters == Parameters(k=7, p=0.8, c=0.05)


# -- undo of a real slider drag ----------------------------------------------------------------


def handle_centre(slider):
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    rect = slider.style().subControlRect(
        QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, slider
    )
    return rect.center()


def test_one_slider_drag_is_one_undo_step(qtbot):
    window = open_window(qtbot)
    ticks = iter(range(0, 10_000, 10))
    # A slow drag: 10 s between moves, so only the press-to-release grouping makes it one step.
    window.services.history._clock = lambda: float(next(ticks))
    slider = window.controls["p"].slider
    start = handle_centre(slider)
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=start)
    for dx in (-20, -40, -60, -80):
        qtbot.mouseMove(slider, start + QPoint(dx, 0))
    qtbot.mouseRelease(slider, Qt.MouseButton.LeftButton, pos=start + QPoint(-80, 0))
    dragged = window.state.params.p
    assert dragged < 0.7
    stack = window.services.history.stack
    assert stack.count() == 1, [stack.text(i) for i in range(stack.count())]
    focus(qtbot, slider)
    qtbot.keyClick(slider, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.state.params == Parameters()
    qtbot.keyClick(slider, K.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.state.params.p == dragged
    assert QApplication.focusWidget() is slider
