"""A seeded GUI monkey: random user actions on the whole window, with invariant checks.

Actions are what a user (or a cat on the keyboard) can do (:mod:`.user_actions`): drag and
step sliders, type arbitrary text into entry boxes, click and double-click anywhere, turn the
mouse wheel over the chart, press keys and shortcuts, resize the window, change the draft shape
(chain, best tree, SGLang's, a vLLM path list, Medusa heads: valid ones and noise), and play,
step, seek or restart the token run, often while a draft tree is active.  Every action goes
through Qt's event system (QTest), so it exercises the same paths a person does.  After each burst the
window's invariants are checked (:mod:`.window_checks`) and any escaped exception or Qt
critical message recorded by :class:`~.guard.FailureGuard` ends the run.  The same seed
replays the same actions.

Actions that would leave the fuzzed session are not taken: quitting and closing the window.
Modal dialogs are answered at once (:func:`.dialogs.answering_dialogs`), so a run never blocks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtWidgets import QApplication, QMainWindow

from ..text import _
from .dialogs import answering_dialogs
from .guard import FailureGuard
from .user_actions import ACTIONS
from .window_checks import window_problems

__all__ = ["ACTIONS", "FuzzResult", "Monkey", "answering_dialogs"]


@dataclass
class FuzzResult:
    seed: int
    actions: int = 0
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        if self.ok:
            return _("fuzz: {actions} actions, no failure (seed {seed})").format(
                actions=self.actions, seed=self.seed
            )
        recent = "; ".join(self.log[-5:])
        return _(
            "fuzz: FAILED after {actions} actions (seed {seed}): {failure} [last actions: {recent}]"
        ).format(actions=self.actions, seed=self.seed, failure=self.failures[0], recent=recent)


class Monkey:
    """Seeded random user actions on ``window``.

    Parameters
    ----------
    window : QMainWindow
        The main window (as built by ``create_main_window``).
    seed : int
        Seed of the action sequence; print it to replay a failure.
    burst : int
        Actions between two invariant checks.
    actions : list, optional
        (weight, action) pairs; :data:`ACTIONS` by default.
    """

    def __init__(self, window: QMainWindow, seed: int, burst: int = 25, actions=None) -> None:
        self.window = window
        self.seed = seed
        self.burst = burst
        self.rng = random.Random(seed)
        chosen = actions if actions is not None else ACTIONS
        #: Called for a path when the app asks for a file (None: cancel every file dialog).
        self.offer_file: Callable[[], str] | None = None
        #: Called for a path when the app asks where to save (None: as ``offer_file``).
        self.offer_save: Callable[[], str] | None = None
        #: Called after every action; what it returns are failures (files left damaged).
        self.after_action: Callable[[], list[str]] | None = None
        self._weights = [w for w, _ in chosen]
        self._actions = [a for _, a in chosen]

    def run(self, max_actions: int | None = None, seconds: float | None = None) -> FuzzResult:
        """Act until ``max_actions`` are done or ``seconds`` have passed (whichever comes first)."""
        result = FuzzResult(seed=self.seed)
        deadline = None if seconds is None else time.monotonic() + seconds
        with FailureGuard() as guard, answering_dialogs(self.rng, self.offer_file, self.offer_save):
            while (max_actions is None or result.actions < max_actions) and (
                deadline is None or time.monotonic() < deadline
            ):
                for _step in range(self.burst):
                    action = self.rng.choices(self._actions, self._weights)[0]
                    result.log.append(action.__name__)
                    del result.log[:-50]
                    action(self.window, self.rng)
                    result.actions += 1
                    if self.after_action is not None:
                        damaged = self.after_action()
                        if damaged:
                            result.failures = damaged
                            return result
                QApplication.processEvents()
                problems = guard.failures + window_problems(self.window)
                if problems:
                    result.failures = problems
                    return result
        return result
