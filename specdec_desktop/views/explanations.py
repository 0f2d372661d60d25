"""The written explanations on screen: the formulas box and the essays' tabs.

Their words are in :mod:`specdec_desktop.wording.essays` (no Qt).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ..text import _
from ..wording.essays import ESSAYS, FORMULAS, formula_note
from .deferred_browser import DeferredBrowser
from .language import follow_language
from .wrapped_label import WrappedLabel

__all__ = ["ESSAYS", "ExplanationView", "FormulaPanel"]


class FormulaPanel(QFrame):
    """The three closed forms, always in view beside the controls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("formulaPanel")
        self.setProperty("role", "panel")
        layout = QVBoxLayout(self)
        self._heading = QLabel()
        self._heading.setProperty("role", "heading")
        layout.addWidget(self._heading)
        self._rows: list[tuple[QLabel, QLabel]] = []
        for _row in FORMULAS:
            caption = QLabel()
            caption.setProperty("role", "hint")
            label = WrappedLabel()
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setProperty("role", "formula")
            layout.addWidget(caption)
            layout.addWidget(label)
            self._rows.append((caption, label))
        self._note = WrappedLabel()
        self._note.setTextFormat(Qt.TextFormat.RichText)
        self._note.setProperty("role", "hint")
        layout.addWidget(self._note)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Set every text again from the text layer (after a language switch)."""
        self._heading.setText(_("The model"))
        for (caption, label), (name, formula) in zip(self._rows, FORMULAS, strict=True):
            caption.setText(name)
            label.setText(formula)
            label.setAccessibleName(_("{name} formula").format(name=name))
        self._note.setText(formula_note())


class ExplanationView(DeferredBrowser):
    """One essay, shown as read-only rich text.

    The essays sit in tabs hidden at start-up: each is parsed when first shown or first read
    (``document()``, ``toPlainText()``, ``toHtml()``), not before the window's first paint, and a
    hidden essay is not laid out again at every resize, nor at every new type (zoom, theme)
    until it is shown or read (:class:`~.deferred_browser.DeferredBrowser`).
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
        self._fit_asked: tuple | None = None  # what the last fit was for (fit_whole)
        # Which of ESSAYS, to show it again in a new language (another essay's owner calls
        # :meth:`show_essay` after a switch instead).
        self._essay = ESSAYS.index_of(html)
        if self._essay is not None:
            follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Show the same essay in the active language (after a language switch)."""
        if self._essay is None:
            return
        self.show_essay(*ESSAYS[self._essay])

    def show_essay(self, title: str, html: str) -> None:
        """Show ``html`` titled ``title`` instead (parsed now if the essay was shown already)."""
        self.setAccessibleName(title)
        if html != self._html:
            self._html = html
            if self._loaded:
                self.setHtml(self._html + self._addendum)

    def _load(self) -> None:
        if not self._loaded:
            self._loaded = True
            self.setHtml(self._html + self._addendum)

    def showEvent(self, event) -> None:
        self.apply_pending()  # the type before the essay is parsed, so it is laid out once
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
    #: The most an essay may grow, as a share of the body size, where its scene leaves room:
    #: a scene about an essay is read from the back row, like the caption above it.
    MAX_FIT_SHARE = 1.35

    def fit_whole(self, on: bool, zoom: float = 1.0) -> None:
        """The largest type (from :data:`MAX_FIT_SHARE` down to :data:`MIN_FIT_SHARE` of the body
        size) at which the essay shows whole.

        A tour scene about an essay shows all of it, without a scroll bar, as large as the room
        allows; ``on=False`` goes back to the body size.  Zoomed in (``zoom`` > 1), the essay may
        shrink back toward the unzoomed type: shown whole beats shown large.
        """
        body = self.font().pixelSize()
        if body <= 0 or (not on and not self._fitted):
            return  # not shrunk: nothing to undo (a theme change re-sets the type anyway)
        self._fitted = on
        self._fit_zoom = zoom
        document = self.document()
        font = QFont(self.font())
        least = max(8, round(body / max(1.0, zoom) * self.MIN_FIT_SHARE))
        most = max(body, round(body * self.MAX_FIT_SHARE))
        document.setTextWidth(self.viewport().width())
        room = self.viewport().height() - 2 * document.documentMargin()
        # What the fit depends on: the type (its family too: a language switch), the words, the room.
        asked = (on, self.font().key(), least, most, document.revision(), self.viewport().width(), room)
        if asked == self._fit_asked:
            return  # the same room and type as the last fit (a resize that moved nothing)
        self._fit_asked = asked

        def fits(px: int) -> bool:
            font.setPixelSize(px)
            document.setDefaultFont(font)
            return document.size().height() <= room

        if not on:
            fits(body)
            return
        # The largest size that fits, by halving (a size's height grows with the size): five or
        # six layouts of the document where trying every size from the top took up to thirty
        # (6 s of one layout-check case went to this at x2).  None fits: the least.
        chosen = least
        if fits(most):
            chosen = most
        elif fits(least):
            low, high = least, most  # low fits, high does not
            while high - low > 1:
                middle = (low + high) // 2
                if fits(middle):
                    low = middle
                else:
                    high = middle
            chosen = low
        if font.pixelSize() != chosen:
            fits(chosen)

    @property
    def below_body(self) -> bool:
        """Fitted smaller than the body type: an essay scene short of room."""
        return self._fitted and self.document().defaultFont().pixelSize() < self.font().pixelSize()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            # The scene's layout settles after the fit (the tour bar, the split): fit the new room,
            # so the type is no smaller than the essay needs.
            self.fit_whole(True, getattr(self, "_fit_zoom", 1.0))
