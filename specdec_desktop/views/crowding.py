"""A view whose parts step aside, in a fixed order, when its room is short.

The window measures (views/window_fitting.py) and raises a view's level one step at a time until
the view fits; the view names its steps in order (its ``CROWD_STEPS``) and says, in
:meth:`Crowding._step_aside`, what shows with the first ``level`` of them aside.  This is the one
place that keeps the level and cuts the steps from it.
"""

from __future__ import annotations

__all__ = ["Crowding"]


class Crowding:
    """Mixin for a widget: ``crowding`` (the level) and ``set_crowding(level)``.

    A subclass sets ``crowd_steps`` (its steps, first to step aside first) and implements
    :meth:`_step_aside`.
    """

    crowd_steps: tuple[str, ...] = ()
    _crowding = 0

    @property
    def crowding(self) -> int:
        """How many of :attr:`crowd_steps` have stepped aside."""
        return self._crowding

    def set_crowding(self, level: int) -> None:
        """Let the first ``level`` of :attr:`crowd_steps` step aside (0: the whole view)."""
        self._crowding = level
        self._step_aside(frozenset(self.crowd_steps[:level]))

    def _step_aside(self, steps: frozenset[str]) -> None:
        """Show the view with ``steps`` aside (and every other step back)."""
        raise NotImplementedError
