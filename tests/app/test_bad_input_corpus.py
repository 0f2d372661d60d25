"""The bad input corpus: hundreds of generated bad files and values, refused clearly, changing nothing.

Files come from `tests/support/corpus.py` (seeded).  Every scenario
and tour file goes through the window's own File > Open actions (the dialog
answered programmatically) in one window, with a full snapshot of the window's
state compared before and after each; every scenario file also goes through
``--scenario`` on the command line.  Command-line values are checked in-process
through :func:`specdec_desktop.cli.main` (parsing fails before any window is
made), and a representative subset as real processes.  Each item runs under a
deadline, so a hang fails with the case's name instead of stalling the suite.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from specdec_desktop import cli
from specdec_desktop.launch import LaunchOptions
from specdec_desktop.launch.arguments import build_parser
from specdec_desktop.model import Parameters
from specdec_desktop.robustness.window_checks import window_problems
from specdec_desktop.scenario import FileProblem, default_tour_path, load_tour
from specdec_desktop.scenario.opened import open_scenario
from specdec_desktop.state import AppState
from specdec_desktop.views.main_window import MainWindow
from specdec_desktop.window_services import install_window_services
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.cli import start_app
from ..support.corpus import (
    GOOD_SCENARIO,
    GOOD_SETTINGS,
    SETTINGS_LABELS,
    BadFile,
    all_bad_files,
    bad_scenarios,
    bad_settings,
    bad_tours,
)
from ..support.window import open_window

#: Generous: the slowest case takes milliseconds; this only turns a hang into a failure.
DEADLINE_SECONDS = 30
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
MAX_MESSAGE = 300

SCENARIOS = bad_scenarios()
TOURS = bad_tours()
SETTINGS = bad_settings()


@contextlib.contextmanager
def deadline(what: str, seconds: float = DEADLINE_SECONDS) -> Iterator[None]:
    """Fail (instead of hanging) if the block runs longer than ``seconds`` (POSIX; else no limit)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(_signum, _frame):
        raise TimeoutError(f"{what} did not finish within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def applicable(case: BadFile) -> bool:
    """Cases this machine can make and mean: root reads any file, Windows has no pipes or links."""
    if case.shape == "unreadable" and IS_ROOT:
        return False
    return not (case.posix_only and os.name != "posix")


def message_problems(case: BadFile, message: str, path: Path) -> list[str]:
    """What is wrong with a refusal's message, if anything."""
    problems = []
    if not message.startswith(f"{path.name}: "):
        problems.append("does not start with the file's name")
    if case.expect and not any(words in message for words in case.expect):
        problems.append(f"names none of {case.expect}")
    if "\n" in message or len(message) > MAX_MESSAGE:
        problems.append(f"is not one short line ({len(message)} characters)")
    if "Traceback" in message or "Error:" in message:
        problems.append("reads like a traceback")
    return problems


def test_files_without_read_permission_are_refused(tmp_path):
    """The other loops skip these as root (root reads any file), so they are checked here."""
    if IS_ROOT:
        pytest.skip("running as root: a file without read permission is still readable")
    if os.name != "posix":
        pytest.skip("permissions are POSIX here")
    cases = [case for case in all_bad_files() if case.shape == "unreadable"]
    assert len(cases) == 3
    for case in cases:
        path = case.write(tmp_path)
        if case.what == "settings":
            assert "could not be read" in (SettingsStore(path).load().notice or "")
        else:
            with pytest.raises(FileProblem, match="cannot be read"):
                (open_scenario if case.what == "scenario" else load_tour)(path)


# -- the corpus itself ----------------------------------------------------------------------------


def test_the_corpus_is_large_varied_and_reproducible():
    cases = all_bad_files()
    assert len(cases) >= 200
    assert len({case.name for case in cases}) == len(cases)
    kinds = Counter((case.what, case.group) for case in cases)
    for what, group in [
        ("scenario", "syntax"),
        ("scenario", "size"),
        ("scenario", "number"),
        ("scenario", "type"),
        ("scenario", "range"),
        ("scenario", "header"),
        ("scenario", "schema"),
        ("scenario", "tour_ref"),
        ("scenario", "hostile"),
        ("scenario", "place"),
        ("tour", "type"),
        ("tour", "range"),
        ("settings", "value"),
        ("settings", "whole"),
    ]:
        assert kinds[(what, group)] >= 5, (what, group)
    assert all_bad_files() == cases  # same seed, same corpus
    other = all_bad_files(seed=1)
    assert Counter(case.group for case in other) == Counter(case.group for case in cases)
    assert [case.data for case in other] != [case.data for case in cases]  # the random parts follow the seed
    # Every parameter is out of range at both ends somewhere in the scenarios.
    fields = Counter(case.field for case in SCENARIOS if case.group == "range")
    for name in ("parameters.k", "parameters.p", "parameters.c", "view.zoom", "tour.scene"):
        assert fields[name] >= 2, name


def test_every_bad_file_is_refused_by_the_readers(tmp_path):
    """The file layer (no Qt): a FileProblem that names the file and the fault, never anything else."""
    failures = []
    for case in SCENARIOS + TOURS:
        if not applicable(case):
            continue
        path = case.write(tmp_path)
        read = open_scenario if case.what == "scenario" else load_tour
        try:
            with deadline(case.name):
                read(path)
        except FileProblem as problem:
            failures += [
                f"{case.name}: message {p}: {str(problem)[:120]!r}"
                for p in message_problems(case, str(problem), path)
            ]
        except Exception as error:
            failures.append(f"{case.name}: raised {type(error).__name__}: {str(error)[:120]}")
        else:
            failures.append(f"{case.name}: was accepted")
    assert not failures, "\n".join(failures)


# -- the window: File > Open with every bad file --------------------------------------------------


def snapshot(window) -> dict:
    """Everything a bad file must not change, as plain values."""
    presenter = window.services
    view, stack, run = presenter.view, presenter.history.stack, window.token_run
    x, y = window.chart.curve.getData()
    return {
        "params": window.state.params,
        "controls": {
            name: (control.slider.value(), control.entry.value()) for name, control in window.controls.items()
        },
        "cards": [card.value.text() for card in window.cards.values()],
        "chart": (tuple(x), tuple(y)),
        "theme": (view.theme_choice, view.theme_name),
        "look": (window.theme, QApplication.palette().color(QPalette.ColorRole.Window).name(), window.font()),
        "zoom": view.zoom,
        "modes": (view.fullscreen, view.blanked, view.help_visible, window.isFullScreen()),
        "tour": (view.tour_active, view.tour_scene, presenter.tour.source, id(presenter.tour.tour)),
        "banner": (presenter.banner.isVisible(), presenter.banner.caption.text()),
        "tab": window.tabs.currentIndex(),
        "undo": (
            stack.count(),
            stack.index(),
            stack.cleanIndex(),
            [stack.text(i) for i in range(stack.count())],
        ),
        "reset_target": presenter.scenarios.reset_target(),
        "baseline": presenter.scenarios.baseline,
        "scenario_path": presenter.scenarios.path,
        "title": (window.windowTitle(), window.windowFilePath(), window.isWindowModified()),
        "run": (run.run.seed, run.player.position, run.player.playing, run.player.speed),
    }


def new_problem_boxes(window, before: set) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if id(box) not in before]


