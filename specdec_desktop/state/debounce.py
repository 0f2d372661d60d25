"""One debounce: call a function once its input has rested for a while.

:class:`Debounce` is the one way the app waits for input to rest: the token run waits
:data:`~.run_state.SETTLE_MS` after the last parameter change before it restarts, the
simulated-speedup overlay :data:`~.simulation_check.REST_MS` before it simulates, and the window
services a second before they save the settings.  Each call restarts the wait; :meth:`flush`
runs a waiting call at once, :meth:`cancel` drops it.  With a wait of 0 a call runs at once.
(superqt's ``qdebounced`` does the same for a plain function; this one is a ``QObject`` child
of its owner, so it dies with it.)
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

__all__ = ["Debounce"]


class Debounce(QObject):
    """Calls ``function`` once ``wait_ms`` have passed without another call.

    Parameters
    ----------
    wait_ms : int
        How long input must rest, in milliseconds (0: call at once).
    function : callable
        Called with no arguments.
    """

    def __init__(self, wait_ms: int, function: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._function = function
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(max(0, int(wait_ms)))
        self._timer.timeout.connect(self._function)

    def __call__(self, *_ignored: object) -> None:
        """(Re)start the wait; any arguments (a signal's value) are ignored."""
        if self._timer.interval() == 0:
            self._timer.stop()
            self._function()
        else:
            self._timer.start()

    @property
    def pending(self) -> bool:
        """Whether a call is waiting."""
        return self._timer.isActive()

    def flush(self) -> None:
        """Run a waiting call now (nothing when none waits)."""
        if self._timer.isActive():
            self._timer.stop()
            self._function()

    def cancel(self) -> None:
        """Drop a waiting call."""
        self._timer.stop()
