"""What a user (or a cat on the keyboard) can do to the window, and how often the monkey does it.

Each action takes the main window and the run's random generator, and goes through Qt's event
system (QTest), so it exercises the same paths a person does.  Here: drag and step sliders, type
arbitrary text into entry boxes, click and double-click anywhere, turn the mouse wheel over the
chart, press keys and shortcuts, resize the window, answer dialogs.  The panels' actions (the
assumptions, the draft shape, the token run, using a measurement) are in :mod:`.panel_actions`,
opening, saving and pasting files in :mod:`.file_actions`, typing in :mod:`.keyboard`.
:data:`ACTIONS` weighs them all for :class:`~.monkey.Monkey`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QApplication,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from .file_actions import open_a_file, paste_measurements, save_a_file
from .keyboard import KEYS, type_junk
from .panel_actions import change_assumption, change_draft_shape, play_token_run, use_measurement

__all__ = [
    "ACTIONS",
    "click_somewhere",
    "dismiss_dialogs",
    "drag_slider",
    "press_key",
    "press_shortcut",
    "resize_window",
    "step_slider",
    "type_into_entry",
    "wheel_on_chart",
]


def _leaving_shortcuts() -> set[str]:
    """Shortcuts the monkey never presses: they end the session it is testing.

    (Built on demand: a standard key sequence needs a running QGuiApplication.)
    """
    return {QKeySequence(QKeySequence.StandardKey.Quit).toString(), "Ctrl+W", "Alt+F4", "Ctrl+Q"}


def _visible_children(window: QWidget, kind: type[QWidget]) -> list[QWidget]:
    return [w for w in window.findChildren(kind) if w.isVisible() and w.isEnabled()]


def _random_point(rng: random.Random, widget: QWidget) -> QPoint:
    return QPoint(rng.randrange(max(1, widget.width())), rng.randrange(max(1, widget.height())))


# -- actions: each takes (window, rng) and does one thing a user could do -------------------


def drag_slider(window: QMainWindow, rng: random.Random) -> None:
    sliders = _visible_children(window, QAbstractSlider)
    if not sliders:
        return
    slider = rng.choice(sliders)
    slider.setFocus()
    slider.setSliderDown(True)  # as when the handle is grabbed: one drag, many values
    for _ in range(rng.randint(1, 6)):
        slider.setSliderPosition(rng.randint(slider.minimum(), slider.maximum()))
    slider.setSliderDown(False)


def step_slider(window: QMainWindow, rng: random.Random) -> None:
    sliders = _visible_children(window, QAbstractSlider)
    if sliders:
        slider = rng.choice(sliders)
        slider.setFocus()
        QTest.keyClick(slider, rng.choice(KEYS[:8]))


def type_into_entry(window: QMainWindow, rng: random.Random) -> None:
    entries = [c.entry for c in window.controls.values() if c.entry.isVisible()]
    if not entries:
        return
    entry = rng.choice(entries)
    entry.setFocus()
    type_junk(entry, rng)


def click_somewhere(window: QMainWindow, rng: random.Random) -> None:
    target = window.childAt(_random_point(rng, window)) or window
    if isinstance(target, QAbstractButton) and target.text().lower() in ("quit", "close"):
        return
    point = _random_point(rng, target)
    if rng.random() < 0.3:
        QTest.mouseDClick(target, Qt.MouseButton.LeftButton, pos=point)
    else:
        QTest.mouseClick(
            target, rng.choice((Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton)), pos=point
        )


def wheel_on_chart(window: QMainWindow, rng: random.Random) -> None:
    chart = window.chart
    if chart is None or not chart.isVisible():
        return
    viewport = chart.viewport()
    pos = QPointF(_random_point(rng, viewport))
    delta = rng.choice((-360, -120, 120, 360))
    event = QWheelEvent(
        pos,
        QPointF(viewport.mapToGlobal(pos.toPoint())),
        QPoint(0, 0),
        QPoint(0, delta),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


def press_key(window: QMainWindow, rng: random.Random) -> None:
    target = QApplication.focusWidget() or window
    modifiers = rng.choice(
        (Qt.KeyboardModifier.NoModifier,) * 4
        + (Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.ControlModifier)
    )
    QTest.keyClick(target, rng.choice(KEYS), modifiers)


def press_shortcut(window: QMainWindow, rng: random.Random) -> None:
    sequences = []
    leaving = _leaving_shortcuts()
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            text = sequence.toString()
            if text and text not in leaving:
                sequences.append(sequence)
    if not sequences:
        return
    sequence = rng.choice(sequences)
    combined = sequence[0]
    QTest.keyClick(QApplication.focusWidget() or window, combined.key(), combined.keyboardModifiers())


def dismiss_dialogs(window: QMainWindow, rng: random.Random) -> None:
    """Answer the app's non-blocking message boxes, as a user clicking OK would."""
    for box in QApplication.topLevelWidgets():
        if isinstance(box, QMessageBox) and box.isVisible():
            box.accept()
        elif isinstance(box, QInputDialog) and box.isVisible():  # the draft length an import asks for
            box.reject()


def resize_window(window: QMainWindow, rng: random.Random) -> None:
    # At a large zoom the window's minimum can pass any fixed size: never ask below it.  The
    # layout is brought up to date first, so the minimum (and the draw) does not depend on
    # whether Qt has yet handled a pending layout request (the same seed, the same actions).
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    window.layout().activate()
    minimum = window.minimumSizeHint()
    width = rng.randint(minimum.width(), max(minimum.width(), 2200))
    height = rng.randint(minimum.height(), max(minimum.height(), 1400))
    window.resize(width, height)


#: (weight, action): how often each kind of action is drawn.
ACTIONS: list[tuple[int, Callable[[QMainWindow, random.Random], None]]] = [
    (5, drag_slider),
    (4, step_slider),
    (4, type_into_entry),
    (3, change_assumption),
    (2, change_draft_shape),
    (3, play_token_run),
    (4, click_somewhere),
    (2, wheel_on_chart),
    (4, press_key),
    (2, press_shortcut),
    (1, resize_window),
    (2, dismiss_dialogs),
    (1, open_a_file),
    (1, paste_measurements),
    (1, use_measurement),
    (1, save_a_file),
]