def close_boxes(window) -> None:
    for box in window.findChildren(QMessageBox):
        box.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def answer_open_dialogs_with(monkeypatch, holder: dict) -> None:
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(holder["path"]), ""))
    )
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(holder["path"]), ""))
    )


@pytest.fixture
def busy_window(qtbot, tmp_path):
    """A window in a state far from its defaults: an opened scenario, the tour on, edits to undo."""
    good = tmp_path / "good lecture.json"
    import json

    good.write_text(
        json.dumps(
            {
                **GOOD_SCENARIO,
                "parameters": {"k": 7, "p": 0.65, "c": 0.2},
                "view": {"theme": "dark", "zoom": 1.1},
                "tour": {"file": "default", "scene": 2, "active": True},
            }
        ),
        encoding="utf-8",
    )
    window = open_window(qtbot)
    presenter = window.services
    assert presenter.scenarios.open_path(good)
    assert presenter.tour.scene.animation is None  # a still scene: nothing moves on its own
    window.state.set(k=11)
    window.state.set(c=0.3)
    presenter.history.stack.undo()  # something to redo, too
    assert window.windowFilePath().endswith("good lecture.json")
    return window


def open_each(window, monkeypatch, tmp_path, cases, action_id, title) -> list[str]:
    """Trigger ``action_id`` once per case with the dialog answering that case's path."""
    holder: dict = {}
    answer_open_dialogs_with(monkeypatch, holder)
    failures = []
    for case in cases:
        if not applicable(case):
            continue
        folder = tmp_path / case.name
        folder.mkdir()
        holder["path"] = path = case.write(folder)
        before = snapshot(window)
        boxes_before = {id(box) for box in window.findChildren(QMessageBox)}
        with deadline(case.name):
            window.services.actions[action_id].trigger()
        after = snapshot(window)
        if after != before:
            changed = sorted(key for key in before if before[key] != after[key])
            failures.append(f"{case.name}: changed {changed}")
        boxes = new_problem_boxes(window, boxes_before)
        if len(boxes) != 1:
            failures.append(f"{case.name}: {len(boxes)} message boxes")
        else:
            box = boxes[0]
            if box.windowTitle() != title or box.icon() != QMessageBox.Icon.Warning:
                failures.append(f"{case.name}: box titled {box.windowTitle()!r}")
            failures += [f"{case.name}: message {p}" for p in message_problems(case, box.text(), path)]
            if box.text() not in window.statusBar().currentMessage():
                failures.append(f"{case.name}: the status bar does not say it")
        close_boxes(window)
    return failures


