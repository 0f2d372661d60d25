"""The main window's state flow: what the user edits goes to the state; the state's changes are
shown everywhere from one computation.

:class:`StateFlow` is a part of :class:`~.main_window.MainWindow` (a mixin).  A control's edit
goes to the state (an out-of-range value is said and changes nothing); a change of the
parameters, the assumptions, the draft shape or the measurement renders the controls, the cards
and the chart from one call of the model (the window holds no figures).
"""

from __future__ import annotations

from ..model import SPECS, Assumptions, Parameters, readouts, speedup_curves
from ..model.trees import shape_figures
from ..text import _, current
from ..wording.cards import card_texts, hidden_card_texts, worked_numbers
from ..wording.trees import tree_card_texts
from .acceptance_addendum import acceptance_addendum

__all__ = ["StateFlow"]


class StateFlow:
    """Edits to the state, the state to the widgets (a part of :class:`~.main_window.MainWindow`)."""

    def _on_edited(self, name: str, value: float) -> None:
        try:
            self.state.set(**{name: value})
        except ValueError as error:  # out of range: say so, change nothing
            self.controls[name].show_error(str(error))
            self.controls[name].show_value(getattr(self.state.params, name))

    def _on_assumption_edited(self, name: str, value: object) -> None:
        try:
            self.assumptions_state.set(**{name: value})
        except ValueError as error:  # invalid: say so, change nothing
            self.assumptions_panel.show_assumptions(self.assumptions_state.assumptions)
            self.assumptions_panel.show_error(str(error))

    def _on_assumptions_reset(self) -> None:
        with self.app_state.history.step(_("original model")):
            self.assumptions_state.reset()

    def _on_essay_link(self, url) -> None:
        if url.toString() == "assumptions:open":
            self.reveal_assumptions()

    def reveal_assumptions(self) -> None:
        """Open the Assumptions panel and scroll the left column to it."""
        self.assumptions_panel.setVisible(True)
        self.assumptions_panel.set_expanded(True)
        self.left_column.ensureWidgetVisible(self.assumptions_panel)
        self.assumptions_panel.toggle.setFocus()

    def _on_simulated(self, k, values, half_width) -> None:
        if self.chart is not None:
            self.chart.show_simulation(k, values, half_width)

    def closeEvent(self, event) -> None:
        self.simulation.shutdown()
        self.text_run_state.shutdown()
        super().closeEvent(event)

    def _on_assumptions(self, _assumptions: Assumptions) -> None:
        self._render(self.state.params)

    def _show_worked(self) -> None:
        """The open Assumptions panel's worked numbers, for the parameters and assumptions now."""
        params, a = self.state.params, self.assumptions_state.assumptions
        self.assumptions_panel.show_worked(worked_numbers(params, a))

    def _render(self, params: Parameters) -> None:
        """Show ``params`` everywhere: controls, cards and chart, from one computation."""
        a = self.assumptions_state.assumptions
        figures = readouts(params, a)
        for spec in SPECS:
            self.controls[spec.name].show_value(getattr(params, spec.name))
        self.assumptions_panel.show_assumptions(a)
        if self.assumptions_panel.expanded:
            self._show_worked()
        shape = self.app_state.shape.shape
        hidden = self.app_state.presentation.answer_hidden  # predict, then reveal
        if hidden:
            texts = hidden_card_texts()
        elif shape.kind == "chain":
            texts = card_texts(figures)
        else:
            texts = tree_card_texts(shape_figures(shape, params, a), params.c)
        for name, text in texts.items():
            self.cards[name].show_figure(text.value, text.detail, text.spoken)
        if self.chart is not None:
            self.chart.set_answer_hidden(hidden)
            reach = self.chart.curves_reach()  # a burst's wider x-range: the curves run to it
            self.chart.show_figures(figures, speedup_curves(params, figures.best_k, a, reach))
        self._fit_cards()  # a wider figure ("don't speculate") may need two rows of cards
        if not self.app_state.measurement.is_empty:
            self._show_measurement()
        self.render_count += 1

    def _show_measurement(self) -> None:
        """Show the imported measurement (and cost table) in its panel and in the essay on acceptance."""
        measurement, params = self.app_state.measurement, self.state.params
        self.measured_panel.show_costs(
            measurement.costs, measurement.costs_origin, self.assumptions_state.assumptions.batch
        )
        self.measured_panel.show_measurement(
            measurement.fit,
            measurement.timings,
            params,
            measurement.origin,
            self.assumptions_state.assumptions,
        )
        essay = self.essays.get("acceptance")
        if essay is not None:
            # The addendum reads c and the fit, not k or p: two slider moves in three ask for the
            # words already shown (about 0.5 ms a move saved with a file imported).
            # Under the window's assumptions, as the chart computes (it was given none, and spoke
            # of the original model's best k while the chart showed the assumptions').
            assumptions = self.assumptions_state.assumptions
            asked = (measurement.fit, params.c, assumptions, current().code)
            if asked != getattr(self, "_addendum_for", None):
                self._addendum_for = asked
                essay.show_addendum(acceptance_addendum(measurement.fit, params, assumptions))
