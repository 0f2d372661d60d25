"""Running totals of the race, in figures: tokens, passes and draft steps per lane, and the speedup.

The panel shows a :class:`~specdec_desktop.model.RaceTotals` it is given and
computes nothing itself.  Figures use tabular digits so they do not jitter
while the run plays, and a label is only rewritten when its text changes.  Words come from the
text layer and numbers through ``localize``; after a live language switch the panel writes its
captions and its last totals again.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from ...model import RaceTotals
from ...text import N_, _, localize, ngettext
from ...wording.numbers import format_count, format_times
from ..language import follow_language

__all__ = ["TotalsPanel", "format_totals"]


def format_totals(totals: RaceTotals) -> dict[str, str]:
    """The text of every figure of the panel, by label objectName."""
    achieved = totals.achieved_speedup
    cycles = totals.cycles_checked
    if achieved is None:
        achieved_text = "–"
        error_text = _("measured after the first check")
    else:
        achieved_text = format_times(achieved)
        # What it measures: the checked cycles' tokens per pass (plain decoding makes one).  Said
        # so that it reads as the sum it is: "108 tokens ÷ 52.8 passes (33 cycles of 1.6)", not
        # "108 ÷ 33 × 1.6", which a reader works out left to right as 5.2 (issue 21).  The ± is
        # held to its number by a no-break space: a narrow panel wrapped "±" and "1.15" apart.
        error_text = _("{tokens} tokens ÷ {passes} passes ({run}), ±\u00a0{error}").format(
            tokens=format_count(totals.speculative_tokens),
            passes=localize(f"{cycles * totals.cycle_cost:,.1f}"),
            run=run_length(cycles, totals.cycle_cost),
            error=localize(f"{totals.standard_error:.2f}"),
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
        "clock": _("{passes} passes").format(passes=localize(f"{totals.passes:,.1f}")),
        "clockDetail": _clock_detail(totals),
    }


def run_length(cycles: int, cycle_cost: float) -> str:
    """How many cycles, and the passes each cost: "33 cycles of 1.6 passes", "1 cycle of 1.9 passes"."""
    return ngettext("{n} cycle of {cost} passes", "{n} cycles of {cost} passes", cycles).format(
        n=format_count(cycles), cost=localize(f"{cycle_cost:g}")
    )


def _clock_detail(totals: RaceTotals) -> str:
    """Checking plus drafting, in the clock's own rounding, so the two add up to it."""
    if totals.passes <= 0.0:
        return _("nothing run yet")
    clock = round(totals.passes, 1)
    checking = round(totals.check_passes, 1)
    return _("{checking} checking + {drafting} drafting").format(
        checking=localize(f"{checking:,.1f}"), drafting=localize(f"{clock - checking:,.1f}")
    )


class TotalsPanel(QFrame):
    """A compact table of the race's running totals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("raceTotals")
        self.setProperty("role", "panel")
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        self.figures: dict[str, QLabel] = {}
        self._captions: list[tuple[QLabel, str]] = []
        self._totals: RaceTotals | None = None
        self._compact = False

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
            label = QLabel()
            self._captions.append((label, text))
            if role:
                label.setProperty("role", role)
            grid.addWidget(label, row, column, 1, span)
            return label

        caption(N_("Measured speedup"), 0, role="heading")
        figure("achievedSpeedup", 0, 1, role="figure", span=2)
        caption(N_("expected from the model"), 1)
        figure("expectedSpeedup", 1, 1, span=2)
        # The sum behind the measured speedup grows as the run plays ("49 tokens ÷ 28.5 passes
        # (15 cycles of 1.9 passes), ± 0.12"): it wraps rather than run past a panel whose width
        # was chosen, beside the race, for the run's first words.
        figure("speedupError", 2, 0, role="hint", span=3).setWordWrap(True)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setProperty("role", "rule")
        grid.addWidget(rule, 3, 0, 1, 3)
        caption(N_("Speculative"), 4, 1, role="hint").setAlignment(Qt.AlignmentFlag.AlignRight)
        caption(N_("Plain"), 4, 2, role="hint").setAlignment(Qt.AlignmentFlag.AlignRight)
        caption(N_("Tokens"), 5)
        figure("specTokens", 5, 1)
        figure("plainTokens", 5, 2)
        caption(N_("Big-model passes"), 6)
        figure("specPasses", 6, 1)
        figure("plainPasses", 6, 2)
        caption(N_("Draft steps"), 7)
        figure("specDrafts", 7, 1)
        figure("plainDrafts", 7, 2)
        caption(N_("Clock"), 8)
        figure("clock", 8, 1, span=2)
        figure("clockDetail", 9, 0, role="hint", span=3)
        grid.setColumnStretch(0, 1)
        grid.setRowStretch(10, 1)
        #: What the compact panel hides: everything under the measured speedup (:meth:`set_compact`).
        self._table = [
            grid.itemAt(index).widget()
            for index in range(grid.count())
            if grid.getItemPosition(index)[0] >= 1
        ]
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """The captions, and the last totals' figures, in the active language."""
        self.setAccessibleName(_("Running totals"))
        for label, text in self._captions:
            label.setText(_(text))
        if self._totals is not None:
            self.show_totals(self._totals)

    @property
    def compact(self) -> bool:
        return self._compact

    def set_compact(self, on: bool) -> None:
        """Show only the measured speedup (a crowded scene about the run); the rest (the expected
        speedup, the sum and the table) is then the panel's tooltip, line by line."""
        if on == self._compact:
            return
        self._compact = on
        for widget in self._table:
            widget.setVisible(not on)
        # Its new size now: the run's layout kept the panel's size hint from before until the
        # panel's own layout request was handled, an event later, so a fit that lays the run out
        # at once (MainWindow._fit_run) left it 565 px wide for its 445 (1366x768, x2, scene 9)
        # and a colour switch, laying it out again, moved the race strip (747 -> 867 px).
        self.updateGeometry()
        self._show_tooltip()

    def show_totals(self, totals: RaceTotals) -> None:
        self._totals = totals
        for name, text in format_totals(totals).items():
            label = self.figures[name]
            if label.text() != text:
                label.setText(text)
        if self._compact:
            self._show_tooltip()

    def _show_tooltip(self) -> None:
        """Compact: the hidden table as lines of text ("Tokens: 23 · 10"), else no tooltip."""
        lines = []
        if self._compact:
            grid = self.layout()
            rows: dict[int, list[str]] = {}
            for widget in self._table:
                index = grid.indexOf(widget)
                text = widget.text() if isinstance(widget, QLabel) else ""
                if text:
                    rows.setdefault(grid.getItemPosition(index)[0], []).append(text)
            for row in sorted(rows):
                cells = rows[row]
                lines.append(cells[0] if len(cells) == 1 else f"{cells[0]}: {' · '.join(cells[1:])}")
        tip = "\n".join(lines)
        if self.toolTip() != tip:
            self.setToolTip(tip)
