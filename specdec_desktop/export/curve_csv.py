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

Under non-default assumptions the three curves are the active model's, each header
names the assumptions after the p, and a fifth column holds the original model's curve::

    k,speedup_p=0.750_c=0.150 (κ = 2),band_low_p=0.650 (κ = 2),band_high_p=0.850 (κ = 2),
    original_speedup_p=0.750_c=0.150

(one line in the file).
"""

from __future__ import annotations

import csv
import io
import os

from ..atomic_write import write_atomically
from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, readouts, speedup_curves
from ..model.parameters import SPECS

__all__ = ["curve_csv_text", "curve_header", "write_curve_csv"]


def _value(name: str, value: float) -> str:
    # The band's edges are p -/+ 0.10 in floating point: written as the p they stand for.
    spec = next(s for s in SPECS if s.name == name)  # a file: always a dot (README)
    return f"{name}={spec.format(round(value, 10))}"


def curve_header(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> list[str]:
    """The header row: ``k``, then one column per curve, each naming its p (and c, and the
    assumptions when they are not the original model's)."""
    curves = speedup_curves(params, readouts(params, assumptions).best_k, assumptions)
    named = "" if assumptions.is_default else f" ({assumptions.describe()})"
    header = [
        "k",
        f"speedup_{_value('p', params.p)}_{_value('c', params.c)}{named}",
        f"band_low_{_value('p', curves.p_lower)}{named}",
        f"band_high_{_value('p', curves.p_upper)}{named}",
    ]
    if curves.reference is not None:
        header.append(f"original_speedup_{_value('p', params.p)}_{_value('c', params.c)}")
    return header


def curve_csv_text(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> str:
    """The CSV text for ``params`` under ``assumptions`` (``\\n`` line ends)."""
    curves = speedup_curves(params, readouts(params, assumptions).best_k, assumptions)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(curve_header(params, assumptions))
    columns = [curves.speedup, curves.lower, curves.upper]
    if curves.reference is not None:
        columns.append(curves.reference)
    for row, k in enumerate(curves.k):
        writer.writerow([int(k), *(repr(float(column[row])) for column in columns)])
    return out.getvalue()


def write_curve_csv(
    path: str | os.PathLike[str], params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS
) -> None:
    """Write :func:`curve_csv_text` to ``path`` (UTF-8), replacing it in one step."""
    write_atomically(path, curve_csv_text(params, assumptions).encode("utf-8"))
