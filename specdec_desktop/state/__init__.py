"""Application state: the objects that own what the app shows and emit when it changes.

:class:`AppState` makes them all, once (:mod:`.app_state`).
"""

from .app_state import AppState
from .assumptions_state import AssumptionsState
from .parameter_state import ParameterState
from .pinned_state import PinnedState
from .player import Player
from .run_state import RunState

__all__ = ["AppState", "AssumptionsState", "ParameterState", "PinnedState", "Player", "RunState"]