@pytest.mark.slow
def test_every_bad_scenario_through_file_open_changes_nothing(busy_window, monkeypatch, tmp_path):
    failures = open_each(
        busy_window, monkeypatch, tmp_path, SCENARIOS, "file.open_scenario", "This scenario cannot be opened"
    )
    assert not failures, "\n".join(failures)
    # After all that, a good file still opens and the window still works.
    good = tmp_path / "good lecture.json"
    assert busy_window.services.scenarios.open_path(good)
    busy_window.state.set(k=5)
    assert window_problems(busy_window) == []  # cards, controls and chart agree with the model


@pytest.mark.slow
def test_every_bad_tour_through_open_tour_changes_nothing(busy_window, monkeypatch, tmp_path):
    failures = open_each(
        busy_window, monkeypatch, tmp_path, TOURS, "file.open_tour", "This tour cannot be opened"
    )
    assert not failures, "\n".join(failures)


def test_exports_and_saves_to_bad_places_change_nothing(busy_window, monkeypatch, tmp_path):
    window = busy_window
    (tmp_path / "a folder.png").mkdir()
    (tmp_path / "a folder.json").mkdir()
    places = {
        "file.export_png": [
            tmp_path / "no such folder" / "c.png",
            tmp_path / "a folder.png",
            "/dev/null/c.png",
        ],
        "file.export_svg": [tmp_path / "no such folder" / "c.svg", "/dev/null/c.svg"],
        "file.export_csv": [tmp_path / "no such folder" / "c.csv", "/dev/null/c.csv"],
        "file.save_scenario": [tmp_path / "no such folder" / "s.json", tmp_path / "a folder.json"],
    }
    holder: dict = {}
    answer_open_dialogs_with(monkeypatch, holder)
    for action_id, paths in places.items():
        for path in paths:
            holder["path"] = path
            before = snapshot(window)
            with deadline(f"{action_id} {path}"):
                window.services.actions[action_id].trigger()
            assert snapshot(window) == before, (action_id, path)
            boxes = window.findChildren(QMessageBox)
            assert len(boxes) == 1, (action_id, path)
            assert boxes[0].text().startswith(f"{Path(path).name}: "), boxes[0].text()
            close_boxes(window)
    assert not any(tmp_path.glob("**/.scenario-*"))  # no temporary left behind


# -- settings -------------------------------------------------------------------------------------


