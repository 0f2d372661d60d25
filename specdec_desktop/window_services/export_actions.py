"""The File menu's export actions: chart as PNG or SVG, curve data as CSV, readouts to the clipboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMainWindow

from ..export import EXPORT_SUFFIXES, export_chart_file
from ..export.readout_text import readout_text
from ..plain_text import printable
from ..state import ParameterState
from ..text import N_, _
from ..theme import Theme
from .notices import confirm_replace, show_problem, why_not_written

__all__ = ["ExportActions"]

#: Each save dialog's title and file filter (English; shown with ``_()``).
_DIALOG = {
    ".png": (N_("Export chart as PNG"), N_("PNG images (*.png)")),
    ".svg": (N_("Export chart as SVG"), N_("SVG images (*.svg)")),
    ".csv": (N_("Export curve data as CSV"), N_("CSV files (*.csv)")),
}


class ExportActions(QObject):
    """Writes what the window shows; reads the parameters from the state, never from the plot."""

    def __init__(
        self,
        window: QMainWindow,
        state: ParameterState,
        actions: dict[str, QAction],
        theme: Callable[[], Theme],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.state = state
        self._theme = theme
        self._folder = Path.home()
        for suffix in EXPORT_SUFFIXES:
            actions[f"file.export_{suffix[1:]}"].triggered.connect(
                lambda _checked=False, s=suffix: self.export_dialog(s)
            )
        actions["file.copy_readouts"].triggered.connect(self.copy_readouts)

    def export_to(self, path: str | Path) -> bool:
        """Write the chart (or its data) to ``path`` by extension; say so, or say what went wrong."""
        path = Path(path)
        if path.suffix.lower() != ".csv" and self.window.chart is None:
            self.window.install_chart()
        name = printable(path.name, 80)
        try:
            note = export_chart_file(
                path,
                self.state.params,
                self._theme(),
                self.window.font_family,
                chart=self.window.chart,
                assumptions=self.window.app_state.assumptions.assumptions,
            )
        except (OSError, ValueError) as error:
            why = why_not_written(error)
            show_problem(self.window, _("The chart was not exported"), f"{name}: {why}")
            return False
        saved = (
            _("Saved {name} ({note})").format(name=name, note=note)
            if note
            else _("Saved {name}").format(name=name)
        )
        self.window.statusBar().showMessage(saved, 10000)
        return True

    def export_dialog(self, suffix: str) -> None:
        title, file_filter = _DIALOG[suffix]
        suggested = str(self._folder / f"speedup-chart{suffix}")
        path, _chosen = QFileDialog.getSaveFileName(self.window, _(title), suggested, _(file_filter))
        if path:
            if Path(path).suffix.lower() != suffix:
                path += suffix
                # The dialog asked about the name typed, not this one: ask now.
                if not confirm_replace(self.window, Path(path)):
                    return
            self._folder = Path(path).parent
            self.export_to(path)

    def copy_readouts(self) -> str:
        text = readout_text(self.state.params, self.window.app_state.assumptions.assumptions)
        QGuiApplication.clipboard().setText(text)
        self.window.statusBar().showMessage(_("Readouts copied to the clipboard"), 4000)
        return text
