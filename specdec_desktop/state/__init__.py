"""Application state: the objects that own what the app shows and emit when it changes."""

from .parameter_state import ParameterState
from .player import Player
from .run_state import RunState

__all__ = ["ParameterState", "Player", "RunState"]
