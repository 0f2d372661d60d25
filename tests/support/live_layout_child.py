"""The app as ``python -m specdec_desktop`` starts it, reporting its layout after each change.

Run by tests/app/test_live_screen.py on Xvfb with a window manager: the test drives the app with
keys (xdotool) as a presenter would, and this child prints one JSON line per settled state:
the zoom, the theme, whether the tour is on, and every problem the layout check
(tests/support/layout_check.py) finds in the window as the window manager sized it.  Nothing in
the app is changed for the test: the report is attached from outside, to the view state's
signals, before the event loop starts.

    python tests/support/live_layout_child.py [app arguments...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for tests.support

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from specdec_desktop import app as app_module
from specdec_desktop.cli import main

#: How long a change may take to settle (layout, fitted type, the chart's labels) before the report.
SETTLE_MS = 400


def _report(window) -> None:
    from tests.support import layout_check

    view = window.services.view
    screen = layout_check.Screen(window.width(), window.height())
    moment = f"scene-{view.tour_scene + 1}" if view.tour_active else "default"
    combination = layout_check.Combination(screen, view.theme_choice, moment, view.zoom)
    problems = [] if window.chart is None else layout_check.check_window(window, combination)
    available = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if not available.contains(frame):
        problems.append(f"the window's frame {frame.getRect()} leaves the screen {available.getRect()}")
    line = {"zoom": view.zoom, "theme": view.theme_choice, "moment": moment, "problems": problems}
    line["scenes"] = len(window.services.tour.tour.scenes)
    print(json.dumps(line), flush=True)


def _watch(window) -> None:
    timer = QTimer(window)
    timer.setSingleShot(True)
    timer.setInterval(SETTLE_MS)
    timer.timeout.connect(lambda: _report(window))
    view = window.services.view
    for signal in (view.zoom_changed, view.theme_changed, view.tour_changed):
        signal.connect(timer.start)
    # The first report once the chart is live (it comes after the first paint).
    ready = QTimer(window)
    ready.setInterval(100)
    ready.timeout.connect(lambda: window.chart is not None and (ready.stop(), timer.start()))
    ready.start()


_build_window = app_module.build_window


def _build_and_watch(*args, **kwargs):
    window = _build_window(*args, **kwargs)
    if QApplication.instance() is not None and kwargs.get("interactive"):
        _watch(window)
    return window


app_module.build_window = _build_and_watch

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
