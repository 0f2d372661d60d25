"""A chart that can take new sizes without laying itself out for each: it does so once.

A zoom step or a theme switch lays the window out in several passes (posted layout requests,
then the room's fit and the split's share), and each pass gave the chart a size a pixel or a
few from the last: 3 to 5 resizes per step at 1920x1080, each laying out the plot item, the
axes' ticks, the grid and the labels (about 1.5 ms).  :meth:`ResizeHold.resizes_held` lets
the window hold them through its restyle: the chart records its new size and lays itself out
for it once, when the window measures the plot (:meth:`ResizeHold.settle_size`) or at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent

__all__ = ["ResizeHold"]


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
        try:
            yield
        finally:
            self._resizes_held = False
            self.settle_size()

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

    def _resize_held(self, event) -> bool:
        """Whether ``event`` is held (recorded, not laid out): the chart's ``resizeEvent`` asks."""
        if event is None or not self._resizes_held:
            return False
        if self._laid_out_for is None:
            self._laid_out_for = event.oldSize()
        return True
