"""A readout card: a title, one large figure (the child ``QLabel`` named ``value``) and a detail line.

The card places its three labels itself instead of handing them to a layout.  A label in a
layout asks the whole window to lay itself out again each time its text changes (Qt cannot
know the new text leaves every size as it was), and the cards change on every move of a
slider: with a layout, each move cost the window a layout pass and two extra repaints
(benchmarks/bench_update_latency.py, docs/performance.md).  Placed by hand, a new figure
repaints the label and nothing else.  The card asks for a new layout only when a figure would
not fit the width it has, or its detail needs another line: the row of cards stays put while
the figures change under a dragged slider.  Its minimum width is its title's and its current
figure's (a stale, larger one until the next layout does no harm); it prefers room for the
widest figure it can show.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent, QTextDocumentFragment
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QStyle, QWidget

from ..theme.widget_style import AppStyle, restyle
from ..wording.cards import CARDS
from .announcer import Announcer
from .language import follow_language
from .wrapped_label import WrappedLabel

__all__ = ["ReadoutCard"]

#: Vertical gap between the title, the figure and the detail, in pixels.
_SPACING = 2

#: A figure in words ("don't speculate") may shrink to this share of a number's type to fit its
#: card: the row of cards is chosen for it at this size, so a slider that crosses p = c (a sweep,
#: a drag) changes the words in place instead of sending the cards to two rows under the class.
WORDS_LEAST_SHARE = 0.45


class ReadoutCard(QFrame):
    """Shows one figure; holds no figure of its own beyond the text it was last given.

    Parameters
    ----------
    object_name : str
        The card's objectName (``tokensCard``, ...).
    title : str
        The heading above the figure.
    widest_value : str
        The widest figure the card can show: the card prefers to be that wide (its size hint),
        so the row of cards leaves room for it before any figure needs it.
    """

    #: Lines the detail keeps even when its text needs fewer, so the cards do not jump.
    DETAIL_LINES = 2

    def __init__(
        self, object_name: str, title: str, widest_value: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setProperty("role", "card")
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        # Preferred, not Maximum: cards in a row take the row's height, so their tops line up.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._title_text = title
        self._widest_value = widest_value

        self.title = QLabel(title, self)
        self.title.setObjectName("title")
        self.title.setProperty("role", "cardTitle")
        self.value = QLabel("", self)
        self.value.setObjectName("value")
        self.value.setProperty("role", "cardValue")
        # Not selectable by mouse: a selectable label lays its text out again in the paint that
        # follows a change and asks for a second repaint; Edit > Copy readouts copies the figures.
        self.detail = WrappedLabel("", self)
        self.detail.setObjectName("detail")
        self.detail.setProperty("role", "cardDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # AutoText: plain strings take QLabel's light plain-text path; markup such as <b> still
        # renders.  A RichText label rebuilds a text document on every change.
        self.detail.setTextFormat(Qt.TextFormat.AutoText)
        for label in (self.title, self.value, self.detail):
            label.installEventFilter(self)  # the style sets their fonts when it polishes them
        self._detail_height = 0
        self._detail_shown = True
        self._layout_margins = self._style_margins()  # again at each style change
        self._spoken = ""
        #: Tells a screen reader the card's new figure, politely, once it has rested.
        self.announcer = Announcer(self)
        if any(card.name == object_name for card in CARDS):
            follow_language(self, self._retranslate)

    @property
    def last_announcement(self) -> str:
        """What the card last told a screen reader (tests and the self-test read it)."""
        return self.announcer.last_announcement

    def _retranslate(self) -> None:
        """The title in the new language (the figure follows at the window's next render)."""
        card = next(card for card in CARDS if card.name == self.objectName())
        self.set_title(card.title)

    def set_title(self, title: str) -> None:
        """Show ``title`` above the figure (a language switch)."""
        if title != self._title_text:
            self._title_text = title
            self.title.setText(title)
            self._relayout()
            self.setAccessibleName(f"{self._title_text} {self._spoken}".strip())

    # -- showing ----------------------------------------------------------------------------

    def show_figure(self, value: str, detail: str, spoken: str) -> None:
        """Show ``value`` large with ``detail`` under it; ``spoken`` is what a screen reader says."""
        relayout = False
        if value != self.value.text():
            words = not any(ch.isdigit() for ch in value)  # "don't speculate": set smaller
            if words != bool(self.value.property("words")):
                self.value.setProperty("words", words)
                restyle(self.value)
                relayout = True
            relayout = (
                relayout or self.value.fontMetrics().horizontalAdvance(value) > self._inner_rect().width()
            )
            self.value.setText(value)
        if detail != self.detail.text():
            self.detail.setText(detail)
            relayout = relayout or self._detail_height != self._detail_height_for(self._inner_rect().width())
            # The detail may hold markup; a screen reader must not read out its tags.
            plain = (
                QTextDocumentFragment.fromHtml(detail).toPlainText()
                if "<" in detail or "&" in detail
                else detail
            )
            self.setAccessibleDescription(plain)
            self.setToolTip(plain)  # the detail, also when the card hides it (presenting)
        if relayout:  # a figure wider than planned, or a detail a line longer: rare
            self._relayout()
        if spoken != self._spoken:
            self.announcer.say(f"{self._title_text} {spoken}")  # once the figure rests
        self._spoken = spoken
        self.setAccessibleName(f"{self._title_text} {spoken}")

    def set_title_text(self, title: str) -> None:
        """Show ``title`` (a shorter one when the row is narrow); the whole one stays the card's
        accessible name and is shown in its title's tooltip."""
        if title != self.title.text():
            self.title.setText(title)
            self.title.setToolTip("" if title == self._title_text else self._title_text)
            self._relayout()

    def minimum_width_with(self, title: str) -> int:
        """The narrowest the card could be with ``title`` shown."""
        margins = self._layout_margins + self.contentsMargins()
        inner = max(self.title.fontMetrics().horizontalAdvance(title), self._figure_width_at_least())
        return inner + margins.left() + margins.right()

    def set_detail_shown(self, shown: bool) -> None:
        """Show or hide the detail line (its text stays in the card's tooltip)."""
        if shown != self._detail_shown:
            self._detail_shown = shown
            self.detail.setVisible(shown)
            self._relayout()

    # -- geometry ---------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        hint = self.minimumSizeHint()
        margins = self._layout_margins + self.contentsMargins()
        widest = self.value.fontMetrics().horizontalAdvance(self._widest_value)
        return hint.expandedTo(QSize(widest + margins.left() + margins.right(), 0))

    def minimum_width(self) -> int:
        """The narrowest the card may be (the width of :meth:`minimumSizeHint`, without its height)."""
        margins = self._layout_margins + self.contentsMargins()
        return self._inner_width_at_least() + margins.left() + margins.right()

    def minimumSizeHint(self) -> QSize:
        margins = self._layout_margins + self.contentsMargins()
        heights = self._row_heights()
        width = self.minimum_width()
        gaps = 2 if self._detail_shown else 1
        height = sum(heights) + gaps * _SPACING + margins.top() + margins.bottom()
        return QSize(width, height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._detail_height != self._detail_height_for(self._inner_rect().width()):
            self._relayout()
        else:
            self._place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange:
            self._relayout()
        return False

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._relayout()

    def _relayout(self) -> None:
        self._layout_margins = self._style_margins()
        self._detail_height = self._detail_height_for(self._inner_rect().width())
        self.updateGeometry()
        self._place()

    def _style_margins(self) -> QMargins:
        """The margins a layout would leave inside the frame (the style's layout margins)."""
        style = self.style()
        pm = QStyle.PixelMetric
        return QMargins(
            style.pixelMetric(pm.PM_LayoutLeftMargin, None, self),
            style.pixelMetric(pm.PM_LayoutTopMargin, None, self),
            style.pixelMetric(pm.PM_LayoutRightMargin, None, self),
            style.pixelMetric(pm.PM_LayoutBottomMargin, None, self),
        )

    def _inner_rect(self) -> QRect:
        return self.contentsRect().marginsRemoved(self._layout_margins)

    def _inner_width_at_least(self) -> int:
        """The narrowest the labels may be: the title and the figure shown fit on one line."""
        title = self.title.fontMetrics().horizontalAdvance(self.title.text())
        return max(title, self._figure_width_at_least())

    def _number_font(self) -> QFont:
        """The type of a figure in numbers (the style's, whatever the figure shown now)."""
        if not self._words():
            return self.value.font()
        style = self.value.style()
        if isinstance(style, AppStyle) and style.theme is not None:
            return QFont(style.role_font("cardValue"))
        return self.value.font()

    def _words(self) -> bool:
        return bool(self.value.property("words"))

    def _figure_width_at_least(self) -> int:
        """The figure's width on one line: a number at its type, words at their least type."""
        if not self._words():
            return self.value.fontMetrics().horizontalAdvance(self.value.text())
        font = self._number_font()
        font.setPixelSize(max(1, round(font.pixelSize() * WORDS_LEAST_SHARE)))
        return QFontMetrics(font).horizontalAdvance(self.value.text())

    def _fit_words(self, width: int) -> None:
        """Words too wide for ``width`` at their type are set smaller, down to their least."""
        if not self._words():
            return
        style = self.value.style()
        if not isinstance(style, AppStyle) or style.theme is None:
            return
        font = QFont(style.role_font("cardValue", True))
        least = max(1, round(self._number_font().pixelSize() * WORDS_LEAST_SHARE))
        px = font.pixelSize()
        while px > least and QFontMetrics(font).horizontalAdvance(self.value.text()) > width:
            px -= 1
            font.setPixelSize(px)
        if self.value.font() != font:
            self.value.setFont(font)

    def _detail_height_for(self, width: int) -> int:
        if not self._detail_shown:
            return 0
        lines = self.DETAIL_LINES * self.detail.fontMetrics().lineSpacing()
        if not self.detail.text() or width <= 0:
            return lines
        return max(lines, self.detail.heightForWidth(width))

    def _row_heights(self) -> tuple[int, int, int]:
        single = Qt.TextFlag.TextSingleLine
        title = self.title.fontMetrics().boundingRect(0, 0, 1 << 16, 1 << 10, single, "Ag").height()
        # A figure in words keeps a number's height: the card does not jump when words replace it.
        value = QFontMetrics(self._number_font()).boundingRect(0, 0, 1 << 16, 1 << 10, single, "Ag").height()
        if not self._detail_shown:
            detail = 0
        else:
            detail = self._detail_height or self._detail_height_for(self._inner_rect().width())
        return title, value, detail

    def _place(self) -> None:
        inner = self._inner_rect()
        self._fit_words(inner.width())
        y = inner.top()
        for label, height in zip((self.title, self.value, self.detail), self._row_heights(), strict=True):
            label.setGeometry(inner.left(), y, inner.width(), height)
            y += height + _SPACING
