"""Acting on an imported measurement: the one path from what was measured to the configuration.

The Measured tab's buttons and File ▸ Use measured costs each set part of the configuration from
the measurement, always the same way (:meth:`MeasurementUse._apply`): inside one undo step, then a
status line that says what was set and that Undo takes it back.

* "Use fitted p" sets p; "Use per-position curve" (also the real-text run's) sets p and the decay
  assumption; timings typed in the tab set c and the verify-growth assumption.
* "Use measured costs": an imported per-k cost table (``measured/cost_table.py``) gives, per
  batch size, the constant p of its tokens per step, the draft cost c, the overhead and the
  verify growth (:func:`~specdec_desktop.measured.cost_summary.cost_model`, the same figures
  ``fit`` prices with and prints).  The action sets p, c and the assumptions to those of the
  batch size the chart's measured points show (the batch assumption's, or the table's first), so
  the chart's model curve follows the triangles.  Decay, spread and the knee go off: the measured
  step times already hold what the batch costs, and the measured tokens per step what acceptance
  does.  The batch assumption stays (it picks the batch size).  The action is enabled only while
  there is such a fit.
* Pin the run (to compare runs), and Clear (forget the measurement; the parameters stay).

Reading the files is :mod:`.measurement_io`'s.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..model.assumptions import Assumptions
from ..state import AppState
from ..text import _, error_text
from .notices import show_problem

__all__ = ["MeasurementUse"]


def _share(p: float) -> float:
    """P as the model takes it from a measurement: within [0, 1], to four places."""
    return round(min(1.0, max(0.0, p)), 4)


class MeasurementUse(QObject):
    """Use fitted p, the per-position curve, timings or the measured costs; pin the run; clear."""

    def __init__(self, window: QMainWindow, app_state: AppState, use_costs: QAction) -> None:
        super().__init__(window)
        self.window = window
        self.state = app_state.parameters
        self.assumptions = app_state.assumptions
        self.measurement = app_state.measurement
        self.history = app_state.history
        self.pinned = app_state.pinned
        self.use_costs_action = use_costs
        panel = window.measured_panel
        panel.use_p_requested.connect(self.use_p)
        panel.use_curve_requested.connect(self.use_curve)
        # The real-text run measures per-position acceptances too: its curve is set the same way.
        text_panel = getattr(getattr(window, "sampling_view", None), "text_panel", None)
        if text_panel is not None:
            text_panel.use_curve_requested.connect(self.use_curve)
        panel.timings_entered.connect(self.set_timings)
        panel.pin_run_requested.connect(self.pin_run)
        panel.clear_requested.connect(self.clear)
        use_costs.triggered.connect(self.use_costs)
        panel.use_costs_requested.connect(self.use_costs)
        self.measurement.changed.connect(self._enable)
        self.assumptions.changed.connect(self._enable)
        self._enable()

    def _apply(self, step: str, parameters: dict, assumptions: dict | Assumptions | None = None) -> None:
        """Set ``parameters`` and ``assumptions`` (some fields, or all of them) in one undo step."""
        with self.history.step(step):
            self.state.set(**parameters)
            if isinstance(assumptions, Assumptions):
                self.assumptions.set_assumptions(assumptions)
            elif assumptions:
                self.assumptions.set(**assumptions)

    def use_p(self, p: float) -> None:
        """Set p to the fitted value (one undo step)."""
        self._apply(_("use measured p"), {"p": _share(p)})
        self.window.statusBar().showMessage(
            _("p set to the measured {p:.4f} (Undo takes it back)").format(p=p), 6000
        )

    def use_curve(self, p: float, decay: float) -> None:
        """Set p and the decay assumption to the measured per-position curve (one undo step)."""
        self._apply(
            _("use measured curve"), {"p": _share(p)}, {"decay": round(min(1.0, max(1e-3, decay)), 4)}
        )
        self.window.statusBar().showMessage(
            _("p = {p:.4f} and decay = {decay:.4f} from the measured curve (Undo takes them back)").format(
                p=p, decay=decay
            ),
            6000,
        )

    def set_timings(self, values) -> None:
        """Timings from the panel: keep them and set c from them (one undo step)."""
        from ..measured import Timings

        if values is None:
            self.measurement.set_timings(None)
            return
        draft, target, verify, k = values
        try:
            timings = Timings(draft, target, verify, k)
        except ValueError as error:
            show_problem(self.window, _("These timings were not used"), error_text(error))
            return
        self._apply(
            _("set c from timings"),
            {"c": round(timings.cost, 4)},
            {"verify_growth": round(timings.verify_growth, 6)},
        )
        self.measurement.set_timings(timings)

    # -- the measured costs ---------------------------------------------------------------------

    def costs_model(self):
        """The :class:`~specdec_desktop.measured.cost_summary.CostModel` "Use measured costs" would
        set (``None``: no table, or no costs fitted for the batch size shown)."""
        costs = self.measurement.costs
        if not costs:  # the measured package is imported with the first table, not at start-up
            return None
        from ..measured.cost_summary import chosen_batch, cost_model

        chosen = chosen_batch(costs, self.assumptions.assumptions.batch)
        return None if chosen is None else cost_model(chosen)

    def _enable(self, *_args) -> None:
        self.use_costs_action.setEnabled(self.costs_model() is not None)

    def use_costs(self) -> None:
        """Set p, c, the overhead and the verify growth to the cost table's fit (one undo step)."""
        model = self.costs_model()
        if model is None:
            return
        batch = self.assumptions.assumptions.batch
        fitted: Assumptions = model.assumptions.with_values(batch=batch)
        self._apply(_("use measured costs"), {"p": model.p, "c": model.c}, fitted)
        self.window.statusBar().showMessage(
            _(
                "p = {p:.4f}, c = {c:.4f}, overhead = {o:.4f}, verify growth = {beta:.4f} from the runs "
                "of batch size {batch} (Undo takes them back)"
            ).format(p=model.p, c=model.c, o=fitted.overhead, beta=fitted.verify_growth, batch=model.batch),
            8000,
        )

    # -- pin and clear --------------------------------------------------------------------------

    def pin_run(self) -> None:
        """Pin the configuration the imported run implies (named after its file), to compare runs."""
        from ..measured.decision import measured_figures, run_pin

        fit = self.measurement.fit
        if fit is None or fit.fitted_p is None:
            return
        params = self.state.params
        figures = measured_figures(fit, params.c, self.assumptions.assumptions, self.measurement.timings)
        origin = self.measurement.origin or ", ".join(fit.measurement.sources)
        name = Path(origin.split(",")[0].strip()).stem or "run"
        taken = {pin.name.casefold() for pin in self.pinned.pins}
        name, configuration = run_pin(figures, name, taken)
        try:
            self.pinned.pin(name, configuration)
        except ValueError as error:
            show_problem(self.window, _("This run was not pinned"), error_text(error))
            return
        self.window.statusBar().showMessage(
            _("Pinned {name}: compare it on the chart and in Compare").format(name=name), 6000
        )

    def clear(self) -> None:
        """Forget the imported measurement, cost table and timings (the parameters stay)."""
        if self.measurement.clear():
            self.window.statusBar().showMessage(_("Measurements cleared"), 4000)
