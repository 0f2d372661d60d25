"""The chart's curve data as CSV, computed from the model (never read back from the plot).

Columns: ``k``, then the speedup at p, at p - 0.10 and at p + 0.10 (clamped to
[0, 1]), with each p written in its header so the file explains itself::

    k,speedup_p=0.75,speedup_p=0.65,speedup_p=0.85
    0,1.0,1.0,1.0
    1,1.5217391304347827,...

Rows cover the chart's x-range (k = 0 to the right edge, never past
``model.figures.MAX_X_MAX`` = 2000: a best k beyond it is reported by
:func:`specdec_desktop.export.beyond_note`, not written as rows); values are written
with ``repr`` so they read back to the same floats.  A first ``#`` line is
deliberately absent: spreadsheet and pandas defaults read the file as it is.

Under non-default assumptions (issue 11) the three curves are the active model's, each header
names the assumptions after the p, and a fifth column holds the original model's curve::

    k,"speedup_p=0.75 (κ = 2)","speedup_p=0.65 (κ = 2)","speedup_p=0.85 (κ = 2)",original_speedup_p=0.75
"""

from __future__ import annotations

import csv
import io
import os

from ..atomic_write import write_atomically
from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, readouts, speedup_curves

__all__ = ["curve_csv_text", "curve_header", "write_curve_csv"]


def _p_text(p: float) -> str:
    return f"{round(p, 10):g}"


def curve_header(params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS) -> list[str]:
    curves = speedup_curves(params, readouts(params, assumptions).best_k, assumptions)
    named = "" if assumptions.is_default else f" ({assumptions.describe()})"
    header = ["k", *(f"speedup_p={_p_text(p)}{named}" for p in (params.p, curves.p_lower, curves.p_upper))]
    if curves.reference is not None:
        header.append(f"original_speedup_p={_p_text(params.p)}")
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
