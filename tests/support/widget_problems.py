"""What the layout check finds wrong with one widget: a text cut or elided without a tooltip, a
number cut in its box, a tab outside its bar, chart labels on top of one another.

Used by :func:`tests.support.layout_check.check_window`, which walks the window.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QLabel,
    QTabBar,
    QToolButton,
    QWidget,
)

__all__ = [
    "button_problem",
    "chart_label_problems",
    "describe",
    "inside_scroll_area",
    "label_problem",
    "plain",
    "rect_in_window",
    "spin_box_problem",
    "tab_problems",
]


def rect_in_window(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def label_problem(label: QLabel) -> str | None:
    if not label.text() or label.toolTip():
        return None
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + 1:
            return f"needs {needed} px of height, has {label.height()}"
        return None
    hint = label.sizeHint()
    if hint.width() > label.width() + 1:
        return f"needs {hint.width()} px of width, has {label.width()}"
    if label.fontMetrics().height() > label.height() + 1:
        return f"a line needs {label.fontMetrics().height()} px of height, has {label.height()}"
    return None


def button_problem(button: QAbstractButton) -> str | None:
    text = plain(button.text())
    if not text:
        return None
    if isinstance(button, QToolButton) and button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
        return None if button.toolTip() else "shows only its icon and has no tooltip"
    room = button.width() - (button.iconSize().width() + 4 if not button.icon().isNull() else 0) - 4
    needed = button.fontMetrics().horizontalAdvance(text)
    if needed > room:
        return f"text needs {needed} px, has {room}"
    return None


def spin_box_problem(box: QAbstractSpinBox) -> str | None:
    """A number in a box is never cut ("6 tokens", "0.750"): its text fits the box's editor."""
    editor = box.lineEdit()
    if editor is None:
        return None
    text = editor.text() or box.text()
    margins = editor.textMargins()
    room = editor.contentsRect().width() - margins.left() - margins.right() - 4  # QLineEdit's own margin
    needed = editor.fontMetrics().horizontalAdvance(text)
    if needed > room:
        return f"its number {text!r} needs {needed} px, has {room}"
    return None


def tab_problems(bar: QTabBar) -> list[str]:
    problems = []
    for index in range(bar.count()):
        rect = bar.tabRect(index)
        if rect.right() > bar.width() or rect.left() < 0:
            problems.append(f"tab {bar.tabText(index)!r} is outside its bar")
        elif rect.width() + 1 < bar.tabSizeHint(index).width() and not bar.tabToolTip(index):
            problems.append(f"tab {bar.tabText(index)!r} is elided without a tooltip")
    return problems


def describe(widget: QWidget) -> str:
    name = widget.objectName() or type(widget).__name__
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = " " + repr(plain(widget.text())[:40])
    return f"{type(widget).__name__} {name}{text}"


def inside_scroll_area(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def chart_label_problems(chart) -> list[str]:
    """Chart labels that overlap each other or leave the plot."""
    problems = []
    width, height = chart.plot_size()
    boxes = chart.label_boxes()
    for key, (x0, y0, x1, y1) in boxes.items():
        if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5:
            problems.append(f"label {key!r} leaves the plot")
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
            problems.append(f"labels {a!r} and {b!r} overlap")
    return problems
