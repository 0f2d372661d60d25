"""The start-up probe: off by default; with SPECDEC_STARTUP_PROBE=1 the app reports and quits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from specdec_desktop import startup_probe

ROOT = Path(__file__).resolve().parent.parent


def test_probe_is_off_unless_asked(monkeypatch):
    monkeypatch.delenv(startup_probe.ENV_PROBE, raising=False)
    assert not startup_probe.enabled()
    monkeypatch.setenv(startup_probe.ENV_PROBE, "1")
    assert startup_probe.enabled()


def test_seconds_since_start_uses_the_given_reference(monkeypatch):
    import time

    monkeypatch.setenv(startup_probe.ENV_T0, repr(time.monotonic() - 5.0))
    assert 5.0 <= startup_probe.seconds_since_start() < 60.0


def test_app_reports_first_paint_then_chart_live_and_exits():
    env = dict(os.environ, SPECDEC_STARTUP_PROBE="1", QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run(
        [sys.executable, "-m", "specdec_desktop", "--size", "800x600"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    values = dict(line.split() for line in done.stdout.splitlines() if len(line.split()) == 2)
    first, live = float(values["first-paint"]), float(values["chart-live"])
    assert 0 < first < live
    if "first-paint-peak-rss-mib" in values:
        assert 0 < float(values["first-paint-peak-rss-mib"]) <= float(values["chart-live-peak-rss-mib"])
