"""Tab and Shift+Tab in the main window: every visible control, in reading order, round and round.

:class:`ReadingOrder` is a part of :class:`~.main_window.MainWindow` (a mixin).  The window
services give the order (``reading_order``, made in window_services/focus_order.py); hidden and
disabled controls are passed over; without an order Qt's own focus chain serves.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

__all__ = ["ReadingOrder"]


class ReadingOrder:
    """Tab and Shift+Tab by the window's reading order (a part of :class:`~.main_window.MainWindow`)."""

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab: the next visible control in :attr:`reading_order` (the window services
        give it), round and round; Qt's own chain otherwise."""
        order = self.reading_order() if self.reading_order is not None else []
        shown = [
            widget
            for widget in order
            if widget.isVisibleTo(self)
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        ]
        if not shown:
            return super().focusNextPrevChild(next)
        current, index = QApplication.focusWidget(), -1
        while current is not None and current is not self:
            if current in shown:
                index = shown.index(current)
                break
            current = current.parentWidget()
        target = shown[(index + (1 if next else -1)) % len(shown)] if index >= 0 else shown[0 if next else -1]
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        return True
