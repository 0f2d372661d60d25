"""The single owner of the draft shape (chain, best tree, SGLang's, a path list, Medusa's).

:class:`ShapeState` holds one :class:`~specdec_desktop.model.trees.DraftShape` (the
configuration's ``shape`` part) and emits :attr:`ShapeState.changed` once per real change; undo,
Reset, pins, scenarios, the settings and the tour carry it through the configuration's owners.
The trees panel forwards input to :meth:`ShapeState.set`; the cards, the chart's tree curve and
the tree diagram read :attr:`ShapeState.shape` and keep no copy.  It also owns the seed of the
simulated check the diagram highlights (a new check is a new seed), so the picture is
reproducible.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from ..model.trees import DraftShape
from .evented import EventedValue

__all__ = ["ShapeState"]


class ShapeState(EventedValue):
    """Owner of the draft shape (the chain by default) and of the diagram's check seed.

    Signals
    -------
    changed(DraftShape)
        Emitted after the shape changed, with the new value.
    check_changed(int)
        Emitted after the seed of the highlighted check changed.
    """

    check_changed = Signal(int)

    def __init__(self, shape: DraftShape | None = None, parent: QObject | None = None) -> None:
        super().__init__(shape if shape is not None else DraftShape(), parent)
        self._check_seed = 1

    @property
    def shape(self) -> DraftShape:
        return self._value

    @property
    def check_seed(self) -> int:
        return self._check_seed

    def set(self, **values: Any) -> bool:
        """Change some fields (``state.set(kind="best", budget=12)``); validate, then emit on a real change.

        Raises
        ------
        ValueError
            Naming the field, if a value is invalid; nothing changes then.
        """
        return self.set_shape(self._value.with_values(**values))

    def set_shape(self, shape: DraftShape) -> bool:
        """Replace the shape (one signal for the whole change)."""
        return self.set_value(shape)

    def reset(self) -> bool:
        """Back to the chain."""
        return self.set_shape(DraftShape())

    def _accept(self, shape: DraftShape) -> DraftShape:
        if not isinstance(shape, DraftShape):
            raise ValueError(f"expected a DraftShape, got {shape!r}")
        return shape

    def new_check(self) -> None:
        """Draw another simulated check for the diagram."""
        self._check_seed = self._check_seed % (2**31 - 1) + 1
        self.check_changed.emit(self._check_seed)
