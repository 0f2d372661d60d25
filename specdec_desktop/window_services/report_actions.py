"""File ▸ Export report: the measured-acceptance report as one HTML file, written atomically.

The report's chart is drawn at the decision's own figures (export/measured_report.py), not
captured from the window, so it agrees with the decision above it whatever the window shows.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMainWindow

from ..atomic_write import write_atomically
from ..export.measured_report import report_html
from ..measured.decision import measured_figures
from ..plain_text import printable
from ..text import _, current
from .notices import confirm_replace, show_problem, why_not_written

__all__ = ["export_report_dialog", "write_report"]


def write_report(window: QMainWindow, path: str | os.PathLike[str]) -> bool:
    """Write the report of the current measurement to ``path``; say so, or say what went wrong."""
    path = Path(path)
    measurement = window.app_state.measurement
    fit = measurement.fit
    if fit is None:
        show_problem(
            window, _("No report written"), _("Import measurements first (File ▸ Import measurements).")
        )
        return False
    params = window.app_state.parameters.params
    figures = measured_figures(fit, params.c, window.app_state.assumptions.assumptions, measurement.timings)
    # In the window's language (File ▸ Export report); `fit --report` writes English.  An imported
    # cost table goes in too, as `fit FILE TABLE --report` puts it.
    html = report_html(
        fit,
        figures,
        measurement.origin,
        measurement.timings,
        params=params,
        costs=list(measurement.costs) or None,
        language=current().code,
    )
    try:
        write_atomically(path, html.encode("utf-8"))
    except OSError as error:
        show_problem(
            window, _("The report was not written"), f"{printable(path.name)}: {why_not_written(error)}"
        )
        return False
    window.statusBar().showMessage(_("Saved {name}").format(name=path.name), 6000)
    return True


def export_report_dialog(window: QMainWindow, io) -> None:
    """Ask where, then write the report there."""
    if window.app_state.measurement.fit is None:
        show_problem(
            window, _("No report written"), _("Import measurements first (File ▸ Import measurements).")
        )
        return
    suggested = str(io._folder / "speculative-decoding-report.html")
    path, _chosen = QFileDialog.getSaveFileName(
        window, _("Export report"), suggested, _("HTML files (*.html)")
    )
    if path:
        if Path(path).suffix.lower() not in (".html", ".htm"):
            path += ".html"
            # The dialog asked about the name typed, not this one: ask now.
            if not confirm_replace(window, Path(path)):
                return
        io._folder = Path(path).parent
        write_report(window, path)
