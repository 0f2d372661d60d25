"""One configuration: everything the figures are computed from, as one immutable value.

A :class:`Configuration` is the parameters ``(k, p, c)`` (``parameters.py``), the six
assumptions (``assumptions.py``) and the draft shape (``trees/shape.py``: the chain by
default).  Each part is validated once, when it is made, so a configuration is valid by
construction.  Pins, scenario files, tour scenes, the saved settings,
undo and Reset all store a configuration whole and restore it whole: nothing holds a subset.

Adding a part (the verification rule, say): one field below, with a frozen,
validated value type and a default that gives today's figures back.  Every holder of a
configuration then carries it; :meth:`Configuration.differences` names what changed for undo,
and the state layer gives the part an owner (``state/configuration_owners.py``).

Plain Python: no numpy, no Qt.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from typing import Any, get_type_hints

from .assumptions import ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS, Assumptions
from .parameters import SPECS, Parameters
from .trees.shape import DEFAULT_SHAPE, SHAPE_FIELDS, DraftShape

__all__ = ["CONFIGURATION_PARTS", "DEFAULT_CONFIGURATION", "Configuration"]

_PARAMETER_NAMES = frozenset(spec.name for spec in SPECS)
_ASSUMPTION_NAMES = frozenset(spec.name for spec in ASSUMPTION_SPECS)


@dataclass(frozen=True)
class Configuration:
    """What the app computes from: one validated, immutable value.

    Attributes
    ----------
    parameters : Parameters
        Draft length k, acceptance rate p, draft cost c.
    assumptions : Assumptions
        The six assumptions (the original model's by default).
    shape : DraftShape
        What is drafted each cycle: the chain of ``k`` guesses by default, or a tree.
    """

    parameters: Parameters = field(default_factory=Parameters)
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS
    shape: DraftShape = DEFAULT_SHAPE

    def __post_init__(self) -> None:
        for part in fields(self):
            value = getattr(self, part.name)
            expected = _PART_TYPES[part.name]
            if not isinstance(value, expected):
                raise ValueError(f"a configuration's {part.name} must be {expected.__name__}, got {value!r}")

    def with_values(self, **changes: Any) -> Configuration:
        """A copy with some values replaced, by their own names (``k=8``, ``decay=0.9``) or whole
        parts (``assumptions=...``); each is validated by its part, and an unknown name raises
        ``ValueError``."""
        parts = {name: changes.pop(name) for name in CONFIGURATION_PARTS if name in changes}
        parameter_values = {name: changes.pop(name) for name in list(changes) if name in _PARAMETER_NAMES}
        assumption_values = {name: changes.pop(name) for name in list(changes) if name in _ASSUMPTION_NAMES}
        shape_values = {name: changes.pop(name) for name in list(changes) if name in SHAPE_FIELDS}
        if changes:
            raise ValueError(f"unknown configuration value {sorted(changes)[0]!r}")
        result = dataclasses.replace(self, **parts)
        if parameter_values:
            result = dataclasses.replace(result, parameters=result.parameters.with_values(**parameter_values))
        if assumption_values:
            result = dataclasses.replace(
                result, assumptions=result.assumptions.with_values(**assumption_values)
            )
        if shape_values:
            result = dataclasses.replace(result, shape=result.shape.with_values(**shape_values))
        return result

    def differences(self, other: Configuration) -> list[str]:
        """The names of the values that differ from ``other``, in declaration order (``["k", "decay"]``).

        A part that is a dataclass is compared field by field; any other part by its own name.
        """
        names: list[str] = []
        for part in fields(self):
            mine, theirs = getattr(self, part.name), getattr(other, part.name)
            if mine == theirs:
                continue
            if dataclasses.is_dataclass(mine) and type(mine) is type(theirs):
                names += [f.name for f in fields(mine) if getattr(mine, f.name) != getattr(theirs, f.name)]
            else:
                names.append(part.name)
        return names


#: The parts of a configuration, in declaration order (each has one state owner).
CONFIGURATION_PARTS: tuple[str, ...] = tuple(part.name for part in fields(Configuration))
#: Each part's type, read from the field declarations (so a new part is declared in one place).
_PART_TYPES: dict[str, type] = {name: kind for name, kind in get_type_hints(Configuration).items()}
#: The defaults: k = 6, p = 0.75, c = 0.15 under the original model, drafting a chain.
DEFAULT_CONFIGURATION = Configuration()
