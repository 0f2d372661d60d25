"""Placeholder for the "One run, token by token" animation (built in its own issue).

It keeps the contract's objectName ``tokenRun`` so the layout, tests and
automation already find the area where the animation will live.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

__all__ = ["TokenRunArea"]


class TokenRunArea(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenRun")
        self.setAccessibleName("One run, token by token")
        label = QLabel("One run, token by token: the animated simulation will appear here.")
        label.setProperty("role", "hint")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
