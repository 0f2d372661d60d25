"""What lecturers asked for (issue 21, points 6 and 7): a steady y-axis and a ghost of the curve,
a swept slider, predict-then-reveal, the laser pointer, the chart in words, and the run's sum
written so that it reads right."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt

from specdec_desktop.model import Parameters
from specdec_desktop.model.parameters import SPECS
from specdec_desktop.model.race import RaceTotals
from specdec_desktop.model.sweep import SWEEP_PERIOD_S, sweep_value
from specdec_desktop.views.token_run.totals_panel import format_totals
from specdec_desktop.wording.cards import HIDDEN_VALUE

from ..support.window import card_value, open_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
P = next(spec for spec in SPECS if spec.name == "p")


def y_top(window) -> float:
    return window.chart.getPlotItem().getViewBox().viewRange()[1][1]


@pytest.fixture
def window(qtbot):
    return open_window(qtbot, ["--no-settings"])


def test_the_y_axis_holds_during_a_drag_and_settles_after(qtbot, window):
    slider = window.controls["p"].slider
    before = y_top(window)
    slider.sliderPressed.emit()
    for position in range(76, 94):
        slider.setValue(position)
        assert y_top(window) == before or window.chart.curve.getData()[1].max() > before * 0.9
    assert window.state.params.p == pytest.approx(0.93)
    held = y_top(window)
    slider.sliderReleased.emit()
    assert y_top(window) != held  # the band at p + 0.10 = 1 now sets the range: it settles


def test_the_y_axis_stays_locked_in_a_tour_scene(qtbot, window):
    """Dragging p in scene 1 to 0.93 (the issue's case): the axis does not jump to 0-6."""
    window.services.tour.start(0)
    scene_top = y_top(window)
    slider = window.controls["p"].slider
    slider.sliderPressed.emit()
    slider.setValue(93)
    slider.sliderReleased.emit()
    assert y_top(window) < 6 * 0.98 and y_top(window) >= window.chart.curve.getData()[1].max()
    assert y_top(window) <= max(scene_top, 1.1 * 3.5)
    window.services.actions["edit.reset"].trigger()
    assert y_top(window) == scene_top


def test_a_ghost_shows_the_curve_from_before_a_change(qtbot, window):
    chart = window.chart
    assert not chart.ghost.isVisible()
    before = chart.curve.getData()[1].copy()
    window.state.set(p=0.85)
    assert chart.ghost.isVisible()
    assert list(chart.ghost.getData()[1]) == pytest.approx(list(before))
    window.state.set(p=0.9)  # the same change goes on: the ghost stays where it began
    assert list(chart.ghost.getData()[1]) == pytest.approx(list(before))
    qtbot.waitUntil(lambda: chart._settled, timeout=3000)
    at_rest = chart.curve.getData()[1].copy()
    window.state.set(p=0.6)  # the next change: the ghost is the curve it starts from
    assert list(chart.ghost.getData()[1][: len(at_rest)]) == pytest.approx(list(at_rest))


def test_sweep_value_goes_across_the_range_and_back():
    assert sweep_value(P, 0.0) == P.minimum
    assert sweep_value(P, SWEEP_PERIOD_S) == P.maximum
    assert sweep_value(P, 2 * SWEEP_PERIOD_S) == P.minimum
    assert sweep_value(P, SWEEP_PERIOD_S / 2) == pytest.approx(0.5)
    values = [sweep_value(P, t / 10) for t in range(int(SWEEP_PERIOD_S * 10) + 1)]
    assert values == sorted(values)
    with pytest.raises(ValueError, match="period"):
        sweep_value(P, 1.0, period=0)


def test_a_sweep_walks_the_star_and_is_one_undo_step(qtbot):
    now = [100.0]
    from specdec_desktop.app import build_window
    from specdec_desktop.launch.arguments import parse_options
    from specdec_desktop.state import AppState

    state = AppState(clock=lambda: now[0])
    window = build_window(parse_options(["--no-settings"]), app_state=state)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    steps = state.history.stack.count()
    button = window.controls["p"].sweep_button
    button.click()
    assert state.sweep.sweeping == "p" and button.isChecked()
    best = []
    for second in range(0, 9):
        now[0] = 100.0 + second
        state.sweep.tick()
        best.append(window.chart.best.getData()[0][0] if len(window.chart.best.getData()[0]) else None)
        assert window.state.params.p == pytest.approx(sweep_value(P, second))
    assert len({b for b in best if b is not None}) >= 3  # the star walked
    window.services.actions["view.sweep_p"].trigger()  # the key stops it too
    assert state.sweep.sweeping is None and not button.isChecked()
    assert state.history.stack.count() == steps + 1
    state.history.stack.undo()
    assert window.state.params == Parameters()


def test_predict_then_reveal(qtbot, window):
    presentation = window.app_state.presentation
    actions = window.services.actions
    qtbot.keyClick(window, K.Key_H, CTRL | SHIFT)
    assert presentation.answer_hidden and actions["view.predict"].isChecked()
    assert all(card_value(window, name) == HIDDEN_VALUE for name in window.cards)
    assert len(window.chart.best.getData()[0]) == 0 and not window.chart.best_label.isVisible()
    assert "4" not in window.chart.accessibleDescription()
    qtbot.keyClick(window, K.Key_V)
    assert not presentation.answer_hidden
    assert "4" in card_value(window, "bestCard")
    assert list(window.chart.best.getData()[0]) == [4]
    window.state.set(p=0.85)  # a new question
    assert presentation.answer_hidden and card_value(window, "speedupCard") == HIDDEN_VALUE
    qtbot.keyClick(window, K.Key_H, CTRL | SHIFT)
    assert not presentation.predicting and card_value(window, "bestCard") != HIDDEN_VALUE


def test_the_laser_pointer_follows_the_mouse_and_lets_clicks_through(qtbot, window):
    qtbot.keyClick(window, K.Key_L, CTRL)
    halo = window.services.presenting.laser
    assert window.app_state.presentation.laser and halo.isVisible()
    assert halo.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    halo.follow(QPoint(300, 200))
    assert halo.centre == QPoint(300, 200)
    image = halo.grab().toImage()
    assert image.pixelColor(300 + halo.radius, 200).red() > 200  # the yellow ring
    assert halo.radius >= 40
    qtbot.keyClick(window, K.Key_L, CTRL)
    assert not halo.isVisible()


def test_the_chart_in_words_follows_the_state(qtbot, window):
    chart = window.chart
    assert chart.accessibleName()
    text = chart.accessibleDescription()
    assert "peaks at k = 4" in text and "1.91×" in text and "past the peak" in text
    # The band: p 0.10 either side, and the speedups its edges give at the current k.
    assert "band is p from 0.650 to 0.850: there the speedup at k = 6 lies between 1.43× and 2.38×" in text
    window.state.set(p=0.5, c=0.5, k=1)
    text = chart.accessibleDescription()
    assert "do not speculate" in text and "below break-even" in text
    window.state.set(p=1.0, c=0.15)
    assert "no peak" in chart.accessibleDescription()


def test_the_runs_sum_reads_as_the_speedup_it_gives():
    totals = RaceTotals(
        passes=52.8,
        cycles_checked=33,
        draft_steps=66,
        accepted_tokens=75,
        plain_tokens=52,
        draft_cost=0.3,
        expected_speedup=2.0,
        achieved_speedup=108 / (33 * 1.6),
        standard_error=0.1,
        check_passes=33.0,
        cycle_cost=1.6,
    )
    text = format_totals(totals)["speedupError"]
    assert text.startswith("108 tokens ÷ 52.8 passes (33 cycles of 1.6 passes)")
    tokens, passes = (float(x) for x in re.findall(r"[\d.]+", text)[:2])
    assert tokens / passes == pytest.approx(totals.achieved_speedup, rel=1e-3)
    # The error stays on one line with its sign: a narrow totals panel wrapped "±" and "0.10" apart.
    assert text.endswith("±\u00a00.10")
