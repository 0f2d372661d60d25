"""The sweep's player: which parameter is swept, and for how long it has been (time only).

What the time means (the value of p or c) is :func:`~specdec_desktop.model.sweep.sweep_value`'s
to say; the window services turn each tick into a parameter change, one undo step for the whole
sweep.  The clock is injected so tests step it by hand, as the run's player does.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

__all__ = ["SWEEP_FRAME_MS", "SweepPlayer"]

#: A tick every 33 ms: 30 values a second is smooth for a star walking along a curve.
SWEEP_FRAME_MS = 33


class SweepPlayer(QObject):
    """Owns the sweep's time.

    Signals
    -------
    sweeping_changed(object)
        The parameter swept (its name), or None when the sweep stopped.
    ticked(str, float)
        The parameter swept and the seconds since the sweep began.
    """

    sweeping_changed = Signal(object)
    ticked = Signal(str, float)

    def __init__(self, clock: Callable[[], float] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._clock = clock if clock is not None else time.monotonic
        self._name: str | None = None
        self._start = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(SWEEP_FRAME_MS)
        self._timer.timeout.connect(self.tick)

    @property
    def sweeping(self) -> str | None:
        """The name of the parameter swept, or None."""
        return self._name

    @property
    def seconds(self) -> float:
        return self._clock() - self._start if self._name is not None else 0.0

    def start(self, name: str) -> None:
        """Sweep ``name`` from its least value (another sweep stops first)."""
        if self._name is not None:
            self.stop()
        self._name = name
        self._start = self._clock()
        self.sweeping_changed.emit(name)
        self._timer.start()
        self.tick()

    def stop(self) -> None:
        if self._name is None:
            return
        self._timer.stop()
        self._name = None
        self.sweeping_changed.emit(None)

    def toggle(self, name: str) -> None:
        if self._name == name:
            self.stop()
        else:
            self.start(name)

    def tick(self) -> None:
        if self._name is not None:
            self.ticked.emit(self._name, self.seconds)
