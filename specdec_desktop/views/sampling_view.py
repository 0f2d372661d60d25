"""The "Where p comes from" tab (objectName ``samplingView``): two distributions, the check, real text.

It shows :class:`~specdec_desktop.state.sampling_state.SamplingState`: the target p and the
draft q of a bundled pair as bars over the same tokens, the overlap shaded (its area is the
acceptance), the target's excess that the residual refills, the four rules' acceptances side
by side, a temperature slider that reshapes both, and "Draw 10,000": a histogram of the tokens
speculation wrote beside p, with the distance between them (it shrinks as draws grow: the
output follows the target).  Input goes to the state; the figures come from
:func:`~specdec_desktop.state.sampling_state.sampling_figures`, computed on each change.
Below, the real-text run (``views/text_run_panel.py``).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from ..model.sampling import RULES
from ..state.sampling_state import SamplingSetup, SamplingState, sampling_figures
from ..state.text_run_state import TextRunState
from ..text import _, localize
from ..theme import LIGHT, Theme
from ..wording import sampling as words
from .combo_box import ComboBox
from .crowding import Crowding
from .distribution_bars import DistributionBars
from .language import Sayings, follow_language
from .role_label import role_label
from .sampling_legend import legend_markup
from .text_run_panel import TextRunPanel

__all__ = ["CROWD_STEPS", "TEMPERATURE_STEPS", "SamplingView"]

#: What steps aside, in this order, while a tour scene about this tab is taller than its room (the
#: window measures: views/window_fitting.py): the row of models and temperature with the pair's
#: note (the scene sets them; its caption says what they show); the legends' place (the
#: distributions' legend moves under the whole row, on fewer lines; the histogram's legend
#: becomes the histogram's tooltip); the rules' heading and formulas (each rule's name and its
#: acceptance stay, the formula joins the name's tooltip: the bars get the width); then the
#: draws, while there are none (the empty histogram, its heading and its note step aside and the
#: Draw button stays), or, once there are, the rules' table (the draws are then what the class
#: is looking at).
CROWD_STEPS = ("controls", "legends", "formulas", "draws")

#: The slider's steps per unit of temperature, and its top (T = 3: flat enough to make the point).
TEMPERATURE_STEPS = 100
_SLIDER_TOP = 3.0


def _show(widget: QWidget, shown: bool) -> None:
    if widget.isHidden() == shown:
        widget.setVisible(shown)


class SamplingView(Crowding, QWidget):
    """Shows the sampling state and forwards the user's choices to it."""

    crowd_steps = CROWD_STEPS

    def __init__(
        self, state: SamplingState, text_state: TextRunState | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("samplingView")
        self.setProperty("role", "panel")
        self._state = state
        self._theme = LIGHT
        # What to say again after a language switch.
        self._sayings = Sayings()
        self._say = self._sayings.say
        self._say(self.setAccessibleName, lambda: words.TAB_TITLE)

        layout = QVBoxLayout(self)
        self.intro = intro = role_label("hint")
        self._say(intro.setText, lambda: words.INTRO)
        layout.addWidget(intro)

        controls = QHBoxLayout()
        pair_caption = role_label(wrap=False)
        self._say(pair_caption.setText, lambda: words.PAIR_LABEL)
        self.pair_input = ComboBox()
        self.pair_input.setObjectName("samplingPairInput")
        self._say(self.pair_input.setAccessibleName, lambda: words.PAIR_LABEL)
        self.pair_input.addItems([pair.name for pair in words.PAIRS])
        temperature_caption = role_label(wrap=False)
        self._say(temperature_caption.setText, lambda: words.TEMPERATURE_LABEL)
        self.temperature_slider = QSlider(Qt.Orientation.Horizontal)
        self.temperature_slider.setObjectName("samplingTemperatureSlider")
        self._say(self.temperature_slider.setAccessibleName, lambda: words.TEMPERATURE_LABEL)
        self.temperature_slider.setRange(0, round(_SLIDER_TOP * TEMPERATURE_STEPS))
        self.temperature_slider.setPageStep(TEMPERATURE_STEPS // 4)
        self.temperature_value = role_label(wrap=False)
        self.temperature_value.setObjectName("samplingTemperature")
        self._controls = (pair_caption, self.pair_input, temperature_caption)
        for widget, stretch in (
            (pair_caption, 0),
            (self.pair_input, 0),
            (temperature_caption, 0),
            (self.temperature_slider, 1),
            (self.temperature_value, 0),
        ):
            controls.addWidget(widget, stretch)
        self._controls += (self.temperature_slider, self.temperature_value)
        layout.addLayout(controls)
        self.pair_note = role_label("hint")
        self.pair_note.setObjectName("samplingPairNote")
        layout.addWidget(self.pair_note)

        middle = QHBoxLayout()
        self._left = left = QVBoxLayout()
        self.bars = DistributionBars("samplingBars", _("Target and draft distributions"))
        self._say(self.bars.setAccessibleName, lambda: _("Target and draft distributions"))
        self.legend = role_label("hint", rich=True)
        left.addWidget(self.bars, 1)
        left.addWidget(self.legend)
        middle.addLayout(left, 3)
        rules = QGridLayout()
        heading = role_label("heading")
        self._say(heading.setText, lambda: words.RULES_HEADING)
        rules.addWidget(heading, 0, 0, 1, 3)
        self._rules = [heading]
        self._rule_labels: list[tuple[QLabel, QLabel, str]] = []  # name, formula, the rule's id
        self.rule_values: dict[str, QLabel] = {}
        for row, rule in enumerate(RULES, start=1):
            name = role_label(wrap=False)
            formula = role_label("hint", wrap=False)
            formula.setText(words.RULE_TEXTS[rule].formula)
            value = role_label(wrap=False)
            value.setObjectName(f"acceptance_{rule.replace('-', '_')}")
            self._say(name.setText, lambda rule=rule: words.RULE_TEXTS[rule].name)
            for label in (name, formula, value):
                self._say(label.setToolTip, lambda rule=rule: words.RULE_TEXTS[rule].meaning)
            rules.addWidget(name, row, 0)
            rules.addWidget(formula, row, 1)
            rules.addWidget(value, row, 2, Qt.AlignmentFlag.AlignRight)
            self.rule_values[rule] = value
            self._rules += [name, formula, value]
            self._rule_labels.append((name, formula, rule))
        rules.setRowStretch(len(RULES) + 1, 1)
        middle.addLayout(rules, 2)
        layout.addLayout(middle, 1)
        self._middle = middle

        self._histogram_heading = histogram_heading = role_label("heading")
        self._say(histogram_heading.setText, lambda: words.HISTOGRAM_HEADING)
        layout.addWidget(histogram_heading)
        self._histogram_legend = histogram_legend = role_label("hint")
        self._say(histogram_legend.setText, lambda: words.HISTOGRAM_LEGEND)
        layout.addWidget(histogram_legend)
        lower = QHBoxLayout()
        self.histogram = DistributionBars("samplingHistogram", words.HISTOGRAM_HEADING)
        self._say(self.histogram.setAccessibleName, lambda: words.HISTOGRAM_HEADING)
        lower.addWidget(self.histogram, 3)
        self._side = side = QVBoxLayout()
        self.draw_button = QPushButton()
        self.draw_button.setObjectName("samplingDrawButton")
        self._say(self.draw_button.setText, lambda: words.DRAW_BUTTON)
        self.clear_button = QPushButton()
        self.clear_button.setObjectName("samplingClearButton")
        self._say(self.clear_button.setText, lambda: words.CLEAR_BUTTON)
        self.distance = role_label()
        self.distance.setObjectName("samplingDistance")
        side.addWidget(self.draw_button)
        side.addWidget(self.clear_button)
        side.addWidget(self.distance)
        side.addStretch(1)
        lower.addLayout(side, 2)
        layout.addLayout(lower, 1)
        # The real-text run (its models are built when it is first shown).
        self.text_panel = None if text_state is None else TextRunPanel(text_state)
        if self.text_panel is not None:
            layout.addWidget(self.text_panel, 2)

        self.pair_input.currentIndexChanged.connect(state.set_pair)
        self.temperature_slider.valueChanged.connect(
            lambda value: state.set_temperature(value / TEMPERATURE_STEPS)
        )
        self.draw_button.clicked.connect(lambda: state.add_draws(words.DRAW_BATCH))
        self.clear_button.clicked.connect(state.clear_draws)
        state.changed.connect(self.show_setup)
        self.show_setup(state.setup)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word again in the active language (View ▸ Language): the captions, headings,
        buttons and names, the pairs' names, and the figures' words (the real-text run follows
        by itself)."""
        self._sayings.again()
        for index, pair in enumerate(words.PAIRS):
            self.pair_input.setItemText(index, pair.name)
        self.show_setup(self._state.setup)

    def set_scene_mode(self, on: bool) -> None:
        """A tour scene about sampling shows the distributions, the rules and the draws whole:
        the real-text run, which no scene is about, and the introduction, which the scene's
        caption says, step aside (the tab shows them again after)."""
        for part in (self.text_panel, self.intro):
            if part is not None and part.isHidden() != on:
                part.setVisible(not on)
        for bars in (self.bars, self.histogram):
            bars.set_compact(on)
        if not on and self._crowding:
            self.set_crowding(0)

    def _step_aside(self, steps: frozenset[str]) -> None:
        """The tab with ``steps`` (of :data:`CROWD_STEPS`) aside: :meth:`Crowding.set_crowding`."""
        for widget in (*self._controls, self.pair_note):
            _show(widget, "controls" not in steps)
        # The distributions' legend: under its bars, or under the whole row (fewer lines).
        layout = self.layout()
        under_row = "legends" in steps
        if (layout.indexOf(self.legend) >= 0) != under_row:
            (layout if not under_row else self._left).removeWidget(self.legend)
            if under_row:
                layout.insertWidget(layout.indexOf(self._middle) + 1, self.legend)
            else:
                self._left.addWidget(self.legend)
        _show(self._histogram_legend, not under_row)
        self.histogram.setToolTip(words.HISTOGRAM_LEGEND if under_row else "")
        formulas = "formulas" not in steps
        _show(self._rules[0], formulas)
        for name, formula, rule in self._rule_labels:
            _show(formula, formulas)
            meaning = words.RULE_TEXTS[rule].meaning  # in the active language
            name.setToolTip(meaning if formulas else f"{formula.text()}: {meaning}")
        draws = "draws" in steps
        empty = self._state.setup.draws == 0
        for widget in (self._histogram_heading, self.histogram, self.distance, self.clear_button):
            _show(widget, not (draws and empty))
        for widget in self._rules:
            _show(widget, (widget is not self._rules[0] or formulas) and not (draws and not empty))
        for _name, formula, _rule in self._rule_labels:
            _show(formula, formulas and not (draws and not empty))

    def apply_theme(self, theme: Theme) -> None:
        """Recolour the bars and the legend."""
        self._theme = theme
        self.bars.apply_theme(theme)
        self.histogram.apply_theme(theme)
        if self.text_panel is not None:
            self.text_panel.apply_theme(theme)
        self._show_legend()

    def _show_legend(self) -> None:
        self.legend.setText(legend_markup(self._theme, self.devicePixelRatioF()))

    def show_setup(self, setup: SamplingSetup) -> None:
        """Show ``setup`` (no echo: the controls' signals are blocked while they are set)."""
        figures = sampling_figures(setup)
        pair = words.PAIRS[setup.pair]
        with QSignalBlocker(self.pair_input):
            self.pair_input.setCurrentIndex(setup.pair)
        with QSignalBlocker(self.temperature_slider):
            self.temperature_slider.setValue(round(setup.temperature * TEMPERATURE_STEPS))
        self.temperature_value.setText(words.temperature_text(setup.temperature))
        self.pair_note.setText(pair.note)
        self.bars.show_distributions(pair.tokens, figures.target, figures.draft)
        for rule, value in figures.acceptances.items():
            self.rule_values[rule].setText(localize(f"{value:.4f}"))  # 0,8143 in German
        self.histogram.show_histogram(pair.tokens, figures.written, figures.target)
        if figures.written is None:
            self.distance.setText(words.HISTOGRAM_EMPTY)
        else:
            self.distance.setText(words.distance_text(setup.draws, figures.distance))
        self.clear_button.setEnabled(setup.draws > 0)
        self._show_legend()
