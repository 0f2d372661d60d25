"""A combo box whose least width follows its type through a zoom step.

Qt's combo box keeps two cached sizes and drops only one of them on a new font: its size hint
is measured again, its least size (``minimumSizeHint``) stays in the type it was first measured
in until a style change.  A zoom step or a new theme is a font change with no style change
(theme/widget_style.py), so the run's speed box measured in 24 px type kept its 109 px least
width in 14 px type (78 px measured again) and, with the seed box, pushed the run 11 px past its
viewport at 1024x768.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox

__all__ = ["ComboBox"]


class ComboBox(QComboBox):
    """A :class:`QComboBox` whose least size is measured in its present type."""

    def minimumSizeHint(self) -> QSize:
        # Qt measures the least size as it measures the size hint when no least contents length
        # is set, and when the box's width comes from that length alone (the policy says so); the
        # size hint is the one of the two Qt measures again after a font change.
        if self.minimumContentsLength() == 0 or (
            self.sizeAdjustPolicy() == QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        ):
            return self.sizeHint()
        return super().minimumSizeHint()
