"""The start-up probes: silent unless asked; when asked, timestamps and a clean exit."""

from __future__ import annotations

import re
import time

from PySide6.QtWidgets import QWidget

from specdec_desktop import startup_probe

from ..support.cli import run_app

# -- SPECDEC_EXIT_AFTER_FIRST_PAINT


def test_nothing_is_installed_without_the_variable(qtbot, monkeypatch):
    monkeypatch.delenv(startup_probe.ENV_VAR, raising=False)
    widget = QWidget()
    qtbot.addWidget(widget)
    assert startup_probe.install_if_requested(widget) is None


def test_the_probe_reports_the_first_paint_once(qtbot, monkeypatch, capsys):
    monkeypatch.setenv(startup_probe.ENV_VAR, "1")
    # A real QApplication.exit() with no event loop running leaves Qt's "quit now" flag set,
    # and every later event loop in this process (qtbot's waits) would return at once.
    exits: list[int] = []
    monkeypatch.setattr(startup_probe.QApplication, "exit", lambda code=0: exits.append(code))
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
    launched = time.time()
    result = run_app(env={startup_probe.ENV_VAR: "1"})
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("first-paint ")]
    painted = float(line.split()[1])
    assert launched < painted < time.time()


# -- SPECDEC_STARTUP_PROBE


def test_probe_is_off_unless_asked(monkeypatch):
    monkeypatch.delenv(startup_probe.ENV_PROBE, raising=False)
    assert not startup_probe.enabled()
    monkeypatch.setenv(startup_probe.ENV_PROBE, "1")
    assert startup_probe.enabled()


def test_seconds_since_start_uses_the_given_reference(monkeypatch):
    monkeypatch.setenv(startup_probe.ENV_T0, repr(time.monotonic() - 5.0))
    assert 5.0 <= startup_probe.seconds_since_start() < 60.0


def test_app_reports_first_paint_then_chart_live_and_exits():
    done = run_app("--size", "1024x768", env={"SPECDEC_STARTUP_PROBE": "1"})
    assert done.returncode == 0, done.stderr
    values = dict(line.split() for line in done.stdout.splitlines() if len(line.split()) == 2)
    first, live = float(values["first-paint"]), float(values["chart-live"])
    assert 0 < first < live
    if "first-paint-peak-rss-mib" in values:
        assert 0 < float(values["first-paint-peak-rss-mib"]) <= float(values["chart-live-peak-rss-mib"])
