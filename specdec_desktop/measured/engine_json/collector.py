"""What the per-request JSON collectors share: a count read from an object, and the base class
that finds the objects by their key and adds them up (no Qt).
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any

from specdec_desktop.measured.measurement import Groups, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.measured.request_json import objects_holding as _objects
from specdec_desktop.text import N_, Phrase

__all__ = ["JsonCollector", "count"]

_MAX_COUNT = 2**53


def count(block: dict, name: str, line: int, required: bool = True) -> int | None:
    """The count ``name`` of ``block``: a whole number from 0 to 2**53, refused by name when it is
    not one, or when it is missing and ``required`` (else ``None``)."""
    value = block.get(name)
    if type(value) is int and 0 <= value <= _MAX_COUNT:  # the usual case, decided at once
        return value
    if value is None:
        if required:
            raise MetricsProblem(
                "missing_field",
                Phrase(N_("{name} is missing; a missing count is not read as zero"), name=name),
                line=line,
            )
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("{name} is {shown}; it must be a count (0, 1, 2, ...)"), name=name, shown=shown),
            line=line,
        )
    return value


class JsonCollector:
    """Base of the collectors: objects found by a key, added up."""

    format = ""
    key = ""

    def __init__(self) -> None:
        self.lines_used = 0
        self.first_line: int | None = None
        self.steps = 0
        self.accepted = 0
        self.drafted = 0
        self.groups = Groups()

    @cached_property
    def marker(self) -> bytes:
        """What a JSON line must hold to be parsed for this collector (asked once per line)."""
        return f'"{self.key}"'.encode()

    def feed_value(self, value: Any, line: int) -> bool:
        """Add the objects inside one parsed JSON value; ``True`` when there were any."""
        # The object parsed alone around the key (json_read) is the one object found.
        blocks = [value] if type(value) is dict and self.key in value else _objects(value, self.key)
        used = False
        for block in blocks:
            used = self._add(block, line) or used
        if used:
            self.lines_used += 1
            if self.first_line is None:
                self.first_line = line
        return used

    def _add(self, block: dict, line: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _group(self, steps: int, accepted: int) -> None:
        self.steps += steps
        self.accepted += accepted
        if steps:
            self.groups.add(1.0 + accepted / steps, steps)

    def finish(self, k_hint: int | None) -> Measurement | None:  # pragma: no cover - abstract
        raise NotImplementedError
