"""PinnedState: one signal per real change, all-or-nothing validation, undo on the shared stack."""

from __future__ import annotations

import pytest

from specdec_desktop.model import Parameters
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.model.pins import MAX_PINS
from specdec_desktop.state import AppState


@pytest.fixture
def app_state(qapp):
    state = AppState()
    yield state
    state.deleteLater()


def test_pin_emits_once_and_bad_input_changes_nothing(app_state):
    pinned = app_state.pinned
    seen = []
    pinned.changed.connect(seen.append)
    pinned.pin("first", Configuration(Parameters(k=6, p=0.75, c=0.15)))
    assert len(seen) == 1 and seen[0][0].name == "first"
    for bad, message in [("", "needs a name"), ("x" * 33, "at most 32"), ("FIRST", "exists already")]:
        with pytest.raises(ValueError, match=message):
            pinned.pin(bad, Configuration(Parameters()))
    assert len(seen) == 1 and len(pinned.pins) == 1
    assert not pinned.set_pins(pinned.pins)  # the same set: no signal
    assert len(seen) == 1


def test_more_than_six_pins_is_refused(app_state):
    pinned = app_state.pinned
    for i in range(MAX_PINS):
        pinned.pin(pinned.next_name(), Configuration(Parameters(p=0.5 + i / 20)))
    assert pinned.next_name() == "Pin 7"
    with pytest.raises(ValueError, match="at most 6 pins"):
        pinned.pin("seventh", Configuration(Parameters()))
    assert len(pinned.pins) == MAX_PINS


def test_pins_are_undoable_with_the_parameters(app_state):
    pinned, stack = app_state.pinned, app_state.history.stack
    pinned.pin("a", Configuration(Parameters()))
    app_state.parameters.set(p=0.9)
    pinned.pin("b", Configuration(Parameters(k=3)))
    pinned.clear()
    assert pinned.pins == ()
    stack.undo()
    assert [pin.name for pin in pinned.pins] == ["a", "b"]
    stack.undo()
    assert [pin.name for pin in pinned.pins] == ["a"]
    stack.undo()
    assert app_state.parameters.params.p == 0.75
    stack.redo()
    stack.redo()
    assert [pin.name for pin in pinned.pins] == ["a", "b"]
    pinned.remove("a")
    assert stack.undoText() == "unpin a"
    with pytest.raises(ValueError, match="no pin called"):
        pinned.remove("zzz")
