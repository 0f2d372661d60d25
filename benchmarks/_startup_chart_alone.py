"""Lower bound for bench_startup.py: the app's own chart alone, started like the app.

How soon could the app's chart go live if the window cost nothing?  This
script does only what the chart needs: the app's modules it imports, the
app's ``QApplication`` (bundled fonts, the app's style), one ``SpeedupChart``
with the default parameters' figures, shown at the benchmark's size.  No
sliders, cards, tabs, menus or services.  It prints the same ``name value``
lines as the minimal reference (``_startup_reference.py``), with times since
``SPECDEC_STARTUP_T0``, once the chart's first paint has been flushed::

    first-paint 0.26         the chart is on screen
    first-paint-cpu 0.35     CPU seconds used by then
    first-paint-peak-rss-mib 112.0

Its time against the reference's says how much of the app's "chart live"
the chart itself accounts for; the rest is the window around it.
"""

import sys

from _first_paint_report import report_first_paint

from specdec_desktop import startup_gc

startup_gc.pause()  # as the app's launcher does (specdec_desktop/__main__.py)

from specdec_desktop.app import create_application, interface_font  # noqa: E402
from specdec_desktop.model import Parameters, readouts, speedup_curves  # noqa: E402
from specdec_desktop.theme import LIGHT  # noqa: E402
from specdec_desktop.views.chart.speedup_chart import SpeedupChart  # noqa: E402

app = create_application()
chart = SpeedupChart(LIGHT, interface_font())
parameters = Parameters()
figures = readouts(parameters)
chart.show_figures(figures, speedup_curves(parameters, figures.best_k))
chart.resize(1600, 1000)
report_first_paint(chart.viewport())
chart.show()
sys.exit(app.exec())
