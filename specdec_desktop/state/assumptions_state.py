"""The single owner of the active assumptions.

:class:`AssumptionsState` holds one :class:`~specdec_desktop.model.Assumptions`
and emits :attr:`AssumptionsState.changed` once per real change (never when a
value is set to what it already is).  The Assumptions panel forwards input to
:meth:`AssumptionsState.set`; the cards, the chart, the run, files, settings and
exports read :attr:`AssumptionsState.assumptions` and keep no copy.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from ..model import DEFAULT_ASSUMPTIONS, Assumptions
from .evented import EventedValue

__all__ = ["AssumptionsState"]


class AssumptionsState(EventedValue):
    """Owner of the active assumptions (the original model's by default).

    Signals
    -------
    changed(Assumptions)
        Emitted after the assumptions changed, with the new value.
    """

    def __init__(self, assumptions: Assumptions | None = None, parent: QObject | None = None) -> None:
        super().__init__(assumptions if assumptions is not None else DEFAULT_ASSUMPTIONS, parent)

    @property
    def assumptions(self) -> Assumptions:
        return self._value

    def set(self, **values: Any) -> bool:
        """Change some assumptions (``state.set(spread=2.0)``); validate, then emit on a real change.

        Raises
        ------
        ValueError
            Naming the assumption, if a value is invalid; nothing changes then.
        """
        return self.set_value(self._value.with_values(**values))

    def set_assumptions(self, assumptions: Assumptions) -> bool:
        """Replace all six at once (one signal for the whole change)."""
        return self.set_value(assumptions)

    def reset(self) -> bool:
        """Back to the original model."""
        return self.set_value(DEFAULT_ASSUMPTIONS)

    def _accept(self, assumptions: Assumptions) -> Assumptions:
        if not isinstance(assumptions, Assumptions):
            raise ValueError(f"assumptions must be Assumptions, got {assumptions!r}")
        return assumptions
