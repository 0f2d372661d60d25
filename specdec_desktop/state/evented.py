"""One evented value: an owner that holds a single immutable value and says when it changes.

:class:`EventedValue` is what every single-value owner in ``state/`` shares: it keeps one value,
checks a new one (:meth:`EventedValue._accept`, which may raise ``ValueError`` and change
nothing), and emits :attr:`EventedValue.changed` once per real change, never when a value is set
to what it already is (glue/echo and psygnal's evented models behave the same way).  A subclass
names its value (``ParameterState.params``) and adds the checks and short-hands it needs.

psygnal would give the same with one more dependency; an owner here is a ``QObject`` anyway
(undo, the views and the window services connect Qt signals), so a 30-line base earns its
place and psygnal does not.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

__all__ = ["EventedValue"]


class EventedValue(QObject):
    """Owner of one immutable value.

    Signals
    -------
    changed(object)
        Emitted after the value changed, with the new value.
    """

    changed = Signal(object)

    def __init__(self, value: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._value = self._accept(value)

    @property
    def value(self) -> Any:
        """The value held now."""
        return self._value

    def set_value(self, value: Any) -> bool:
        """Replace the value (checked first; one signal); return whether it changed.

        Raises
        ------
        ValueError
            From :meth:`_accept`, when the value is refused; nothing changes then.
        """
        value = self._accept(value)
        if value == self._value:
            return False
        self._value = value
        self.changed.emit(value)
        return True

    def _accept(self, value: Any) -> Any:
        """``value`` as this owner holds it, or ``ValueError``; a subclass checks here."""
        return value
