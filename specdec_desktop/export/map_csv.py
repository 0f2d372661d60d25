"""The (p, c) map as CSV, computed from the model (``--export-map``, the map view's export).

Columns ``p,c,best_k,best_speedup``, one row per cell, ``p`` varying slowest, on a grid of
101 x 101 values (steps of 0.01, 0 and 1 included)::

    p,c,best_k,best_speedup
    0.0,0.0,0,1.0
    ...
    0.75,0.15,4,1.90673828125
    1.0,0.15,,6.666666666666667

``best_k`` is empty where the speedup has no peak (``best_speedup`` is then the limit it rises
toward, ``inf`` at p = 1, c = 0) or where a search under assumptions found none up to
k = 4096 (``best_speedup`` empty too).  Values are written with ``repr`` so they read back
to the same floats.  Plain Python over the model: no Qt.
"""

from __future__ import annotations

import csv
import io
import math
import os

from ..atomic_write import write_atomically
from ..model.phase_map import PhaseMap, grid_axis, phase_map

__all__ = ["MAP_CSV_STEPS", "map_csv_text", "write_map_csv"]

#: Grid values per axis in the CSV: steps of exactly 0.01 (as decimals), 0 and 1 included.
MAP_CSV_STEPS = 101
HEADER = ("p", "c", "best_k", "best_speedup")


def map_csv_text(result: PhaseMap | None = None, **assumptions: object) -> str:
    """The CSV text of ``result``, or of the 101 x 101 map under ``assumptions``."""
    if result is None:
        axis = grid_axis(MAP_CSV_STEPS)
        result = phase_map(axis, axis, **assumptions)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for p, c, best_k, best_speedup in result.rows():
        shown = "" if math.isnan(best_speedup) else repr(best_speedup)
        writer.writerow([repr(p), repr(c), "" if best_k is None else best_k, shown])
    return out.getvalue()


def write_map_csv(path: str | os.PathLike[str], **assumptions: object) -> None:
    """Write the 101 x 101 map to ``path`` (UTF-8); ``OSError`` if it cannot be written.

    The file is replaced in one step (:mod:`specdec_desktop.atomic_write`), so a failed write
    never leaves half a file, and the file keeps its permissions.
    """
    write_atomically(path, map_csv_text(**assumptions).encode("utf-8"))
