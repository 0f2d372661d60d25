"""Undo and redo of configuration changes (a ``QUndoStack`` that watches the configuration's owners).

A step records the whole :class:`~specdec_desktop.model.configuration.Configuration` before and
after (the parameters, the assumptions when their state is given, and any part added later), so
undo brings every part back as it was.

The history listens to each owner's ``changed`` signal, so every way of
changing the configuration (slider, entry box, tour scene, opened scenario,
reset) is undoable without each of them knowing about undo.  What counts as
*one step*:

* a slider drag, from ``sliderPressed`` to ``sliderReleased``
  (:meth:`ParameterHistory.begin_gesture` / :meth:`end_gesture`), however many
  values it passed through;
* everything inside one :meth:`ParameterHistory.step` block (a reset, a tour
  scene, an opened scenario), never merged with its neighbours;
* otherwise, a run of changes to the *same* parameter less than
  :data:`MERGE_SECONDS` apart: holding an arrow key or turning the mouse wheel
  is one step, while deliberate presses a moment apart are one step each.

A step that ends where it began (drag out and back) is dropped.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..model import ASSUMPTION_SPECS, SPECS
from ..model.configuration import Configuration
from ..model.trees.shape import SHAPE_FIELDS, SHAPE_LABELS
from ..text import _
from .assumptions_state import AssumptionsState
from .configuration_owners import ConfigurationOwners
from .parameter_state import ParameterState

__all__ = ["MERGE_SECONDS", "ParameterHistory"]

#: Changes to one parameter closer together than this merge into one undo step.
MERGE_SECONDS = 0.6
_LABELS = {spec.name: spec.label.lower() for spec in (*SPECS, *ASSUMPTION_SPECS)} | SHAPE_LABELS


def _label(name: str) -> str:
    """How an undo step names the value ``name`` ("acceptance rate"; a new part by its name), in
    the active language (the lower-case labels are catalogue messages: devtools/extract.py)."""
    return _(_LABELS.get(name, name.replace("_", " ")))


class _Change(QUndoCommand):
    """The configuration before and after one step; merges with the next change of the same key."""

    def __init__(
        self, history: ParameterHistory, before: Configuration, after: Configuration, text: str, key
    ):
        super().__init__(text)
        self._history = history
        self.before = before
        self.after = after
        self.key = key
        self._done = True  # pushed after the state already changed

    def id(self) -> int:
        return 1 if self.key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _Change) or other.key != self.key:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True

    def undo(self) -> None:
        self._history._apply(self.before)

    def redo(self) -> None:
        if self._done:
            self._done = False  # the first redo is the change that already happened
            return
        self._history._apply(self.after)


class ParameterHistory(QObject):
    """Undo/redo for one configuration's owners.

    Parameters
    ----------
    state : ParameterState
        The parameters' owner, to watch and to restore.
    clock : callable
        Seconds, monotonic; tests pass a fake one.
    assumptions : AssumptionsState, optional
        The assumptions' owner, watched and restored with the parameters.
    owners : ConfigurationOwners, optional
        Every part's owner (what :class:`~.app_state.AppState` passes); replaces ``state`` and
        ``assumptions`` as what is watched.
    """

    def __init__(
        self,
        state: ParameterState,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
        assumptions: AssumptionsState | None = None,
        owners: ConfigurationOwners | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.assumptions = assumptions
        if owners is None:
            owners = ConfigurationOwners(
                parameters=state, **({"assumptions": assumptions} if assumptions is not None else {})
            )
        self.owners = owners
        self.stack = QUndoStack(self)
        self._clock = clock
        self._seen = self._now()
        self._applying = False
        self._serial = itertools.count(1)
        self._gesture: int | None = None
        self._step: tuple[int, str] | None = None
        self._last: tuple[str, float, int] | None = None  # parameter, time, burst serial
        for owner in owners:
            owner.changed.connect(self._on_changed)

    def _now(self) -> Configuration:
        """What one step records: the whole configuration."""
        return self.owners.current()

    # -- grouping -------------------------------------------------------------------------

    def begin_gesture(self) -> None:
        """A slider drag started: changes until :meth:`end_gesture` are one step."""
        self._gesture = next(self._serial)

    def end_gesture(self) -> None:
        self._gesture = None
        self._last = None  # the next keystroke starts a new step

    @contextmanager
    def step(self, text: str) -> Iterator[None]:
        """Changes made inside the block are one undo step called ``text``."""
        outer = self._step
        if outer is None:
            self._step = (next(self._serial), text)
        try:
            yield
        finally:
            self._step = outer
            self._last = None

    def clear(self) -> None:
        """Forget every step (after a scenario replaces the whole set-up at start-up)."""
        self.stack.clear()
        self._seen = self._now()
        self._last = None

    # -- recording ------------------------------------------------------------------------

    def _on_changed(self, _value: object) -> None:
        before, self._seen = self._seen, self._now()
        after = self._seen
        if self._applying:
            return
        names = after.differences(before)
        if not names:
            return
        if self._step is not None:
            key, text = ("step", self._step[0]), self._step[1]
        elif self._gesture is not None:
            key, text = ("drag", self._gesture), _("drag {name}").format(name=_label(names[0]))
        elif len(names) == 1:
            now = self._clock()
            name = names[0]
            if self._last is not None and self._last[0] == name and now - self._last[1] < MERGE_SECONDS:
                serial = self._last[2]
            else:
                serial = next(self._serial)
            self._last = (name, now, serial)
            key, text = ("burst", serial), _("change {name}").format(name=_label(name))
        elif set(names) <= set(SHAPE_FIELDS):
            key, text = None, _("change draft shape")
        else:
            key, text = None, _("change parameters")
        self.stack.push(_Change(self, before, after, text, key))

    def _apply(self, snapshot: Configuration) -> None:
        self._applying = True
        try:
            self.owners.apply(snapshot)
        finally:
            self._applying = False
            self._seen = self._now()
            self._last = None
