"""The Assumptions panel's worked examples step aside and come back whole, the focus kept."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from specdec_desktop.views.assumptions_panel import AssumptionsPanel

_KEEP: list[QWidget] = []  # the window outlives the helper that built it


def _shown_panel(qtbot) -> AssumptionsPanel:
    window = QWidget()
    panel = AssumptionsPanel()
    QVBoxLayout(window).addWidget(panel)
    qtbot.addWidget(window)
    _KEEP[:] = [window]
    panel.show_worked({name: f"worked example for {name}" for name in panel.worked})
    panel.set_expanded(True)
    window.show()
    qtbot.waitExposed(window)
    return panel


def test_worked_examples_come_back_in_an_open_panel(qtbot) -> None:
    panel = _shown_panel(qtbot)
    panel.set_worked_shown(False)
    assert not any(label.isVisible() for label in panel.worked.values())
    panel.set_worked_shown(True)
    assert all(label.isVisible() for label in panel.worked.values())
    assert panel.expanded and panel.body.isVisible()


def test_focus_in_a_box_stays_when_the_examples_come_back(qtbot) -> None:
    panel = _shown_panel(qtbot)
    panel.set_worked_shown(False)
    box = next(iter(panel.boxes.values()))
    panel.window().activateWindow()
    box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    focused = QApplication.focusWidget()
    assert panel.body.isAncestorOf(focused)
    panel.set_worked_shown(True)
    assert QApplication.focusWidget() is focused
    assert all(label.isVisible() for label in panel.worked.values())
