"""Application state: the objects that own what the app shows and emit when it changes."""

from .parameter_state import ParameterState

__all__ = ["ParameterState"]
