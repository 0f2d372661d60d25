"""Render docs/images/main-window.png: the window at the defaults, fourteen cycles into a run.

    QT_QPA_PLATFORM=offscreen python docs/images/make_main_window.py

The run is the default seed's, stepped (not played), so the picture is the same every time.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from specdec_desktop.app import create_application, create_main_window

OUT = Path(__file__).resolve().parent / "main-window.png"
CYCLES = 14


def main() -> int:
    app = create_application()
    window = create_main_window(["--no-settings"])
    window.resize(1600, 1000)
    window.show()
    window.settle()
    player = window.app_state.player
    k = window.state.params.k
    for _ in range(CYCLES * (k + 1) + 3):  # k draft steps and one check a cycle, then 3 guesses in
        player.step()
    for _ in range(10):
        app.processEvents()
    if not window.grab().save(str(OUT)):
        print(f"could not write {OUT}", file=sys.stderr)
        return 1
    print(OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
