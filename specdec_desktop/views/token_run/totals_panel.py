"""Running totals of the race, in figures: tokens, passes and draft steps per lane, and the speedup.

The panel shows a :class:`~specdec_desktop.model.RaceTotals` it is given and
computes nothing itself.  Figures use tabular digits so they do not jitter
while the run plays, and a label is only rewritten when its text changes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from ...model import RaceTotals
from ...wording.numbers import format_count, format_times

__all__ = ["TotalsPanel", "format_totals"]


def format_totals(totals: RaceTotals) -> dict[str, str]:
    """The text of every figure of the panel, by label objectName."""
    achieved = totals.achieved_speedup
    cycles = totals.cycles_checked
    if achieved is None:
        achieved_text = "–"
        error_text = "measured after the first check"
    else:
        achieved_text = format_times(achieved)
        # What it measures: the checked cycles' tokens per pass (plain decoding makes one).  Said
        # so that it reads as the sum it is: "108 tokens ÷ 52.8 passes (33 cycles of 1.6)", not
        # "108 ÷ 33 × 1.6", which a reader works out left to right as 5.2 (issue 21).
        error_text = (
            f"{format_count(totals.speculative_tokens)} tokens ÷ "
            f"{cycles * totals.cycle_cost:,.1f} passes ({run_length(cycles, totals.cycle_cost)}), "
            f"± {totals.standard_error:.2f}"
        )
    return {
        "achievedSpeedup": achieved_text,
        "expectedSpeedup": format_times(totals.expected_speedup),
        "speedupError": error_text,
        "specTokens": format_count(totals.speculative_tokens),
        "plainTokens": format_count(totals.plain_tokens),
        "specPasses": format_count(totals.cycles_checked),
        "plainPasses": format_count(totals.plain_tokens),
        "specDrafts": format_count(totals.draft_steps),
        "plainDrafts": "–",
        "clock": f"{totals.passes:,.1f} passes",
        "clockDetail": _clock_detail(totals),
    }


def run_length(cycles: int, cycle_cost: float) -> str:
    """How many cycles, and the passes each cost: "33 cycles of 1.6 passes", "1 cycle of 1.9 passes"."""
    unit = "cycle" if cycles == 1 else "cycles"
    return f"{format_count(cycles)} {unit} of {cycle_cost:g} passes"


def _clock_detail(totals: RaceTotals) -> str:
    """Checking plus drafting, in the clock's own rounding, so the two add up to it."""
    if totals.passes <= 0.0:
        return "nothing run yet"
    clock = round(totals.passes, 1)
    checking = round(totals.check_passes, 1)
    return f"{checking:,.1f} checking + {clock - checking:,.1f} drafting"


class TotalsPanel(QFrame):
    """A compact table of the race's running totals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("raceTotals")
        self.setProperty("role", "panel")
        self.setAccessibleName("Running totals")
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        self.figures: dict[str, QLabel] = {}

        def figure(name: str, row: int, column: int, role: str | None = None, span: int = 1) -> QLabel:
            label = QLabel()
            label.setObjectName(name)
            label.setProperty("tabular", True)  # figures in columns: the style sets tabular digits
            if role:
                label.setProperty("role", role)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(label, row, column, 1, span)
            self.figures[name] = label
            return label

        def caption(text: str, row: int, column: int = 0, role: str | None = None, span: int = 1) -> QLabel:
            label = QLabel(text)
            if role:
                label.setProperty("role", role)
            grid.addWidget(label, row, column, 1, span)
            return label

        caption("Measured speedup", 0, role="heading")
        figure("achievedSpeedup", 0, 1, role="figure", span=2)
        caption("expected from the model", 1)
        figure("expectedSpeedup", 1, 1, span=2)
        figure("speedupError", 2, 0, role="hint", span=3)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setProperty("role", "rule")
        grid.addWidget(rule, 3, 0, 1, 3)
        caption("Speculative", 4, 1, role="hint").setAlignment(Qt.AlignmentFlag.AlignRight)
        caption("Plain", 4, 2, role="hint").setAlignment(Qt.AlignmentFlag.AlignRight)
        caption("Tokens", 5)
        figure("specTokens", 5, 1)
        figure("plainTokens", 5, 2)
        caption("Big-model passes", 6)
        figure("specPasses", 6, 1)
        figure("plainPasses", 6, 2)
        caption("Draft steps", 7)
        figure("specDrafts", 7, 1)
        figure("plainDrafts", 7, 2)
        caption("Clock", 8)
        figure("clock", 8, 1, span=2)
        figure("clockDetail", 9, 0, role="hint", span=3)
        grid.setColumnStretch(0, 1)
        grid.setRowStretch(10, 1)

    def show_totals(self, totals: RaceTotals) -> None:
        for name, text in format_totals(totals).items():
            label = self.figures[name]
            if label.text() != text:
                label.setText(text)
