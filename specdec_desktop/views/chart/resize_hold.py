"""A chart that can take new sizes without laying itself out for each: it does so once.

A zoom step or a theme switch lays the window out in several passes (posted layout requests,
then the room's fit and the split's share), and each pass gave the chart a size a pixel or a
few from the last: 3 to 5 resizes per step at 1920x1080, each laying out the plot item, the
axes' ticks, the grid and the labels (about 1.5 ms).  :meth:`ResizeHold.resizes_held` lets
the window hold them through its restyle: the chart records its new size and lays itself out
for it once, when the window measures the plot (:meth:`ResizeHold.settle_size`) or at the end.

The plot item's own layout is held with it: a new type posts a layout request to the plot item
(the axes ask for new widths), and laid out there, at the chart's old size, the view box was
resized twice a step (once for the old size, once for the new).  Held, the request is answered
by the one layout the new size makes (Qt lays a plot item whose layout is not activated out when
it is resized), or, when the size did not change, by activating the layout when settling.  A
window that measures the chart's frame first (the split between the chart and the lower tabs)
settles the layout where it stands (:meth:`ResizeHold.settle_layout`), as the request would have.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtGui import QResizeEvent

__all__ = ["ResizeHold"]


class _HeldLayoutRequests(QObject):
    """Event filter on the plot item while a hold lasts: its layout requests are recorded, not
    answered (:meth:`ResizeHold.settle_size` answers them)."""

    held = False

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.held = True
            return True
        return False


class ResizeHold:
    """Mixin of :class:`~.speedup_chart.SpeedupChart`, whose ``resizeEvent`` asks :meth:`_resize_held`."""

    _resizes_held = False
    #: The size the chart was last laid out for, while a held resize left it at an older one.
    _laid_out_for: QSize | None = None

    @contextmanager
    def resizes_held(self) -> Iterator[None]:
        """Within: each resize is recorded, not laid out; on leaving, the chart is laid out
        once for its size (if it changed).  Nested holds end with the outermost."""
        if self._resizes_held:
            yield
            return
        self._resizes_held = True
        plot = self.getPlotItem()
        held = self._held_layout_requests()
        plot.installEventFilter(held)
        try:
            yield
        finally:
            plot.removeEventFilter(held)
            self._resizes_held = False
            self.settle_size()

    def _held_layout_requests(self) -> _HeldLayoutRequests:
        held = self.__dict__.get("_layout_hold")
        if held is None:
            held = self._layout_hold = _HeldLayoutRequests(self)
        return held

    def settle_size(self) -> None:
        """Lay the chart out for its present size if a held resize left it laid out for an older
        one (the window calls it before it measures the plot)."""
        laid_out_for, self._laid_out_for = self._laid_out_for, None
        if laid_out_for is not None and laid_out_for != self.size():
            held, self._resizes_held = self._resizes_held, False
            try:
                self.resizeEvent(QResizeEvent(self.size(), laid_out_for))
            finally:
                self._resizes_held = held
        self.settle_layout()  # a no-op when the resize laid it out

    def settle_layout(self) -> None:
        """Lay the plot item out as it stands if a held layout request asks for it (the window
        calls it before it measures the chart's frame: the axes' new heights count there)."""
        hold = self.__dict__.get("_layout_hold")
        if hold is not None and hold.held:
            hold.held = False
            self.getPlotItem().layout.activate()

    def _resize_held(self, event) -> bool:
        """Whether ``event`` is held (recorded, not laid out): the chart's ``resizeEvent`` asks."""
        if event is None or not self._resizes_held:
            return False
        if self._laid_out_for is None:
            self._laid_out_for = event.oldSize()
        return True
