"""What a user (or a cat on the keyboard) can do to the window, one function per kind of action.

Each action takes the main window and the run's random generator, and goes through Qt's event
system (QTest), so it exercises the same paths a person does: drag and step sliders, type
arbitrary text into entry boxes, click and double-click anywhere, turn the mouse wheel over the
chart, press keys and shortcuts, resize the window, change the draft shape, play the token run,
open and save files, paste measurements and act on them ("Use measured costs" among them).
:data:`ACTIONS` weighs them for :class:`~.monkey.Monkey`.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QWheelEvent
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

from ..model.trees.paths import format_paths

__all__ = [
    "ACTIONS",
    "change_assumption",
    "change_draft_shape",
    "click_somewhere",
    "dismiss_dialogs",
    "drag_slider",
    "open_a_file",
    "paste_measurements",
    "play_token_run",
    "press_key",
    "press_shortcut",
    "resize_window",
    "save_a_file",
    "step_slider",
    "type_into_entry",
    "use_measurement",
    "wheel_on_chart",
]

# Text a user might type into an entry box, wanted or not.
_TYPED_ALPHABET = string.digits * 4 + ".,-+eE " + string.ascii_letters + "×∞π½\u200b"
#: What the trees tab's text boxes are fed: path lists, number lists, and some noise.
_TREE_ALPHABET = string.digits * 3 + "()[],.  " * 3 + "x-e"
_KEYS = (
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
    Qt.Key.Key_Return,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Space,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Delete,
    Qt.Key.Key_0,
    Qt.Key.Key_5,
    Qt.Key.Key_Period,
    Qt.Key.Key_Minus,
    Qt.Key.Key_B,
    Qt.Key.Key_N,
    Qt.Key.Key_F1,
    Qt.Key.Key_F5,
    Qt.Key.Key_F11,
)


def _leaving_shortcuts() -> set[str]:
    """Shortcuts the monkey never presses: they end the session it is testing.

    (Built on demand: a standard key sequence needs a running QGuiApplication.)
    """
    return {QKeySequence(QKeySequence.StandardKey.Quit).toString(), "Ctrl+W", "Alt+F4", "Ctrl+Q"}


def _visible_children(window: QWidget, kind: type[QWidget]) -> list[QWidget]:
    return [w for w in window.findChildren(kind) if w.isVisible() and w.isEnabled()]


def _random_point(rng: random.Random, widget: QWidget) -> QPoint:
    return QPoint(rng.randrange(max(1, widget.width())), rng.randrange(max(1, widget.height())))


def _type_text(widget: QWidget, text: str) -> None:
    """Type ``text`` as key events carrying each character.

    (QTest.keyClicks maps characters to keys through Latin-1 and crashes on others such as
    "×" or "∞", which a user can still type with a compose key or paste.)
    """
    for char in text:
        key = ord(char.upper()) if char.isascii() and char.isalnum() else Qt.Key.Key_unknown
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, char))


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
        QTest.keyClick(slider, rng.choice(_KEYS[:8]))


def type_into_entry(window: QMainWindow, rng: random.Random) -> None:
    entries = [c.entry for c in window.controls.values() if c.entry.isVisible()]
    if not entries:
        return
    entry = rng.choice(entries)
    entry.setFocus()
    entry.lineEdit().selectAll()
    text = "".join(rng.choice(_TYPED_ALPHABET) for _ in range(rng.randint(0, 8)))
    _type_text(entry.lineEdit(), text)
    QTest.keyClick(entry, rng.choice((Qt.Key.Key_Return, Qt.Key.Key_Tab, Qt.Key.Key_Escape)))


def change_assumption(window: QMainWindow, rng: random.Random) -> None:
    """Open or close the Assumptions panel, type into one of its boxes, step one, or reset them."""
    panel = window.assumptions_panel
    choice = rng.random()
    if choice < 0.15 or not panel.expanded:
        panel.toggle.click()
        return
    if choice < 0.2:
        panel.reset.click()
        return
    if choice < 0.25:
        panel.simulate.click()
        return
    box = rng.choice(list(panel.boxes.values()))
    box.setFocus()
    if choice < 0.6:
        QTest.keyClick(
            box, rng.choice((Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown))
        )
        return
    box.lineEdit().selectAll()
    text = "".join(rng.choice(_TYPED_ALPHABET) for _ in range(rng.randint(0, 8)))
    _type_text(box.lineEdit(), text)
    QTest.keyClick(box, rng.choice((Qt.Key.Key_Return, Qt.Key.Key_Tab, Qt.Key.Key_Escape)))


def change_draft_shape(window: QMainWindow, rng: random.Random) -> None:
    """Pick a draft shape or preset, type into one of the trees tab's boxes, or draw a new check."""
    panel = window.tree_panel
    choice = rng.random()
    if choice < 0.1:
        window.show_tab("trees")
        return
    if choice < 0.3:
        combo = rng.choice((panel.kind, panel.preset))
        index = rng.randrange(combo.count())
        combo.setCurrentIndex(index)
        combo.activated.emit(index)
        return
    if choice < 0.4:
        panel.check_button.click()
        return
    if choice < 0.6:
        box = rng.choice((panel.budget, panel.depth, panel.steps, panel.topk, panel.draft_tokens))
        box.setValue(rng.randint(box.minimum(), box.maximum()))
        return
    line = rng.choice((panel.paths, panel.heads, panel.ranks))
    if rng.random() < 0.5:  # what an engineer pastes: a shape the model takes
        ranks = len(window.app_state.shape.shape.more_ranks) + 1
        text = _valid_tree_text(rng, line is panel.paths, line is panel.heads, ranks)
    else:
        text = "".join(rng.choice(_TREE_ALPHABET) for _ in range(rng.randint(0, 24)))
    line.setText(text)
    line.editingFinished.emit()


