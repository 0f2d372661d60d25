"""Keeps the app-wide keys working whatever widget has the keyboard focus.

Qt first offers a key to the focused widget as a *ShortcutOverride* event; a
widget that accepts it keeps the key and no shortcut fires.  Entry boxes accept
PageUp/PageDown, Left/Right, letters, "." and Ctrl+Z this way, so a
presentation clicker's PageDown would step the focused box instead of the
tour.  This event filter, kept on whichever widget of the window has the
focus, answers the override for the keys of every *enabled* action marked
``wins_over_widgets`` in the shortcut table, so the action fires.  (Tour keys
are enabled only while the tour is on, so outside it PageUp/PageDown step the
focused control as usual.)

Two exceptions: a bare ← or → on a focused slider moves the slider (the
tour still moves on PageUp/PageDown and the clicker keys), and a "." typed
into a numeric entry box is the decimal point, not "blank the screen", so the
box keeps it; B blanks from anywhere.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QApplication, QLineEdit, QWidget

from ..shortcuts import SHORTCUTS

__all__ = ["ShortcutGuard"]


def _sequence(event: QKeyEvent) -> QKeySequence:
    return QKeySequence(event.keyCombination())


class ShortcutGuard(QObject):
    """Installed on the QApplication for one main window and its actions."""

    def __init__(self, window: QWidget, actions: dict[str, QAction]) -> None:
        super().__init__(window)
        self._window = window
        self._guarded = [actions[row.id] for row in SHORTCUTS if row.wins_over_widgets]
        self._watched: QWidget | None = None
        # Qt offers ShortcutOverride to the focused widget only, so the filter sits on that
        # one widget and moves with the focus.  On the whole application it ran for every
        # event of the app: thousands before the first paint, hundreds per slider move
        # (docs/performance.md).
        QApplication.instance().focusChanged.connect(self._follow_focus)
        self._follow_focus(None, QApplication.focusWidget())
        window.destroyed.connect(self._uninstall)

    def _follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        self._unwatch()
        if new is not None and new.window() is self._window:
            new.installEventFilter(self)
            self._watched = new

    def _unwatch(self) -> None:
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:
                pass  # the widget is already gone
            self._watched = None

    def _uninstall(self) -> None:
        app = QApplication.instance()
        if app is not None:
            try:
                app.focusChanged.disconnect(self._follow_focus)
            except (RuntimeError, TypeError):
                pass
        self._unwatch()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(watched, QWidget):
            return False
        if watched.window() is not self._window:
            return False  # a dialog or another window: leave its keys alone
        sequence = _sequence(event)
        if self._keeps_arrows(watched, event):
            # ← and → move a focused slider; the tour moves on PageUp/PageDown and the clicker.
            event.accept()
            return True
        for action in self._guarded:
            if not action.isEnabled():
                continue
            if any(
                sequence.matches(key) == QKeySequence.SequenceMatch.ExactMatch for key in action.shortcuts()
            ):
                if event.text() == "." and self._is_number_entry(watched):
                    return False
                # Not accepting the override lets the shortcut fire; returning True keeps the
                # focused widget from accepting it.
                event.ignore()
                return True
        return False

    @staticmethod
    def _keeps_arrows(widget: QWidget, event: QKeyEvent) -> bool:
        """Whether ``widget`` keeps a bare ← or → for itself: a slider does."""
        if event.modifiers() != Qt.KeyboardModifier.NoModifier:
            return False
        if event.key() not in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            return False
        return isinstance(widget, QAbstractSlider)

    @staticmethod
    def _is_number_entry(widget: QWidget) -> bool:
        return isinstance(widget, QAbstractSpinBox) or (
            isinstance(widget, QLineEdit) and isinstance(widget.parentWidget(), QAbstractSpinBox)
        )