def expected_settings(case: BadFile):
    """What a store must load from ``case``: the good values, less the bad one (or all defaults)."""
    if case.group == "whole":
        return Parameters(), "system", 1.0
    good = {
        f"{section}/{key}": value
        for section, values in GOOD_SETTINGS.items()
        for key, value in values.items()
    }
    good.pop(case.field)
    default = {
        "parameters/k": 6,
        "parameters/p": 0.75,
        "parameters/c": 0.15,
        "view/theme": "system",
        "view/zoom": 1.0,
    }
    value = {key: good.get(key, default[key]) for key in default}
    params = Parameters(
        k=int(value["parameters/k"]), p=float(value["parameters/p"]), c=float(value["parameters/c"])
    )
    return params, value["view/theme"], float(value["view/zoom"])


def test_every_bad_settings_file_falls_back_and_says_which(tmp_path):
    failures = []
    for case in SETTINGS:
        if not applicable(case):
            continue
        folder = tmp_path / case.name
        folder.mkdir()
        path = case.write(folder)
        content = path.read_bytes() if case.shape == "file" else None
        try:
            with deadline(case.name):
                loaded = SettingsStore(path).load()
        except Exception as error:
            failures.append(f"{case.name}: raised {type(error).__name__}: {error}")
            continue
        if (loaded.parameters, loaded.theme_choice, loaded.zoom) != expected_settings(case):
            failures.append(f"{case.name}: loaded {loaded}")
        notice = loaded.notice or ""
        if not any(words in notice for words in case.expect):
            failures.append(f"{case.name}: notice {notice!r} names none of {case.expect}")
        if case.group == "value" and SETTINGS_LABELS[case.field] not in notice:
            failures.append(f"{case.name}: notice {notice!r} does not name {case.field}")
        if content is not None and path.read_bytes() != content:
            failures.append(f"{case.name}: reading changed the file")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    "name",
    [
        "settings-value-parameters_k_0",
        "settings-value-parameters_p_nan",
        "settings-value-parameters_c_0x10",
        "settings-value-view_zoom_1e999",
        "settings-value-parameters_k_Variant_0",
        "settings-whole-binary",
        "settings-whole-too_large",
        "settings-whole-a_named_pipe",
    ],
)
def test_a_bad_settings_file_at_launch(qtbot, tmp_path, name):
    matches = [case for case in SETTINGS if case.name == name]
    assert matches, name
    case = matches[0]
    path = case.write(tmp_path)
    window = MainWindow(AppState(), font_family="Inter")
    qtbot.addWidget(window)
    with deadline(case.name):
        install_window_services(window, LaunchOptions(), SettingsStore(path))
    params, theme, zoom = expected_settings(case)
    view = window.services.view
    assert (window.state.params, view.theme_choice, view.zoom) == (params, theme, zoom)
    assert not window.services.history.stack.canUndo()
    message = window.statusBar().currentMessage()
    assert any(words in message for words in case.expect), message


# -- the command line -----------------------------------------------------------------------------


_NUMBER_FAULTS = [
    "nan",
    "NaN",
    "inf",
    "Infinity",
    "-inf",
    "=-inf",
    "1e999",
    "=-1e999",
    "",
    " ",
    "\u0666",  # ARABIC-INDIC DIGIT SIX
    "\uff10.\uff15",  # fullwidth 0.5
    "0x10",
    "0x1p-1",
    "1_0",
    "1,5",
    "0.5.5",
    "\u00bd",
    "\u221e",
    "\u200b1",
    "true",
    "None",
    "6 6",
    "1e",
    "e5",
    ".",
    "-",
    "+",
    "9" * 30,
    "9" * 5000,
]
_RANGE_FAULTS = {
    "k": ["0", "=-1", "=-0", "129", "2.5", "1e3", "1e-999", "128.5"],
    "p": ["=-0.01", "=-1e-300", "1.01", "2", "1e308"],
    "c": ["=-0.01", "=-1e-300", "1.01", "2", "1e308"],
}


def _option(name: str, value: str) -> list[str]:
    """``--k VALUE``, or ``--k=VALUE`` when written ``=VALUE`` (how a leading minus gets through)."""
    return [f"--{name}{value}"] if value.startswith("=") else [f"--{name}", value]


