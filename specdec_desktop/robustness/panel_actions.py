"""The fuzzer's actions on the window's panels: the assumptions, the draft shape, the token run,
and what was measured (each takes the main window and the run's random generator).
"""

from __future__ import annotations

import random
import string

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow

from ..model.trees.paths import format_paths
from .keyboard import type_junk

__all__ = ["change_assumption", "change_draft_shape", "play_token_run", "use_measurement"]

#: What the trees tab's text boxes are fed: path lists, number lists, and some noise.
_TREE_ALPHABET = string.digits * 3 + "()[],.  " * 3 + "x-e"


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
    type_junk(box, rng)


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
