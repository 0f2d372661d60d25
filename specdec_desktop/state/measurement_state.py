"""The single owner of what an imported metrics file gave: :class:`MeasurementState`.

It holds the :class:`~specdec_desktop.measured.Fit` of the last import (or none), where it came
from, and the timings the user typed (draft ms per token, target ms per pass).  Derived figures
(the recommended k at the current draft cost, milliseconds per token) are computed from it and
the parameters when shown, never stored.  :attr:`MeasurementState.changed` is emitted once per
real change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:  # the measured package is imported with the first import of metrics
    from ..measured import Fit, Timings

__all__ = ["MeasurementState"]


class MeasurementState(QObject):
    """Owner of the imported measurement and the typed timings.

    Signals
    -------
    changed()
        Emitted after the fit, its origin or the timings changed.
    """

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._fit: Fit | None = None
        self._origin = ""
        self._timings: Timings | None = None

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
