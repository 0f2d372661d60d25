"""Exporting what the app shows: the chart as PNG (2×) or SVG, the curve data as CSV, the readouts as text.

:mod:`.curve_csv` and :mod:`.readout_text` are plain Python over the model (no
Qt); :mod:`.chart_image` renders a live chart widget.  :func:`export_chart_file`
is the one entry point that picks the format from the file's extension (the
command line's ``--export-chart`` and the File menu both use it).

Every file is written in one step (:mod:`specdec_desktop.atomic_write`): a failed export
leaves the file it would have replaced as it was.  The chart and the CSV stop at
``k = MAX_X_MAX`` (2000); when the best k lies beyond, :func:`beyond_note` says so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import Assumptions, Parameters
    from ..theme import Theme

__all__ = ["CHART_EXPORT_SIZE", "EXPORT_SUFFIXES", "beyond_note", "chart_title", "export_chart_file"]

#: File extensions the chart export understands, and what each writes.
EXPORT_SUFFIXES = {".png": "PNG image at 2× resolution", ".svg": "SVG vector image", ".csv": "curve data"}
#: Size (logical pixels) of a chart drawn without a window, for the command line.
CHART_EXPORT_SIZE = (1200, 750)


def beyond_note(params: Parameters, assumptions: Assumptions | None = None) -> str | None:
    """A sentence saying where the data stops, when the best k lies past it; else ``None``."""
    from ..model import DEFAULT_ASSUMPTIONS, readouts, speedup_curves

    assumptions = assumptions if assumptions is not None else DEFAULT_ASSUMPTIONS
    figures = readouts(params, assumptions)
    curves = speedup_curves(params, figures.best_k, assumptions)
    if not curves.beyond(figures.best_k):
        return None
    from ..text import _

    return _("the data stops at k = {x_max:,}; the best k, {best_k:,}, lies beyond it").format(
        x_max=curves.x_max, best_k=figures.best_k
    )


def chart_title(params: Parameters) -> str:
    """What an exported chart shows, written above it: the curve and the parameters it is drawn at
    (in the active language, its numbers too: the image is for people; the CSV keeps the dot)."""
    from ..model.parameters import SPECS
    from ..text import _, localize

    values = ", ".join(f"{spec.name} = {spec.format(getattr(params, spec.name))}" for spec in SPECS)
    return _("Speedup against draft length k, at {values}").format(values=localize(values))


def export_chart_file(
    path: str | os.PathLike[str],
    params: Parameters,
    theme: Theme,
    font_family: str,
    chart=None,
    assumptions: Assumptions | None = None,
) -> str | None:
    """Write the chart for ``params`` to ``path`` in the format its extension names.

    ``chart`` is the live chart to render; without one (the command line) a
    chart of :data:`CHART_EXPORT_SIZE` is drawn offscreen (a QApplication must
    exist for .png and .svg).  Returns :func:`beyond_note`'s sentence, or ``None``.
    Under non-default ``assumptions`` the curves are the active model's; the CSV headers and the
    image's label and legend name the assumptions.

    Raises
    ------
    ValueError
        If the extension is not one of :data:`EXPORT_SUFFIXES`.
    OSError
        If the file cannot be written (the file at ``path`` is then unchanged).
    """
    from ..model import DEFAULT_ASSUMPTIONS

    assumptions = assumptions if assumptions is not None else DEFAULT_ASSUMPTIONS
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in EXPORT_SUFFIXES:
        raise ValueError(f"chart export must end in {', '.join(EXPORT_SUFFIXES)}, got {path.name!r}")
    if suffix == ".csv":
        from .curve_csv import write_curve_csv

        write_curve_csv(path, params, assumptions)
        return beyond_note(params, assumptions)
    from . import chart_image

    own_chart = chart is None
    if own_chart:
        chart = chart_image.offscreen_chart(params, theme, font_family, CHART_EXPORT_SIZE, assumptions)
    try:
        with chart_image.titled(chart, chart_title(params)):
            if suffix == ".png":
                chart_image.export_png(chart, path)
            else:
                chart_image.export_svg(chart, path)
    finally:
        if own_chart:
            chart.close()
            chart.deleteLater()
    return beyond_note(params, assumptions)
