"""The "Measured" panel: what an imported metrics file gave, and what to do with it.

It shows the format found, k, verify steps, tokens per step, the engine's own acceptance rate
and what it divides by, the fitted constant p, per-position conditional acceptances as bars
with their 95 % intervals (the fitted p dashed across them), the verdict with its test, the
warnings, the decision and the engine flags to paste (with a copy button).  The decision is
:func:`~specdec_desktop.measured.decision.measured_figures` at the window's draft cost and
assumptions (the one figures path the chart, ``fit`` and the report share; memoised), in the
words of :mod:`specdec_desktop.wording.measured_words`.  Buttons forward the user's wishes
(import, paste, use the fitted p, set c from timings) as signals; the panel holds no figures of
its own: it shows :class:`~specdec_desktop.state.MeasurementState` and the configuration.

The bars are :mod:`.position_bars`, the timing inputs :mod:`.measured_timings`, a cost table's
fit :mod:`.measured_costs`, and the essay's addendum of the user's numbers
:mod:`.acceptance_addendum` (re-exported here).  File-provided text (file names, formats) is
shown as plain text, never as rich text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..model import Parameters
from ..model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from ..text import Phrase, _, current, localize, said
from .acceptance_addendum import acceptance_addendum
from .announcer import Announcer
from .measured_costs import CostsView
from .measured_timings import TimingInputs
from .position_bars import PositionBars
from .selectable_label import selectable_label as _label

if TYPE_CHECKING:  # the measured package is imported with the first measurement shown
    from ..measured import Fit, Timings

__all__ = ["MeasuredPanel", "PositionBars", "acceptance_addendum"]


class MeasuredPanel(QFrame):
    """What the last import gave; forwards import, paste, "use these" and timings as signals.

    Signals
    -------
    import_requested(), paste_requested(), report_requested(), pin_run_requested(), clear_requested()
        The user asked to import a file, paste from the clipboard, export a report, pin this
        run (to compare it with another on the chart and in the pinned table), or forget what
        was imported.
    use_p_requested(float)
        Set p to the fitted value.
    use_curve_requested(float, float)
        Set p and the decay assumption to the curve fitted to the per-position acceptances.
    use_costs_requested()
        Set p, c, the overhead and the verify growth to the cost table's fit.
    timings_entered(object)
        A :class:`Timings` from the three boxes (or ``None`` when they are cleared).
    """

    import_requested = Signal()
    paste_requested = Signal()
    report_requested = Signal()
    pin_run_requested = Signal()
    clear_requested = Signal()
    use_p_requested = Signal(float)
    use_curve_requested = Signal(float, float)
    use_costs_requested = Signal()
    timings_entered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("measuredPanel")
        self.setProperty("role", "panel")
        self.setAccessibleName(_("Measured"))
        self._fit: Fit | None = None
        self._has_costs = False
        self._shown_for: tuple | None = None  # what show_measurement last showed
        #: Tells a screen reader what an import gave (and a new decision), politely, once rested.
        self.announcer = Announcer(self)

        layout = QVBoxLayout(self)
        buttons = QHBoxLayout()
        self.import_button = QPushButton(_("Import measurements…"))
        self.import_button.setObjectName("importMeasurementsButton")
        self.paste_button = QPushButton(_("Paste"))
        self.paste_button.setObjectName("pasteMeasurementsButton")
        self.paste_button.setToolTip(_("Read metrics from the clipboard"))
        self.report_button = QPushButton(_("Export report…"))
        self.report_button.setObjectName("exportReportButton")
        self.clear_button = QPushButton(_("Clear"))
        self.clear_button.setObjectName("clearMeasurementsButton")
        self.clear_button.setToolTip(_("Forget the imported measurements (the parameters stay)"))
        for button in (self.import_button, self.paste_button, self.report_button, self.clear_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        self.hint = _label("hint")
        self.hint.setText(
            _(
                "Import a serving engine's metrics (vLLM, llama.cpp or SGLang logs, a Prometheus scrape, "
                "vLLM per-request JSON, or a CSV of accepted guesses per cycle): use the button, drop a "
                'file on the window, or paste. The engine\'s "acceptance rate" is not p; the panel works '
                "out the p that reproduces what the engine delivered."
            )
        )
        layout.addWidget(self.hint)

        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        self.source = _label("heading")
        self.source.setObjectName("measuredSource")
        body.addWidget(self.source)
        self.verdict = _label()
        self.verdict.setObjectName("measuredVerdict")
        body.addWidget(self.verdict)
        self.recommendation = _label()
        self.recommendation.setObjectName("measuredRecommendation")
        body.addWidget(self.recommendation)
        self.warnings = _label()
        self.warnings.setObjectName("measuredWarnings")
        body.addWidget(self.warnings)
        flags_row = QHBoxLayout()
        self.flags = _label()
        self.flags.setObjectName("measuredFlags")
        self.flags.setToolTip(_("The flags that set the recommended k in each engine"))
        flags_row.addWidget(self.flags, 1)
        self.copy_flags_button = QPushButton(_("Copy flags"))
        self.copy_flags_button.setObjectName("copyFlagsButton")
        self.copy_flags_button.setToolTip(_("Copy the engine flags for the recommended k to the clipboard"))
        flags_row.addWidget(self.copy_flags_button, 0, Qt.AlignmentFlag.AlignTop)
        body.addLayout(flags_row)
        use_row = QHBoxLayout()
        self.use_button = QPushButton(_("Use fitted p"))
        self.use_button.setObjectName("useMeasuredButton")
        self.use_button.setToolTip(_("Set p to the fitted value (Undo takes it back)"))
        use_row.addWidget(self.use_button)
        self.curve_button = QPushButton(_("Use per-position curve"))
        self.curve_button.setObjectName("useCurveButton")
        self.curve_button.setToolTip(
            _(
                "Set p and the decay assumption (a_i = p·d^(i−1)) to the curve closest to the measured a_i "
                "(Undo takes it back)"
            )
        )
        use_row.addWidget(self.curve_button)
        self.pin_run_button = QPushButton(_("Pin this run"))
        self.pin_run_button.setObjectName("pinRunButton")
        self.pin_run_button.setToolTip(
            _(
                "Pin the configuration this run implies, to compare it with another run on the chart "
                "and in the pinned table (import the other, then pin it too)"
            )
        )
        use_row.addWidget(self.pin_run_button)
        use_row.addStretch(1)
        body.addLayout(use_row)
        self.test = _label("hint")
        grid = QGridLayout()
        self.figures: dict[str, QLabel] = {}
        names = (
            ("k", _("Draft length k")),
            ("steps", _("Verify steps")),
            ("tau", _("Tokens per step (τ, the target's own included)")),
            ("engine", _("The engine's acceptance rate")),
            ("p", _("Fitted p (one p giving τ at this k)")),
        )
        for row, (key, caption) in enumerate(names):
            name = _label("hint")
            name.setText(caption)
            value = _label()
            value.setObjectName(f"measured_{key}")
            grid.addWidget(name, row, 0)
            grid.addWidget(value, row, 1)
            self.figures[key] = value
        grid.setColumnStretch(1, 1)
        body.addLayout(grid)

        self.bars_caption = _label("hint")
        self.bars_caption.setText(
            _(
                "Per position: the chance guess i survives when the guesses before it did (a_i), with "
                "95 % intervals; the dashed line is the fitted p."
            )
        )
        body.addWidget(self.bars_caption)
        self.bars = PositionBars()
        body.addWidget(self.bars)
        body.addWidget(self.test)

        self.timing_inputs = TimingInputs(body)
        # (named here as before: the window and its tests reach them through the panel)
        self.draft_ms, self.target_ms = self.timing_inputs.draft_ms, self.timing_inputs.target_ms
        self.verify_ms, self.timings_button = self.timing_inputs.verify_ms, self.timing_inputs.button
        self.timing_result = self.timing_inputs.result
        self.notes = _label("hint")
        body.addWidget(self.notes)
        layout.addWidget(self.body)
        self.costs = CostsView()
        self.costs.use_requested.connect(self.use_costs_requested)
        layout.addWidget(self.costs)
        layout.addStretch(1)

        self.import_button.clicked.connect(self.import_requested)
        self.paste_button.clicked.connect(self.paste_requested)
        self.report_button.clicked.connect(self.report_requested)
        self.use_button.clicked.connect(self._use_p)
        self.curve_button.clicked.connect(self._use_curve)
        self.timings_button.clicked.connect(self._timings)
        self.copy_flags_button.clicked.connect(self._copy_flags)
        self.pin_run_button.clicked.connect(self.pin_run_requested)
        self.clear_button.clicked.connect(self.clear_requested)
        self.show_measurement(None, None, Parameters())

    # -- input ----------------------------------------------------------------------------------

    def _use_p(self) -> None:
        if self._fit is not None and self._fit.fitted_p is not None:
            self.use_p_requested.emit(self._fit.fitted_p)

    def _copy_flags(self) -> None:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.flags.text())

    def _use_curve(self) -> None:
        from ..measured import fit_decay

        curve = fit_decay(self._fit) if self._fit is not None else None
        if curve is not None:
            self.use_curve_requested.emit(*curve)

    def _timings(self) -> None:
        self.timings_entered.emit(self.timing_inputs.entered(self._fit.k if self._fit is not None else 1))

    # -- output ---------------------------------------------------------------------------------

    def _show_empty(self) -> None:
        """The hint while nothing is imported; Clear while something is."""
        empty = self._fit is None and not self._has_costs
        self.hint.setVisible(empty)
        self.clear_button.setEnabled(not empty)

    def show_costs(self, costs: tuple, origin: str, batch: int) -> None:
        """Show a cost table's fit (``costs`` empty: none), its points drawn at batch ``batch``."""
        self._has_costs = bool(costs)
        self._show_empty()
        self.costs.show_costs(costs, origin, batch)

    def show_measurement(
        self,
        fit: Fit | None,
        timings: Timings | None,
        params: Parameters,
        origin: str = "",
        assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
    ) -> None:
        """Show ``fit`` (or the empty state) with the decision at ``params``' c and ``assumptions``.

        Only "Use fitted p" reads p (and nothing reads k): a move of either, with the rest as
        last shown, updates that button alone (most of a slider move's cost with a file imported).
        """
        asked = (fit, timings, params.c, origin, assumptions, current().code)
        if asked == self._shown_for and fit is not None:
            if fit.fitted_p is not None:
                self.use_button.setEnabled(abs(params.p - fit.fitted_p) > 5e-5)
            return
        self._shown_for = asked
        self._fit = fit
        self._show_empty()
        self.body.setVisible(fit is not None)
        self.report_button.setEnabled(fit is not None)
        self.bars.show_fit(fit)
        self.bars_caption.setVisible(fit is not None and fit.per_position is not None)
        if fit is None:
            return
        from ..measured import fit_decay
        from ..measured.decision import measured_figures
        from ..wording.measured_words import ENGINE_NAMES, recommendation_text

        m = fit.measurement
        self.source.setText(f"{said(m.label)}: {said(origin) or ', '.join(map(said, m.sources))}")
        f = self.figures
        f["k"].setText(
            _("{k} (the longest; drafts vary in length)").format(k=m.k) if m.variable_k else str(m.k)
        )
        f["steps"].setText(_("not reported") if m.steps is None else localize(f"{m.steps:,}"))
        se = "" if fit.tau_se is None else f" ± {1.96 * fit.tau_se:.3f}"
        f["tau"].setText(localize(f"{fit.tau:.3f}{se}"))
        if m.engine_acceptance is None:
            f["engine"].setText(_("not reported"))
        else:
            f["engine"].setText(f"{localize(f'{m.engine_acceptance:.3f}')}: {said(m.engine_basis or '')}")
        if fit.fitted_p is None:
            f["p"].setText(fit.p_interval_text())
        else:
            f["p"].setText(f"{localize(f'{fit.fitted_p:.4f}')} ({fit.p_interval_text(3)})")
        # The fit's sentences are English data (phrases): said here in the window's language.
        self.verdict.setText(_(fit.verdict_text))
        self.test.setText(_(fit.test_text))
        self.use_button.setVisible(fit.fitted_p is not None)
        self.pin_run_button.setVisible(fit.fitted_p is not None)
        if fit.fitted_p is not None:
            self.use_button.setText(_("Use fitted p = {p:.4f}").format(p=fit.fitted_p))
            self.use_button.setEnabled(abs(params.p - fit.fitted_p) > 5e-5)
        curve = fit_decay(fit)
        self.curve_button.setVisible(curve is not None)
        if curve is not None:
            self.curve_button.setText(
                _("Use per-position curve (p = {p:.3f}, decay = {decay:.3f})").format(
                    p=curve[0], decay=curve[1]
                )
            )
        decision = measured_figures(fit, params.c, assumptions, timings)
        self.recommendation.setText(recommendation_text(decision))
        self.announcer.say(
            _("{source}: tokens per step {tau}, fitted p {p}. {advice}").format(
                source=said(m.label), tau=f["tau"].text(), p=f["p"].text(), advice=self.recommendation.text()
            )
        )
        warnings = [
            _(w) for w in decision.warnings if not (decision.basis == "none" and w.startswith("Drafts vary"))
        ]
        self.warnings.setVisible(bool(warnings))  # (the verdict above already says the drafts vary)
        self.warnings.setText("\n".join(warnings))
        flags = decision.flags
        self.flags.setVisible(flags is not None)
        self.copy_flags_button.setVisible(flags is not None)
        if flags is not None:
            self.flags.setText(
                "\n".join(
                    f"{ENGINE_NAMES[key]}: {_(value) if isinstance(value, Phrase) else value}"
                    for key, value in flags.items()
                )
            )
        self.timing_inputs.show(timings, decision)
        lines = [
            _("{read:,} lines read, {used:,} used, {skipped:,} skipped.").format(
                read=m.lines_read, used=m.lines_used, skipped=m.lines_skipped
            ),
            *(_(note) for note in m.notes),  # English data, shown in the active language
        ]
        self.notes.setText(" ".join(lines))
