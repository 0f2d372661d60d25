"""The real-text run (objectName ``textRunPanel``): Shakespeare written by an n-gram draft and checked.

It shows :class:`~specdec_desktop.state.text_run_state.TextRunState`: the controls (draft
order, k, temperature, seed), the build's progress, the text of the cycles shown so far
coloured as the token run colours tokens (kept guess, rejected guess, discarded guesses, the
target's own character), the measured figures next to the formula's, and the four drafting
policies on the same seed.  Step and Step back move the replay one cycle; "Show the
distributions" (off by default) puts beside the text the draft's q and the target's p at the
guess that decided the last cycle shown, as bars over its most likely characters with the
overlap shaded and the proposed character marked (``text_run_position.py``; the figures come
from the model through ``TextRunState.position``, and are not computed while the bars are
hidden).  The policies compared and the verdict are ``text_run_policies.py``'s rows.
"Use this p" asks the window to set p and k of the main controls;
"Use the per-position curve" asks it to set p and the decay assumption to the curve fitted to
the measured per-position acceptances (the Measured tab's fit, state/text_run_state.py).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..state.text_run_state import (
    DRAFT_ORDERS,
    RUN_COST,
    TextResult,
    TextRunState,
    TextSettings,
    per_position_curve,
)
from ..text import _
from ..theme import LIGHT, Theme
from ..wording import sampling as _sampling
from .deferred_browser import DeferredBrowser
from .flow_layout import FlowLayout
from .language import Sayings, follow_language
from .role_label import role_label
from .text_run_html import character_label, cycles_html
from .text_run_policies import PolicyTable
from .text_run_position import PositionView

__all__ = ["TextRunPanel", "character_label", "cycles_html"]  # the two: text_run_html.py


class TextRunPanel(QWidget):
    """Shows the real-text run and forwards the user's settings to its state.

    Signals
    -------
    use_p_requested(float, int)
        The measured acceptance and k, for the main controls.
    use_curve_requested(float, float)
        p and the decay of the curve fitted to the measured per-position acceptances.
    """

    use_p_requested = Signal(float, int)
    use_curve_requested = Signal(float, float)

    def __init__(self, state: TextRunState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("textRunPanel")
        self._state = state
        self._theme = LIGHT
        self._cycles_key: tuple | None = None  # what the text shows (show_cycles)
        self._cycles_run = None
        self._failure: str | None = None
        # What to say again after a language switch.
        self._sayings = Sayings()
        self._say = self._sayings.say
        self._say(self.setAccessibleName, lambda: _sampling.TEXT_RUN.heading)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = role_label("heading")
        self._say(heading.setText, lambda: _sampling.TEXT_RUN.heading)
        layout.addWidget(heading)

        # The controls wrap like words when the tab is narrower than their row (large type).
        controls = FlowLayout()
        self.draft_order = QSpinBox()
        self.draft_order.setObjectName("textDraftOrderInput")
        self.draft_order.setRange(DRAFT_ORDERS[0], DRAFT_ORDERS[-1])
        self.k = QSpinBox()
        self.k.setObjectName("textKInput")
        self.k.setRange(1, 16)
        self.temperature = QDoubleSpinBox()
        self.temperature.setObjectName("textTemperatureInput")
        self.temperature.setRange(0.0, 3.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.seed = QSpinBox()
        self.seed.setObjectName("textSeedInput")
        self.seed.setRange(0, 2**31 - 1)
        for caption, box in (
            (lambda: _sampling.TEXT_RUN.draft_order, self.draft_order),
            (lambda: _sampling.TEXT_RUN.k, self.k),
            (lambda: _sampling.TEMPERATURE_LABEL, self.temperature),
            (lambda: _sampling.TEXT_RUN.seed, self.seed),
        ):
            text = role_label()
            self._say(text.setText, caption)
            text.setWordWrap(False)
            text.setBuddy(box)
            self._say(box.setAccessibleName, caption)
            pair = QHBoxLayout()  # a caption stays on the line of its box
            pair.setContentsMargins(0, 0, 0, 0)
            pair.addWidget(text)
            pair.addWidget(box)
            controls.add_layout(pair)
        self.play_button = QPushButton()
        self.play_button.setObjectName("textPlayButton")
        self.use_button = QPushButton()
        self.use_button.setObjectName("textUseButton")
        self.curve_button = QPushButton()
        self.curve_button.setObjectName("textUseCurveButton")
        self._curve: tuple[float, float] | None = None
        self.thrown_away = QCheckBox()
        self.thrown_away.setObjectName("textShowThrownAway")
        self.step_back_button = QPushButton()
        self.step_back_button.setObjectName("textStepBackButton")
        self.step_button = QPushButton()
        self.step_button.setObjectName("textStepButton")
        self.distributions_button = QPushButton()
        self.distributions_button.setObjectName("textDistributionsButton")
        for setter, text in (
            (self.play_button.setText, lambda: _sampling.TEXT_RUN.simulate),
            (self.use_button.setText, lambda: _sampling.TEXT_RUN.use_p),
            (self.use_button.setToolTip, lambda: _sampling.TEXT_RUN.use_p_tip),
            (self.curve_button.setText, lambda: _("Use the per-position curve")),
            (
                self.curve_button.setToolTip,
                lambda: _(
                    "Set p and the decay assumption to the curve a_i = p·d^(i−1) fitted to the "
                    "measured acceptance at each position, as the Measured tab does"
                ),
            ),
            (self.thrown_away.setText, lambda: _sampling.TEXT_RUN.show_thrown_away),
            (self.step_back_button.setText, lambda: _sampling.TEXT_RUN.step_back),
            (self.step_back_button.setToolTip, lambda: _sampling.TEXT_RUN.step_tip),
            (self.step_button.setText, lambda: _sampling.TEXT_RUN.step),
            (self.step_button.setToolTip, lambda: _sampling.TEXT_RUN.step_tip),
            (self.distributions_button.setText, lambda: _sampling.TEXT_RUN.show_distributions),
            (self.distributions_button.setAccessibleName, lambda: _sampling.TEXT_RUN.show_distributions),
            (self.distributions_button.setToolTip, lambda: _sampling.TEXT_RUN.show_distributions_tip),
        ):
            self._say(setter, text)
        self.distributions_button.setCheckable(True)
        self.distributions_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        controls.addWidget(self.play_button)
        controls.addWidget(self.step_back_button)
        controls.addWidget(self.step_button)
        controls.addWidget(self.distributions_button)
        controls.addWidget(self.use_button)
        controls.addWidget(self.curve_button)
        controls.addWidget(self.thrown_away)
        layout.addLayout(controls)

        self.progress = QProgressBar()
        self.progress.setObjectName("textProgress")
        self.progress.setRange(0, 100)
        self._say(self.progress.setFormat, lambda: _sampling.TEXT_RUN.building + " %p%")
        layout.addWidget(self.progress)
        self.text = DeferredBrowser()  # a hidden tab's text takes new type and colours when seen
        self.text.setObjectName("textRunText")
        self.text.setOpenLinks(False)
        self.text.setMinimumHeight(self.fontMetrics().height() * 8)
        # The distributions at the position shown stand beside the text, on demand.
        self.distributions = PositionView(self._say)
        row = QHBoxLayout()
        row.addWidget(self.text, 2)
        row.addWidget(self.distributions, 3)  # nine bars and their labels want the room
        layout.addLayout(row, 1)
        self.legend = role_label("hint", rich=True)
        layout.addWidget(self.legend)
        self.figures = role_label()
        self.figures.setObjectName("textRunFigures")
        layout.addWidget(self.figures)
        self.per_position = role_label("hint")
        self.per_position.setObjectName("textRunPerPosition")
        layout.addWidget(self.per_position)
        self.greedy_note = role_label("hint")
        self._say(self.greedy_note.setText, lambda: _sampling.TEXT_RUN.greedy_note)
        layout.addWidget(self.greedy_note)
        self.policies = PolicyTable(layout, self._say)

        self.draft_order.valueChanged.connect(lambda v: state.set_settings(draft_order=v))
        self.k.valueChanged.connect(lambda v: state.set_settings(k=v))
        self.temperature.valueChanged.connect(lambda v: state.set_settings(temperature=round(v, 2)))
        self.seed.valueChanged.connect(lambda v: state.set_settings(seed=v))
        self.play_button.clicked.connect(state.play)
        self.step_button.clicked.connect(lambda: state.step(1))
        self.step_back_button.clicked.connect(lambda: state.step(-1))
        self.distributions_button.toggled.connect(state.set_distributions_shown)
        state.distributions_shown_changed.connect(self._show_distributions_on)
        self.use_button.clicked.connect(self._use)
        self.curve_button.clicked.connect(self._use_curve)
        self.thrown_away.toggled.connect(state.set_discarded_shown)
        state.discarded_shown_changed.connect(self._show_thrown_away)
        state.settings_changed.connect(self.show_settings)
        state.progress_changed.connect(lambda share: self.progress.setValue(round(100 * share)))
        state.run_changed.connect(self.show_result)
        state.shown_changed.connect(self.show_cycles)
        state.failed.connect(self._failed)
        self.show_settings(state.settings)
        self._show_thrown_away(state.discarded_shown)
        self._show_distributions_on(state.distributions_shown)
        self.show_result(state.result)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word again in the active language (View ▸ Language): captions, buttons, tips and
        names, the legends, and the figures, the verdict and the position's caption shown."""
        self._sayings.again()
        self.show_result(self._state.result)  # the figures; also the text and the position's caption
        self.apply_theme(self._theme)  # the legends
        if self._state.result is None and self._failure is not None:
            self._failed(self._failure)

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        swatches = (
            (theme.token_accepted, _sampling.TEXT_RUN.legend_names[0]),
            (theme.token_rejected, _sampling.TEXT_RUN.legend_names[1]),
            (theme.token_discarded, _sampling.TEXT_RUN.legend_names[2]),
            (theme.token_bonus, _sampling.TEXT_RUN.legend_names[3]),
        )
        self.legend.setText(
            " &nbsp; ".join(
                f'<span style="background-color:{fill}; color:{theme.token_text}">&nbsp;a&nbsp;</span> {name}'
                for fill, name in swatches
            )
        )
        self.distributions.apply_theme(theme)
        self.show_cycles(self._state.shown)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._state.start()  # the models are built when the panel is first seen

    def show_settings(self, settings: TextSettings) -> None:
        """Put ``settings`` in the boxes (no echo); the figures wait for the new run."""
        for box, value in (
            (self.draft_order, settings.draft_order),
            (self.k, settings.k),
            (self.temperature, settings.temperature),
            (self.seed, settings.seed),
        ):
            with QSignalBlocker(box):
                box.setValue(value)
        self.greedy_note.setVisible(settings.temperature == 0)
        self.show_result(self._state.result)

    def show_result(self, result: TextResult | None) -> None:
        """The figures of ``result`` (or the build's progress while there is none)."""
        ready = result is not None
        self.progress.setVisible(not ready)
        self.use_button.setEnabled(ready)
        for button in (self.play_button, self.step_button, self.step_back_button):
            button.setEnabled(ready)
        self._curve = per_position_curve(result.run) if ready else None
        self.curve_button.setEnabled(self._curve is not None)
        if not ready:
            self.figures.setText("")
            self.per_position.setText("")
            self.policies.show_result(None)
            self.text.clear()
            self._cycles_key = self._cycles_run = None
            self.show_position()
            return
        run = result.run
        self.figures.setText(
            _sampling.TEXT_RUN.figures.format(
                tokens=run.tokens,
                cycles=len(run.cycles),
                tpc=run.tokens_per_cycle,
                acceptance=run.acceptance,
                overlap=run.mean_overlap,
                speedup=run.speedup,
                c=RUN_COST,
                formula=run.formula_speedup,
            )
        )
        values = ", ".join("–" if a is None else f"{a:.2f}" for a in run.acceptance_per_position)
        self.per_position.setText(_sampling.TEXT_RUN.per_position.format(values=values))
        self.policies.show_result(result)
        self.show_cycles(self._state.shown)

    def show_cycles(self, shown: int) -> None:
        """The text of the first ``shown`` cycles, coloured."""
        result = self._state.result
        if result is None:
            return
        from ..model.text_run import PROMPT

        run = result.run
        theme = self._theme
        thrown_away = self._state.discarded_shown
        # What the text is made of: a zoom step (new type, same colours) leaves it as it is.
        key = (
            id(run),  # with the run kept beside it (an id alone could be reused)
            shown,
            thrown_away,
            theme.token_accepted,
            theme.token_rejected,
            theme.token_discarded,
            theme.token_bonus,
            theme.token_text,
        )
        if key != self._cycles_key or run is not self._cycles_run:
            self._cycles_key, self._cycles_run = key, run
            cycles = run.cycles[:shown]
            # Built when the text is on view (a theme switch behind a hidden tab builds nothing).
            self.text.set_html_when_seen(
                lambda: cycles_html(run.counts.decode, PROMPT, cycles, theme, thrown_away=thrown_away),
                self._scroll_text_to_end,
            )
        else:
            self._scroll_text_to_end()
        self.show_position()

    def _scroll_text_to_end(self) -> None:
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def show_position(self) -> None:
        """The distributions at the position shown, when they are on view (else nothing is done)."""
        if not self._state.distributions_shown:
            return
        self.distributions.show_position(self._state.position(), self._theme)

    def _show_distributions_on(self, on: bool) -> None:
        with QSignalBlocker(self.distributions_button):
            self.distributions_button.setChecked(on)
        self.distributions.setVisible(on)
        self.show_position()

    def _show_thrown_away(self, on: bool) -> None:
        with QSignalBlocker(self.thrown_away):
            self.thrown_away.setChecked(on)
        self.show_cycles(self._state.shown)

    def _use(self) -> None:
        result = self._state.result
        if result is not None:
            self.use_p_requested.emit(round(min(1.0, result.run.acceptance), 3), result.run.k)

    def _use_curve(self) -> None:
        if self._curve is not None:
            self.use_curve_requested.emit(*self._curve)

    def _failed(self, reason: str) -> None:
        self._failure = reason
        self.progress.setVisible(False)
        self.figures.setText(_sampling.TEXT_RUN.build_failed.format(reason=reason))
