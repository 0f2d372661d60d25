"""The fuzzer's hostile files, paths and failing writes (docs/robustness.md).

The monkey's file dialogs are answered with markup, extreme-but-valid values, hostile tour
paths and hostile paths; its save dialogs sometimes with one of the user's files under a
file-size limit.  Invariant: no user file is ever left truncated.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from specdec_desktop.robustness import fuzz_files
from specdec_desktop.robustness.file_actions import open_a_file, save_a_file
from specdec_desktop.robustness.fuzz_files import FuzzedFiles
from specdec_desktop.robustness.monkey import Monkey
from specdec_desktop.scenario import FileProblem, load_tour
from specdec_desktop.scenario.opened import open_scenario

from ..support.window import open_window


def test_fuzzed_files_include_every_hostile_kind_and_each_is_handled(tmp_path):
    (tmp_path / "f").mkdir()
    files = FuzzedFiles(tmp_path / "f", random.Random(1), hostile_folder=tmp_path / "h", failing_writes=False)
    outcomes = {"opened": 0, "refused": 0}
    for _ in range(600):
        path = files.make()
        started = time.monotonic()
        for read in (open_scenario, load_tour):
            try:
                read(path)
                outcomes["opened"] += 1
            except FileProblem as problem:
                assert "\n" not in str(problem)
                outcomes["refused"] += 1
        assert time.monotonic() - started < 5, path
    for kind in ("markup", "extreme", "hostile_tour", "path:fifo", "path:long", "path:newline", "path:nul"):
        if kind == "path:fifo" and not hasattr(os, "mkfifo"):
            continue
        assert files.offered.get(kind, 0) > 0, (kind, files.offered)
    assert outcomes["opened"] > 30 and outcomes["refused"] > 300


def test_user_file_check_finds_a_truncated_file_and_a_leftover(tmp_path):
    (tmp_path / "f").mkdir()
    files = FuzzedFiles(tmp_path / "f", random.Random(2), hostile_folder=tmp_path / "h", failing_writes=False)
    assert files.user_file_problems() == []
    png = files.user_folder / "chart.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n partial")
    (files.user_folder / ".specdec-abc.part").write_bytes(b"x")
    problems = files.user_file_problems()
    assert any("chart.png left truncated" in p for p in problems)
    assert any("temporary file was left" in p for p in problems)


def _saving_monkey(window, seed: int, folder) -> tuple[Monkey, FuzzedFiles]:
    monkey = Monkey(window, seed=seed, burst=10, actions=[(4, save_a_file), (1, open_a_file)])
    (folder / "f").mkdir()
    files = FuzzedFiles(folder / "f", monkey.rng, hostile_folder=folder / "h")
    monkey.offer_file = files.make
    monkey.offer_save = files.save_target
    monkey.after_action = files.after_action
    return monkey, files


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
def test_saving_over_user_files_with_failing_writes_never_truncates(qtbot, tmp_path):
    window = open_window(qtbot)
    monkey, files = _saving_monkey(window, 16, tmp_path)
    try:
        result = monkey.run(max_actions=150)
    finally:
        files.after_action()
    assert result.ok, result.summary()
    assert files.failed_writes > 10
    assert files.offered.get("user_file", 0) > 20
    assert files.user_file_problems() == []


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
def test_the_invariant_catches_a_writer_that_truncates(qtbot, tmp_path, monkeypatch):
    """An export written in place (the old way) is caught by the fuzzer's file check."""
    from specdec_desktop.export import curve_csv

    def in_place(path, data):
        with open(path, "wb") as stream:  # no temporary file: a failure leaves a fragment
            stream.write(data)

    monkeypatch.setattr(curve_csv, "write_atomically", in_place)
    window = open_window(qtbot, ["--p", "0.999", "--c", "0.001"])  # a long CSV
    monkey, files = _saving_monkey(window, 3, tmp_path)
    monkey._actions = [lambda w, rng: window.services.exports.export_dialog(".csv")]
    monkey._weights = [1]
    monkeypatch.setattr(files, "make", lambda: str(files.user_folder / "curve.csv"))
    try:
        result = monkey.run(max_actions=60)
    finally:
        files.after_action()
    assert not result.ok
    assert ".csv left truncated" in result.failures[0]


@pytest.mark.slow
def test_fuzz_summary_counts_failed_writes():
    from ..support.cli import run_app

    result = run_app("--fuzz", "120", "--actions", "300", "--seed", "5", timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "writes made to fail" in result.stdout


def test_hostile_lists_cover_the_issue():
    assert '<img src="/dev/zero">' in fuzz_files.MARKUP
    assert any(f.startswith("~nosuchuser") for f in fuzz_files.HOSTILE_TOUR_FILES)
    assert any("\x00" in f for f in fuzz_files.HOSTILE_TOUR_FILES)
