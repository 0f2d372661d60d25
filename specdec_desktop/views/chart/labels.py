"""Where the chart's labels go: one rule for every label, so none covers another.

Plain geometry in the plot's own pixels (x to the right, y downwards), no Qt,
so the rule is tested on its own (tests/widgets/test_chart_labels.py) and every part of
the chart uses the same one: the current-k and best-k labels, break-even, the
"slower" region, the band, and whatever later parts register (a reference
curve's label, pinned configurations).

The rule: labels are placed one after another, most important first.  Each
label offers candidate boxes, best first (beside its marker, then further
out); it takes the first candidate that lies inside its allowed area (the plot,
or a region such as "below break-even") and touches no label placed before it,
no obstacle box (the markers) and no obstacle line (the curves, break-even).
When every candidate touches something it takes the one that costs least: a
box over another label costs most, one over a marker less, one over a line
least.  Every box is kept inside its allowed area, so a label never leaves the
plot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["Box", "LabelRequest", "Obstacles", "around", "overlaps", "place_labels", "sample_line"]


class Box(NamedTuple):
    """An axis-aligned box in plot pixels: left, top, right, bottom (y grows downwards).

    A named tuple rather than a frozen dataclass: the placement makes about a hundred of
    them per slider move, and a tuple is made several times faster.
    """

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def grown(self, margin: float) -> Box:
        return Box(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)

    def contains(self, other: Box, tolerance: float = 0.5) -> bool:
        return (
            other.x0 >= self.x0 - tolerance
            and other.y0 >= self.y0 - tolerance
            and other.x1 <= self.x1 + tolerance
            and other.y1 <= self.y1 + tolerance
        )

    def clamped_into(self, area: Box) -> Box:
        """Move the box (not resize it) as little as possible to lie inside ``area``."""
        dx = max(area.x0 - self.x0, 0.0) or min(area.x1 - self.x1, 0.0)
        dy = max(area.y0 - self.y0, 0.0) or min(area.y1 - self.y1, 0.0)
        if dx == 0.0 and dy == 0.0:
            return self
        return self.moved(dx, dy)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0.0, min(a.y1, b.y1) - max(a.y0, b.y0))


@dataclass(frozen=True)
class LabelRequest:
    """One label to place: its key, its candidate boxes (best first) and where it may go.

    ``area`` is where the label must lie (``None``: anywhere in the plot).  An ``optional``
    label (one that repeats what the legend or the shading says) is left out rather than placed
    over anything.
    """

    key: str
    candidates: Sequence[Box]
    area: Box | None = None
    optional: bool = False


@dataclass
class Obstacles:
    """What labels keep clear of: boxes (markers) and polylines (curves, lines), in plot pixels."""

    boxes: list[Box] = field(default_factory=list)
    lines: list[NDArray[np.float64]] = field(default_factory=list)  # each (n, 2): x, y; add_line adds
    _points: NDArray[np.float64] | None = field(default=None, init=False, repr=False)

    def add_line(self, xs: Iterable[float], ys: Iterable[float], step_px: float = 3.0) -> None:
        """Add a polyline, sampled every ``step_px`` pixels so a box test sees every part of it."""
        points = sample_line(xs, ys, step_px)
        if points is not None:
            self.add_sampled(points)

    def add_sampled(self, points: NDArray[np.float64]) -> None:
        """Add a polyline already sampled by :func:`sample_line` (an (n, 2) array: x, y)."""
        self._points = None
        self.lines.append(points)

    def line_hits(self, box: Box) -> int:
        """How many sample points of the obstacle lines fall inside ``box``."""
        if not self.lines:
            return 0
        if self._points is None:  # reset by add_line
            # Every line's points in one (2, n) array: one test per box, not one per line.
            self._points = np.ascontiguousarray(np.concatenate(self.lines).T)
        x, y = self._points
        inside = (x > box.x0) & (x < box.x1) & (y > box.y0) & (y < box.y1)
        return int(np.count_nonzero(inside))


def sample_line(xs: Iterable[float], ys: Iterable[float], step_px: float = 3.0) -> NDArray[np.float64] | None:
    """Points along a polyline every ``step_px`` pixels, as an (n, 2) array (None: no point)."""
    x = np.asarray(list(xs) if not isinstance(xs, np.ndarray) else xs, dtype=np.float64)
    y = np.asarray(list(ys) if not isinstance(ys, np.ndarray) else ys, dtype=np.float64)
    keep = np.isfinite(x) & np.isfinite(y)
    x, y = x[keep], y[keep]
    if x.size == 0:
        return None
    if x.size == 1:
        return np.column_stack((x, y))
    seg = np.hypot(np.diff(x), np.diff(y))
    along = np.concatenate(([0.0], np.cumsum(seg)))
    n = max(2, int(along[-1] / step_px) + 2)
    at = np.linspace(0.0, along[-1], n)
    return np.column_stack((np.interp(at, along, x), np.interp(at, along, y)))


def around(x: float, y: float, width: float, height: float, gap: float, rings: int = 3) -> list[Box]:
    """Candidate boxes of ``width`` x ``height`` around the point (x, y), best first.

    Above, below, right and left of the point, then the diagonals, each at
    ``gap`` from it, then the same again further out (``rings`` times).
    """
    boxes: list[Box] = []
    for ring in range(rings):
        d = gap + ring * (height + gap)
        for cx, cy in (
            (x - width / 2, y - d - height),  # above
            (x - width / 2, y + d),  # below
            (x + d, y - height / 2),  # right
            (x - d - width, y - height / 2),  # left
            (x + d * 0.7, y - d * 0.7 - height),  # above right
            (x - d * 0.7 - width, y - d * 0.7 - height),  # above left
            (x + d * 0.7, y + d * 0.7),  # below right
            (x - d * 0.7 - width, y + d * 0.7),  # below left
        ):
            boxes.append(Box(cx, cy, cx + width, cy + height))
    return boxes


#: What touching costs, per unit: another label >> a marker >> a line.
_LABEL_COST = 1e6
_BOX_COST = 1e3
_LINE_COST = 1.0


def place_labels(plot: Box, requests: Sequence[LabelRequest], obstacles: Obstacles) -> dict[str, Box]:
    """Place ``requests`` in order (most important first); return each label's box.

    Every box lies inside its request's area (the plot unless given), which
    must be large enough for the label; a label that cannot be clear of
    everything takes its least-covering candidate, or is left out if optional.
    """
    placed: dict[str, Box] = {}
    for request in requests:
        area = request.area if request.area is not None else plot
        best: Box | None = None
        best_cost = float("inf")
        for candidate in request.candidates:
            box = candidate.clamped_into(area)
            cost = 0.0
            for other in placed.values():
                cost += _LABEL_COST * _overlap_area(box, other)
            for obstacle in obstacles.boxes:
                cost += _BOX_COST * _overlap_area(box, obstacle)
            if cost < best_cost:  # lines only matter between otherwise equal boxes
                cost += _LINE_COST * obstacles.line_hits(box)
            else:
                continue
            if cost < best_cost:
                best, best_cost = box, cost
                if cost == 0.0:
                    break
        if best is not None and not (request.optional and best_cost > 0.0):
            placed[request.key] = best
    return placed
