"""A zoom step and a theme switch paint the window once.

Qt paints a window twice in one update when the window is marked for repaint before its
children (the whole window, then each child's part again).  The restyle (``MainWindow.apply_theme``)
asks for the window's repaint after its children's; turned off and on around it, the window's
updates made every widget paint twice per step (views/window_fitting.py, ``_restyling``).
"""

from __future__ import annotations

import collections

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from ..support.window import open_window


class _PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.counts: collections.Counter[int] = collections.Counter()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.counts[id(watched)] += 1
        return False


@pytest.mark.parametrize(
    ("change", "each_once"),
    [
        (lambda view: view.set_zoom(1.25), True),
        (lambda view: view.set_zoom(0.8), True),
        (lambda view: view.set_theme_choice("projector"), True),
        # A change of colour alone lays nothing out: the two scroll areas' pages (opaque, each
        # painted on its own first) are painted again under their children's parts.  The window
        # itself is painted once (it was twice, and every widget with it).
        (lambda view: view.set_theme_choice("dark"), False),
    ],
    ids=["zoom in", "zoom out", "projector", "dark"],
)
def test_a_restyle_paints_the_window_once(qtbot, change, each_once):
    window = open_window(qtbot, active=False)
    app = QApplication.instance()
    app.processEvents()
    counter = _PaintCounter()
    app.installEventFilter(counter)
    try:
        change(window.services.view)
        app.processEvents()
    finally:
        app.removeEventFilter(counter)
    assert counter.counts[id(window)] == 1
    assert len(counter.counts) > 50  # the whole window was painted
    if each_once:
        painted_again = [count for count in counter.counts.values() if count > 1]
        assert not painted_again, f"{len(painted_again)} widgets painted twice"
