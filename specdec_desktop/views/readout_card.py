"""A readout card: a title, one large figure (the child ``QLabel`` named ``value``) and a detail line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

__all__ = ["ReadoutCard"]


class ReadoutCard(QFrame):
    """Shows one figure; holds no figure of its own beyond the text it was last given."""

    def __init__(self, object_name: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setProperty("role", "card")
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        # Preferred, not Maximum: cards in a row take the row's height, so their tops line up.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._title_text = title

        self.title = QLabel(title)
        self.title.setObjectName("title")
        self.value = QLabel("")
        self.value.setObjectName("value")
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail = QLabel("")
        self.detail.setObjectName("detail")
        self.detail.setWordWrap(True)
        # AutoText: plain strings take QLabel's light plain-text path; markup such as <b> still
        # renders.  A RichText label rebuilds a text document on every change and repaints
        # again after each layout pass (about 2 ms per change, benchmarks/bench_update_latency.py).
        self.detail.setTextFormat(Qt.TextFormat.AutoText)

        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.value)
        layout.addWidget(self.detail)
        layout.addStretch(1)

    def show_figure(self, value: str, detail: str, spoken: str) -> None:
        """Show ``value`` large with ``detail`` under it; ``spoken`` is what a screen reader says."""
        self.value.setText(value)
        self.detail.setText(detail)
        self.setAccessibleName(f"{self._title_text} {spoken}")
        # The detail is rich text; a screen reader must not read out its tags.
        self.setAccessibleDescription(QTextDocumentFragment.fromHtml(detail).toPlainText())
