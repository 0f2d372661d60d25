"""The Measured tab's part for a per-k cost table: the best k per batch size and the fitted costs.

A cost table holds a benchmark's runs at several k (``measured/cost_table.py``).  This view
shows, as ``fit`` prints it (the same cells, :func:`~specdec_desktop.measured.cost_summary.cost_cells`,
in the language's numbers), one row per batch size: the measured best k, its tokens per second
and its speedup over k = 0, the overhead o, c + β (and c and β apart when the table has the
draft's and the verify pass's times), the constant p and the model's best k at those costs;
then what the table cannot say, and which batch size the chart's measured points are
(:func:`~specdec_desktop.measured.cost_summary.measured_speedups`, at the window's batch
assumption).  "Use measured costs" forwards the wish to set the model to that batch size's fit
(:func:`~specdec_desktop.measured.cost_summary.cost_model`; the window's File menu has the same
action).  It holds nothing of its own: it shows :class:`~specdec_desktop.state.MeasurementState`.

File-provided text (file names) is shown as plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..text import _, current, localize
from .selectable_label import selectable_label as _label

if TYPE_CHECKING:  # the measured package is imported with the first cost table shown
    from ..measured.cost_table import BatchCosts

__all__ = ["CostsView"]


class CostsView(QWidget):
    """The cost table's fit, per batch size (hidden while none is imported).

    Signals
    -------
    use_requested()
        Set p, c, the overhead and the verify growth to the fit of the batch size shown.
    """

    use_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("measuredCosts")
        self.setAccessibleName(_("Measured costs: best k per batch size"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.source = _label("heading")
        self.source.setObjectName("measuredCostsSource")
        layout.addWidget(self.source)
        self.table = QWidget()
        self.table.setObjectName("measuredCostsTable")
        self._grid = QGridLayout(self.table)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(12)
        layout.addWidget(self.table)
        self.chart_note = _label("hint")
        self.chart_note.setObjectName("measuredCostsChart")
        layout.addWidget(self.chart_note)
        self.notes = _label("hint")
        self.notes.setObjectName("measuredCostsNotes")
        layout.addWidget(self.notes)
        use_row = QHBoxLayout()
        self.use_button = QPushButton(_("Use measured costs"))
        self.use_button.setObjectName("useMeasuredCostsButton")
        self.use_button.setToolTip(
            _(
                "Set p, c, the overhead and the verify growth to the figures fitted to the runs of the "
                "batch size the chart shows; decay, spread and the knee go off, since the measured "
                "times and tokens already hold them (Undo takes it back)"
            )
        )
        self.use_button.clicked.connect(self.use_requested)
        use_row.addWidget(self.use_button)
        use_row.addStretch(1)
        layout.addLayout(use_row)
        self._cells: list[QLabel] = []
        self._shown: tuple | None = None
        self.setVisible(False)

    def rows(self) -> list[list[str]]:
        """The table as shown: the headings, then one row per batch size (drawn a column each)."""
        grid = self._grid
        return [
            [grid.itemAtPosition(row, column).widget().text() for row in range(grid.rowCount())]
            for column in range(grid.columnCount())
            if grid.itemAtPosition(0, column) is not None
        ]

    def show_costs(self, costs: tuple[BatchCosts, ...], origin: str, batch: int) -> None:
        """Show ``costs`` (none: hide), and which of its batch sizes the chart draws at ``batch``."""
        key = (costs, origin, batch, current().code)
        if key == self._shown:  # a slider move: nothing here changed
            return
        self._shown = key
        self.setVisible(bool(costs))
        if not costs:
            return
        from ..measured.cost_summary import (
            COST_COLUMNS,
            chosen_batch,
            cost_cells,
            cost_headings,
            cost_model,
            cost_notes,
            measured_speedups,
        )

        self.source.setText(_("Runs at several k: {origin}").format(origin=origin))
        table = [cost_headings()] + [
            [localize(cells[key]) for key, _heading in COST_COLUMNS] for cells in map(cost_cells, costs)
        ]
        while self._cells:
            cell = self._cells.pop()
            self._grid.removeWidget(cell)
            cell.deleteLater()
        # Drawn turned a quarter: a row per column of the table, a column per batch size (the
        # tab scrolls up and down only, and ten columns side by side outgrow a narrow one).
        for column, heading in enumerate(table[0]):
            for index, texts in enumerate(table):
                cell = _label("hint" if index == 0 or column == 0 else "", wrap=index == 0)
                cell.setText(heading if index == 0 else texts[column])
                if index:
                    cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self._grid.addWidget(cell, column, index)
                self._cells.append(cell)
        self._grid.setColumnStretch(0, 1)
        points = measured_speedups(costs, batch)
        if points is None:
            shown = next((b.batch for b in costs if b.batch == batch), costs[0].batch)
            note = _("The chart shows no measured points: batch {batch} has no k = 0 run to compare with.")
            self.chart_note.setText(note.format(batch=shown))
        else:
            note = _(
                "Triangles on the chart: the measured tokens per second at each k over those at k = 0, "
                "for batch size {batch} (the batch assumption picks it when the table has it)."
            )
            self.chart_note.setText(note.format(batch=points.batch))
        chosen = chosen_batch(costs, batch)
        self.use_button.setEnabled(chosen is not None and cost_model(chosen) is not None)
        notes = [_(note) + "." for note in cost_notes(costs)]
        self.notes.setVisible(bool(notes))
        self.notes.setText(" ".join(notes))
