"""The Measured tab's labels: plain text (file-provided text is never rich text), selectable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

__all__ = ["selectable_label"]


def selectable_label(role: str = "", plain: bool = True, wrap: bool = True) -> QLabel:
    """A label whose text the mouse can select; ``role`` styles it (``"hint"``, ``"heading"``)."""
    label = QLabel()
    if role:
        label.setProperty("role", role)
    label.setTextFormat(Qt.TextFormat.PlainText if plain else Qt.TextFormat.RichText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
