"""``--self-test``: passes on a healthy app, and each check fails (exit 1, one line) when its part breaks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import qWarning

from specdec_desktop import resources
from specdec_desktop.launch.arguments import parse_options
from specdec_desktop.selftest import CHECKS, SelfTestFailure, run_self_test
from specdec_desktop.selftest.runner import run_checks
from specdec_desktop.selftest.view_checks import TOKEN_RUN_STEPS
from specdec_desktop.views import readout_card
from specdec_desktop.views.chart import speedup_chart

from ..support.cli import run_app, run_cli


def _run(capsys, checks=None, argv=()):
    status = run_checks(parse_options(list(argv)), CHECKS if checks is None else checks)
    out, err = capsys.readouterr()
    return status, out, err


def _only(name: str):
    return [(n, c) for n, c in CHECKS if n == name]


def test_every_check_passes_in_process(qapp, capsys):
    status, out, err = _run(capsys)
    assert status == 0, err
    assert err == ""
    for name, _ in CHECKS:
        assert f"self-test: {name}: ok" in out
    assert f"passed {len(CHECKS)} checks" in out


@pytest.mark.slow
def test_command_line_self_test_from_source():
    result = run_app("--self-test")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "passed" in result.stdout


def _assert_failed(status: int, err: str, check: str, *fragments: str) -> None:
    assert status == 1
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"specdec-desktop: self-test failed: {check}: ")
    for fragment in fragments:
        assert fragment in lines[0]


def test_a_card_showing_the_wrong_figure_fails(qapp, capsys, monkeypatch):
    original = readout_card.ReadoutCard.show_figure

    def wrong(self, value, detail, spoken):
        original(self, value + "0" if self.objectName() == "costCard" else value, detail, spoken)

    monkeypatch.setattr(readout_card.ReadoutCard, "show_figure", wrong)
    status, _, err = _run(capsys, _only("cards"))
    _assert_failed(status, err, "cards", "costCard")


def test_a_chart_curve_off_the_model_fails(qapp, capsys, monkeypatch):
    original = speedup_chart.SpeedupChart.show_figures

    def shifted(self, readouts, curves):
        original(self, readouts, curves)
        x, y = self.upper.getData()
        self.upper.setData(x, y * 1.01)

    monkeypatch.setattr(speedup_chart.SpeedupChart, "show_figures", shifted)
    status, _, err = _run(capsys, _only("chart"))
    _assert_failed(status, err, "chart", "band upper edge")


def test_a_slider_that_does_not_reach_the_state_fails(qapp, capsys, monkeypatch):
    from specdec_desktop.views.parameter_control import ParameterControl

    monkeypatch.setattr(ParameterControl, "_on_slider", lambda self, position: None)
    status, _, err = _run(capsys, _only("controls"))
    _assert_failed(status, err, "controls", "draftLengthSlider")


def _copy_resources(tmp_path: Path) -> Path:
    copy = tmp_path / "resources"
    shutil.copytree(resources.root(), copy)
    return copy


def test_a_missing_icon_size_fails(qapp, capsys, monkeypatch, tmp_path):
    copy = _copy_resources(tmp_path)
    (copy / "icons" / "specdec-desktop-64.png").unlink()
    monkeypatch.setattr(resources, "root", lambda: copy)
    status, _, err = _run(capsys, _only("resources"))
    _assert_failed(status, err, "resources", "specdec-desktop-64.png")


def test_a_corrupt_resource_fails_naming_it(qapp, capsys, monkeypatch, tmp_path):
    copy = _copy_resources(tmp_path)
    (copy / "icons" / "specdec-desktop-small.svg").write_text("<svg oops")
    monkeypatch.setattr(resources, "root", lambda: copy)
    status, _, err = _run(capsys, _only("resources"))
    _assert_failed(status, err, "resources", "icons/specdec-desktop-small.svg")


def test_a_new_resource_of_any_kind_is_loaded(qapp, capsys, monkeypatch, tmp_path):
    copy = _copy_resources(tmp_path)
    (copy / "scenes").mkdir()
    (copy / "scenes" / "empty.json").write_text("   ")
    monkeypatch.setattr(resources, "root", lambda: copy)
    status, _, err = _run(capsys, _only("resources"))
    _assert_failed(status, err, "resources", "scenes/empty.json", "no text")


def test_a_character_missing_from_the_bundled_font_fails(qapp, capsys, monkeypatch):
    from specdec_desktop.views import main_window

    original = main_window.MainWindow.__init__

    def with_clef(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.setWindowTitle(self.windowTitle() + " \U0001d11e")  # a musical clef: no font of ours

    monkeypatch.setattr(main_window.MainWindow, "__init__", with_clef)
    status, _, err = _run(capsys, _only("fonts"))
    _assert_failed(status, err, "fonts", "U+1D11E")


def test_a_han_character_without_a_chinese_font_fails(qapp, capsys, monkeypatch):
    # Han characters are drawn by an installed Chinese font; with none, they would be boxes.
    from specdec_desktop.selftest import resource_checks
    from specdec_desktop.views import main_window

    original = main_window.MainWindow.__init__

    def with_han(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.setWindowTitle(self.windowTitle() + " 中")

    monkeypatch.setattr(main_window.MainWindow, "__init__", with_han)
    monkeypatch.setattr(resource_checks.QFontDatabase, "families", lambda *args: [])
    status, _, err = _run(capsys, _only("fonts"))
    _assert_failed(status, err, "fonts", "U+4E2D", "fonts-wqy-zenhei")


def test_a_qt_warning_during_a_check_fails_it(qapp, capsys):
    def noisy(ctx):
        qWarning("something is off")
        return "done"

    status, _, err = _run(capsys, [("noisy", noisy)])
    _assert_failed(status, err, "noisy", "Qt warning: something is off")


def test_an_exception_becomes_one_line(qapp, capsys):
    def broken(ctx):
        raise ValueError("first line\nsecond line")

    status, _, err = _run(capsys, [("broken", broken)])
    _assert_failed(status, err, "broken", "ValueError: first line / second line")


def test_the_first_failure_stops_the_run(qapp, capsys):
    seen = []

    def failing(ctx):
        raise SelfTestFailure("no")

    status, _out, err = _run(capsys, [("failing", failing), ("after", lambda ctx: seen.append(1) or "x")])
    _assert_failed(status, err, "failing", "no")
    assert seen == []


def test_the_token_run_is_played_when_the_app_has_a_player(qapp, capsys, monkeypatch):
    from specdec_desktop.selftest import view_checks

    class Player:
        steps = 0
        restarts = 0

        def step(self):
            Player.steps += 1

        def restart(self):
            Player.restarts += 1

    monkeypatch.setattr(view_checks, "find_token_player", lambda window: Player())
    status, out, err = _run(capsys, _only("token run"))
    assert status == 0, err
    assert Player.steps == TOKEN_RUN_STEPS
    assert Player.restarts == 2
    assert f"{TOKEN_RUN_STEPS} steps played" in out


def test_a_failing_player_fails_the_token_run(qapp, capsys, monkeypatch):
    from specdec_desktop.selftest import view_checks

    class Player:
        def step(self):
            raise IndexError("frame 12 out of range")

    monkeypatch.setattr(view_checks, "find_token_player", lambda window: Player())
    status, _, err = _run(capsys, _only("token run"))
    _assert_failed(status, err, "token run", "IndexError: frame 12 out of range")


def test_checks_leave_the_parameters_as_they_found_them(qapp, capsys):
    seen = []

    def remember(ctx):
        seen.append(ctx.window.state.params)
        return "ok"

    checks = [("before", remember), *CHECKS[2:5], ("after", remember)]
    status, _, err = _run(capsys, checks, ["--k", "9", "--p", "0.8", "--c", "0.2"])
    assert status == 0, err
    assert seen[0] == seen[1]
    assert (seen[1].k, seen[1].p, seen[1].c) == (9, 0.8, 0.2)


def test_self_test_is_reachable_from_the_api(qapp, capsys):
    assert run_self_test(parse_options(["--self-test"])) == 0
    capsys.readouterr()


@pytest.mark.parametrize("argv", [["--self-test", "--k", "0"], ["--self-test", "--size", "9x9"]])
def test_a_bad_argument_with_self_test_exits_2(argv):
    result = run_cli(*argv)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_the_tree_check_plays_a_tree_run_against_the_model(qapp, capsys):
    from specdec_desktop.selftest.tree_checks import TREE_RUN_CYCLES

    status, out, err = _run(capsys, _only("draft trees"))
    assert status == 0, err
    assert f"{TREE_RUN_CYCLES} tree cycles played = simulate_tree_cycles" in out


def test_a_tree_run_off_the_model_fails(qapp, capsys, monkeypatch):
    from specdec_desktop.selftest import tree_checks

    honest = tree_checks.simulate_tree_cycles

    def other_seed(paths, a, n, seed, **keywords):
        return honest(paths, a, n, seed + 1, **keywords)

    monkeypatch.setattr(tree_checks, "simulate_tree_cycles", other_seed)
    status, _, err = _run(capsys, _only("draft trees"))
    _assert_failed(status, err, "draft trees", "simulate_tree_cycles")


@pytest.mark.parametrize("code", ["de", "es", "zh_CN"])
def test_every_check_passes_in_each_language(qapp, code):
    # In Chinese the fonts check failed: the bundled Latin font has no Han characters, which an
    # installed Chinese font draws (Debian: fonts-wqy-zenhei); the sampling check read a dot.
    from PySide6.QtGui import QFontDatabase

    if code == "zh_CN" and not QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        pytest.skip("no Chinese font installed (Debian: fonts-wqy-zenhei or fonts-noto-cjk)")
    result = run_cli("--lang", code, "--self-test")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
