"""Child process for tests/cli/test_offline.py: run the app with an audit hook that records network use.

Run as ``python tests/support/offline_probe.py OUT_FOLDER``.  The hook goes in first
(audit hooks cannot be removed, which is why this runs in its own process),
then the app starts the way ``specdec-desktop`` starts it (``cli.main``, into
``app.exec()``), and a timer drives it from inside the event loop: the guided
tour through every scene, the token-by-token run played and stepped, the chart
exported as PNG, SVG and CSV (from the File menu's code and from the command
line), a scenario saved and opened, settings written on close.  Afterwards the
probe makes a socket on purpose, to show the hook would have seen one.  The
last line of stdout is a JSON report.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

#: Audit events that mean the network (or a browser) was reached for.
NETWORK_EVENTS = (
    "socket.",
    "urllib.",
    "http.client.",
    "ssl.",
    "ftplib.",
    "smtplib.",
    "poplib.",
    "imaplib.",
    "nntplib.",
    "telnetlib.",
    "webbrowser.",
)
phase = ["start-up"]
events: list[list[str]] = []


def _hook(event: str, args: tuple) -> None:
    if event.startswith(NETWORK_EVENTS):
        events.append([phase[0], event, repr(args)[:160]])


sys.addaudithook(_hook)


def _inet_sockets() -> list[str]:
    """Open internet sockets of this process, from /proc (Linux; empty elsewhere)."""
    fd_folder = Path("/proc/self/fd")
    if not fd_folder.is_dir():
        return []
    inodes = set()
    for fd in fd_folder.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table in ("tcp", "tcp6", "udp", "udp6", "raw", "raw6"):
        path = Path("/proc/self/net") / table
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            if len(fields) > 9 and fields[9] in inodes:
                found.append(f"{table}: {line.strip()}")
    return found


def main(out: Path) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from specdec_desktop import cli
    from specdec_desktop.app import create_application

    checks: dict[str, object] = {}

    def wait(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def drive() -> None:
        try:
            phase[0] = "window"
            window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "services"))
            while window.chart is None:  # the chart comes in right after the first paint
                wait(20)
            presenter = window.services
            actions = presenter.actions

            phase[0] = "tour"
            actions["tour.start"].trigger()
            wait(20)
            for _ in range(len(presenter.tour.tour.scenes) - 1):
                actions["tour.next"].trigger()
                wait(20)
            checks["tour reached its last scene"] = (
                presenter.view.tour_active
                and presenter.view.tour_scene == len(presenter.tour.tour.scenes) - 1
            )
            actions["tour.stop"].trigger()

            phase[0] = "animation"
            window.show_token_run(play=True, seed=7, speed=8.0)
            player = window.token_run.player
            wait(300)  # playing on its own timer
            played = player.position
            for _ in range(100):
                player.step()
                QApplication.processEvents()
            checks["the run played and stepped"] = 0 < played < player.position

            phase[0] = "export"
            written = []
            for suffix in (".png", ".svg", ".csv"):
                written.append(presenter.exports.export_to(out / f"window{suffix}"))
                written.append(cli.main(["--export-chart", str(out / f"cli{suffix}"), "--k", "9"]) == 0)
            checks["every export was written"] = all(written) and len(list(out.glob("*.*"))) == 6

            phase[0] = "files"
            checks["scenario saved and opened"] = presenter.scenarios.save_path(
                out / "scenario.json"
            ) and presenter.scenarios.open_path(out / "scenario.json")
            checks["screenshot"] = not window.grab().isNull()
            window.close()  # writes the settings
        except Exception as error:  # reported, and the run fails
            checks["no exception"] = f"{type(error).__name__}: {error}"
        finally:
            QApplication.instance().quit()

    create_application()
    QTimer.singleShot(100, drive)
    status = cli.main([])  # opens the window, exactly as the command does, and runs the event loop
    checks["exit status 0"] = status == 0
    checks["QtNetwork never loaded"] = "PySide6.QtNetwork" not in sys.modules
    inet = _inet_sockets()

    phase[0] = "deliberate"
    import socket
    import urllib.request

    probe = socket.socket()
    probe.close()
    with urllib.request.urlopen(Path(__file__).resolve().as_uri()) as local:  # the event, no traffic
        local.read(1)
    print(
        json.dumps(
            {
                "network_events": [e for e in events if e[0] != "deliberate"],
                "deliberate_events": [e for e in events if e[0] == "deliberate"],
                "inet_sockets": inet,
                "checks": checks,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
