"""A tab bar that keeps the size each tab asked for.

Qt works a tab's size out at every call: the style's icon size, two of its spacings and its size
for the tab, four calls into the Python style (theme/widget_style.py), and the title's width.  A
zoom step in the default view asked the lower tabs' bar 200 times (each layout pass, each fit of
the titles): 6 % of the step's instructions.  :class:`KeptTabBar` keeps Qt's own answers, keyed
by all they depend on here (the tab, its title and icon, the tabs around it, the type, the style's
sizes, the shape); buttons on the tabs, which this app never puts there, are asked of Qt.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QTabBar

from ..kept_answers import KeptAnswers

__all__ = ["KeptTabBar"]

#: Sizes kept before they are all dropped (a few titles per tab, for a few type sizes).
_KEPT = 96
_SIDES = (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide)


class KeptTabBar(QTabBar):
    """A ``QTabBar`` whose ``tabSizeHint`` answers are kept (module docstring)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._sizes: KeptAnswers[QSize] = KeptAnswers(_KEPT)

    @classmethod
    def for_tab_widget(cls) -> KeptTabBar:
        """A bar for ``QTabWidget.setTabBar``, set up as the tab widget sets up its own (it draws
        no base line under the tabs: the pages' frame is the line)."""
        bar = cls()
        bar.setObjectName("qt_tabwidget_tabbar")
        bar.setDrawBase(False)
        return bar

    def tabSizeHint(self, index: int) -> QSize:
        style = self.style()
        metrics = getattr(style, "metrics", None)
        if metrics is None or any(self.tabButton(index, side) is not None for side in _SIDES):
            return super().tabSizeHint(index)
        icon = self.tabIcon(index)
        key = (
            index,
            self.count(),
            self.currentIndex(),
            self.tabText(index),
            None if icon.isNull() else (icon.cacheKey(), self.iconSize().toTuple()),
            self.font().key(),
            style,
            metrics,
            self.shape(),
            self.documentMode(),
        )
        return QSize(self._sizes.get(key, lambda: super(KeptTabBar, self).tabSizeHint(index)))
