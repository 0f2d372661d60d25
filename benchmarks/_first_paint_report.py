"""How the start-up subjects without the app's probe report their first paint (bench_startup.py).

``report_first_paint(widget, app)`` prints the same ``name value`` lines as
the app's probe (specdec_desktop/startup_probe.py), with times since
``SPECDEC_STARTUP_T0`` (the launcher's ``time.monotonic()`` just before the
start), once ``widget``'s first paint has been flushed, and then quits::

    first-paint 0.25          the widget is on screen
    first-paint-cpu 0.35      CPU seconds the process has used by then
    first-paint-peak-rss-mib 115.2
"""

import os
import resource
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

T0 = float(os.environ["SPECDEC_STARTUP_T0"])


class _FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, _report)  # after the paint has been flushed
        return False


def _report() -> None:
    print(f"first-paint {time.monotonic() - T0:.4f}", flush=True)
    print(f"first-paint-cpu {time.process_time():.4f}", flush=True)
    print(f"first-paint-peak-rss-mib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f}")
    QApplication.quit()


def report_first_paint(widget: QWidget) -> None:
    """Report once ``widget`` has been painted for the first time (call before ``show()``)."""
    watcher = _FirstPaint(widget)  # parented: it lives as long as the widget
    widget.installEventFilter(watcher)
