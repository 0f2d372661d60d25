"""The single owner of what an imported metrics file gave: :class:`MeasurementState`.

It holds the :class:`~specdec_desktop.measured.Fit` of the last import (or none), where it came
from, the timings the user typed (draft ms per token, target ms per pass), and the last per-k
cost table imported (runs of a benchmark at several k: its per-batch fit,
:class:`~specdec_desktop.measured.cost_table.BatchCosts`, and where it came from).  Derived
figures (the recommended k at the current draft cost, milliseconds per token, the measured
speedup at each k the chart draws) are computed from it and the parameters when shown, never
stored.  :attr:`MeasurementState.changed` is emitted once per real change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:  # the measured package is imported with the first import of metrics
    from ..measured import Fit, Timings
    from ..measured.cost_table import BatchCosts

__all__ = ["MeasurementState"]


class MeasurementState(QObject):
    """Owner of the imported measurement and the typed timings.

    Signals
    -------
    changed()
        Emitted after the fit, its origin, the timings or the cost table changed.
    """

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._fit: Fit | None = None
        self._origin = ""
        self._timings: Timings | None = None
        self._costs: tuple[BatchCosts, ...] = ()
        self._costs_origin = ""

    @property
    def fit(self) -> Fit | None:
        """The fit of the last import, or ``None`` before any."""
        return self._fit

    @property
    def origin(self) -> str:
        """Where the measurement came from (file paths, or "clipboard")."""
        return self._origin

    @property
    def timings(self) -> Timings | None:
        """Timings the user gave, or ``None``."""
        return self._timings

    @property
    def costs(self) -> tuple[BatchCosts, ...]:
        """The per-batch fit of the last cost table imported (empty before any)."""
        return self._costs

    @property
    def costs_origin(self) -> str:
        """Where the cost table came from (file names, or "clipboard")."""
        return self._costs_origin

    @property
    def is_empty(self) -> bool:
        """Nothing imported: no fit and no cost table."""
        return self._fit is None and not self._costs

    def set_fit(self, fit: Fit | None, origin: str = "") -> bool:
        """Show a new measurement (``None`` forgets it); ``True`` when it changed."""
        if fit is self._fit and origin == self._origin:
            return False
        self._fit, self._origin = fit, origin if fit is not None else ""
        self.changed.emit()
        return True

    def set_timings(self, timings: Timings | None) -> bool:
        """Set (or forget) the timings; ``True`` when they changed."""
        if timings == self._timings:
            return False
        self._timings = timings
        self.changed.emit()
        return True

    def set_costs(self, costs: tuple[BatchCosts, ...], origin: str = "") -> bool:
        """Show a new cost table's fit (empty forgets it); ``True`` when it changed."""
        costs = tuple(costs)
        if costs == self._costs and origin == self._costs_origin:
            return False
        self._costs, self._costs_origin = costs, origin if costs else ""
        self.changed.emit()
        return True

    def clear(self) -> bool:
        """Forget the measurement, the cost table and the timings (one signal); ``True`` when
        there was something to forget."""
        if self.is_empty and self._timings is None:
            return False
        self._fit, self._origin, self._timings = None, "", None
        self._costs, self._costs_origin = (), ""
        self.changed.emit()
        return True
