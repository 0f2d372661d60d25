"""The "Where p comes from" tab: it shows the sampling state and forwards input to it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from specdec_desktop.model.sampling import acceptances, softmax
from specdec_desktop.state.sampling_state import SamplingState, sampling_figures
from specdec_desktop.views.sampling_view import TEMPERATURE_STEPS, SamplingView
from specdec_desktop.wording.sampling import DRAW_BATCH, PAIRS


@pytest.fixture
def view(qtbot):
    state = SamplingState()
    widget = SamplingView(state)
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return state, widget


def _value(widget: QWidget, rule: str) -> float:
    return float(widget.findChild(QLabel, f"acceptance_{rule.replace('-', '_')}").text())


def test_the_worked_example_shows_each_rules_acceptance(view):
    _state, widget = view
    assert widget.objectName() == "samplingView"
    pair = PAIRS[0]
    expected = acceptances(softmax(pair.target_logits), softmax(pair.draft_logits))
    for rule, value in expected.items():
        assert _value(widget, rule) == pytest.approx(value, abs=5e-5)
    assert _value(widget, "probabilistic") == pytest.approx(0.8143, abs=5e-5)


def test_the_rules_acceptances_follow_the_languages_numbers(view):
    # Each rule's acceptance was written with a dot in every language (0.8143 beside German words).
    from specdec_desktop import text

    _state, widget = view
    label = widget.findChild(QLabel, "acceptance_probabilistic")
    try:
        assert text.activate("de") is None
        assert label.text() == "0,8143"
    finally:
        text.activate(text.ENGLISH)
    assert label.text() == "0.8143"


def test_the_temperature_slider_reshapes_both_distributions(view, qtbot):
    state, widget = view
    slider = widget.findChild(QWidget, "samplingTemperatureSlider")
    slider.setFocus()
    slider.setValue(0)
    assert state.setup.temperature == 0.0
    assert _value(widget, "greedy") == 0.0  # the worked example's top tokens differ
    assert "greedy" in widget.findChild(QLabel, "samplingTemperature").text()
    qtbot.keyClick(slider, Qt.Key.Key_PageUp)
    assert state.setup.temperature == pytest.approx(slider.pageStep() / TEMPERATURE_STEPS)


def test_state_changes_show_without_echo(view, qtbot):
    state, widget = view
    edits = []
    state.changed.connect(edits.append)
    state.set_pair(2)
    state.set_temperature(0.5)
    assert len(edits) == 2  # pushing the state into the combo box and slider sent nothing back
    assert widget.findChild(QWidget, "samplingPairInput").currentIndex() == 2
    assert widget.findChild(QWidget, "samplingTemperatureSlider").value() == round(0.5 * TEMPERATURE_STEPS)
    figures = sampling_figures(state.setup)
    assert _value(widget, "strict") == pytest.approx(figures.acceptances["strict"], abs=5e-5)


def test_the_pair_box_forwards_to_the_state(view):
    state, widget = view
    widget.findChild(QWidget, "samplingPairInput").setCurrentIndex(3)
    assert state.setup.pair == 3
    assert widget.findChild(QLabel, "samplingPairNote").text() == PAIRS[3].note


def test_draws_fill_the_histogram_and_the_distance_shrinks(view, qtbot):
    state, widget = view
    button = widget.findChild(QWidget, "samplingDrawButton")
    distance = widget.findChild(QLabel, "samplingDistance")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert state.setup.draws == DRAW_BATCH
    assert "10,000 draws" in distance.text()
    first = sampling_figures(state.setup).distance
    for _ in range(9):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert "100,000 draws" in distance.text()
    assert sampling_figures(state.setup).distance < first
    qtbot.mouseClick(widget.findChild(QWidget, "samplingClearButton"), Qt.MouseButton.LeftButton)
    assert state.setup.draws == 0
    # A new temperature starts the draws again: they were of other distributions.
    state.add_draws(DRAW_BATCH)
    state.set_temperature(2.0)
    assert state.setup.draws == 0


def test_out_of_range_input_is_refused_and_changes_nothing():
    state = SamplingState()
    before = state.setup
    for call in (
        lambda: state.set_temperature(1e6),
        lambda: state.set_temperature(-1),
        lambda: state.set_pair(99),
    ):
        with pytest.raises(ValueError, match=r"temperature|pair"):
            call()
    assert state.setup == before


def test_the_window_has_the_tab(qtbot):
    from ..support.window import LAPTOP, open_window

    window = open_window(qtbot, size=LAPTOP, active=False)
    window.show_tab("sampling")
    assert window.tabs.currentWidget().widget().objectName() == "samplingView"
    assert window.findChild(QWidget, "samplingView") is window.sampling_view
    window.app_state.sampling.add_draws(DRAW_BATCH)
    assert "10,000 draws" in window.findChild(QLabel, "samplingDistance").text()


def test_about_credits_the_bundled_text(qtbot):
    from ..support.window import LAPTOP, open_window

    window = open_window(qtbot, size=LAPTOP, active=False)
    box = window.services.show_about()
    try:
        assert "William Shakespeare (public domain)" in box.text()
        assert "char-rnn" in box.text()
        assert "Shakespeare" in box.detailedText()
    finally:
        box.close()


def test_a_crowded_scene_steps_the_tabs_parts_aside(view, qtbot):
    """A tour scene about the tab, zoomed in: the controls, the legends' place, the rules'
    formulas, then the empty histogram (the Draw button stays) or, with draws, the rules."""
    from specdec_desktop.views.sampling_view import CROWD_STEPS

    state, widget = view
    widget.set_scene_mode(True)
    widget.set_crowding(len(CROWD_STEPS))
    assert not widget.pair_input.isVisible() and not widget.pair_note.isVisible()
    assert widget.layout().indexOf(widget.legend) >= 0  # under the whole row
    assert widget.histogram.toolTip()
    assert not widget.histogram.isVisible() and widget.draw_button.isVisible()
    name, formula, _meaning = widget._rule_labels[0]
    assert not formula.isVisible() and formula.text() in name.toolTip()
    assert all(value.isVisible() for value in widget.rule_values.values())
    state.add_draws(DRAW_BATCH)
    widget.set_crowding(len(CROWD_STEPS))
    assert widget.histogram.isVisible() and not any(v.isVisible() for v in widget.rule_values.values())
    widget.set_scene_mode(False)  # the tab whole again
    assert widget.crowding == 0 and widget.pair_input.isVisible() and formula.isVisible()
    assert widget.layout().indexOf(widget.legend) < 0 and widget.histogram.toolTip() == ""
    assert all(value.isVisible() for value in widget.rule_values.values())


def test_a_wrapped_legend_never_leaves_a_swatch_or_half_a_formula_alone():
    from specdec_desktop.views.sampling_legend import legend_entry

    entry = legend_entry("<img>", "p − q where p is larger (hatched): the target's correction")
    assert "<img>&nbsp;p&nbsp;−&nbsp;q " in entry  # the swatch, p, the sign and q stay on one line
    assert "&lt;" in legend_entry("<img>", "a <b> tag")  # plain text, never markup
