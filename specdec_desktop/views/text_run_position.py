"""The distributions at the guess that decided a real-text cycle (objectName ``textDistributions``).

Beside the real-text run's text, on demand ("Show the distributions"): the draft's q and the
target's p at that guess, as bars over its most likely characters with the overlap shaded and the
proposed character marked (:class:`~.distribution_bars.DistributionBars`), a caption with the
guess's figures, and a legend.  The figures come from the model through
``TextRunState.position`` (model/text_positions.py's ``position_distributions``); this widget only
shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ..theme import Theme
from ..wording import sampling as _sampling
from .distribution_bars import DistributionBars
from .role_label import role_label
from .sampling_legend import legend_markup
from .text_run_html import character_label

if TYPE_CHECKING:  # the model's text run is imported when the panel is first seen
    from ..model.text_positions import PositionDistributions

__all__ = ["PositionView"]


class PositionView(QWidget):
    """q and p at one guess of the real-text run, its caption and legend (hidden at first).

    ``say(setter, text)`` sets a text now and again after a language switch (the panel's).
    """

    def __init__(self, say: Callable[[Callable[[str], None], Callable[[], str]], None]) -> None:
        super().__init__()
        self.setObjectName("textDistributions")
        say(self.setAccessibleName, lambda: _sampling.TEXT_RUN.position_bars)
        beside = QVBoxLayout(self)
        beside.setContentsMargins(0, 0, 0, 0)
        self.bars = DistributionBars("textPositionBars", _sampling.TEXT_RUN.position_bars)
        say(self.bars.setAccessibleName, lambda: _sampling.TEXT_RUN.position_bars)
        self.caption = role_label()
        self.caption.setObjectName("textPositionCaption")
        self.legend = role_label("hint", rich=True)
        beside.addWidget(self.bars, 1)
        beside.addWidget(self.caption)
        beside.addWidget(self.legend)
        self.setVisible(False)

    def apply_theme(self, theme: Theme) -> None:
        """The bars' colours and the legend's swatches."""
        self.bars.apply_theme(theme)
        self.legend.setText(legend_markup(theme, self.devicePixelRatioF()))

    def show_position(self, position: PositionDistributions | None, theme: Theme) -> None:
        """Show ``position`` (``TextRunState.position()``; ``None``: no cycle shown yet)."""
        words = _sampling.TEXT_RUN
        if position is None:
            self.bars.show_distributions((), np.zeros(0), np.zeros(0))
            self.caption.setText(words.position_empty)
            return
        labels = [character_label(ch) for ch in position.characters]
        if position.other:
            labels.append(words.position_other)
        mark = (
            position.proposed,
            "✓" if position.kept else "✗",
            theme.token_accepted if position.kept else theme.token_rejected,
        )
        self.bars.show_distributions(labels, position.target, position.draft, position.overlap, mark)
        self.caption.setText(
            words.position_caption.format(
                cycle=position.cycle + 1,
                guess=position.guess + 1,
                guesses=position.guesses,
                char=f"‘{character_label(position.proposed_character)}’",
                q=float(position.draft[position.proposed]),
                p=float(position.target[position.proposed]),
                chance=position.keep_chance,
                verdict=words.position_kept if position.kept else words.position_rejected,
                overlap=position.acceptance,
            )
        )
