"""A rich-text view that, while hidden, takes a new type when it is next shown or read.

``QTextEdit`` lays its whole document out again at every font change, shown or not: a zoom step
re-laid out every essay and the real-text run in the hidden tabs (about a third of restyling the
window).  :class:`DeferredTypeBrowser` keeps the widget's own handling of the change (repaint,
geometry) and leaves the document's type until the view is shown or its document is asked for,
so what is read or painted is always set in the widget's current font.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QAbstractScrollArea, QTextBrowser

__all__ = ["DeferredTypeBrowser"]

_TYPE_CHANGES = (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange)


class DeferredTypeBrowser(QTextBrowser):
    """A ``QTextBrowser`` whose document follows a font change made while it is hidden only when
    it is shown, or when :meth:`document` is called."""

    _type_pending = False

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _TYPE_CHANGES and not self.isVisible():
            self._type_pending = True
            # The scroll area's own handling (repaint, geometry); QTextEdit's, which sets the
            # document's default font and lays it all out, waits.
            QAbstractScrollArea.changeEvent(self, event)
            return
        super().changeEvent(event)

    def apply_pending_type(self) -> None:
        """Set the document in the widget's font, if a change is waiting (what QTextEdit does at
        the change); a view scrolled to its end stays at its end."""
        if not self._type_pending:
            return
        self._type_pending = False
        bar = self.verticalScrollBar()
        at_end = bar.value() == bar.maximum() and bar.maximum() > 0
        QTextBrowser.document(self).setDefaultFont(self.font())
        if at_end:
            bar.setValue(bar.maximum())

    def showEvent(self, event) -> None:
        self.apply_pending_type()
        super().showEvent(event)

    def document(self):
        self.apply_pending_type()
        return super().document()
