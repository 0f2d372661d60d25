"""Reference for bench_startup.py: the smallest PySide6 + pyqtgraph window, timed like the app.

What a newcomer writes: import PySide6 and pyqtgraph, make a QApplication and a
PlotWidget with one curve, show it.  It prints the same ``name value`` lines as
the app's start-up probe (specdec_desktop/startup_probe.py), with times since
``SPECDEC_STARTUP_T0`` (the launcher's ``time.monotonic()`` just before the
start), taken once the first paint of the plot has been flushed::

    import-pyqtgraph 0.48    seconds spent in ``import pyqtgraph``
    first-paint 0.81         the window, plot included, is on screen
    first-paint-cpu 0.70     CPU seconds used by then
    first-paint-peak-rss-mib 106.2
"""

import sys
import time

from _first_paint_report import report_first_paint
from PySide6.QtWidgets import QApplication

before = time.monotonic()
import pyqtgraph as pg  # noqa: E402

print(f"import-pyqtgraph {time.monotonic() - before:.4f}", flush=True)

app = QApplication(sys.argv)
plot = pg.PlotWidget()
plot.plot(list(range(21)), [1 + 0.1 * k - 0.004 * k * k for k in range(21)])
plot.resize(1600, 1000)
report_first_paint(plot.viewport())  # the same lines as the app's probe (_first_paint_report.py)
plot.show()
sys.exit(app.exec())
