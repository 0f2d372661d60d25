"""A parameter change repaints the chart once, and a change of k alone only around the markers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QRect

from specdec_desktop.app import create_main_window


class _Paints(QObject):
    """Records the rectangles of a widget's paint events."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.rects: list[QRect] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rects.append(event.rect())
        return False


@pytest.fixture
def window(qtbot):
    window = create_main_window([])
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window


def _settle(qtbot, paints, count):
    qtbot.waitUntil(lambda: len(paints.rects) >= count)
    qtbot.wait(100)  # anything queued behind the first paint would show up here


@pytest.mark.parametrize(
    "change",
    [{"p": 0.8}, {"c": 0.3}, {"k": 40}],  # k = 40 moves the x-range, which pyqtgraph applies lazily
    ids=["p", "c", "k with a new range"],
)
def test_one_change_one_chart_paint(window, qtbot, change):
    paints = _Paints(window.chart.viewport())
    window.state.set(**change)
    _settle(qtbot, paints, 1)
    assert len(paints.rects) == 1


def test_k_alone_repaints_only_around_the_markers(window, qtbot):
    viewport = window.chart.viewport()
    curve_before = window.chart.curve.getData()[1]
    paints = _Paints(viewport)
    window.state.set(k=7)  # same p, c and x-range: the curves stay
    _settle(qtbot, paints, 1)
    assert window.chart.curve.getData()[1] is curve_before
    painted = paints.rects[0]
    assert painted.width() * painted.height() < 0.25 * viewport.width() * viewport.height()