def _valid_tree_text(rng: random.Random, paths: bool, heads: bool, ranks: int) -> str:
    """A vLLM path list (prefix-closed, ranks below ``ranks``), Medusa heads or a rank vector."""
    if paths:
        tree: list[tuple[int, ...]] = []
        children: dict[tuple[int, ...], int] = {(): 0}
        for _ in range(rng.randint(1, 24)):
            parent = rng.choice(list(children))
            if children[parent] < ranks:
                node = (*parent, children[parent])
                children[parent] += 1
                children[node] = 0
                tree.append(node)
        return format_paths(tuple(sorted(tree, key=lambda path: (len(path), path))))
    if heads:
        return ", ".join(str(rng.randint(1, min(3, ranks))) for _ in range(rng.randint(1, 3)))
    return ", ".join(f"{rng.uniform(0.0, 0.2):.2f}" for _ in range(rng.randint(0, 3)))


def play_token_run(window: QMainWindow, rng: random.Random) -> None:
    """Play, step, seek, restart or reseed the token run; half the time a chain gives way to a tree
    first (through the Draft shape control), so the run's tree cycles are played and checked."""
    panel = window.tree_panel
    if window.app_state.shape.shape.kind == "chain" and rng.random() < 0.5:
        index = rng.randrange(1, panel.kind.count())
        panel.kind.setCurrentIndex(index)
        panel.kind.activated.emit(index)
    view = window.token_run
    controls = view.controls
    choice = rng.random()
    if choice < 0.03:  # seldom: a shown run repaints at every later move, which slows the pace
        window.show_tab("token-run")
    elif choice < 0.55:
        for _ in range(rng.randint(1, 12)):
            controls.step.click()
    elif choice < 0.7:
        controls.play.click()  # play or pause: a playing run plays on between bursts
    elif choice < 0.8:
        events = view.run.stream.k + 1  # a cycle's draft events and its check
        view.player.seek(rng.uniform(0.0, 300.0 * events))  # as a tour scene does
    elif choice < 0.9:
        controls.restart.click()
    else:
        controls.seed.setValue(rng.randrange(controls.seed.maximum() + 1))


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
    QTest.keyClick(target, rng.choice(_KEYS), modifiers)


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


def open_a_file(window: QMainWindow, rng: random.Random) -> None:
    """Ask for a scenario, tour or metrics file (the dialog is answered with a fuzzed one)."""
    wanted = rng.choice(
        ("action:file.open_scenario", "action:file.open_tour", "action:file.import_measurements")
    )
    action = window.findChild(QAction, wanted)
    if action is not None and action.isEnabled():
        action.trigger()


def paste_measurements(window: QMainWindow, rng: random.Random) -> None:
    """Copy a fuzzed engine log or table of runs at several k to the clipboard, and paste it."""
    from PySide6.QtGui import QGuiApplication

    from .fuzz_costs import fuzzed_cost_table
    from .fuzz_metrics import fuzzed_metrics

    _kind, data = (fuzzed_cost_table if rng.random() < 0.5 else fuzzed_metrics)(rng)
    QGuiApplication.clipboard().setText(data.decode("utf-8", "replace"))
    action = window.findChild(QAction, "action:file.paste_measurements")
    if action is not None and action.isEnabled():
        action.trigger()


def use_measurement(window: QMainWindow, rng: random.Random) -> None:
    """Act on what was imported: use the fitted p, the per-position curve or the measured costs
    (the tab's buttons or File ▸ Use measured costs), pin the run, or clear it all."""
    panel = window.measured_panel
    # The same draws whatever was imported (an import ends on a worker thread, at its own pace):
    # the same seed gives the same actions.
    choice, pick = rng.random(), rng.random()
    if choice < 0.1:
        window.show_tab("measured")
        return
    buttons = [
        b
        for b in (panel.use_button, panel.curve_button, panel.costs.use_button, panel.pin_run_button)
        if b.isVisibleTo(panel) and b.isEnabled()
    ]
    action = window.findChild(QAction, "action:file.use_measured_costs")
    if choice < 0.15:
        if panel.clear_button.isEnabled():
            panel.clear_button.click()
    elif choice < 0.5:
        if action is not None:
            action.trigger()  # disabled without fitted costs: then nothing happens
    elif buttons:
        buttons[int(pick * len(buttons))].click()


def save_a_file(window: QMainWindow, rng: random.Random) -> None:
    """Save the scenario or export the chart (the dialog is answered with a fuzzed place)."""
    wanted = rng.choice(
        (
            "action:file.save_scenario",
            "action:tour.save",
            "action:file.export_png",
            "action:file.export_svg",
            "action:file.export_csv",
        )
    )
    action = window.findChild(QAction, wanted)
    if action is not None and action.isEnabled():
        action.trigger()


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
