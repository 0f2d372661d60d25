"""Shared helpers for the presenter-mode GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from specdec_desktop.app import create_main_window


def open_window(qtbot, argv=(), size=(1600, 1000)):
    """A shown, active main window built as the command line would (no settings)."""
    window = create_main_window(list(argv))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def focus(qtbot, widget):
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus)
    return widget


def key(qtbot, widget, key_code, modifiers=Qt.KeyboardModifier.NoModifier, text=None):
    """Press a key on ``widget`` through Qt's full path (shortcut override, shortcuts, key press)."""
    if text is None:
        qtbot.keyClick(widget, key_code, modifiers)
    else:
        qtbot.keyClicks(widget, text)
