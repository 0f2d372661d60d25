"""Telling a screen reader what changed, politely, once it has rested (issue 27, point 4).

A card's figure, the run's state and its measured totals change many times a second while a
slider is dragged or the run plays; a screen reader told of each would never finish a sentence.
An :class:`Announcer` says the latest text once it has rested :data:`REST_MS`, as a polite
announcement (after whatever the reader is saying), only while an assistive technology is
listening, and never the same text twice in a row.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from ..state.debounce import Debounce

__all__ = ["REST_MS", "Announcer"]

#: How long a text must rest before it is said, in milliseconds: a dragged slider passes dozens
#: of figures a second, a playing run several events; only where they stop is worth saying.
REST_MS = 600


class Announcer(QObject):
    """Says the last text it was given on behalf of ``widget``, once the text has rested.

    Attributes
    ----------
    last_announcement : str
        What it last told assistive technology (tests and the self-test read it).
    """

    def __init__(self, widget: QWidget, rest_ms: int = REST_MS) -> None:
        super().__init__(widget)
        self._widget = widget
        self._pending = ""
        self.last_announcement = ""
        self._rest = Debounce(rest_ms, self.announce_now, self)

    def say(self, text: str) -> None:
        """Say ``text`` once nothing newer has come for the rest time (nothing when no assistive
        technology listens)."""
        self._pending = text
        if QAccessible.isActive():
            self._rest()

    def announce_now(self) -> None:
        """Tell assistive technology the last text now, politely, unless it was the last said."""
        text = self._pending
        if not text or text == self.last_announcement:
            return
        event = QAccessibleAnnouncementEvent(self._widget, text)
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
        QAccessible.updateAccessibility(event)
        self.last_announcement = text
