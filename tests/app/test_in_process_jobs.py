"""A window built for one job (a screenshot, the self-test, the fuzz) is destroyed when the job ends.

Closed alone, it lived as long as the process: its language subscriptions end only with its
widgets.  The tests run these jobs in-process, and each window left behind was retranslated at
every later language switch and walked at every later garbage collection (the self-test's file
alone left 22; the suite's teardowns grew from 0.01 to 0.2 s of CPU each after it).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from specdec_desktop.launch.arguments import parse_options
from specdec_desktop.robustness.fuzz_run import run_fuzz
from specdec_desktop.selftest import CHECKS
from specdec_desktop.selftest.runner import run_checks
from specdec_desktop.views.main_window import MainWindow

from ..support.cli import run_cli


def _windows_alive() -> list[MainWindow]:
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return [widget for widget in QApplication.topLevelWidgets() if isinstance(widget, MainWindow)]


def _screenshot(tmp_path):
    result = run_cli("--screenshot", str(tmp_path / "shot.png"), "--size", "1024x768")
    assert result.returncode == 0, result.stderr


def _self_test(tmp_path):
    del tmp_path
    assert run_checks(parse_options([]), CHECKS[:1]) == 0


def _fuzz(tmp_path):
    del tmp_path
    assert run_fuzz(parse_options(["--fuzz", "30", "--actions", "5", "--seed", "1"])) == 0


@pytest.mark.parametrize("job", [_screenshot, _self_test, _fuzz], ids=["screenshot", "self-test", "fuzz"])
def test_a_job_leaves_no_window_behind(qapp, tmp_path, capsys, job):
    assert _windows_alive() == []
    job(tmp_path)
    capsys.readouterr()
    assert _windows_alive() == []
