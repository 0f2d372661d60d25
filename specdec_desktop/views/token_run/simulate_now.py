""" "Simulate N cycles now": the run's speedup over 1,000, 10,000 or 100,000 cycles, with its ± error.

The animation shows a few dozen cycles; a class wants to see the measured speedup
settle on the formula.  Each button simulates that many cycles at once (the
model's :func:`~specdec_desktop.model.simulation.simulated_speedup`, the run's
parameters, assumptions and seed) and adds a line: the speedup it achieved, its
standard error, and the model's figure beside it.  The widget keeps only the
figures of the lines it shows, and writes them again in the new language after a live switch.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QToolButton, QWidget

from ...state import RunState
from ...text import _, localize, ngettext
from ...wording.numbers import format_count
from ..language import follow_language

__all__ = ["SIMULATE_COUNTS", "SimulateNow"]

#: The buttons' cycle counts.
SIMULATE_COUNTS = (1_000, 10_000, 100_000)


class SimulateNow(QWidget):
    """Buttons that simulate many cycles at once, and the results (objectName ``simulateNow``)."""

    def __init__(self, run: RunState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("simulateNow")
        self.run = run
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.caption = caption = QLabel()
        caption.setObjectName("simulateCaption")
        caption.setProperty("role", "hint")
        grid.addWidget(caption, 0, 0)
        self.buttons: dict[int, QToolButton] = {}
        for column, count in enumerate(SIMULATE_COUNTS, start=1):
            button = QToolButton()
            button.setObjectName(f"simulate{count}")
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves Space to Play
            button.clicked.connect(lambda _=False, n=count: self.simulate(n))
            grid.addWidget(button, 0, column)
            self.buttons[count] = button
        grid.setColumnStretch(len(SIMULATE_COUNTS) + 1, 1)
        self.result = QLabel("")
        self.result.setObjectName("simulateResult")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        grid.addWidget(self.result, 1, 0, 1, len(SIMULATE_COUNTS) + 2)
        self._results: list[tuple[int, float, float, float]] = []  # (cycles, speedup, error, model)
        self._reserve_lines()
        run.trace_changed.connect(lambda _stream: self._forget())  # another run: old lines go
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Caption, buttons and the lines shown, in the active language."""
        self.caption.setText(_("Simulate now:"))
        for count, button in self.buttons.items():
            shown = format_count(count)
            button.setText(shown)
            button.setToolTip(
                ngettext(
                    "Simulate {n} cycle of this run at once", "Simulate {n} cycles of this run at once", count
                ).format(n=shown)
            )
            name = ngettext("Simulate {n} cycle", "Simulate {n} cycles", count)
            button.setAccessibleName(name.format(n=shown))
        self.result.setText("\n".join(_line(*result) for result in self._results))

    def _reserve_lines(self) -> None:
        """Room for three result lines always, so a new line moves nothing."""
        self.result.ensurePolished()
        self.result.setMinimumHeight(3 * self.result.fontMetrics().lineSpacing() + 2)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._reserve_lines()

    def _forget(self) -> None:
        self._results = []
        self.result.setText("")

    def simulate(self, n_cycles: int) -> str:
        """Simulate ``n_cycles`` cycles now, show the line and return it."""
        from ...model import readouts
        from ...model.simulation import simulated_speedup

        self.run.flush()
        stream = self.run.stream
        params, assumptions = stream.params, stream.assumptions
        if stream.tree is not None:  # the run drafts a tree: its cycles, its cost (model/trees/run.py)
            from ...model.trees import simulated_tree_speedup

            result = simulated_tree_speedup(stream.tree, params.c, n_cycles, self.run.seed, assumptions)
            expected = stream.tree.expected_tokens / stream.timeline.cycle_cost
        else:
            result = simulated_speedup(params.p, params.c, params.k, n_cycles, self.run.seed, assumptions)
            expected = readouts(params, assumptions).speedup
        self._results = [*self._results[-2:], (n_cycles, result.speedup[0], result.se[0], expected)]
        self.result.setText("\n".join(_line(*shown) for shown in self._results))
        return _line(*self._results[-1])


def _line(n_cycles: int, speedup: float, error: float, expected: float) -> str:
    """One result: "10,000 cycles: 1.815× ± 0.004 (model 1.820×)"."""
    return ngettext(
        "{n} cycle: {speedup}× ± {error} (model {model}×)",
        "{n} cycles: {speedup}× ± {error} (model {model}×)",
        n_cycles,
    ).format(
        n=format_count(n_cycles),
        speedup=localize(f"{speedup:.3f}"),
        error=localize(f"{error:.3f}"),
        model=localize(f"{expected:.3f}"),
    )
