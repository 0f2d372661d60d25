"""Reading and applying the whole configuration through AppState (issue 22, point 1), no window."""

from __future__ import annotations

import pytest

from specdec_desktop.model import Assumptions, Parameters
from specdec_desktop.model.configuration import DEFAULT_CONFIGURATION, Configuration
from specdec_desktop.model.trees import DraftShape
from specdec_desktop.state import AppState
from specdec_desktop.state.evented import EventedValue

from ..support.clock import FakeClock

SCENE = Configuration(Parameters(k=9, p=0.6, c=0.3), Assumptions(decay=0.9, knee=64.0, batch=32))


@pytest.fixture
def app_state(qapp):
    return AppState(history_clock=FakeClock(100.0))


def _count(signal) -> list:
    seen: list = []
    signal.connect(seen.append)
    return seen


def test_configuration_reads_every_owner(app_state):
    assert app_state.configuration() == DEFAULT_CONFIGURATION
    app_state.parameters.set(k=3)
    app_state.assumptions.set(spread=2.0)
    assert app_state.configuration() == Configuration(Parameters(k=3), Assumptions(spread=2.0))


def test_apply_is_one_step_with_one_signal_per_owner_that_changed(app_state):
    parameters, assumptions = _count(app_state.parameters.changed), _count(app_state.assumptions.changed)
    assert app_state.apply_configuration(SCENE, "tour scene 3")
    assert parameters == [SCENE.parameters] and assumptions == [SCENE.assumptions]
    assert app_state.configuration() == SCENE
    stack = app_state.history.stack
    assert stack.count() == 1 and stack.undoText() == "tour scene 3"
    # The same configuration again: no signal, no step.
    assert not app_state.apply_configuration(SCENE)
    assert len(parameters) == 1 and len(assumptions) == 1 and stack.count() == 1
    # Only the assumptions differ: only their owner speaks.
    assert app_state.apply_configuration(SCENE.with_values(decay=1.0))
    assert len(parameters) == 1 and len(assumptions) == 2 and stack.count() == 2


def test_undo_and_redo_restore_the_whole_configuration(app_state):
    app_state.apply_configuration(SCENE)
    app_state.history.stack.undo()
    assert app_state.configuration() == DEFAULT_CONFIGURATION
    app_state.history.stack.redo()
    assert app_state.configuration() == SCENE


def test_the_draft_shape_is_part_of_the_configuration(app_state):
    """A shape change is one undo step named for it, and undo brings the chain back."""
    shapes = _count(app_state.shape.changed)
    app_state.shape.set(kind="best", budget=12)
    assert app_state.configuration().shape == DraftShape(kind="best", budget=12)
    assert app_state.history.stack.undoText() == "change draft shape"
    app_state.history.stack.undo()
    assert app_state.configuration() == DEFAULT_CONFIGURATION and len(shapes) == 2
    tree = SCENE.with_values(kind="medusa", heads=(2, 2))
    assert app_state.apply_configuration(tree) and app_state.shape.shape.heads == (2, 2)


def test_a_refused_value_changes_no_owner(app_state):
    before = app_state.configuration()
    with pytest.raises(ValueError):
        app_state.owners.apply(Parameters(k=3))  # type: ignore[arg-type]
    assert app_state.configuration() == before and app_state.history.stack.count() == 0


def test_an_evented_value_emits_only_on_a_real_change(qtbot):
    owner = EventedValue(1)
    seen = _count(owner.changed)
    assert not owner.set_value(1)
    assert owner.set_value(2) and owner.value == 2
    assert seen == [2]
