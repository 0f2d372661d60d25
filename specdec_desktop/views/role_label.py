"""A plain label with a role (``heading``, ``hint``...) that the widget style dresses (no style sheet)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

__all__ = ["role_label"]


def role_label(role: str = "", *, rich: bool = False, wrap: bool = True) -> QLabel:
    """An empty label of ``role`` (none: plain text type), rich text or plain, wrapping or not."""
    label = QLabel()
    if role:
        label.setProperty("role", role)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label
