"""Start-up probe for the benchmarks: when was the window first painted, when was the chart live.

Off unless the environment says ``SPECDEC_STARTUP_PROBE=1``; then the launcher
(:func:`specdec_desktop.app.run`) calls :func:`attach` on the main window and
the app prints, on stdout, one ``name value`` line per measurement and quits::

    first-paint 0.512                  seconds from process start to the first painted window
    first-paint-peak-rss-mib 98.4      peak resident memory (MiB) at that moment
    chart-live 0.941                   seconds until the chart's first paint is done
    chart-live-peak-rss-mib 131.0      peak resident memory (MiB) then

"Process start" is ``SPECDEC_STARTUP_T0`` when the launcher sets it to its
``time.monotonic()`` reading just before starting the process (CLOCK_MONOTONIC
is shared by all processes of a machine, so this is exact); otherwise the
kernel's start time of the process (Linux, 10 ms granularity).  A time is
taken once the paint has been flushed: the probe is called back from the event
loop right after the paint event (see :mod:`specdec_desktop.first_paint`).
``benchmarks/bench_startup.py`` drives it.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from .first_paint import after_first_paint

__all__ = ["ENV_PROBE", "ENV_T0", "attach", "enabled", "peak_rss_mib", "seconds_since_start"]

ENV_PROBE = "SPECDEC_STARTUP_PROBE"
ENV_T0 = "SPECDEC_STARTUP_T0"
_CHART_NAME = "speedupPlot"  # CONTRACT.md
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
    if enabled():
        _Probe(window)


_IMPORTED = time.monotonic()
