"""Which state owner holds each part of the configuration, and the configuration read and set whole.

:class:`ConfigurationOwners` maps each part of a
:class:`~specdec_desktop.model.configuration.Configuration` (``parameters``, ``assumptions``,
and the parts to come) to the one :class:`~.evented.EventedValue` that owns it.  It reads the
current configuration (:meth:`ConfigurationOwners.current`) and applies a whole one
(:meth:`ConfigurationOwners.apply`): each owner is set in declaration order and emits once, and
only when its part really changed.  Undo, Reset, the tour, scenarios, settings and pins go
through it, so a new part is carried everywhere by giving it an owner here (in
``AppState.__init__``).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model.configuration import CONFIGURATION_PARTS, DEFAULT_CONFIGURATION, Configuration
from .evented import EventedValue

__all__ = ["ConfigurationOwners"]


class ConfigurationOwners:
    """The owners of a configuration's parts (keyword per part; a part left out is not owned here).

    Parameters
    ----------
    **owners : EventedValue
        One owner per part name of :class:`Configuration` (``parameters=ParameterState``, ...).
    """

    def __init__(self, **owners: EventedValue) -> None:
        unknown = set(owners) - set(CONFIGURATION_PARTS)
        if unknown:
            raise ValueError(f"unknown configuration part {sorted(unknown)[0]!r}")
        self._owners = {name: owners[name] for name in CONFIGURATION_PARTS if name in owners}

    def __iter__(self) -> Iterator[EventedValue]:
        """The owners, in the configuration's declaration order."""
        return iter(self._owners.values())

    def current(self) -> Configuration:
        """The configuration the owners hold now (parts without an owner at their defaults)."""
        parts = {name: owner.value for name, owner in self._owners.items()}
        return DEFAULT_CONFIGURATION.with_values(**parts)

    def apply(self, configuration: Configuration) -> bool:
        """Give every owner its part of ``configuration``; return whether anything changed.

        Each owner emits once, and only if its part changed.  Parts are valid by construction, so
        this cannot fail half-way.
        """
        if not isinstance(configuration, Configuration):
            raise ValueError(f"expected a Configuration, got {configuration!r}")
        changed = False
        for name, owner in self._owners.items():
            changed |= owner.set_value(getattr(configuration, name))
        return changed
