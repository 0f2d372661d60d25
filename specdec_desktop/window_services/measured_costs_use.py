""" "Use measured costs": the model set to what the runs at several k measured, in one undo step.

An imported per-k cost table (``measured/cost_table.py``) gives, per batch size, the constant p
of its tokens per step, the draft cost c, the overhead and the verify growth
(:func:`~specdec_desktop.measured.cost_summary.cost_model`, the same figures ``fit`` prices with
and prints).  The action (File ▸ Use measured costs, and the button under the table in the
Measured tab) sets p, c and the assumptions to those of the batch size the chart's measured
points show (the batch assumption's, or the table's first), so the chart's model curve follows
the triangles.  Decay, spread and the knee go off: the measured step times already hold what the
batch costs, and the measured tokens per step what acceptance does.  The batch assumption stays
(it picks the batch size).  The action is enabled only while there is such a fit.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..model.assumptions import Assumptions
from ..state import AppState
from ..text import _

__all__ = ["UseMeasuredCosts"]


class UseMeasuredCosts(QObject):
    """The action and the Measured tab's button that set the model to the cost table's fit."""

    def __init__(self, window: QMainWindow, app_state: AppState, action: QAction) -> None:
        super().__init__(window)
        self.window = window
        self.state = app_state.parameters
        self.assumptions = app_state.assumptions
        self.measurement = app_state.measurement
        self.history = app_state.history
        self.action = action
        action.triggered.connect(self.use)
        window.measured_panel.use_costs_requested.connect(self.use)
        self.measurement.changed.connect(self._enable)
        self.assumptions.changed.connect(self._enable)
        self._enable()

    def model(self):
        """The :class:`~specdec_desktop.measured.cost_summary.CostModel` the action would set
        (``None``: no table, or no costs fitted for the batch size shown)."""
        costs = self.measurement.costs
        if not costs:  # the measured package is imported with the first table, not at start-up
            return None
        from ..measured.cost_summary import chosen_batch, cost_model

        chosen = chosen_batch(costs, self.assumptions.assumptions.batch)
        return None if chosen is None else cost_model(chosen)

    def _enable(self, *_args) -> None:
        self.action.setEnabled(self.model() is not None)

    def use(self) -> None:
        """Set p, c, the overhead and the verify growth to the fit (one undo step)."""
        model = self.model()
        if model is None:
            return
        batch = self.assumptions.assumptions.batch
        fitted: Assumptions = model.assumptions.with_values(batch=batch)
        with self.history.step(_("use measured costs")):
            self.state.set(p=model.p, c=model.c)
            self.assumptions.set_assumptions(fitted)
        self.window.statusBar().showMessage(
            _(
                "p = {p:.4f}, c = {c:.4f}, overhead = {o:.4f}, verify growth = {beta:.4f} from the runs "
                "of batch size {batch} (Undo takes them back)"
            ).format(p=model.p, c=model.c, o=fitted.overhead, beta=fitted.verify_growth, batch=model.batch),
            8000,
        )
