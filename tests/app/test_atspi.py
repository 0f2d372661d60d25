"""The window as a screen reader on Linux sees it: Xvfb, the AT-SPI bus, the app, and pyatspi.

Starts the app under ``xvfb-run`` inside ``dbus-run-session`` with the accessibility bus
(Debian: xvfb, dbus, at-spi2-core; python3-pyatspi for the system python3), then walks the
app's tree from another process and checks every focusable control has a name, a role and, for
sliders and spin boxes, a value.  Skipped when any of those is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..support.paths import ROOT

LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
WALKER = ROOT / "tests" / "support" / "atspi_walk.py"


def _missing() -> str | None:
    for tool in ("xvfb-run", "dbus-run-session"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not LAUNCHER.exists():
        return "at-spi2-core is not installed"
    if subprocess.run(["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True).returncode:
        return "python3-pyatspi is not installed"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_every_control_on_the_bus_has_a_name_a_role_and_its_value(code):
    reason = _missing()
    if reason:
        pytest.skip(reason)
    script = (
        f"{LAUNCHER} --launch-immediately & sleep 1; "
        f"{sys.executable} -m specdec_desktop --lang {code} --size 1280x800 & APP=$!; "
        f"/usr/bin/python3 {WALKER} specdec; kill $APP"
    )
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="xcb",
        QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
        SPECDEC_NO_SETTINGS="1",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        ["dbus-run-session", "--", "xvfb-run", "-a", "sh", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=240,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("[")]
    assert lines, f"no tree from the bus: {done.stdout[-500:]} {done.stderr[-500:]}"
    nodes = json.loads(lines[-1])
    assert len(nodes) > 30, nodes
    assert [n for n in nodes if "error" in n or not (n.get("name") or "").strip()] == []
    assert [n for n in nodes if n["role"] in ("unknown", "invalid", "")] == []
    valued = [n for n in nodes if n["role"] in ("slider", "spin button")]
    assert len(valued) >= 6 and all(n["value"] is not None for n in valued)
    names = {n["name"] for n in nodes}
    if code == "zh_CN":
        assert "加速比 1.82 倍" in names
    else:
        assert "Speedup 1.82 times" in names
