"""Names for the window's containers that take the keyboard focus, for screen readers.

A scroll area or a tab widget that can hold the focus is announced by its name; without one a
screen reader says only "client".  The window's layout (views/main_window.py) owns these widgets;
this table names them by objectName, in the active language, again after a language switch.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractScrollArea, QMainWindow, QWidget

from ..text import N_, _
from ..views.language import follow_language

__all__ = ["CONTAINER_NAMES", "name_containers"]

#: objectName → accessible name (English, marked for the catalogue).
CONTAINER_NAMES = {
    "leftColumn": N_("Parameters, formulas and assumptions"),
    "lowerTabs": N_("The run and the explanations"),
    "tokenRunScroll": N_("One run, token by token"),
    "compareScroll": N_("Compare configurations"),
    "measuredScroll": N_("Measured"),
    "treeScroll": N_("Draft trees"),
    "samplingScroll": N_("Where p comes from"),
    "helpScroll": N_("Keyboard shortcuts"),
    "speedupPlot": N_("Chart of speedup against draft length"),
}


def _apply(window: QMainWindow) -> None:
    for name, english in CONTAINER_NAMES.items():
        widget = window.findChild(QWidget, name)
        if widget is None:
            continue
        if not widget.accessibleName() or widget.property("containerNamed"):
            widget.setAccessibleName(_(english))  # ours to name (a widget's own name is kept)
            widget.setProperty("containerNamed", True)
        if isinstance(widget, QAbstractScrollArea):
            viewport = widget.viewport()
            if not viewport.accessibleName() or viewport.property("containerNamed"):
                viewport.setAccessibleName(widget.accessibleName())
                viewport.setProperty("containerNamed", True)


class _ChartArrival(QObject):
    """The chart comes after the first paint (app.run): name it when it joins its slot."""

    def __init__(self, window: QMainWindow, slot: QWidget) -> None:
        super().__init__(slot)
        self._window = window
        slot.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ChildPolished:
            _apply(self._window)
        return False


def name_containers(window: QMainWindow) -> None:
    """Name the focusable containers that have no name of their own; follow language switches."""
    _apply(window)
    follow_language(window, lambda: _apply(window))
    slot = window.findChild(QWidget, "chartSlot")
    if slot is not None and window.findChild(QWidget, "speedupPlot") is None:
        _ChartArrival(window, slot)
