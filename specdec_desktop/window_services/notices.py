"""Telling the user about a problem without blocking: a status-bar line and a window-modal message."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from ..atomic_write import reason
from ..plain_text import printable
from ..text import _, error_text, said

__all__ = ["STATUS_SECONDS", "confirm_replace", "show_problem", "why_not_written"]

STATUS_SECONDS = 12


def why_not_written(error: BaseException) -> str:
    """Why a file was not written, in the window's language: the writer's own refusals are
    phrases (:mod:`specdec_desktop.atomic_write`, :mod:`specdec_desktop.file_names`), the
    system's reasons ("No space left on device") stay as the system gave them."""
    return said(reason(error)) if isinstance(error, OSError) else error_text(error)


def show_problem(window: QMainWindow, title: str, message: str) -> QMessageBox:
    """Show ``message`` in the status bar and in a message box that does not block the event loop.

    The message quotes file names and values from files, so it is plain text, never markup.
    """
    window.statusBar().showMessage(message, STATUS_SECONDS * 1000)
    box = QMessageBox(QMessageBox.Icon.Warning, title, "", QMessageBox.StandardButton.Ok, window)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(message)
    box.setObjectName("problemMessage")
    box.setAccessibleName(title)
    box.setAccessibleDescription(message)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.open()
    return box


def confirm_replace(window: QMainWindow, path: Path) -> bool:
    """Whether to write ``path``: yes if it does not exist, else the user's answer.

    Save dialogs ask before replacing the name the user typed; when the app then adds the
    extension (``NAME`` becomes ``NAME.json``), the file it would replace was never asked about.
    """
    try:
        if not path.exists():
            return True
    except (OSError, ValueError):  # a name no file can have: the write itself will say why
        return True
    answer = QMessageBox.question(
        window,
        _("Replace the file?"),
        _("{name} already exists in {folder}. Replace it?").format(
            name=printable(path.name, 80), folder=printable(path.parent.name, 80)
        ),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
