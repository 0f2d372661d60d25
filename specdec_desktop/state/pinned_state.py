"""The single owner of the pinned configurations, and their undo.

:class:`PinnedState` holds a tuple of :class:`~specdec_desktop.model.pins.Pin` (at most six,
names unique) and emits :attr:`PinnedState.changed` once per real change.  Every change is
validated first and is all-or-nothing: a bad name, a seventh pin or a malformed set raises
``ValueError`` with a message for the user, and nothing changes.

:class:`PinnedHistory` puts each change on the window's undo stack (the same one as the
parameters', so Ctrl+Z walks back through both in order); like the parameters' history it
listens to the state, so no caller knows undo exists.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..model.configuration import Configuration
from ..model.pins import MAX_PINS, Pin, check_pins
from ..text import N_, Phrase, _
from .evented import EventedValue

__all__ = ["PinnedHistory", "PinnedState"]


class PinnedState(EventedValue):
    """Owner of the pinned configurations.

    Signals
    -------
    changed(tuple)
        Emitted after the pins changed, with the new tuple of :class:`Pin`.
    """

    def __init__(self, pins: Iterable[Pin] = (), parent: QObject | None = None) -> None:
        super().__init__(pins, parent)

    @property
    def pins(self) -> tuple[Pin, ...]:
        return self._value

    def next_name(self) -> str:
        """A free default name: "Pin 1", "Pin 2", ... (in the active language: "Pin 1" is the
        user's to keep or overwrite, and once pinned it is a name like any other)."""
        taken = {pin.name.casefold() for pin in self._value}
        number = 1
        while _("Pin {number}").format(number=number).casefold() in taken:
            number += 1
        return _("Pin {number}").format(number=number)

    def pin(self, name: str, configuration: Configuration) -> Pin:
        """Pin ``configuration`` as ``name``; ``ValueError`` (nothing changes) for a bad name, a name
        in use, or a seventh pin."""
        if len(self._value) >= MAX_PINS:
            raise ValueError(
                Phrase(N_("at most {limit} pins at once; remove one or clear them first"), limit=MAX_PINS)
            )
        pin = Pin(name, configuration)
        self.set_pins((*self._value, pin))
        return pin

    def remove(self, name: str) -> None:
        """Remove the pin called ``name``; ``ValueError`` if there is none."""
        kept = tuple(pin for pin in self._value if pin.name != name)
        if len(kept) == len(self._value):
            raise ValueError(Phrase(N_("there is no pin called {name}"), name=repr(name)))
        self.set_pins(kept)

    def clear(self) -> None:
        self.set_pins(())

    def set_pins(self, pins: Iterable[Pin]) -> bool:
        """Replace the whole set (validated first; one signal); return whether it changed."""
        return self.set_value(pins)

    def _accept(self, pins: Iterable[Pin]) -> tuple[Pin, ...]:
        return check_pins(pins)


class _PinsChange(QUndoCommand):
    def __init__(self, history: PinnedHistory, before: tuple[Pin, ...], after: tuple[Pin, ...], text: str):
        super().__init__(text)
        self._history = history
        self.before = before
        self.after = after
        self._done = True  # pushed after the state already changed

    def undo(self) -> None:
        self._history._apply(self.before)

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self._history._apply(self.after)


class PinnedHistory(QObject):
    """Puts every change of ``state`` on ``stack`` as one undo step."""

    def __init__(self, state: PinnedState, stack: QUndoStack, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.stack = stack
        self._seen = state.pins
        self._applying = False
        state.changed.connect(self._on_changed)

    def forget(self) -> None:
        """Take the current pins as the starting point (after a scenario set them at start-up)."""
        self._seen = self.state.pins

    def set_quietly(self, pins: tuple[Pin, ...]) -> None:
        """Set ``pins`` without an undo step: for a change that is not the user's (the bundled
        tour's pins renamed by a change of language)."""
        self._apply(pins)

    def _on_changed(self, pins: tuple[Pin, ...]) -> None:
        before, self._seen = self._seen, pins
        if self._applying:
            return
        self.stack.push(_PinsChange(self, before, pins, _describe(before, pins)))

    def _apply(self, pins: tuple[Pin, ...]) -> None:
        self._applying = True
        try:
            self.state.set_pins(pins)
        finally:
            self._applying = False
            self._seen = self.state.pins


def _describe(before: tuple[Pin, ...], after: tuple[Pin, ...]) -> str:
    if not after:
        return _("clear pins")
    added = [pin for pin in after if pin not in before]
    removed = [pin for pin in before if pin not in after]
    if len(added) == 1 and not removed:
        return _("pin {name}").format(name=added[0].name)
    if len(removed) == 1 and not added:
        return _("unpin {name}").format(name=removed[0].name)
    return _("change pins")
