"""Small helpers shared by the GUI tests."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from specdec_desktop.app import create_main_window


def open_window(qtbot, argv=None):
    """Build the main window (as the contract says), register it with qtbot and show it."""
    window = create_main_window(argv)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def card_value(window, name: str) -> str:
    return window.findChild(QWidget, name).findChild(QLabel, "value").text()
