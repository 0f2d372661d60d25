"""Every public name of docs/interface.md exists and behaves as described."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QDoubleSpinBox, QLabel, QMainWindow, QSlider, QSpinBox, QWidget

import specdec_desktop.model as model
from specdec_desktop.app import create_main_window
from specdec_desktop.cli import UsageError

from ..support.window import LAPTOP, open_window


def test_model_api_names():
    for name in ("expected_tokens", "cycle_cost", "speedup", "best_draft_length", "simulate_cycles"):
        assert callable(getattr(model, name))
    runs = model.simulate_cycles(0.75, 6, 1000, 3)
    assert runs.shape == (1000,) and np.issubdtype(runs.dtype, np.integer)
    assert runs.min() >= 0 and runs.max() <= 6
    assert np.array_equal(runs, model.simulate_cycles(0.75, 6, 1000, 3))


OBJECT_NAMES = {
    QSlider: ("draftLengthSlider", "acceptanceSlider", "draftCostSlider"),
    QSpinBox: ("draftLengthInput",),
    QDoubleSpinBox: ("acceptanceInput", "draftCostInput"),
}


def test_every_object_name_exists(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    assert isinstance(window, QMainWindow)
    for cls, names in OBJECT_NAMES.items():
        for name in names:
            assert window.findChild(cls, name) is not None, name
    for card in ("tokensCard", "costCard", "speedupCard", "bestCard"):
        widget = window.findChild(QWidget, card)
        assert widget is not None and widget.findChild(QLabel, "value") is not None
    import pyqtgraph as pg

    assert isinstance(window.findChild(QWidget, "speedupPlot"), pg.PlotWidget)
    assert window.findChild(QWidget, "tokenRun") is not None


def test_create_main_window_takes_argv(qtbot):
    window = create_main_window(["--k", "8", "--p", "0.8", "--c", "0.1"])
    qtbot.addWidget(window)
    assert window.findChild(QSpinBox, "draftLengthInput").value() == 8
    assert window.findChild(QDoubleSpinBox, "acceptanceInput").value() == pytest.approx(0.8)
    assert window.findChild(QDoubleSpinBox, "draftCostInput").value() == pytest.approx(0.1)


def test_create_main_window_rejects_bad_argv(qtbot):
    with pytest.raises(UsageError, match="--p"):
        create_main_window(["--p", "2"])


@pytest.mark.parametrize(
    ("setter", "check"),
    [
        (lambda w: w.findChild(QSlider, "draftLengthSlider").setValue(7), lambda w: w.state.params.k == 8),
        (lambda w: w.findChild(QSpinBox, "draftLengthInput").setValue(3), lambda w: w.state.params.k == 3),
        (lambda w: w.findChild(QSlider, "acceptanceSlider").setValue(50), lambda w: w.state.params.p == 0.5),
        (
            lambda w: w.findChild(QDoubleSpinBox, "acceptanceInput").setValue(0.9),
            lambda w: w.state.params.p == 0.9,
        ),
        (lambda w: w.findChild(QSlider, "draftCostSlider").setValue(40), lambda w: w.state.params.c == 0.4),
        (
            lambda w: w.findChild(QDoubleSpinBox, "draftCostInput").setValue(0.05),
            lambda w: w.state.params.c == 0.05,
        ),
    ],
)
def test_setting_any_control_updates_everything_before_returning(qtbot, setter, check):
    window = open_window(qtbot, size=LAPTOP, active=False)
    before = window.findChild(QWidget, "speedupCard").findChild(QLabel, "value").text()
    setter(window)
    assert check(window)
    after = window.findChild(QWidget, "speedupCard").findChild(QLabel, "value").text()
    figures = model.readouts(window.state.params)
    assert after == f"{figures.speedup:.2f}×"
    assert after != before
    assert window.chart.current.data["y"][0] == pytest.approx(figures.speedup)
