"""The written explanations on screen: the formulas box and the essays' tabs.

Their words are in :mod:`specdec_desktop.wording.essays` (no Qt).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QResizeEvent
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
    """One essay, shown as read-only rich text.

    The essays sit in tabs hidden at start-up: each is parsed when first shown or first read
    (``document()``, ``toPlainText()``, ``toHtml()``), not before the window's first paint, and a
    hidden essay is not laid out again at every resize.
    """

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explanation")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName(title)
        self.setOpenLinks(False)
        self._html = html
        self._addendum = ""
        self._loaded = False
        self._fitted = False  # shrunk to show whole (an essay tour scene)

    def _load(self) -> None:
        if not self._loaded:
            self._loaded = True
            self.setHtml(self._html + self._addendum)

    def showEvent(self, event) -> None:
        self._load()
        super().showEvent(event)

    def document(self):  # QTextBrowser's, once the essay is loaded
        self._load()
        return super().document()

    def toPlainText(self) -> str:
        self._load()
        return super().toPlainText()

    def toHtml(self) -> str:
        self._load()
        return super().toHtml()

    def show_addendum(self, html: str) -> None:
        """Show ``html`` after the essay (the user's own numbers); ``""`` removes it."""
        if html != self._addendum:
            self._addendum = html
            if self._loaded:
                self.setHtml(self._html + html)

    #: The least share of the body size an essay may shrink to, to be shown whole.
    MIN_FIT_SHARE = 0.8

    def fit_whole(self, on: bool) -> None:
        """Shrink the type (down to :data:`MIN_FIT_SHARE` of the body size) until the essay shows whole.

        A tour scene about an essay shows all of it, without a scroll bar, when it can;
        ``on=False`` goes back to the body size.
        """
        body = self.font().pixelSize()
        if body <= 0 or (not on and not self._fitted):
            return  # not shrunk: nothing to undo (a theme change re-sets the type anyway)
        self._fitted = on
        document = self.document()
        font = QFont(self.font())
        sizes = range(body, max(8, round(body * self.MIN_FIT_SHARE)) - 1, -1) if on else [body]
        document.setTextWidth(self.viewport().width())
        room = self.viewport().height() - 2 * document.documentMargin()
        for px in sizes:
            font.setPixelSize(px)
            document.setDefaultFont(font)
            if document.size().height() <= room:
                break

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            # The scene's layout settles after the fit (the tour bar, the split): fit the new room,
            # so the type is no smaller than the essay needs.
            self.fit_whole(True)
