"""Modal dialogs answered at once while a fuzz run acts (no person is there to answer them)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

__all__ = ["answering_dialogs"]


@contextlib.contextmanager
def answering_dialogs(
    rng: random.Random,
    offer_file: Callable[[], str] | None = None,
    offer_save: Callable[[], str] | None = None,
) -> Iterator[None]:
    """Answer every modal dialog at once while the block runs.

    Open dialogs return ``offer_file()`` (a fuzzed file) and save dialogs ``offer_save()``
    (``offer_file()`` when not given), or are cancelled; message boxes return their default
    button (a "replace it?" question: Yes or No at random); any other dialog is rejected right
    after it opens.
    """
    saved = {
        "open": QFileDialog.getOpenFileName,
        "save": QFileDialog.getSaveFileName,
        "exec": QDialog.exec,
        "boxes": {
            name: getattr(QMessageBox, name) for name in ("information", "warning", "critical", "question")
        },
    }

    def file_answer(*_args, **_kwargs):
        if offer_file is not None and rng.random() < 0.8:
            return offer_file(), ""
        return "", ""

    def save_answer(*_args, **_kwargs):
        offer = offer_save if offer_save is not None else offer_file
        if offer is not None and rng.random() < 0.8:
            return offer(), ""
        return "", ""

    def box_answer(*_args, **_kwargs):
        return QMessageBox.StandardButton.Ok

    def question_answer(*_args, **_kwargs):
        return rng.choice((QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No))

    def reject(dialog: QDialog) -> int:
        dialog.reject()
        return int(QDialog.DialogCode.Rejected.value)

    QFileDialog.getOpenFileName = staticmethod(file_answer)
    QFileDialog.getSaveFileName = staticmethod(save_answer)
    QDialog.exec = reject
    for name in saved["boxes"]:
        setattr(QMessageBox, name, staticmethod(question_answer if name == "question" else box_answer))
    try:
        yield
    finally:
        QFileDialog.getOpenFileName = saved["open"]
        QFileDialog.getSaveFileName = saved["save"]
        QDialog.exec = saved["exec"]
        for name, original in saved["boxes"].items():
            setattr(QMessageBox, name, original)
