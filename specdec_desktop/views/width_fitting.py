"""The main window's titles fitted to its width: the cards' titles and rows, the tab titles.

A mixin of :class:`~.main_window.MainWindow` (through :class:`~.window_fitting.LayoutFitting`):
the whole titles when they fit, else the short ones (:func:`~.window_layout.card_tier`,
:func:`~.window_layout.tab_title_tier`), measured with the window's type, not tried.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ..wording.cards import CARDS
from .window_layout import card_tier, tab_title_tier

__all__ = ["WidthFitting"]


class WidthFitting:
    """Fits the cards and the tab titles to the width (the module's docstring); uses the window's
    ``cards``, ``cards_grid``, ``tabs``, ``left_column`` and ``theme``."""

    def _arrange_cards(self, columns: int) -> None:
        if columns == self._card_columns:
            return
        self._card_columns = columns
        for card in self.cards.values():
            self.cards_grid.removeWidget(card)
        for index, card in enumerate(self.cards.values()):
            self.cards_grid.addWidget(card, index // columns, index % columns)
        for column in range(4):
            self.cards_grid.setColumnStretch(column, 1 if column < columns else 0)

    def _fit_cards(self) -> None:
        """One row of cards when their figures fit the width, else two (checked at each render)."""
        left = self.left_column.minimumWidth() if self.left_column.isVisibleTo(self) else 0
        available = self.width() - left - 3 * self.theme.font_px
        spacing = max(0, self.cards_grid.horizontalSpacing())
        titles = {
            "whole": {card.name: card.title for card in CARDS},  # read here, in the active language
            "short": {card.name: card.short_title or card.title for card in CARDS},
        }

        def needed(tier: str) -> int:
            row = titles[tier].items()
            return sum(self.cards[name].minimum_width_with(title) for name, title in row) + 3 * spacing

        tier, columns = card_tier(available, needed)
        for name, title in titles[tier].items():
            self.cards[name].set_title_text(title)
        self._arrange_cards(columns)

    def _fit_tab_titles(self) -> None:
        """The whole tab titles when they fit the width, else the short ones, else the shortest
        (measured, not tried); the whole title is always the tab's tooltip."""
        bar = self.tabs.tabBar()
        metrics = bar.fontMetrics()
        count = self.tabs.count()
        whole = [self.tabs.tabToolTip(i) for i in range(count)]
        left = self.left_column.minimumWidth() if self.left_column.isVisibleTo(self) else 0
        available = self.width() - left - 4 * self.theme.font_px

        def needed(titles: list[str]) -> int:
            total = 0
            for index, title in enumerate(titles):
                # A tab is its text plus the style's padding; bold (the current tab) is wider.
                padding = bar.tabSizeHint(index).width() - metrics.horizontalAdvance(bar.tabText(index))
                total += padding + round(metrics.horizontalAdvance(title) * 1.08)
            return total

        titles, fits = tab_title_tier(available, needed, whole)
        for index, title in enumerate(titles):
            if self.tabs.tabText(index) != title:
                self.tabs.setTabText(index, title)
        # Even the shortest titles too wide (large type, a narrow screen): the tabs share the bar,
        # each elided, rather than the bar pushing the window wider than the screen.
        elide = Qt.TextElideMode.ElideNone if fits else Qt.TextElideMode.ElideRight
        if bar.elideMode() != elide:
            bar.setElideMode(elide)
