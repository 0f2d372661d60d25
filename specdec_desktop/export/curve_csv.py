"""The chart's curve data as CSV, computed from the model (never read back from the plot).

Columns: ``k``, then the speedup at p and c, and at the band's edges p - 0.10 and
p + 0.10 (clamped to [0, 1]), with p and c written in the headers so the file explains
itself, and each header different from the others (at p = 1 the upper edge is p itself)::

    k,speedup_p=0.750_c=0.150,band_low_p=0.650,band_high_p=0.850
    0,1.0,1.0,1.0
    1,1.5217391304347827,...

Rows cover the chart's x-range (k = 0 to the right edge, never past
``model.figures.MAX_X_MAX`` = 2000: a best k beyond it is reported by
:func:`specdec_desktop.export.beyond_note`, not written as rows); values are written
with ``repr`` so they read back to the same floats.  A first ``#`` line is
deliberately absent: spreadsheet and pandas defaults read the file as it is.
"""

from __future__ import annotations

import csv
import io
import os

from ..atomic_write import write_atomically
from ..model import Parameters, readouts, speedup_curves
from ..wording.numbers import format_parameter

__all__ = ["curve_csv_text", "curve_header", "write_curve_csv"]


def _value(name: str, value: float) -> str:
    # The band's edges are p -/+ 0.10 in floating point: written as the p they stand for.
    return f"{name}={format_parameter(name, round(value, 10))}"


def curve_header(params: Parameters) -> list[str]:
    """The header row: ``k``, then one column per curve, each naming its p (and c)."""
    curves = speedup_curves(params, readouts(params).best_k)
    return [
        "k",
        f"speedup_{_value('p', params.p)}_{_value('c', params.c)}",
        f"band_low_{_value('p', curves.p_lower)}",
        f"band_high_{_value('p', curves.p_upper)}",
    ]


def curve_csv_text(params: Parameters) -> str:
    """The CSV text for ``params`` (``\\n`` line ends)."""
    curves = speedup_curves(params, readouts(params).best_k)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(curve_header(params))
    for k, s, lo, hi in zip(curves.k, curves.speedup, curves.lower, curves.upper, strict=True):
        writer.writerow([int(k), repr(float(s)), repr(float(lo)), repr(float(hi))])
    return out.getvalue()


def write_curve_csv(path: str | os.PathLike[str], params: Parameters) -> None:
    """Write :func:`curve_csv_text` to ``path`` (UTF-8), replacing it in one step."""
    write_atomically(path, curve_csv_text(params).encode("utf-8"))
