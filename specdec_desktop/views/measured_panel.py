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

File-provided text (file names, formats) is shown as plain text, never as rich text.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..model import Parameters, best_draft_length, speedup
from ..model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from ..text import Phrase, _, localize, said
from .measured_costs import CostsView

if TYPE_CHECKING:  # the measured package is imported with the first measurement shown
    from ..measured import Fit, Timings

__all__ = ["MeasuredPanel", "PositionBars", "acceptance_addendum"]


def _label(role: str = "", plain: bool = True, wrap: bool = True) -> QLabel:
    label = QLabel()
    if role:
        label.setProperty("role", role)
    label.setTextFormat(Qt.TextFormat.PlainText if plain else Qt.TextFormat.RichText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class PositionBars(QWidget):
    """Bars of a_1..a_k with interval whiskers and the fitted p as a dashed line (painted, no plot)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("positionBars")
        self.setAccessibleName(_("Per-position acceptance"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._values: tuple[float | None, ...] = ()
        self._low: tuple[float | None, ...] | None = None
        self._high: tuple[float | None, ...] | None = None
        self._p: float | None = None

    def show_fit(self, fit: Fit | None) -> None:
        """Show ``fit``'s per-position acceptances (nothing when it has none)."""
        if fit is None or fit.per_position is None:
            self._values, self._low, self._high, self._p = (), None, None, None
        else:
            self._values = fit.per_position
            self._low, self._high, self._p = fit.per_position_low, fit.per_position_high, fit.fitted_p
            parts = [f"a{i + 1} {'n/a' if a is None else f'{a:.2f}'}" for i, a in enumerate(self._values)]
            p_text = "" if fit.fitted_p is None else f"; fitted p {fit.fitted_p:.2f}"
            self.setAccessibleDescription("; ".join(parts) + p_text)
        self.setVisible(bool(self._values))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(320, self.fontMetrics().height() * 9)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.fontMetrics().height() * 9)

    def paintEvent(self, _event) -> None:
        if not self._values:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        bar = palette.color(QPalette.ColorRole.Highlight)
        metrics = self.fontMetrics()
        line = metrics.height()
        left, right = metrics.horizontalAdvance("1.0") + 8, 8
        top, bottom = line // 2, line + 6
        area = QRectF(left, top, max(1, self.width() - left - right), max(1, self.height() - top - bottom))

        def y_of(value: float) -> float:
            return area.bottom() - value * area.height()

        painter.setPen(QPen(text, 1))
        for tick in (0.0, 0.5, 1.0):
            y = y_of(tick)
            painter.drawLine(QPointF(area.left() - 3, y), QPointF(area.left(), y))
            painter.drawText(
                QRectF(0, y - line / 2, left - 5, line), Qt.AlignmentFlag.AlignRight, f"{tick:g}"
            )
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        count = len(self._values)
        slot = area.width() / count
        width = max(2.0, slot * 0.6)
        label_every = max(1, math.ceil(count * metrics.horizontalAdvance("a99 ") / area.width()))
        for i, value in enumerate(self._values):
            x = area.left() + slot * (i + 0.5)
            if value is not None:
                painter.fillRect(QRectF(x - width / 2, y_of(value), width, value * area.height()), bar)
            if self._low is not None and self._high is not None:
                low, high = self._low[i], self._high[i]
                if low is not None and high is not None:
                    painter.setPen(QPen(text, 1.5))
                    painter.drawLine(QPointF(x, y_of(low)), QPointF(x, y_of(high)))
                    for end in (low, high):
                        painter.drawLine(QPointF(x - width / 4, y_of(end)), QPointF(x + width / 4, y_of(end)))
            if i % label_every == 0 or i == count - 1:
                painter.setPen(QPen(text, 1))
                painter.drawText(
                    QRectF(x - slot, area.bottom() + 3, 2 * slot, line),
                    Qt.AlignmentFlag.AlignHCenter,
                    f"a{i + 1}",
                )
        if self._p is not None:
            pen = QPen(QColor(text), 2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            y = y_of(self._p)
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        painter.end()


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
    timings_entered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("measuredPanel")
        self.setProperty("role", "panel")
        self.setAccessibleName(_("Measured"))
        self._fit: Fit | None = None
        self._has_costs = False

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

        timing_caption = _label("hint")
        timing_caption.setText(
            _(
                "Timings (optional): the draft's time per token and the target's time per pass at 1 token "
                "and at k + 1 tokens set the draft cost c (and the verify growth)."
            )
        )
        body.addWidget(timing_caption)
        timings = QGridLayout()
        self.draft_ms = _ms_box("draftMsInput", _("Draft time per token"))
        self.target_ms = _ms_box("targetMsInput", _("Target time per pass at 1 token"))
        self.verify_ms = _ms_box("verifyMsInput", _("Target time per pass at k + 1 tokens"))
        for column, (caption, box) in enumerate(
            (
                (_("Draft"), self.draft_ms),
                (_("Target, 1 token"), self.target_ms),
                (_("Target, k + 1"), self.verify_ms),
            )
        ):
            name = _label("hint", wrap=False)
            name.setText(caption)
            timings.addWidget(name, 0, column)
            timings.addWidget(box, 1, column)
        self.timings_button = QPushButton(_("Set c from timings"))
        self.timings_button.setObjectName("timingsButton")
        timings.addWidget(self.timings_button, 1, 3)
        timings.setColumnStretch(4, 1)
        body.addLayout(timings)
        self.timing_result = _label()
        self.timing_result.setObjectName("measuredTiming")
        body.addWidget(self.timing_result)
        self.notes = _label("hint")
        body.addWidget(self.notes)
        layout.addWidget(self.body)
        self.costs = CostsView()
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
        draft, target, verify = self.draft_ms.value(), self.target_ms.value(), self.verify_ms.value()
        if target <= 0:
            self.timings_entered.emit(None)
            return
        k = self._fit.k if self._fit is not None else 1
        self.timings_entered.emit((draft, target, verify if verify > 0 else None, k))

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
        """Show ``fit`` (or the empty state) with the decision at ``params``' c and ``assumptions``."""
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
        self.source.setText(f"{m.label}: {said(origin) or ', '.join(map(said, m.sources))}")
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
        if timings is not None:
            self.draft_ms.setValue(timings.draft_ms)
            self.target_ms.setValue(timings.target_ms)
            self.verify_ms.setValue(timings.verify_ms or 0.0)
        best = decision.best_k
        ms = decision.ms_per_token(timings.target_ms) if timings is not None and best else None
        self.timing_result.setVisible(ms is not None)
        if timings is not None and ms is not None:
            self.timing_result.setText(
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
        lines = [
            _("{read:,} lines read, {used:,} used, {skipped:,} skipped.").format(
                read=m.lines_read, used=m.lines_used, skipped=m.lines_skipped
            ),
            *(_(note) for note in m.notes),  # English data, shown in the active language
        ]
        self.notes.setText(" ".join(lines))


def acceptance_addendum(
    fit: Fit | None, params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS
) -> str:
    """The user's own numbers for the essay on acceptance (HTML; file-provided text escaped).

    What the chart would say with the engine's rate or the fitted p typed into the p box: the
    model's speedup and best k at ``params``' c under the window's ``assumptions`` (as the chart
    computes them), not a formula of its own.
    """
    if fit is None or fit.fitted_p is None:
        return ""
    from html import escape

    m = fit.measurement
    c = params.c
    keywords = assumptions.keywords()

    def best(p: float) -> int | None:
        return best_draft_length(p, c, **keywords) if (p < 1 or c > 0) else None

    def at_measured_k(p: float) -> float:
        return float(speedup(p, m.k, c, **keywords))

    right_k = best(fit.fitted_p)
    parts = [
        _("<h3>Your numbers</h3>"),
        _(
            "<p>From {label} ({sources}): {tau:.3f} tokens per verify step at <i>k</i> = {k}, "
            "which one acceptance rate <i>p</i> = {p:.4f} reproduces.</p>"
        ).format(
            label=escape(m.label),
            sources=escape(", ".join(map(said, m.sources))),
            tau=fit.tau,
            k=m.k,
            p=fit.fitted_p,
        ),
    ]
    ratio = m.engine_acceptance
    if ratio is not None and 0 <= ratio <= 1:
        wrong_k = best(ratio)
        unbounded = _("unbounded")
        parts.append(
            _(
                "<p>The engine calls {ratio:.3f} its acceptance rate ({basis}). Typed into the <i>p</i> "
                "box at <i>c</i> = {c:g}, it would say <i>k</i> = {k} gives {wrong_speedup:.2f}× and the "
                "best <i>k</i> is {wrong_k}; with <i>p</i> = {p:.4f}, <i>k</i> = {k} gives "
                "{right_speedup:.2f}× and the best <i>k</i> is {right_k}.</p>"
            ).format(
                ratio=ratio,
                basis=escape(said(m.engine_basis or "")),
                c=c,
                k=m.k,
                wrong_speedup=at_measured_k(ratio),
                wrong_k=unbounded if wrong_k is None else wrong_k,
                p=fit.fitted_p,
                right_speedup=at_measured_k(fit.fitted_p),
                right_k=unbounded if right_k is None else right_k,
            )
        )
    return "".join(parts)
