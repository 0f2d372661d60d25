"""Command-line flags of presenter mode: --scenario, --projector, --fullscreen, --tour, --export-chart,
--no-settings, --reset-settings.  Every bad argument: one line on stderr, exit status 2."""

from __future__ import annotations

import csv
import json
import struct
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from specdec_desktop.model import Parameters, readouts, speedup_curves

from ..model.test_scenario_files import BAD_FILES, GOOD
from ..support.cli import run_app, run_cli, run_python


def assert_usage_error(result, *words):
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("specdec-desktop: error: ")
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_help_lists_the_new_flags():
    out = run_cli("--help").stdout
    for flag in (
        "--scenario",
        "--projector",
        "--fullscreen",
        "--tour",
        "--export-chart",
        "--no-settings",
        "--reset-settings",
    ):
        assert flag in out


def test_importing_the_cli_loads_neither_qt_nor_numpy():
    code = (
        "import sys, specdec_desktop.cli;"
        "assert not [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'numpy', 'pyqtgraph')]"
    )
    result = run_python(["-c", code])
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--export-chart", "chart.gif"], ["--export-chart", ".png, .svg or .csv", "chart.gif"]),
        (["--export-chart", "no/such/folder/c.png"], ["--export-chart", "folder does not exist"]),
        (["--screenshot", "a.png", "--export-chart", "b.png"], ["choose one of"]),
        (["--scenario", "missing.json"], ["--scenario", "missing.json: no such file"]),
        (["--tour-scene", "0"], ["--tour-scene", "from 1", "'0'"]),
        (["--tour-scene", "two"], ["--tour-scene", "'two'"]),
        # Beyond the tour (issue 21): not the last scene opened silently.
        (["--tour-scene", "99", "--screenshot", "s.png"], ["--tour-scene", "scenes (1 to", "got 99"]),
        (["--tour-scene", "1000"], ["--tour-scene", "got 1000"]),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args, words, tmp_path):
    assert_usage_error(run_cli(*args, cwd=tmp_path), *words)


@pytest.mark.parametrize(
    "case", ["truncated", "binary", "version_newer", "type_p_text", "range_p", "not_finite_nan"]
)
def test_a_bad_scenario_on_the_command_line(tmp_path, case):
    content, words, _ = BAD_FILES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert_usage_error(
        run_cli("--scenario", str(path), "--screenshot", str(tmp_path / "x.png")), "bad.json", words
    )
    assert not (tmp_path / "x.png").exists()


def test_oversized_scenario_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(" " * 70_000 + json.dumps(GOOD))
    assert_usage_error(run_cli("--scenario", str(path)), "the limit is 64 KiB")


def test_export_csv_from_the_command_line(tmp_path):
    out = tmp_path / "curves.csv"
    result = run_cli("--export-chart", str(out), "--p", "0.8", "--k", "9")
    assert result.returncode == 0, result.stderr
    rows = list(csv.reader(out.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["k", "speedup_p=0.800_c=0.150", "band_low_p=0.700", "band_high_p=0.900"]
    assert rows[1][1:] == ["1.0", "1.0", "1.0"]  # k = 0: plain decoding, exactly 1
    params = Parameters(k=9, p=0.8)
    curves = speedup_curves(params, readouts(params).best_k)
    table = np.array([[float(v) for v in row] for row in rows[1:]])
    np.testing.assert_array_equal(table[:, 0], curves.k)
    np.testing.assert_array_equal(table[:, 1], curves.speedup)
    np.testing.assert_array_equal(table[:, 2], curves.lower)
    np.testing.assert_array_equal(table[:, 3], curves.upper)


def test_export_png_and_svg_from_the_command_line(qapp, tmp_path):
    png, svg = tmp_path / "c.png", tmp_path / "c.svg"
    assert run_cli("--export-chart", str(png), "--projector").returncode == 0
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (2400, 1500)
    assert run_cli("--export-chart", str(svg), "--c", "0.3").returncode == 0
    assert ET.parse(svg).getroot().tag.endswith("svg")


def test_scenario_with_tour_renders_a_screenshot(qapp, tmp_path):
    scenario = tmp_path / "lecture.json"
    # Projector theme at zoom 1 with the tour on: fits 1920x1080 with menu and status bars.
    scenario.write_text(json.dumps({**GOOD, "view": {"theme": "projector", "zoom": 1.0}}))
    shot = tmp_path / "shot.png"
    result = run_cli("--scenario", str(scenario), "--screenshot", str(shot), "--size", "1920x1080")
    assert result.returncode == 0, result.stderr
    assert struct.unpack(">II", shot.read_bytes()[16:24]) == (1920, 1080)


def test_a_screenshot_previews_a_full_screen_lecture_scene():
    from specdec_desktop.launch.arguments import parse_options

    options = parse_options(["--screenshot", "x.png", "--tour-scene", "7", "--fullscreen", "--projector"])
    assert options.tour and options.tour_scene == 7 and options.fullscreen


@pytest.mark.slow
def test_screenshot_of_a_tour_scene_full_screen(qapp, tmp_path):
    shot = tmp_path / "scene.png"
    args = ("--screenshot", str(shot), "--size", "1280x800", "--projector", "--fullscreen")
    result = run_cli(*args, "--tour-scene", "7")
    assert result.returncode == 0, result.stderr
    assert struct.unpack(">II", shot.read_bytes()[16:24]) == (1280, 800)
    other = tmp_path / "first.png"
    assert run_cli(*args[2:], "--screenshot", str(other), "--tour").returncode == 0
    assert shot.read_bytes() != other.read_bytes()  # scene 7 (the run), not scene 1


def test_reset_settings_forgets_them(tmp_path):
    config = tmp_path / "config"
    ini = config / "SpecDec" / "SpecDec Desktop.ini"
    ini.parent.mkdir(parents=True)
    ini.write_text("[General]\nversion=1\n[parameters]\nk=30\n")
    result = run_app("--reset-settings", env={"XDG_CONFIG_HOME": str(config), "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "settings forgotten" in result.stdout and str(ini) in result.stdout
    assert "k=30" not in (ini.read_text() if ini.exists() else "")
