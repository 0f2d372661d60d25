"""Paths and arguments that used to raise, hang or mislead, each refused (or handled) plainly.

Expected everywhere: one clear message naming the value or file, the state unchanged, exit 2
with one line on the command line, never a traceback or a hang.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from specdec_desktop.scenario import FileProblem, read_json
from specdec_desktop.scenario.opened import open_scenario
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.cli import run_app, run_cli
from ..support.window import open_window

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX paths, FIFOs and /proc")


def assert_usage_error(result: subprocess.CompletedProcess, *words: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("specdec-desktop: error: ")
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def scenario_naming(tour_file: str) -> dict:
    return {
        "format": "specdec-desktop-scenario",
        "version": 1,
        "parameters": {"k": 5, "p": 0.5, "c": 0.2},
        "view": {"theme": "dark", "zoom": 1.0},
        "tour": {"file": tour_file, "scene": 1, "active": True},
    }


HOSTILE_TOUR_PATHS = {
    "unknown user": ("~nosuchuser16/t.json", "no user 'nosuchuser16'"),
    "NUL": ("t\u0000.json", "NUL"),
    "lone surrogate": ("t\ud800.json", "cannot hold that character"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_TOUR_PATHS))
def test_a_hostile_tour_path_is_refused_by_the_model(tmp_path, case):
    tour_file, words = HOSTILE_TOUR_PATHS[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_naming(tour_file)), encoding="utf-8")  # ASCII escapes
    with pytest.raises(FileProblem, match=words) as caught:
        open_scenario(path)
    assert str(caught.value).startswith("s.json: its tour ")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("case", sorted(HOSTILE_TOUR_PATHS))
def test_a_hostile_tour_path_on_the_command_line(tmp_path, case):
    tour_file, words = HOSTILE_TOUR_PATHS[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_naming(tour_file)), encoding="utf-8")
    assert_usage_error(run_cli("--scenario", str(path), "--screenshot", str(tmp_path / "x.png")), words)


@pytest.mark.parametrize("case", sorted(HOSTILE_TOUR_PATHS))
def test_a_hostile_tour_path_in_the_window_changes_nothing(qtbot, tmp_path, case):
    tour_file, words = HOSTILE_TOUR_PATHS[case]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_naming(tour_file)), encoding="utf-8")
    window = open_window(qtbot)
    before = (window.state.params, window.services.view.theme_choice, window.services.tour.source)
    assert not window.services.scenarios.open_path(path)
    assert (window.state.params, window.services.view.theme_choice, window.services.tour.source) == before
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert words in box.text()
    box.close()


def test_a_scenario_whose_tour_is_missing_opens_without_it(qtbot, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_naming("gone.json")), encoding="utf-8")
    opened = open_scenario(path)
    assert opened.tour is None and opened.scenario.tour is None
    assert "gone.json is missing" in opened.notice
    window = open_window(qtbot)
    source = window.services.tour.source
    assert window.services.scenarios.open_path(path)
    assert window.state.params.k == 5 and window.services.view.theme_choice == "dark"
    assert window.services.tour.source == source and not window.services.view.tour_active
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert "s.json" in box.text() and "gone.json is missing" in box.text()
    assert "gone.json is missing" in window.statusBar().currentMessage()
    box.close()


def test_a_scenario_whose_tour_is_missing_opens_from_the_command_line(qtbot, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario_naming("gone.json")), encoding="utf-8")
    window = open_window(qtbot, ["--scenario", str(path)])
    assert window.state.params.k == 5
    assert "gone.json is missing" in window.statusBar().currentMessage()
    result = run_cli("--scenario", str(path), "--export-chart", str(tmp_path / "c.csv"))
    assert result.returncode == 0, result.stderr


def test_a_file_one_byte_over_the_limit_gives_its_real_size(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (64 * 1024) + b"{")
    with pytest.raises(FileProblem) as caught:
        read_json(path)
    assert str(caught.value) == "big.json: is 65,537 bytes; the limit is 64 KiB"
    path.write_bytes(b" " * (2 * 1024 * 1024))
    with pytest.raises(FileProblem, match=r"is 2 MiB; the limit is 64 KiB"):
        read_json(path)


def test_a_newline_in_a_file_name_keeps_messages_on_one_line(tmp_path):
    path = tmp_path / "two\nlines.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(FileProblem) as caught:
        read_json(path)
    assert "\n" not in str(caught.value) and str(caught.value).startswith("two\\nlines.json: ")
    assert_usage_error(run_cli("--scenario", str(path)), "two\\nlines.json")
    # The message shortens a long path (pytest's folders under xdist are long): the escape shows.
    assert_usage_error(run_cli("--export-chart", str(tmp_path / "no\nfolder" / "x.csv")), "\\n")


# -- the command line's own arguments ---------------------------------------------------------


@pytest.mark.parametrize("value", ["-1e-3", "-1E-3", "-.5", "-2"])
def test_a_negative_number_is_a_value_not_an_option(value):
    assert_usage_error(run_cli("calc", "--c", value), "argument --c", repr(value))
    assert_usage_error(run_cli("--p", value, "--export-chart", "x.csv"), "argument --p", repr(value))


@pytest.mark.parametrize("size", ["١٦٠٠x1000", "1_600x1000", "1600x1_000", "１６００x1000", "1600x"])
def test_size_takes_only_ascii_digits(size):
    assert_usage_error(run_cli("--size", size, "--screenshot", "x.png"), "argument --size")


def test_a_name_of_300_characters_is_refused(qapp, tmp_path):
    name = "x" * 296
    assert_usage_error(run_cli("--export-chart", str(tmp_path / f"{name}.csv")), "File name too long")
    assert_usage_error(run_cli("--screenshot", str(tmp_path / f"{name}.png")), "File name too long")


@posix_only
def test_exporting_to_a_fifo_is_refused_at_once(qtbot, tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert_usage_error(run_app("--export-chart", str(fifo), timeout=30), "not a regular file")
    png_fifo = tmp_path / "pipe.png"
    os.mkfifo(png_fifo)
    assert_usage_error(run_app("--screenshot", str(png_fifo), timeout=30), "not a regular file")
    assert_usage_error(run_app("--export-map", str(fifo), timeout=30), "not a regular file")
    window = open_window(qtbot)
    assert not window.services.exports.export_to(fifo)
    assert time.monotonic() - started < 30
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert "not a regular file" in box.text()
    box.close()


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc: a folder nobody may write")
def test_an_unwritable_output_exits_2_with_one_line(qapp):
    assert_usage_error(run_cli("--export-chart", "/proc/specdec.csv"), "could not write /proc/specdec.csv")
    assert_usage_error(run_cli("--export-chart", "/proc/specdec.svg"), "could not write")
    assert_usage_error(run_cli("--screenshot", "/proc/specdec.png"), "could not write")


# -- settings ---------------------------------------------------------------------------------


def _settings_file(config: Path) -> Path:
    folder = config / "SpecDec"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "SpecDec Desktop.ini"


@posix_only
def test_a_fifo_at_the_settings_path_neither_hangs_start_up_nor_reset(tmp_path):
    ini = _settings_file(tmp_path)
    os.mkfifo(ini)
    store = SettingsStore(ini)
    loaded = store.load()
    assert loaded.notice is not None  # refused, quickly, as not a settings file
    env = {"XDG_CONFIG_HOME": str(tmp_path), "SPECDEC_NO_SETTINGS": "", "SPECDEC_EXIT_AFTER_FIRST_PAINT": "1"}
    started = run_app(env=env, timeout=60)  # the windowed start-up, to its first paint
    assert started.returncode == 0, started.stderr
    os.unlink(ini) if ini.exists() else None
    os.mkfifo(ini)
    result = run_app("--reset-settings", env={"XDG_CONFIG_HOME": str(tmp_path)}, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "settings forgotten" in result.stdout and not ini.exists()


def test_reset_settings_says_when_it_could_not_delete(tmp_path):
    ini = _settings_file(tmp_path)
    ini.mkdir()  # a folder where the file should be: it cannot be unlinked
    (ini / "keep").write_text("x")
    result = run_app("--reset-settings", env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("specdec-desktop: error: could not delete the settings file")
    assert "settings forgotten" not in result.stdout
    ini_absent = tmp_path / "other"
    result = run_app("--reset-settings", env={"XDG_CONFIG_HOME": str(ini_absent)})
    assert result.returncode == 0 and "no saved settings" in result.stdout


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path):
    ini = tmp_path / "s.ini"
    text = "[General]\nversion=1\n\n[parameters]\nk=9\np=0.8\nc=0.1\n\n[view]\ntheme=dark\nzoom=1.25\n"
    ini.write_bytes(b"\xef\xbb\xbf" + text.encode())
    loaded = SettingsStore(ini).load()
    assert loaded.notice is None
    shown = (loaded.parameters.k, loaded.parameters.p, loaded.theme_choice, loaded.zoom)
    assert shown == (9, 0.8, "dark", 1.25)


def test_a_metrics_file_over_the_limit_gives_its_real_size_and_one_line(tmp_path, monkeypatch):
    from specdec_desktop.measured import scan

    monkeypatch.setattr(scan, "MAX_BYTES", 64 * 1024)
    path = tmp_path / "two\nlines.log"
    path.write_bytes(b"x" * (64 * 1024 + 1))
    with pytest.raises(scan.MetricsProblem) as caught:
        scan.read_metrics(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("two\\nlines.log: ")
    assert "is 65,537 bytes; the limit is 64 KiB" in message
