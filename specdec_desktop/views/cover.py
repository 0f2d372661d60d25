"""Widgets that cover the whole main window: the blank screen and the keyboard help.

A cover is a child of the window (not a separate window), so it follows the
window into full screen and keeps the keyboard focus inside it.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..shortcuts import GROUPS, SHORTCUTS
from ..text import _
from .language import follow_language

__all__ = ["BlankScreen", "Cover", "HelpOverlay"]


class Cover(QWidget):
    """Fills its parent window and keeps doing so as the window resizes."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        window.installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False

    def cover(self, on: bool) -> None:
        """Show (raised over everything) or hide."""
        if on:
            self.setGeometry(self.parentWidget().rect())
            self.raise_()
            self.show()
            self.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.hide()


class BlankScreen(Cover):
    """A black screen, as presenters blank a projector between points (B or ".")."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("blankScreen")
        self.retranslate()
        follow_language(self, self.retranslate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.BlankCursor)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#000000"))

    def retranslate(self) -> None:
        """What a screen reader hears, in the active language."""
        self.setAccessibleName(_("Screen blanked"))
        self.setAccessibleDescription(_("Press B, full stop or Escape to show the window again."))


def _without_mnemonic(text: str) -> str:
    """Menu text as plain words: ``&File`` is ``File``, ``&&`` one ``&``, and a mnemonic in
    brackets after the words (``导览(&T)``, the CJK way) goes with its brackets."""
    text = _BRACKETED_MNEMONIC.sub("", text)
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


_BRACKETED_MNEMONIC = re.compile(r"\s*\(&[^&\s]\)")


def _key_text(key: str) -> str:
    from PySide6.QtGui import QKeySequence

    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)


class HelpOverlay(Cover):
    """Every shortcut, grouped as in the menus, generated from the one table in :mod:`..shortcuts`."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("helpOverlay")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        panel = QFrame()
        panel.setObjectName("helpPanel")
        panel.setProperty("role", "panel")
        self.heading = QLabel()
        self.heading.setProperty("role", "title")
        self.close_button = QPushButton()
        self.close_button.setObjectName("helpClose")

        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setHorizontalSpacing(24)
        self.key_labels: list[QLabel] = []
        #: The words of the list, set in the active language by :meth:`retranslate`.
        self._group_titles: list[tuple[QLabel, str]] = []
        self._row_labels: list[tuple[QLabel, str, str]] = []
        columns = 3
        for index, group in enumerate(GROUPS):
            self.grid.addWidget(
                self._group_box(group), index // columns, index % columns, Qt.AlignmentFlag.AlignTop
            )
        scroll = QScrollArea()
        scroll.setObjectName("helpScroll")
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # The panel's surface shows through (setWidget turned the body's fill on).
        body.setAutoFillBackground(False)
        scroll.viewport().setAutoFillBackground(False)

        top = QGridLayout()
        top.addWidget(self.heading, 0, 0)
        top.addWidget(self.close_button, 0, 1, Qt.AlignmentFlag.AlignRight)
        panel_layout = QVBoxLayout(panel)
        panel_layout.addLayout(top)
        panel_layout.addWidget(scroll, 1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 40, 48, 40)
        outer.addWidget(panel)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word of the list in the active language (the shortcut table holds the English,
        the catalogue its translations, as for the menus)."""
        self.setAccessibleName(_("Keyboard shortcuts"))
        self.setAccessibleDescription(_("Every action and its keys. F1 or Escape closes this list."))
        self.heading.setText(_("Keyboard shortcuts"))
        self.close_button.setText(_("Close (F1)"))
        self.close_button.setAccessibleName(_("Close the keyboard shortcuts"))
        self.close_button.setAccessibleDescription(_("Hide this list; F1 or Escape does the same."))
        for title, group in self._group_titles:
            title.setText(_without_mnemonic(_(f"&{group}")))
        for what, text, description in self._row_labels:
            what.setText(_without_mnemonic(_(text)))
            what.setToolTip(_(description))

    def _group_box(self, group: str) -> QWidget:
        box = QWidget()
        layout = QGridLayout(box)
        layout.setContentsMargins(0, 0, 0, 12)
        title = QLabel()
        title.setProperty("role", "heading")
        self._group_titles.append((title, group))
        layout.addWidget(title, 0, 0, 1, 2)
        rows = [row for row in SHORTCUTS if row.group == group]
        for i, row in enumerate(rows, start=1):
            keys = QLabel("  ".join(_key_text(k) for k in row.keys))
            keys.setProperty("role", "key")
            keys.setObjectName(f"keys:{row.id}")
            what = QLabel()
            what.setWordWrap(True)
            self._row_labels.append((what, row.text, row.description))
            layout.addWidget(keys, i, 0, Qt.AlignmentFlag.AlignTop)
            layout.addWidget(what, i, 1)
            self.key_labels.append(keys)
        layout.setColumnStretch(1, 1)
        return box

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 150))

    def mousePressEvent(self, event) -> None:
        # A click on the dimmed backdrop (outside the panel) closes the list.
        if self.childAt(event.position().toPoint()) is None:
            self.close_button.click()
        super().mousePressEvent(event)
