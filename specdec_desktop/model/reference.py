"""Reference points of the model: figures worked out independently of the code, to check it against.

Each row holds ``(k, p, c)`` and what the closed forms give there: tokens per cycle ``E``,
cost per cycle ``C``, speedup ``S``, the best draft length and the speedup at it (``None``
for both where the speedup has no peak).  The table lists them in docs/model.md.  The tests
check the model against it to the printed precision, and ``--self-test`` checks that the
installed or frozen build (its own numpy) still computes them, and that the cards show them.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["REFERENCE_POINTS", "ReferencePoint"]


class ReferencePoint(NamedTuple):
    k: int
    p: float
    c: float
    tokens: float
    cost: float
    speedup: float
    best_k: int | None
    best_speedup: float | None


#: The points, printed to the precision each was worked out to.
REFERENCE_POINTS: tuple[ReferencePoint, ...] = (
    ReferencePoint(6, 0.75, 0.15, 3.466064453, 1.9, 1.824244449, 4, 1.906738281),
    ReferencePoint(6, 0.85, 0.15, 4.529486, 1.9, 2.383940, 6, 2.383940),
    ReferencePoint(6, 0.60, 0.15, 2.430016, 1.9, 1.278956, 2, 1.507692),
    ReferencePoint(1, 0.50, 0.50, 1.5, 1.5, 1.0, 0, 1.0),
    ReferencePoint(6, 0.00, 0.15, 1.0, 1.9, 0.526316, 0, 1.0),
    ReferencePoint(6, 1.00, 0.15, 7.0, 1.9, 3.684211, None, None),
    ReferencePoint(6, 0.75, 0.00, 3.466064, 1.0, 3.466064, None, None),
    ReferencePoint(8, 0.99, 0.01, 8.648275, 1.08, 8.007662, 113, 32.019293),
)
