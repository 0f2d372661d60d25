"""An entry box for a real number that reads "0,75" and "0.75" alike, in every language, and
shows its value in the language's way (``0,750`` in German); the value itself is a float.

Qt's own ``QDoubleSpinBox`` follows one ``QLocale``: in German it would take "0.75" for
seventy-five (a group mark), and in English refuse "0,75".  Here the text layer decides
(:func:`specdec_desktop.text.delocalize` reads, :func:`~specdec_desktop.text.localize` writes).
"""

from __future__ import annotations

import math
import re

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QWidget

from ..text import delocalize, localize

__all__ = ["NumberBox"]

#: What may be typed on the way to a number (a sign, digits, one mark, an exponent).
_TYPING = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d*)?(?:[eE][+-]?\d*)?", re.ASCII)


class NumberBox(QDoubleSpinBox):
    """A ``QDoubleSpinBox`` whose text follows the text layer's language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    def _number(self, text: str) -> str:
        text = text.strip()
        for affix in (self.prefix(), self.suffix()):
            if affix.strip():
                text = text.replace(affix.strip(), "")
        return delocalize(text)

    def textFromValue(self, value: float) -> str:
        return localize(f"{value:.{self.decimals()}f}")

    def valueFromText(self, text: str) -> float:
        number = self._number(text)
        try:
            value = float(number)
        except ValueError:
            return self.value()
        return value if math.isfinite(value) else self.value()

    def validate(self, text: str, position: int) -> object:
        special = self.specialValueText()
        if special and text == special:
            return QValidator.State.Acceptable, text, position
        number = self._number(text)
        if not _TYPING.fullmatch(number):
            return QValidator.State.Invalid, text, position
        try:
            value = float(number)
        except ValueError:
            return QValidator.State.Intermediate, text, position
        if not (math.isfinite(value) and self.minimum() <= value <= self.maximum()):
            return QValidator.State.Intermediate, text, position
        return QValidator.State.Acceptable, text, position