def bad_command_lines(tmp_path: Path) -> list[tuple[list[str], str]]:
    """(argv, words the one error line must contain)."""
    lines: list[tuple[list[str], str]] = []
    for name in ("k", "p", "c"):
        for value in _NUMBER_FAULTS + _RANGE_FAULTS[name]:
            lines.append((_option(name, value), f"--{name}"))
            lines.append((["calc", *_option(name, value)], f"--{name}"))
    for size in [
        "",
        " ",
        "x",
        "1600",
        "1600x",
        "x1000",
        "1600x1000x5",
        "1023x768",
        "1024x767",
        "8193x1000",
        "1024x8193",
        "=-1600x1000",
        "1e3x800",
        "0x0",
        "99999999999999999999x1000",
        "nanxnan",
        "1600x1000.5",
        "1600*1000",
        "1600\u00d71000",
    ]:
        lines.append((_option("size", size), "--size"))
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "folder.csv").mkdir()
    for path in [
        "out.jpg",
        "out",
        "",
        ".png",
        "/no/such/folder/x.png",
        str(tmp_path / "folder.png"),
        "/dev/null/x.png",
    ]:
        lines.append((["--screenshot", path], "--screenshot"))
    for path in [
        "c.gif",
        "c",
        "",
        "c.pdf",
        "/no/such/folder/c.csv",
        str(tmp_path / "folder.csv"),
        "/dev/null/c.svg",
    ]:
        lines.append((["--export-chart", path], "--export-chart"))
    lines += [
        (["--bogus"], "--bogus"),
        (["--K", "6"], "--K"),
        (["-k", "6"], "-k"),
        (["--s", "x"], "--s"),
        (["calcx"], "calcx"),
        (["calc", "--screenshot", "x.png"], "--screenshot"),
        (["calc", "extra"], "extra"),
        (["--k"], "--k"),
        (["--scenario"], "--scenario"),
        (["--screenshot", "a.png", "--export-chart", "b.png"], "choose one of"),
    ]
    help_text = build_parser().format_help()
    if "--fuzz" not in help_text:
        lines.append((["--fuzz", "5"], "--fuzz"))  # an unknown option, named as such
        return lines
    for value in ["", "abc", "nan", "inf", "=-5", "0", "1e999"]:
        lines.append((_option("fuzz", value), "--fuzz"))
    for value in ["", "abc", "1.5", "nan", "=-1", "0x10", "\u0666"]:
        lines.append((["--fuzz", "1", *_option("seed", value)], "--seed"))
    lines.append((["--seed", "5"], "--seed"))  # without --fuzz
    if "--actions" in help_text:
        for value in ["", "abc", "0", "=-1", "1.5"]:
            lines.append((["--fuzz", "1", *_option("actions", value)], "--actions"))
    return lines


@pytest.fixture
def no_window(monkeypatch):
    """If a bad value were accepted, record it instead of opening a window."""
    import specdec_desktop.app
    import specdec_desktop.selftest

    accepted: list = []
    monkeypatch.setattr(specdec_desktop.app, "run", lambda args: accepted.append(args) or 0)
    monkeypatch.setattr(specdec_desktop.selftest, "run_self_test", lambda args: accepted.append(args) or 0)
    return accepted


def one_error_line(capsys, status: int, words: str) -> list[str]:
    out, err = capsys.readouterr()
    problems = []
    if status != 2:
        problems.append(f"exit status {status}")
    lines = err.splitlines()
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr: {err[:300]!r}")
    elif not lines[0].startswith("specdec-desktop: error: ") or words not in lines[0]:
        problems.append(f"error line {lines[0][:200]!r} does not name {words!r}")
    elif len(lines[0]) > 400:
        problems.append(f"error line is {len(lines[0])} characters long")
    if "Traceback" in err or out:
        problems.append(f"traceback or output: {out[:100]!r} {err[:100]!r}")
    return problems


def test_bad_command_line_values(capsys, no_window, tmp_path):
    cases = bad_command_lines(tmp_path)
    assert len(cases) >= 200
    failures = []
    for argv, words in cases:
        with deadline(repr(argv)[:80]):
            status = cli.main(argv)
        failures += [f"{argv!r:.80}: {problem}" for problem in one_error_line(capsys, status, words)]
    assert not no_window, "accepted as good: " + repr(no_window[:3])
    assert not failures, "\n".join(failures)


