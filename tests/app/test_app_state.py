"""State is made in one place (AppState) and handed to the window, its views and its services."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut

from specdec_desktop.app import build_window
from specdec_desktop.launch import LaunchOptions
from specdec_desktop.model import Parameters
from specdec_desktop.shortcuts import SHORTCUTS
from specdec_desktop.state import AppState, ParameterState, Player, RunState


def test_the_window_views_and_services_share_one_state_bundle(qtbot):
    state = AppState(Parameters(k=5))
    window = build_window(LaunchOptions(parameters={"p": 0.6}), app_state=state)
    qtbot.addWidget(window)
    assert window.app_state is state and state.parent() is window
    # The launch sets the start state: defaults, then the options (the bundle only holds it).
    assert window.state is state.parameters and state.parameters.params == Parameters(p=0.6)
    assert window.token_run.run is state.run and window.token_run.player is state.player
    assert window.services.view is state.view and window.services.history is state.history
    # No view or service made state of its own.
    for kind in (ParameterState, RunState, Player):
        assert window.findChildren(kind) == [getattr(state, name) for name in _NAMES[kind]]


_NAMES = {ParameterState: ["parameters"], RunState: ["run"], Player: ["player"]}


def test_the_run_keys_are_bound_once(qtbot):
    """Each key of the run has one binding in the window (two would be ambiguous and neither fires)."""
    window = build_window()
    qtbot.addWidget(window)
    run_keys = {QKeySequence(key) for row in SHORTCUTS if row.id.startswith("run.") for key in row.keys}
    shortcuts = [item for item in window.findChildren(QShortcut) if item.key() in run_keys]
    assert shortcuts == []  # bound through the window's actions instead
    for action_id, bound in window.token_run.shortcuts.items():
        assert bound is window.services.actions[action_id]
