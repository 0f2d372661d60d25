"""Where each token of the strip goes: pure arithmetic, no painting.

Every cycle has the same ``k + 1`` slots (``k`` guesses, then the target's
token), so the strip is a grid computed in O(1) per query:

* when a whole cycle fits on a row, each row holds ``cycles_per_row`` cycles
  separated by a wider gap, and a cycle never breaks across rows;
* when it does not (long drafts on a narrow strip), each cycle starts on a
  new row and wraps over ``rows_per_cycle`` rows.

Rows are numbered from the first cycle of the run; the view shows
``rows_visible`` of them, following the newest.  Sizes are pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

__all__ = ["StripLayout"]


@dataclass(frozen=True)
class StripLayout:
    """Geometry of a ``width`` × ``height`` px strip of square ``cell`` px tokens, for draft length ``k``."""

    width: int
    height: int
    cell: int
    k: int
    #: Room kept at the left for the rows' cycle numbers, in pixels.
    gutter: int = 0
    spacing: int = field(init=False)
    cycle_gap: int = field(init=False)
    row_gap: int = field(init=False)
    margin: int = field(init=False)
    slots_per_row: int = field(init=False)
    cycles_per_row: int = field(init=False)
    rows_per_cycle: int = field(init=False)
    rows_visible: int = field(init=False)
    left: int = field(init=False)
    top: int = field(init=False)

    def __post_init__(self) -> None:
        cell = max(4, int(self.cell))
        set_ = object.__setattr__
        set_(self, "cell", cell)
        set_(self, "spacing", max(2, round(cell * 0.14)))
        set_(self, "cycle_gap", max(6, round(cell * 0.55)))
        set_(self, "row_gap", max(5, round(cell * 0.45)))
        set_(self, "margin", max(4, round(cell * 0.3)))
        usable = max(cell, self.width - 2 * self.margin - self.gutter)
        slots_per_row = max(1, (usable + self.spacing) // self.pitch)
        set_(self, "slots_per_row", slots_per_row)
        slots = self.k + 1
        if self.cycle_width <= usable:
            set_(
                self,
                "cycles_per_row",
                max(1, (usable + self.cycle_gap) // (self.cycle_width + self.cycle_gap)),
            )
            set_(self, "rows_per_cycle", 1)
            content = self.cycles_per_row * (self.cycle_width + self.cycle_gap) - self.cycle_gap
        else:
            set_(self, "cycles_per_row", 0)
            set_(self, "rows_per_cycle", math.ceil(slots / slots_per_row))
            content = slots_per_row * self.pitch - self.spacing
        set_(self, "left", self.margin + self.gutter + max(0, (usable - content) // 2))
        set_(self, "top", self.margin)
        rows = (self.height - 2 * self.margin + self.row_gap) // self.row_pitch
        set_(self, "rows_visible", max(1, rows))

    # -- sizes --------------------------------------------------------------------------------

    @property
    def pitch(self) -> int:
        """Distance between the left edges of neighbouring slots."""
        return self.cell + self.spacing

    @property
    def row_pitch(self) -> int:
        """Distance between the tops of neighbouring rows."""
        return self.cell + self.row_gap

    @property
    def cycle_width(self) -> int:
        """Width of one whole cycle on a row."""
        return (self.k + 1) * self.pitch - self.spacing

    @property
    def wraps(self) -> bool:
        """Whether cycles break across rows."""
        return self.cycles_per_row == 0

    # -- cycles to rows ----------------------------------------------------------------------

    def row_of(self, cycle: int, slot: int) -> int:
        if self.wraps:
            return cycle * self.rows_per_cycle + slot // self.slots_per_row
        return cycle // self.cycles_per_row

    def first_cycle_on_row(self, row: int) -> int:
        """The first cycle with a slot on ``row`` (or after it)."""
        if self.wraps:
            return row // self.rows_per_cycle
        return row * self.cycles_per_row

    def first_row(self, current_cycle: int, current_slot: int) -> int:
        """First row shown when the strip follows the slot in flight (it sits on the last row)."""
        return max(0, self.row_of(current_cycle, current_slot) - self.rows_visible + 1)

    def slot_x(self, cycle: int, slot: int) -> int:
        if self.wraps:
            return self.left + (slot % self.slots_per_row) * self.pitch
        return (
            self.left
            + (cycle % self.cycles_per_row) * (self.cycle_width + self.cycle_gap)
            + slot * self.pitch
        )

    def slot_y(self, cycle: int, slot: int, first_row: int) -> int:
        return self.top + (self.row_of(cycle, slot) - first_row) * self.row_pitch

    def positions(
        self, first_cycle: int, n_cycles: int, first_row: int
    ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Top-left corners of every slot of ``n_cycles`` cycles from ``first_cycle``.

        Returns
        -------
        xs, ys : ndarray of int64, shape (n_cycles, k + 1)
        """
        cycles = np.arange(first_cycle, first_cycle + n_cycles, dtype=np.int64)[:, None]
        slots = np.arange(self.k + 1, dtype=np.int64)[None, :]
        if self.wraps:
            rows = cycles * self.rows_per_cycle + slots // self.slots_per_row
            xs = self.left + (slots % self.slots_per_row) * self.pitch + 0 * cycles
        else:
            rows = cycles // self.cycles_per_row + 0 * slots
            xs = (
                self.left
                + (cycles % self.cycles_per_row) * (self.cycle_width + self.cycle_gap)
                + slots * self.pitch
            )
        ys = self.top + (rows - first_row) * self.row_pitch
        return xs, ys

    def visible_cycles(self, first_row: int) -> tuple[int, int]:
        """Range ``(start, stop)`` of cycles with a slot on the rows shown from ``first_row``."""
        last_row = first_row + self.rows_visible - 1
        if self.wraps:
            return first_row // self.rows_per_cycle, last_row // self.rows_per_cycle + 1
        return first_row * self.cycles_per_row, (last_row + 1) * self.cycles_per_row

    def slot_at(self, x: float, y: float, first_row: int) -> tuple[int, int] | None:
        """The ``(cycle, slot)`` whose token covers the point ``(x, y)``, or ``None``."""
        if x < self.left or y < self.top:
            return None
        row_offset, within_y = divmod(int(y) - self.top, self.row_pitch)
        if within_y >= self.cell or row_offset >= self.rows_visible:
            return None
        row = first_row + row_offset
        if self.wraps:
            column, within_x = divmod(int(x) - self.left, self.pitch)
            if within_x >= self.cell or column >= self.slots_per_row:
                return None
            cycle, part = divmod(row, self.rows_per_cycle)
            slot = part * self.slots_per_row + column
            return (cycle, slot) if slot <= self.k else None
        position, within_cycle = divmod(int(x) - self.left, self.cycle_width + self.cycle_gap)
        if position >= self.cycles_per_row or within_cycle >= self.cycle_width:
            return None
        slot, within_x = divmod(within_cycle, self.pitch)
        if within_x >= self.cell:
            return None
        return row * self.cycles_per_row + position, slot
