"""Exporting the pins: the table as CSV, or the chart with its pinned curves as PNG or SVG."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from ..atomic_write import write_atomically
from ..export import chart_image
from ..plain_text import printable
from ..text import _
from ..views.compare import pins_csv_text
from .notices import why_not_written

__all__ = ["CompareExport"]


class CompareExport(QObject):
    """Answers the Compare tab's Export button (``window.compare.panel``)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        window.compare.panel.export_requested.connect(self.export_dialog)

    def export(self, path: str | Path) -> None:
        """Write the table (.csv) or the chart with its pins (.png, .svg); OSError or ValueError."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix == ".csv":
            write_atomically(path, pins_csv_text(self.window.app_state.pinned.pins).encode("utf-8"))
            return
        if suffix not in (".png", ".svg"):
            raise ValueError(f"pins export must be a .csv, .png or .svg file, got {path.name!r}")
        chart = self.window.chart
        if chart is None:
            raise ValueError("the chart is not drawn yet")
        if suffix == ".png":
            chart_image.export_png(chart, path)
        else:
            chart_image.export_svg(chart, path)

    def export_dialog(self) -> None:
        panel = self.window.compare.panel
        path, _chosen = QFileDialog.getSaveFileName(
            self.window,
            _("Export the pins"),
            "pins.csv",
            _("Table (*.csv);;Chart image (*.png);;Chart drawing (*.svg)"),
        )
        if not path:
            return
        name = printable(Path(path).name, 80)
        try:
            self.export(path)
        except OSError as error:
            panel.show_message(
                _("Could not export {name}: {why}").format(name=name, why=why_not_written(error)), error=True
            )
        except ValueError as error:
            panel.show_message(
                _("Could not export {name}: {why}").format(name=name, why=why_not_written(error)), error=True
            )
        else:
            panel.show_message(_("Exported {name}.").format(name=name))
