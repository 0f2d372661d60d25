"""Offline: the app never reaches for the network while it starts, tours, animates and exports.

An audit hook (``sys.addaudithook``) sees every ``socket.*``, ``urllib.*``,
``http.client.*`` (and similar) event of the Python runtime.  Hooks cannot be
removed, so the run happens in a child process (tests/support/offline_probe.py) that
installs the hook first, runs the app as the command starts it, and reports.
The child also makes a socket on purpose after the run: seeing that event
proves the hook was live, so an empty list means something.  On Linux the
child also lists its open internet sockets from /proc, which would catch
network use from C++ (Qt) that no Python hook sees.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..support.paths import ROOT


@pytest.mark.slow
def test_no_network_while_starting_touring_animating_and_exporting(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # settings are read and written, in here
        "HOME": str(tmp_path),
    }
    env.pop("SPECDEC_NO_SETTINGS", None)
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "support" / "offline_probe.py"), str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])

    # The run did what it claims (otherwise "no network" would prove little).
    assert report["checks"] and all(value is True for value in report["checks"].values()), report["checks"]
    assert (tmp_path / "config" / "SpecDec" / "SpecDec Desktop.ini").exists()
    # The hook was live: the deliberate socket and request after the run were seen...
    seen = {event for _phase, event, _args in report["deliberate_events"]}
    assert "socket.__new__" in seen and "urllib.Request" in seen, report["deliberate_events"]
    # ...and nothing before them.
    assert report["network_events"] == [], report["network_events"]
    assert report["inet_sockets"] == [], report["inet_sockets"]
