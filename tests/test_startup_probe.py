"""The first-paint probe: silent unless asked; when asked, one timestamp line and a clean exit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QWidget

from specdec_desktop import startup_probe

ROOT = Path(__file__).resolve().parent.parent


def test_nothing_is_installed_without_the_variable(qtbot, monkeypatch):
    monkeypatch.delenv(startup_probe.ENV_VAR, raising=False)
    widget = QWidget()
    qtbot.addWidget(widget)
    assert startup_probe.install_if_requested(widget) is None


def test_the_probe_reports_the_first_paint_once(qtbot, monkeypatch, capsys):
    monkeypatch.setenv(startup_probe.ENV_VAR, "1")
    # Record the request to quit instead of quitting: a real QApplication.exit() in the test
    # process leaves later tests unable to activate their windows.  The real exit is tested
    # in a process of its own below.
    exits: list[int] = []
    monkeypatch.setattr(startup_probe.QApplication, "exit", staticmethod(exits.append))
    widget = QWidget()
    qtbot.addWidget(widget)
    before = time.time()
    probe = startup_probe.install_if_requested(widget)
    assert probe is not None
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: probe._done)
    widget.repaint()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    match = re.fullmatch(r"first-paint (\d+\.\d{6})", lines[0])
    assert match is not None
    assert before <= float(match.group(1)) <= time.time()
    assert exits == [0]


def test_the_app_exits_after_its_first_paint():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", startup_probe.ENV_VAR: "1"}
    launched = time.time()
    result = subprocess.run(
        [sys.executable, "-m", "specdec_desktop"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("first-paint ")]
    painted = float(line.split()[1])
    assert launched < painted < time.time()
