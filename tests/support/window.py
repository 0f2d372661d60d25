"""The app's main window for GUI tests, and ways to reach into it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from specdec_desktop.app import create_main_window

#: The window size of the command line's default, and of a laptop screen.
DEFAULT = (1600, 1000)
LAPTOP = (1280, 800)


def open_window(qtbot, argv=(), size=DEFAULT, active=True):
    """A shown main window built as the command line would (no settings), registered with qtbot.

    ``active`` also waits until it is the active window (keyboard tests need that).
    """
    window = create_main_window(list(argv) if argv is not None else [])
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if active:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def card_value(window, name: str) -> str:
    """The large figure the card ``name`` shows."""
    return window.findChild(QWidget, name).findChild(QLabel, "value").text()


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
