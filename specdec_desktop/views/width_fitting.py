"""The main window's widths: the left column's, the cards' titles and rows, the tab titles.

A mixin of :class:`~.main_window.MainWindow` (through :class:`~.window_fitting.LayoutFitting`):
the whole titles when they fit, else the short ones (:func:`~.window_layout.card_tier`,
:func:`~.window_layout.tab_title_tier`), measured with the window's type, not tried.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ..wording.cards import CARDS
from .window_layout import card_tier, tab_title_tier

__all__ = ["LEFT_WIDTH", "WidthFitting"]

#: Left column width at the 14 px body size; it grows with the type (zoom, projector).
LEFT_WIDTH = (300, 420)


class WidthFitting:
    """Fits the cards and the tab titles to the width (the module's docstring); uses the window's
    ``cards``, ``cards_grid``, ``tabs``, ``left_column`` and ``theme``."""

    def fit_left_width(self) -> None:
        """The left column's width for the current type and what the column holds in the moment.

        Slower than the type (square root): at projector sizes a proportional column would
        squeeze the cards until their details wrap into tall columns; but never narrower than
        its controls at their least (a number box and the title wrapped beside it): zoomed in,
        the boxes were cut at the column's edge.  What the column holds changes with the moment
        (a tour scene, the presenting layout), so the tour fits it again with each scene: else
        the same zoomed scene had a narrower column when zoomed before the tour than in it.

        Measured on the whole column (the formulas as the moment shows them, every other part
        in, the sliders titled by name: ``_reset_left_column``), not as the last fit left it:
        the Assumptions panel's heading is the column's widest part at large type, and a scene
        walked to from one where it had stepped aside had a 555 px column where the same scene
        opened directly had 625 (x2, 1920x1080, projector).  What steps aside afterwards
        (``_fit_left_column``) is fitted to that width.
        """
        growth = (self.theme.font_px / 14) ** 0.5
        inner = self.left_column.widget()
        formulas = self.layout_decision().formulas
        if self.formulas.isHidden() == formulas:
            self.formulas.setVisible(formulas)
        self._reset_left_column()
        inner.layout().activate()
        least = inner.minimumSizeHint().width() + self.left_column.verticalScrollBar().sizeHint().width()
        self.left_column.setMinimumWidth(max(round(LEFT_WIDTH[0] * growth), least))
        self.left_column.setMaximumWidth(max(round(LEFT_WIDTH[1] * growth), least))
        # The grid keeps the column's preferred width from its last layout; what it holds may
        # have changed since (the scroll area does not pass that on): ask again.
        self.left_column.updateGeometry()

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
