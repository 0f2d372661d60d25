"""A word-wrapped label that remembers its height for a width.

A wrapped ``QLabel`` answers ``heightForWidth`` by laying its text out again at every call (for
rich text, a whole text document: shaping every run of the text).  Qt's layouts ask it many
times while the window is fitted (each pass of the left column's fit, each share of the height,
each zoom step's layout passes), mostly for widths and type it has already answered for: at a
zoom step in a tour scene with the Assumptions panel open, a third of the step's instructions
went to laying out the same labels again.  :class:`WrappedLabel` keeps its answers, keyed by
everything that answer depends on (the text, its format, the font, the margins, the indent, the
frame and the width), so a repeated question costs a dictionary lookup and the answer is what
``QLabel`` itself would give.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from ..kept_answers import KeptAnswers

__all__ = ["WrappedLabel"]

#: Answers kept per label before they are all dropped (a few widths for each of a few texts,
#: type sizes and zoom steps; a label whose text changes with every value starts afresh).
_KEPT = 48


class WrappedLabel(QLabel):
    """A ``QLabel`` (word wrap on) whose ``heightForWidth`` answers are kept (module docstring)."""

    def __init__(self, text: str = "", parent=None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._heights: KeptAnswers[int] = KeptAnswers(_KEPT)

    def heightForWidth(self, width: int) -> int:
        margins = self.contentsMargins()
        key = (
            width,
            self.text(),
            self.textFormat(),
            self.wordWrap(),
            self.font().key(),
            self.margin(),
            self.indent(),
            self.frameWidth(),
            margins.left(),
            margins.top(),
            margins.right(),
            margins.bottom(),
        )
        return self._heights.get(key, lambda: super(WrappedLabel, self).heightForWidth(width))
