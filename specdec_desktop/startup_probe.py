"""Start-up probe for benchmarks: report when the main window first paints, then quit.

Set ``SPECDEC_EXIT_AFTER_FIRST_PAINT=1`` and start the app normally (source or
frozen).  When the main window receives its first paint event (the window is
being drawn on screen; its children follow in the same pass) the app prints one
line to stdout::

    first-paint <unix time in seconds, 6 decimals>

lets that pass finish, leaves the event loop and exits with status 0.
``benchmarks/bench_frozen_start.py`` subtracts the time it launched the
process to get process start -> first painted window.
Without the variable nothing is installed and nothing changes.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["ENV_VAR", "FirstPaintProbe", "install_if_requested"]

ENV_VAR = "SPECDEC_EXIT_AFTER_FIRST_PAINT"


class FirstPaintProbe(QObject):
    """Event filter on one window: on its first paint event, print the time and quit."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._done = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._done and event.type() == QEvent.Type.Paint:
            self._done = True
            # Timestamp now: a timer would queue behind the chart's deferred set-up.
            print(f"first-paint {time.time():.6f}", flush=True)
            QApplication.exit(0)  # takes effect once control returns to the event loop
        return False


def install_if_requested(window: QWidget) -> FirstPaintProbe | None:
    """Install a :class:`FirstPaintProbe` on ``window`` if :data:`ENV_VAR` is ``1`` (before ``show``)."""
    if os.environ.get(ENV_VAR) != "1":
        return None
    if sys.stdout is None:  # a windowed build on Windows has no stdout to report to
        return None
    return FirstPaintProbe(window)
