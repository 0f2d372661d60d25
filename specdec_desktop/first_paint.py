"""Run callbacks once a widget has been painted for the first time.

The launcher uses this to put the window on screen before it imports
pyqtgraph and builds the chart.  ``QTimer.singleShot(0, ...)`` is not enough
for that: measured with Qt 6.11, a zero timer queued right after ``show()``
runs *before* the window's first expose and paint, so the window stayed blank
until the chart was built.  Here the callbacks are queued from the widget's
first paint event and therefore run once that paint (and its flush to the
screen) has finished.

Callbacks registered on the same widget run in registration order.  A
fallback timer runs them anyway if no paint arrives (a window that is never
exposed, e.g. started minimised), so the chart is never missing for good.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

__all__ = ["FALLBACK_MS", "after_first_paint"]

#: Run the callbacks after this many milliseconds even if the widget was never painted.
FALLBACK_MS = 3000

_WATCHER_NAME = "_firstPaintWatcher"


class _FirstPaintWatcher(QObject):
    """Event filter on one widget: queues its callbacks at the first paint event."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.setObjectName(_WATCHER_NAME)
        self._widget = widget
        self._callbacks: list[Callable[[], object]] = []
        self._queued = False
        widget.installEventFilter(self)
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._queue)
        self._fallback.start(FALLBACK_MS)

    def add(self, callback: Callable[[], object]) -> None:
        self._callbacks.append(callback)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            self._queue()
        return False  # never swallow the paint

    def _queue(self) -> None:
        if self._queued:
            return
        self._queued = True
        self._fallback.stop()
        self._widget.removeEventFilter(self)
        # Queued, so it runs after the whole paint of this widget and its children is flushed;
        # with the watcher as context, so it never runs once the widget (and so the watcher) is
        # gone: a window closed before its chart was built, or a test's window torn down.
        QTimer.singleShot(0, self, self._run)

    def _run(self) -> None:
        callbacks, self._callbacks = self._callbacks, []
        self.setObjectName("")  # a later after_first_paint() starts a new watcher
        self.deleteLater()
        for callback in callbacks:
            callback()


def after_first_paint(widget: QWidget, callback: Callable[[], object]) -> None:
    """Call ``callback()`` once ``widget`` has been painted for the first time.

    Parameters
    ----------
    widget : QWidget
        The widget to watch (a top-level window, or e.g. a chart's viewport).
    callback : callable
        Called with no arguments from the event loop, after the paint is done.
    """
    watcher = widget.findChild(_FirstPaintWatcher, _WATCHER_NAME)
    if watcher is None:
        watcher = _FirstPaintWatcher(widget)
    watcher.add(callback)
