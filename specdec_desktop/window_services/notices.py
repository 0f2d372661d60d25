"""Telling the user about a problem without blocking: a status-bar line and a window-modal message."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

__all__ = ["STATUS_SECONDS", "show_problem"]

STATUS_SECONDS = 12


def show_problem(window: QMainWindow, title: str, message: str) -> QMessageBox:
    """Show ``message`` in the status bar and in a message box that does not block the event loop."""
    window.statusBar().showMessage(message, STATUS_SECONDS * 1000)
    box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, window)
    box.setObjectName("problemMessage")
    box.setAccessibleName(title)
    box.setAccessibleDescription(message)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.open()
    return box
