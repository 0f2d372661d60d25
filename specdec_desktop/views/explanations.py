"""The written explanations on screen: the formulas box and the essays' tabs.

Their words are in :mod:`specdec_desktop.wording.essays` (no Qt).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QTextBrowser, QVBoxLayout, QWidget

from ..wording.essays import ESSAYS, FORMULA_NOTE, FORMULAS

__all__ = ["ESSAYS", "ExplanationView", "FormulaPanel"]


class FormulaPanel(QFrame):
    """The three closed forms, always in view beside the controls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("formulaPanel")
        self.setProperty("role", "panel")
        layout = QVBoxLayout(self)
        heading = QLabel("The model")
        heading.setProperty("role", "heading")
        layout.addWidget(heading)
        for name, formula in FORMULAS:
            caption = QLabel(name)
            caption.setProperty("role", "hint")
            label = QLabel(formula)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setProperty("role", "formula")
            label.setWordWrap(True)
            label.setAccessibleName(f"{name} formula")
            layout.addWidget(caption)
            layout.addWidget(label)
        note = QLabel(FORMULA_NOTE)
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setProperty("role", "hint")
        note.setWordWrap(True)
        layout.addWidget(note)


class ExplanationView(QTextBrowser):
    """One essay, shown as read-only rich text."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explanation")
        self.setAccessibleName(title)
        self.setOpenLinks(False)
        self.setHtml(html)
