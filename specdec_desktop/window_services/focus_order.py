"""Tab and Shift+Tab walk the whole window in reading order, and come round again.

The order is the page as it reads: each parameter's slider, entry box and ▶, the assumptions,
the four cards, the chart/map switch (one stop; the arrows choose), the chart (or the map), the
lower tab bar, then the controls of each tab's page (the run's Play, Step, Restart, Speed and
Seed first).  Every widget of the window that takes the focus by Tab is in the order, so
nothing is skipped and nothing is reached out of order; hidden widgets are passed over.  The
window walks it itself (``MainWindow.focusNextPrevChild``): Qt's own chain also holds containers
whose focus proxy would send Tab back to a stop already passed.

Each of them shows that it has the focus: Qt's own rings, the style's (cards and panels,
``theme/widget_style.py``), and the chart's slot, whose frame follows the chart's focus.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QMainWindow,
    QMenuBar,
    QScrollArea,
    QTabBar,
    QWidget,
)

from ..model.parameters import NAMES

__all__ = ["apply_reading_order", "reading_order"]


def _takes_tab(widget: QWidget) -> bool:
    """Whether Tab stops on ``widget`` itself.

    One with a focus proxy hands the focus on (not a stop); of a group of exclusive buttons (the
    chart/map switch) Tab stops on the checked one only and the arrows choose, as for radio buttons.
    """
    if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus or widget.focusProxy() is not None:
        return False
    if isinstance(widget, QAbstractButton) and widget.isCheckable():
        group = widget.group()
        if (group is not None and group.exclusive()) or widget.autoExclusive():
            return widget.isChecked()
    return True


def _focusable_inside(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` (itself included) that Tab may reach, in creation order.

    A spin box stands for its line edit (Qt passes the focus to it), and nothing inside a menu
    bar or a spin box is listed on its own.
    """
    found = [root] if _takes_tab(root) else []
    for widget in root.findChildren(QWidget):
        parent = widget.parentWidget()
        if isinstance(parent, (QAbstractSpinBox, QMenuBar, QTabBar)):
            continue
        if _takes_tab(widget) and widget.window() is root.window():
            found.append(widget)
    return found


def reading_order(window: QMainWindow) -> list[QWidget]:
    """Every widget of ``window`` that Tab reaches, in the order Tab should reach them."""
    ordered: list[QWidget] = []
    for name in NAMES:
        control = window.controls[name]
        ordered += [control.slider, control.entry]
        if control.sweep_button is not None:
            ordered.append(control.sweep_button)
    ordered += _focusable_inside(window.assumptions_panel)
    ordered += list(window.cards.values())
    ordered += _focusable_inside(window.compare.switch)
    if window.chart is not None:
        ordered.append(window.chart)
    map_view = getattr(window.compare, "map_view", None)
    if map_view is not None:
        ordered += _focusable_inside(map_view)
    ordered.append(window.tabs.tabBar())
    for index in range(window.tabs.count()):
        ordered += _focusable_inside(window.tabs.widget(index))
    seen: set[int] = set()
    unique = []
    for widget in ordered:
        if id(widget) not in seen:
            seen.add(id(widget))
            unique.append(widget)
    # Anything else that takes the focus (a panel added later) comes last rather than nowhere.
    for widget in _focusable_inside(window.centralWidget()):
        if id(widget) not in seen:
            seen.add(id(widget))
            unique.append(widget)
    return unique


class _FocusRing(QObject):
    """Repaints the chart's slot when the chart gains or loses the focus (its frame is the ring)."""

    def __init__(self, slot: QWidget, chart: QWidget) -> None:
        super().__init__(chart)
        self._slot = slot
        chart.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self._slot.update()
        return False


def apply_reading_order(window: QMainWindow) -> None:
    """Chain :func:`reading_order` as the window's Tab order (again after the chart or map arrive).

    The scroll areas that only hold a column or a tab's page take no focus of their own: Tab goes
    to what they hold (and they scroll it into view); a stop on the container would show nothing.
    """
    for area in window.findChildren(QScrollArea):
        if area.widgetResizable() and area.window() is window:
            area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    chart = window.chart
    if chart is not None and chart.findChild(_FocusRing) is None:
        chart.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        slot = chart.parentWidget()
        if slot is not None:
            slot.setFocusProxy(chart)
            _FocusRing(slot, chart)
    for first, second in itertools.pairwise(reading_order(window)):
        QWidget.setTabOrder(first, second)
    # Qt's chain also holds containers with a focus proxy (the tab widget) that would send Tab
    # back to their proxy: the window walks this order itself (MainWindow.focusNextPrevChild).
    window.reading_order = lambda: reading_order(window)
