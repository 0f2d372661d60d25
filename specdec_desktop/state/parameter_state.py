"""The single owner of the parameters.

:class:`ParameterState` holds one :class:`~specdec_desktop.model.Parameters`
and emits :attr:`ParameterState.changed` once per real change (never when a
value is set to what it already is).  Views subscribe to it and forward user
input to :meth:`ParameterState.set`; none of them keeps a copy.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from ..model import Parameters, invariants, readouts
from .evented import EventedValue

__all__ = ["ParameterState"]


class ParameterState(EventedValue):
    """Owner of the current parameters.

    Signals
    -------
    changed(Parameters)
        Emitted after the parameters changed, with the new value.
    """

    def __init__(self, params: Parameters | None = None, parent: QObject | None = None) -> None:
        super().__init__(params if params is not None else Parameters(), parent)

    @property
    def params(self) -> Parameters:
        return self._value

    def set(self, **values: Any) -> bool:
        """Change some parameters (``state.set(k=8)``); validate, then emit if anything changed.

        Returns
        -------
        bool
            Whether the parameters changed.

        Raises
        ------
        ValueError
            Naming the parameter, if a value is out of range; nothing changes then.
        """
        return self.set_value(self._value.with_values(**values))

    def set_params(self, params: Parameters) -> bool:
        """Replace all parameters at once (one signal for the whole change)."""
        return self.set_value(params)

    def _accept(self, params: Parameters) -> Parameters:
        if not isinstance(params, Parameters):
            raise ValueError(f"parameters must be Parameters, got {params!r}")
        if invariants.enabled() and getattr(self, "_value", None) not in (None, params):
            invariants.check_readouts(readouts(params))
        return params
