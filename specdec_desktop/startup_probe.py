"""Start-up probes for the benchmarks: when the window first paints, when the chart is live.

Both are off unless the environment asks; :func:`specdec_desktop.app.run`
installs them around ``window.show()``.

``SPECDEC_EXIT_AFTER_FIRST_PAINT=1`` (:func:`install_if_requested`, used by
``benchmarks/bench_frozen_start.py`` for the source and frozen app alike): at
the main window's first paint event the app prints one line ::

    first-paint <unix time in seconds, 6 decimals>

lets that pass finish, leaves the event loop and exits with status 0.

``SPECDEC_STARTUP_PROBE=1`` (:func:`attach`, used by
``benchmarks/bench_startup.py``): the app prints one ``name value`` line per
measurement, in seconds since the process started, once each paint has been
flushed, and then quits::

    first-paint 0.512                  the window's first paint, done
    first-paint-cpu 0.431              CPU seconds the process has used by then
    first-paint-peak-rss-mib 98.4      peak resident memory (MiB) at that moment
    chart-live 0.941                   the chart's first paint, done
    chart-live-cpu 0.820
    chart-live-peak-rss-mib 131.0

"Process start" is ``SPECDEC_STARTUP_T0`` when the launcher sets it to its
``time.monotonic()`` reading just before starting the process (CLOCK_MONOTONIC
is shared by all processes of a machine, so this is exact); otherwise the
kernel's start time of the process (Linux, 10 ms granularity).  The times are
taken from the event loop right after the paint event (see
:mod:`specdec_desktop.first_paint`), so they include the paint itself.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from .first_paint import after_first_paint

__all__ = [
    "ENV_PROBE",
    "ENV_T0",
    "ENV_VAR",
    "FirstPaintProbe",
    "attach",
    "enabled",
    "install_if_requested",
    "peak_rss_mib",
    "seconds_since_start",
]

# -- SPECDEC_EXIT_AFTER_FIRST_PAINT: one timestamp, then exit -------------------------------

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


# -- SPECDEC_STARTUP_PROBE: first paint and chart live, since process start ------------------

ENV_PROBE = "SPECDEC_STARTUP_PROBE"
ENV_T0 = "SPECDEC_STARTUP_T0"
_CHART_NAME = "speedupPlot"  # docs/interface.md
_POLL_MS = 5
_GIVE_UP_S = 30.0


def enabled() -> bool:
    """Whether the environment asks for the probe."""
    return os.environ.get(ENV_PROBE) == "1"


def _kernel_start() -> float | None:
    """The process start as a CLOCK_BOOTTIME reading (Linux), or None."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # field 22 of proc(5): starttime, in clock ticks after boot
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def seconds_since_start() -> float:
    """Seconds since the process started (see the module docstring for the reference)."""
    given = os.environ.get(ENV_T0)
    if given:
        try:
            return time.monotonic() - float(given)
        except ValueError:
            pass
    started = _kernel_start()
    if started is not None and hasattr(time, "CLOCK_BOOTTIME"):
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    return time.monotonic() - _IMPORTED  # last resort: since this module was imported


def peak_rss_mib() -> float | None:
    """Peak resident set size of this process so far, in MiB (None where unknown)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB else


class _Probe(QObject):
    """Reports first paint of ``window`` and of the chart's viewport, then quits."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._poll = QTimer(self)
        self._poll.setInterval(_POLL_MS)
        self._poll.timeout.connect(self._look_for_chart)
        after_first_paint(window, self._first_paint)

    def _report(self, name: str) -> None:
        seconds = seconds_since_start()
        peak = peak_rss_mib()
        print(f"{name} {seconds:.4f}", flush=True)
        # CPU time of the whole process so far (all threads): steadier than wall time when
        # other jobs share the machine.
        print(f"{name}-cpu {time.process_time():.4f}", flush=True)
        if peak is not None:
            print(f"{name}-peak-rss-mib {peak:.1f}", flush=True)

    def _first_paint(self) -> None:
        self._report("first-paint")
        self._poll.start()

    def _look_for_chart(self) -> None:
        chart = self._window.findChild(QWidget, _CHART_NAME)
        if chart is not None:
            self._poll.stop()
            viewport = getattr(chart, "viewport", None)
            after_first_paint(viewport() if viewport is not None else chart, self._chart_live)
        elif seconds_since_start() > _GIVE_UP_S:
            self._poll.stop()
            print("chart-live never", flush=True)
            QApplication.exit(1)

    def _chart_live(self) -> None:
        self._report("chart-live")
        QApplication.quit()


def attach(window: QWidget) -> None:
    """Watch ``window`` if :func:`enabled`; do nothing otherwise.

    Call it right after ``window.show()`` and before anything else registers
    an :func:`~specdec_desktop.first_paint.after_first_paint` callback on the
    window, so the first-paint time is taken before that callback's work.
    """
    if enabled() and sys.stdout is not None:  # a windowed build on Windows has no stdout
        _Probe(window)


_IMPORTED = time.monotonic()
