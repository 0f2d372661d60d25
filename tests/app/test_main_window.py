"""The main window: controls <-> state <-> cards <-> chart (qtbot)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox, QSlider, QSpinBox

from specdec_desktop.model import Parameters, speedup

from ..support.window import LAPTOP, card_value, open_window


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, size=LAPTOP, active=False)


def _widgets(window):
    find = window.findChild
    return {
        "k": (find(QSlider, "draftLengthSlider"), find(QSpinBox, "draftLengthInput")),
        "p": (find(QSlider, "acceptanceSlider"), find(QDoubleSpinBox, "acceptanceInput")),
        "c": (find(QSlider, "draftCostSlider"), find(QDoubleSpinBox, "draftCostInput")),
    }


def test_defaults_shown(window):
    assert card_value(window, "tokensCard") == "3.47"
    assert card_value(window, "costCard") == "1.90"
    assert card_value(window, "speedupCard") == "1.82×"
    assert card_value(window, "bestCard") == "k = 4"
    widgets = _widgets(window)
    assert widgets["k"][1].value() == 6
    assert widgets["p"][1].value() == pytest.approx(0.75)
    assert widgets["c"][1].value() == pytest.approx(0.15)


def test_slider_updates_entry_cards_and_chart_synchronously(window):
    slider, entry = _widgets(window)["p"]
    slider.setValue(85)  # no event loop turn in between
    assert entry.value() == pytest.approx(0.85)
    assert window.state.params.p == pytest.approx(0.85)
    assert card_value(window, "speedupCard") == "2.38×"
    assert card_value(window, "bestCard") == "k = 6"
    _x, y = window.chart.curve.getData()
    assert y[6] == pytest.approx(speedup(0.85, 6, 0.15))
    assert window.chart.current.data["y"][0] == pytest.approx(speedup(0.85, 6, 0.15))


def test_entry_updates_slider_and_state(window):
    slider, entry = _widgets(window)["k"]
    entry.setValue(10)
    assert slider.value() == 9  # slider positions count steps above k = 1
    assert window.state.params.k == 10
    assert card_value(window, "costCard") == "2.50"


def test_fine_entry_value_is_kept_exactly(window):
    slider, entry = _widgets(window)["c"]
    entry.setValue(0.155)
    assert window.state.params.c == pytest.approx(0.155)
    assert slider.value() == round(0.155 / 0.01)


def test_state_change_updates_widgets_without_echo(window, qtbot):
    renders = window.render_count
    with qtbot.assertNotEmitted(window.controls["k"].edited):
        window.state.set(k=9, p=0.6)
    assert window.render_count == renders + 1  # one change, one recompute
    slider, entry = _widgets(window)["k"]
    assert (slider.value(), entry.value()) == (8, 9)
    assert card_value(window, "bestCard") == "k = 2"


def test_one_user_change_is_one_recompute(window):
    renders = window.render_count
    _widgets(window)["c"][0].setValue(30)
    assert window.render_count == renders + 1
    _widgets(window)["c"][0].setValue(30)  # same value: nothing to do
    assert window.render_count == renders + 1


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        (Qt.Key.Key_Right, 0.76),
        (Qt.Key.Key_Left, 0.74),
        (Qt.Key.Key_PageUp, 0.85),
        (Qt.Key.Key_PageDown, 0.65),
        (Qt.Key.Key_Home, 0.0),
        (Qt.Key.Key_End, 1.0),
    ],
)
def test_keyboard_steps_on_slider(window, qtbot, key, expected):
    slider, _ = _widgets(window)["p"]
    slider.setFocus()
    qtbot.keyClick(slider, key)
    assert window.state.params.p == pytest.approx(expected)


def test_typing_in_entry_commits_on_enter(window, qtbot):
    _, entry = _widgets(window)["k"]
    entry.setFocus()
    entry.selectAll()
    qtbot.keyClicks(entry, "12")
    assert window.state.params.k == 6  # not per keystroke
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.state.params.k == 12


def test_rejected_typing_shows_message_and_changes_nothing(window, qtbot):
    _, entry = _widgets(window)["p"]
    entry.setFocus()
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), "x")
    control = window.controls["p"]
    assert control.error.isVisibleTo(window)
    assert "0.000 to 1.000" in control.error.text()
    assert window.state.params == Parameters()


@pytest.mark.parametrize(("name", "typed"), [("p", "1.5"), ("c", "-0.2"), ("k", "200"), ("k", "0")])
def test_typed_out_of_range_says_so_and_changes_nothing(window, qtbot, name, typed):
    """A whole number typed out of range is refused on Enter, not clamped (1.5 does not set 1.000)."""
    _, entry = _widgets(window)[name]
    shown = entry.text()
    entry.setFocus()
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), typed)
    assert entry.lineEdit().text() == typed  # every keystroke taken: the whole number is judged
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    control = window.controls[name]
    assert window.state.params == Parameters()
    assert entry.text() == shown
    assert control.error.isVisibleTo(window)
    assert f"{typed} was not applied" in control.error.text()


def test_one_formatter_for_a_parameter_value(window, qtbot):
    """The entry box, the card and the copied readouts write p the same way, all its digits kept."""
    from specdec_desktop.export.readout_text import readout_text

    window.state.set(p=0.7512, c=0.001)
    _, entry = _widgets(window)["p"]
    assert entry.text() == "0.7512"
    assert "p = 0.7512, c = 0.001" in window.cards["bestCard"].detail.text()
    assert "p = 0.7512, c = 0.001" in readout_text(window.state.params)


@pytest.mark.parametrize(
    ("params", "best_text", "speedup_text"),
    [
        (dict(p=0.0), "don't speculate", "0.53×"),
        (dict(p=1.0), "no peak", "3.68×"),
        (dict(c=0.0), "no peak", "3.47×"),
        (dict(k=1), "k = 4", "1.52×"),
        (dict(k=128), "k = 4", "0.20×"),
    ],
)
def test_edge_cases(window, params, best_text, speedup_text):
    window.state.set(**params)
    assert card_value(window, "bestCard") == best_text
    assert card_value(window, "speedupCard") == speedup_text


def test_no_peak_says_what_it_tends_to(window):
    window.state.set(p=1.0)
    best = window.findChild(type(window.cards["bestCard"]), "bestCard")
    assert "6.67×" in best.detail.text()
    assert window.chart.best.data.size == 0
    window.state.set(p=0.75, c=0.0)
    assert "4.00×" in best.detail.text()


def test_slower_than_plain_decoding_is_said(window):
    window.state.set(p=0.0)
    assert "slower" in window.cards["speedupCard"].detail.text()


def test_chart_band_is_clamped_and_covers_p_plus_minus_ten(window):
    window.state.set(p=0.95)
    _x, lower = window.chart.lower.getData()
    _, upper = window.chart.upper.getData()
    assert lower[3] == pytest.approx(speedup(0.85, 3, 0.15))
    assert upper[3] == pytest.approx(speedup(1.0, 3, 0.15))  # 1.05 clamped to 1
    window.state.set(p=0.05)
    _, lower = window.chart.lower.getData()
    assert lower[3] == pytest.approx(speedup(0.0, 3, 0.15))


def test_chart_x_range_holds_current_and_best_k(window):
    for params in (dict(k=128), dict(p=0.99, c=0.01, k=8), dict(k=1, p=0.3)):
        window.state.set(**params)
        (x0, x1), _ = window.chart.getPlotItem().viewRange()
        r = window.state.params
        assert x0 <= 0 and x1 >= r.k
        best = window.chart.best.data["x"]
        if best.size:
            assert x1 >= best[0]
    window.state.set(p=0.99, c=0.01, k=8)
    assert window.chart.best.data["x"][0] == 113


def test_chart_markers_and_break_even(window):
    chart = window.chart
    assert chart.break_even.value() == 1.0
    region = chart.slower.rect()  # speedup 0 to 1, across every x the view can show
    assert (region.top(), region.bottom()) == (0.0, 1.0)
    assert region.left() < 0 and region.right() > chart.getPlotItem().getViewBox().viewRange()[0][1]
    assert chart.best.data["x"][0] == 4
    assert chart.best.data["y"][0] == pytest.approx(1.906738281, rel=1e-9)
    assert chart.current.data["x"][0] == 6
    (_, _), (y0, y1) = chart.getPlotItem().viewRange()
    _, upper = chart.upper.getData()
    assert y0 <= 0 and y1 >= np.max(upper)


def test_cards_have_spoken_names(window):
    assert window.cards["speedupCard"].accessibleName() == "Speedup 1.82 times"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_layout_fits_without_clipping(qtbot, size):
    window = open_window(qtbot, size=LAPTOP, active=False)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    image = window.grab().toImage()
    assert image.width() == size[0]
    # Every card's figure fits its card at this size.
    for card in window.cards.values():
        label = card.value
        assert label.fontMetrics().horizontalAdvance(label.text()) <= card.contentsRect().width()
    for control in window.controls.values():
        assert control.slider.width() >= 150


def test_draft_length_box_agrees_in_number(window, qtbot):
    entry = _widgets(window)["k"][1]
    window.state.set(k=1)
    assert entry.text() == "1 token"
    window.state.set(k=7)
    assert entry.text() == "7 tokens"
    entry.setFocus()
    entry.lineEdit().selectAll()
    qtbot.keyClicks(entry.lineEdit(), "12")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert window.state.params.k == 12
    assert entry.text() == "12 tokens"


def test_best_k_zero_label_is_not_cut_at_the_left_edge(window):
    window.state.set(p=0.5, c=0.5, k=1)
    label = window.chart.best_label
    assert label.toPlainText() == "best k = 0"
    width, height = window.chart.plot_size()
    x0, y0, x1, y1 = window.chart.label_boxes()["best"]
    assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height


def test_one_label_when_the_current_k_is_the_best(window):
    window.state.set(p=0.75, c=0.15, k=4)
    assert window.chart.current_label.toPlainText() == "k = 4: 1.91×, the best"
    assert "best" not in window.chart.label_boxes()
