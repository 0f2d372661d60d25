"""A rich-text view that, while hidden, takes a new type and new content when it is next seen.

``QTextEdit`` lays its whole document out again at every font change and every ``setHtml``,
shown or not: a zoom step re-laid out every essay and the real-text run in the hidden tabs
(about a third of restyling the window), and a theme switch rebuilt the run's coloured text
(several hundred spans) behind a hidden tab.  :class:`DeferredBrowser` keeps the widget's own
handling of a font change (repaint, geometry) and leaves the document's type, and content given
with :meth:`DeferredBrowser.set_html_when_seen`, until the view is shown or its document or text
is asked for: what is painted or read is always the current content in the current font.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QAbstractScrollArea, QTextBrowser

__all__ = ["DeferredBrowser"]

_TYPE_CHANGES = (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange)


class DeferredBrowser(QTextBrowser):
    """A ``QTextBrowser`` whose document follows, while it is hidden, a font change and content
    given with :meth:`set_html_when_seen` only when it is shown or read."""

    _type_pending = False
    _html_pending: tuple[Callable[[], str], Callable[[], None] | None] | None = None

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _TYPE_CHANGES and not self.isVisible():
            self._type_pending = True
            # The scroll area's own handling (repaint, geometry); QTextEdit's, which sets the
            # document's default font and lays it all out, waits.
            QAbstractScrollArea.changeEvent(self, event)
            return
        super().changeEvent(event)

    def set_html_when_seen(
        self, make_html: Callable[[], str], then: Callable[[], None] | None = None
    ) -> None:
        """Show the rich text ``make_html()`` returns, then call ``then``: now if the view is
        visible, else when it is shown or read (a later call replaces a waiting one)."""
        self._html_pending = (make_html, then)
        if self.isVisible():
            self.apply_pending()

    def apply_pending(self) -> None:
        """Apply what waits: the widget's font to the document (what QTextEdit does at the change;
        a view scrolled to its end stays at its end), then the content."""
        if self._type_pending:
            self._type_pending = False
            bar = self.verticalScrollBar()
            at_end = bar.value() == bar.maximum() and bar.maximum() > 0
            QTextBrowser.document(self).setDefaultFont(self.font())
            if at_end:
                bar.setValue(bar.maximum())
        if self._html_pending is not None:
            make_html, then = self._html_pending
            self._html_pending = None
            QTextBrowser.setHtml(self, make_html())
            if then is not None:
                then()

    # Content set directly replaces content waiting.
    def setHtml(self, html: str) -> None:
        self._html_pending = None
        super().setHtml(html)

    def clear(self) -> None:
        self._html_pending = None
        super().clear()

    # What is shown or read is up to date.
    def showEvent(self, event) -> None:
        self.apply_pending()
        super().showEvent(event)

    def document(self):
        self.apply_pending()
        return super().document()

    def toPlainText(self) -> str:
        self.apply_pending()
        return super().toPlainText()

    def toHtml(self) -> str:
        self.apply_pending()
        return super().toHtml()