def test_every_bad_scenario_on_the_command_line(capsys, no_window, tmp_path):
    failures = []
    for case in SCENARIOS:
        if not applicable(case):
            continue
        folder = tmp_path / case.name
        folder.mkdir()
        path = case.write(folder)
        with deadline(case.name):
            status = cli.main(["--scenario", str(path), "--projector"])
        failures += [
            f"{case.name}: {problem}" for problem in one_error_line(capsys, status, f"{path.name}: ")
        ]
    assert not no_window, "accepted as good: " + repr(no_window[:3])
    assert not failures, "\n".join(failures)


def test_minus_zero_is_zero(capsys):
    """``-0`` is a valid p or c, and reads back as 0 (never ``-0``) in text and exported data."""
    assert cli.main(["calc", "--p=-0", "--c=-0.0"]) == 0
    out = capsys.readouterr().out
    assert "p = 0.000, c = 0.000" in out and "-0" not in out
    assert Parameters(p=-0.0, c=-0.0).as_dict() == {"k": 6, "p": 0.0, "c": 0.0}
    assert str(Parameters(p=-0.0).p) == "0.0"


@pytest.mark.slow
def test_a_representative_subset_as_real_processes(tmp_path):
    """The same refusals from a real process: status 2, one line, no traceback, nothing written."""
    by_name = {case.name: case for case in SCENARIOS}
    files = {}
    for name in [
        "scenario-syntax-truncated_at_2",
        "scenario-syntax-a_png_file",
        "scenario-syntax-utf16_le_bom",
        "scenario-size-a_gibibyte_of_nothing",
        "scenario-size-deep_lists_under_the_limit",
        "scenario-number-parameters_p_NaN",
        "scenario-type-view_zoom_0_point_5",
        "scenario-range-parameters_k_1e_308",
        "scenario-schema-top_twice_view",
        "scenario-place-a_folder",
        "scenario-place-no_such_file",
        "scenario-place-a_named_pipe",
        "scenario-tour_ref-bad_tour_0",
    ]:
        case = by_name[name]
        if applicable(case):
            folder = tmp_path / name
            folder.mkdir()
            files[name] = case.write(folder)
    (tmp_path / "folder.png").mkdir()
    out = tmp_path / "out.png"
    runs = [
        (["--scenario", str(path), "--export-chart", str(out)], f"{path.name}: ") for path in files.values()
    ]
    runs += [
        (["calc", "--k", "nan"], "--k"),
        (["calc", "--k", "\u0666"], "--k"),
        (["--p", ""], "--p"),
        (["--c=-1e999"], "--c"),
        (["--size", "10x10"], "--size"),
        (["--export-chart", str(tmp_path / "folder.png")], "--export-chart"),
        (["--screenshot", str(tmp_path / "x.gif")], "--screenshot"),
    ]
    processes = [(start_app(*argv), argv, words) for argv, words in runs]
    failures = []
    for process, argv, words in processes:
        try:
            stdout, stderr = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            failures.append(f"{argv!r:.100}: did not finish within 120 s")
            continue
        lines = stderr.splitlines()
        if (
            process.returncode != 2
            or len(lines) != 1
            or words not in lines[0]
            or "Traceback" in stderr
            or stdout
        ):
            failures.append(f"{argv!r:.100}: status {process.returncode}, stderr {stderr[:300]!r}")
    assert not failures, "\n".join(failures)
    assert not out.exists()


def test_the_bundled_tour_is_not_in_the_corpus():
    """Sanity: the good files the corpus starts from are good."""
    import json
    import tempfile

    from specdec_desktop.scenario.tour_file import tour_from_json

    from ..support.corpus import GOOD_TOUR

    assert tour_from_json(GOOD_TOUR).scenes[1].animation is not None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "good.json"
        path.write_text(json.dumps(GOOD_SCENARIO), encoding="utf-8")
        assert open_scenario(path).tour is not None
        ini = Path(folder) / "good.ini"
        ini.write_text(
            "\n".join(
                f"[{s}]\n" + "\n".join(f"{k}={v}" for k, v in d.items()) for s, d in GOOD_SETTINGS.items()
            )
        )
        loaded = SettingsStore(ini).load()
        assert loaded.notice is None and loaded.parameters == Parameters(k=9, p=0.8, c=0.1)
    assert load_tour(default_tour_path()).scenes
