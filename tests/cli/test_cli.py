"""The command line, as docs/interface.md describes it: in this process (``run_cli``), and as a real
process where only one shows it (the entry point's status, imports, Qt's environment, a closed pipe)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from specdec_desktop import __version__
from specdec_desktop.model import best_draft_length, cycle_cost, expected_tokens, speedup

from ..support.cli import run_app, run_cli, run_python
from ..support.files import png_size


def test_calc_json_defaults():
    result = run_cli("calc", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"tokens_per_cycle", "cost_per_cycle", "speedup", "best_k", "best_speedup"}
    assert data["tokens_per_cycle"] == pytest.approx(expected_tokens(0.75, 6))
    assert data["cost_per_cycle"] == pytest.approx(cycle_cost(6, 0.15))
    assert data["speedup"] == pytest.approx(1.824244449, rel=1e-9)
    assert data["best_k"] == 4
    assert data["best_speedup"] == pytest.approx(1.906738281, rel=1e-9)


def test_calc_keeps_parameters_given_before_the_command():
    """``--k 8 calc`` computes k = 8: the command's own defaults do not overwrite it."""
    before = json.loads(run_cli("--k", "8", "--p", "0.9", "calc", "--json").stdout)
    after = json.loads(run_cli("calc", "--k", "8", "--p", "0.9", "--json").stdout)
    assert before == after
    assert before["cost_per_cycle"] == pytest.approx(cycle_cost(8, 0.15))
    # Given on both sides, the value after the command wins.
    both = json.loads(run_cli("--k", "3", "calc", "--k", "8", "--p", "0.9", "--json").stdout)
    assert both == after


def test_calc_says_when_the_best_k_is_beyond_the_range_of_k():
    out = run_cli("calc", "--p", "0.999", "--c", "0.001").stdout
    assert "best draft length 1,144" in out and "beyond --k's 128" in out
    assert "beyond" not in run_cli("calc").stdout


def test_calc_json_no_peak_is_null():
    data = json.loads(run_cli("calc", "--k", "6", "--p", "1", "--c", "0.15", "--json").stdout)
    assert data["best_k"] is None and data["best_speedup"] is None
    assert data["speedup"] == pytest.approx(3.684211, rel=1e-6)


def test_calc_plain_text_names_the_four_readouts():
    result = run_cli("calc", "--k", "8", "--p", "0.99", "--c", "0.01")
    assert result.returncode == 0
    out = result.stdout
    assert "tokens per cycle" in out and "cost per cycle" in out and "speedup" in out
    assert f"{speedup(0.99, 8, 0.01):.6f}" in out
    assert f"best draft length {best_draft_length(0.99, 0.01)}" in out


def test_calc_plain_text_says_do_not_speculate():
    assert "do not speculate" in run_cli("calc", "--p", "0.1").stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["calc", "--k", "0"], "--k"),
        (["calc", "--k", "2.5"], "--k"),
        (["calc", "--p", "1.5"], "--p"),
        (["calc", "--p", "nan"], "--p"),
        (["calc", "--c", "-0.1"], "--c"),
        (["calc", "--c", "abc"], "--c"),
        (["--p", "inf"], "--p"),
        (["--bogus"], "--bogus"),
        (["calc", "--json", "extra"], "extra"),
        (["--screenshot", "out.jpg"], "--screenshot"),
        (["--screenshot", "/no/such/folder/x.png"], "--screenshot"),
        (["--screenshot", "x.png", "--size", "big"], "--size"),
        (["--screenshot", "x.png", "--size", "10x10"], "--size"),
        (["--k"], "--k"),
    ],
)
def test_bad_arguments_one_line_exit_2(args, named):
    result = run_cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert named in lines[0]
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_the_entry_point_exits_2_on_a_bad_argument():
    """``python -m specdec_desktop``'s own status (the tests above call its ``main``)."""
    result = run_app("calc", "--k", "0")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "--k" in result.stderr and "Traceback" not in result.stderr


def test_version_and_help():
    version = run_cli("--version")
    assert version.returncode == 0 and __version__ in version.stdout
    help_text = run_cli("--help")
    assert help_text.returncode == 0
    for option in ("--k", "--p", "--c", "--screenshot", "--size", "calc"):
        assert option in help_text.stdout


def test_help_and_version_load_no_qt():
    code = (
        "import sys; from specdec_desktop import cli; "
        "print(any(n.startswith(('PySide6', 'pyqtgraph', 'numpy')) for n in sys.modules))"
    )
    result = run_python(["-c", code])
    assert result.stdout.strip() == "False"


def test_screenshot_valid_png_of_requested_size(qapp, tmp_path):
    out = tmp_path / "shot.png"
    result = run_cli("--screenshot", str(out), "--size", "1280x800", "--p", "0.85")
    assert result.returncode == 0, result.stderr
    assert png_size(out) == (1280, 800)
    _assert_not_blank(out)


def test_screenshot_default_size_and_device_pixel_ratio_2(tmp_path):
    out = tmp_path / "hidpi.png"
    result = run_app("--screenshot", str(out), env={"QT_SCALE_FACTOR": "2"})
    assert result.returncode == 0, result.stderr
    assert png_size(out) == (3200, 2000)  # 1600x1000 logical at device pixel ratio 2
    _assert_not_blank(out)


def test_screenshot_without_display_variables(tmp_path):
    out = tmp_path / "headless.png"
    result = run_app(
        "--screenshot",
        str(out),
        "--size",
        "1024x768",
        unset=("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"),
    )
    assert result.returncode == 0, result.stderr
    assert png_size(out) == (1024, 768)


def _assert_not_blank(path: Path) -> None:
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert not image.isNull()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 29)}
    assert len(colours) > 20  # text, cards, chart: far more than a blank window's one or two colours


def test_a_reader_that_leaves_early_ends_the_command_quietly():
    """``specdec-desktop presets | head -1``: no traceback, the status a shell gives for SIGPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before the first line is written
    try:
        result = run_app("presets", stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert result.returncode == 141
    assert result.stderr == ""


def test_the_app_is_run_by_one_helper():
    """Every test starts the app through tests/support/cli.py (it was copied into a dozen files,
    each with its own environment and timeout)."""
    from ..support.paths import ROOT

    tests = ROOT / "tests"
    needle = '"-m", ' + '"specdec_desktop"'  # (written in two parts, so this file does not hold it)
    copies = sorted(
        path.relative_to(tests).as_posix()
        for path in tests.rglob("*.py")
        if path.relative_to(tests).as_posix() != "support/cli.py"
        and needle in path.read_text(encoding="utf-8")
    )
    assert copies == []
