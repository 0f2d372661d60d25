"""The Measured tab's optional timings: three boxes, "Set c from timings", and what they give.

The boxes (the draft's time per token, the target's time per pass at 1 token and at k + 1
tokens) and the button are laid out in the panel's body; the panel connects the button and
forwards what :meth:`TimingInputs.entered` reads as its ``timings_entered`` signal.  After a
decision, :meth:`TimingInputs.show` puts the timings in force back in the boxes and says what
they give at the recommended k.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDoubleSpinBox, QGridLayout, QPushButton, QVBoxLayout

from ..text import _
from .selectable_label import selectable_label

if TYPE_CHECKING:  # the measured package is imported with the first measurement shown
    from ..measured import Timings
    from ..measured.decision import MeasuredFigures

__all__ = ["TimingInputs"]


def _ms_box(name: str, tooltip: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setObjectName(name)
    box.setRange(0.0, 100000.0)
    box.setDecimals(3)
    box.setSingleStep(0.1)
    box.setSuffix(" ms")
    box.setSpecialValueText("—")
    box.setToolTip(tooltip)
    box.setAccessibleName(tooltip)
    return box


class TimingInputs:
    """The timing boxes, their button and the result line, added to ``body`` in that order."""

    def __init__(self, body: QVBoxLayout) -> None:
        caption = selectable_label("hint")
        caption.setText(
            _(
                "Timings (optional): the draft's time per token and the target's time per pass at 1 token "
                "and at k + 1 tokens set the draft cost c (and the verify growth)."
            )
        )
        body.addWidget(caption)
        grid = QGridLayout()
        self.draft_ms = _ms_box("draftMsInput", _("Draft time per token"))
        self.target_ms = _ms_box("targetMsInput", _("Target time per pass at 1 token"))
        self.verify_ms = _ms_box("verifyMsInput", _("Target time per pass at k + 1 tokens"))
        for column, (text, box) in enumerate(
            (
                (_("Draft"), self.draft_ms),
                (_("Target, 1 token"), self.target_ms),
                (_("Target, k + 1"), self.verify_ms),
            )
        ):
            name = selectable_label("hint", wrap=False)
            name.setText(text)
            grid.addWidget(name, 0, column)
            grid.addWidget(box, 1, column)
        self.button = QPushButton(_("Set c from timings"))
        self.button.setObjectName("timingsButton")
        grid.addWidget(self.button, 1, 3)
        grid.setColumnStretch(4, 1)
        body.addLayout(grid)
        self.result = selectable_label()
        self.result.setObjectName("measuredTiming")
        body.addWidget(self.result)

    def entered(self, k: int) -> tuple[float, float, float | None, int] | None:
        """(draft ms, target ms, verify ms or ``None``, ``k``) from the boxes; ``None`` without a
        target time."""
        draft, target, verify = self.draft_ms.value(), self.target_ms.value(), self.verify_ms.value()
        if target <= 0:
            return None
        return draft, target, verify if verify > 0 else None, k

    def show(self, timings: Timings | None, decision: MeasuredFigures) -> None:
        """``timings`` back in the boxes, and the time per token they give at the best k."""
        if timings is not None:
            self.draft_ms.setValue(timings.draft_ms)
            self.target_ms.setValue(timings.target_ms)
            self.verify_ms.setValue(timings.verify_ms or 0.0)
        best = decision.best_k
        ms = decision.ms_per_token(timings.target_ms) if timings is not None and best else None
        self.result.setVisible(ms is not None)
        if timings is not None and ms is not None:
            self.result.setText(
                _(
                    "At k = {k}: {ms:.3f} ms per token ({rate:.1f} tokens/s), against "
                    "{plain_ms:.3f} ms ({plain_rate:.1f} tokens/s) without drafting."
                ).format(
                    k=best,
                    ms=ms,
                    rate=1000 / ms,
                    plain_ms=timings.target_ms,
                    plain_rate=1000 / timings.target_ms,
                )
            )
