"""Importing measurements into the window: File ▸ Import, drag and drop, paste; the report.

A read (:class:`ImportJob`) runs on the window's import worker (``state/worker.py``), so the
window keeps painting and a progress dialog with Cancel follows it; the result (or the problem)
comes back to the GUI thread.  A good import goes to :class:`~specdec_desktop.state.MeasurementState`;
a bad one shows one message naming the file and line, and nothing changes.  When a file does not
state its draft length, the user is asked for it.  A per-k cost table (runs at several k, told
by its header as ``fit`` tells it: :func:`~specdec_desktop.measured.cost_table.is_cost_table`)
comes in the same ways, alone or beside metrics files; its per-batch fit goes to the same state,
which the Measured tab and the chart's measured points show.  What is done with a measurement
once imported ("use these", pin, clear) is :mod:`.measurement_use`'s.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QProgressDialog

from ..state import AppState
from ..state.worker import Worker
from ..text import N_, Phrase, _, error_text, said
from .notices import show_problem

__all__ = ["ImportJob", "Imported", "MeasurementIO"]

#: Largest clipboard text read.
MAX_PASTE_CHARS = 64 * 1024**2
_FILTER = N_("Metrics (*.log *.txt *.prom *.json *.jsonl *.csv *.tsv);;All files (*)")


class Imported(NamedTuple):
    """What one import read: the metrics' fit and the cost tables' per-batch fit (either may be
    absent, never both)."""

    fit: object | None
    costs: tuple = ()
    #: The names of the files read as cost tables, and of those read as metrics.
    table_names: tuple[str, ...] = ()
    metric_names: tuple[str, ...] = ()


class ImportJob(QObject):
    """One read of metrics: what to read, its stop flag, and its progress.

    :meth:`read` runs on the worker thread and returns :class:`Imported`, or raises
    :class:`MetricsProblem` or :class:`ImportCancelled`.

    Signals
    -------
    progress(int)
        Per mille of the bytes read (emitted on the worker; queued to the GUI thread).
    """

    progress = Signal(int)

    def __init__(self, paths: list[Path] | None, text: str | None, k: int | None, parent: QObject) -> None:
        super().__init__(parent)
        self.paths, self.text, self.k = paths, text, k
        self.stop = threading.Event()
        self._files_done = 0

    def _progress(self, done: int, total: int) -> None:
        count = len(self.paths or [None])
        share = (self._files_done + (done / total if total else 1.0)) / count
        self.progress.emit(int(1000 * share))

    def read(self) -> Imported:
        # The readers are imported with the first import of metrics, not at start-up.
        from ..measured import ImportCancelled, MetricsProblem, combine, fit_measurement
        from ..measured import cost_table as tables
        from ..measured.scan import CLIPBOARD, distinct_files, read_metrics, read_metrics_text, with_notes

        current = CLIPBOARD
        try:
            if self.text is not None:
                if tables.is_cost_table_text(self.text):
                    rows = tables.read_cost_table_text(self.text, CLIPBOARD)
                    return Imported(None, tuple(tables.fit_costs(rows)))
                return Imported(fit_measurement(read_metrics_text(self.text, CLIPBOARD, k=self.k)))
            paths, same = distinct_files(self.paths or [])
            self.paths = paths
            found, rows, table_names, metric_names = [], [], [], []
            for path in paths:
                current = path.name
                if tables.is_cost_table(path):
                    rows += tables.read_cost_table(path)
                    table_names.append(path.name)
                else:
                    found.append(read_metrics(path, self.k, self._progress, self.stop.is_set))
                    metric_names.append(path.name)
                self._files_done += 1
            fit = fit_measurement(with_notes(combine(found), same)) if found else None
            costs = tuple(tables.fit_costs(rows)) if rows else ()
            return Imported(fit, costs, tuple(table_names), tuple(metric_names))
        except (MetricsProblem, ImportCancelled):
            raise
        except Exception as error:  # never lose the window to a bad file: a message names it
            why = Phrase(N_("could not be read ({why})"), why=f"{type(error).__name__}: {error}")
            raise MetricsProblem("unreadable", why, current) from None


class MeasurementIO(QObject):
    """Import, paste, drop and the report, for one window."""

    def __init__(self, window: QMainWindow, app_state: AppState, actions: dict[str, QAction]) -> None:
        super().__init__(window)
        self.window = window
        self.state = app_state.parameters  # the k a file without one is asked for starts at
        self.measurement = app_state.measurement
        self.job: ImportJob | None = None
        self.worker = Worker("specdec-import", self)
        self._retry = None  # an import to start again (with k) once the running one has ended
        self.dialog: QProgressDialog | None = None
        self._folder = Path.home()
        actions["file.import_measurements"].triggered.connect(self.import_dialog)
        actions["file.paste_measurements"].triggered.connect(self.paste)
        actions["file.export_report"].triggered.connect(self.report_dialog)
        panel = window.measured_panel
        panel.import_requested.connect(self.import_dialog)
        panel.paste_requested.connect(self.paste)
        panel.report_requested.connect(self.report_dialog)
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # -- starting a read ------------------------------------------------------------------------

    def import_dialog(self) -> None:
        # One file from the dialog (several files: drop them on the window, or `fit FILE...`).
        path, _chosen = QFileDialog.getOpenFileName(
            self.window, _("Import measurements"), str(self._folder), _(_FILTER)
        )
        if path:
            self._folder = Path(path).parent
            self.import_paths([Path(path)])

    def paste(self) -> None:
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            show_problem(self.window, _("Nothing to paste"), _("The clipboard holds no text."))
            return
        if len(text) > MAX_PASTE_CHARS:
            show_problem(self.window, _("Not imported"), _("The clipboard text is larger than 64 MiB."))
            return
        self.import_text(text)

    def import_paths(self, paths: list[Path], k: int | None = None) -> bool:
        """Read ``paths`` (their counts add up) on a worker thread; ``False`` when one is running."""
        return self._start(ImportJob(paths, None, k, self), ", ".join(p.name for p in paths), paths, None)

    def import_text(self, text: str, k: int | None = None) -> bool:
        """Read metrics given as text (the clipboard, a drop)."""
        from ..measured.scan import CLIPBOARD

        return self._start(ImportJob(None, text, k, self), CLIPBOARD, None, text)

    def _start(self, job: ImportJob, origin: str, paths, text) -> bool:
        if self.job is not None:
            self.window.statusBar().showMessage(_("An import is still running"), 4000)
            return False
        self.job = job
        # The origin is kept as data (the phrase "clipboard" for pasted text), said where shown.
        shown = said(origin)
        reading = _("Reading {origin}…").format(origin=shown)
        self.window.statusBar().showMessage(reading)
        dialog = QProgressDialog(reading, _("Cancel"), 0, 1000, self.window)
        dialog.setObjectName("importProgress")
        dialog.setWindowTitle(_("Import measurements"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(400)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(job.stop.set)
        job.progress.connect(dialog.setValue)
        self.dialog = dialog

        def done(imported: Imported) -> None:
            try:
                self._done(imported, origin, shown)
            finally:
                self._finished()

        def failed(outcome: BaseException) -> None:
            try:
                self._failed(outcome, paths, text)
            finally:
                self._finished()

        self.worker.run_in_worker(job.read, done, failed)
        return True

    def cancel(self) -> None:
        """Stop the read in progress (nothing changes)."""
        if self.job is not None:
            self.job.stop.set()

    def _finished(self) -> None:
        job, self.job = self.job, None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        if job is not None:
            job.deleteLater()
        retry, self._retry = self._retry, None
        if retry is not None:
            retry()

    # -- results --------------------------------------------------------------------------------

    def _done(self, imported: Imported, origin: str, shown: str | None = None) -> None:
        fit, costs = imported.fit, imported.costs
        # Each part is named by its own files (one origin when all were of one kind).
        if costs:
            self.measurement.set_costs(costs, ", ".join(imported.table_names) or origin)
        if fit is not None:
            self.measurement.set_fit(fit, ", ".join(imported.metric_names) if costs else origin)
        self.window.show_tab("measured")
        if fit is None:
            self.window.statusBar().showMessage(
                _("Imported {origin}: runs at several k (best k per batch size in the Measured tab)").format(
                    origin=origin if shown is None else shown
                ),
                8000,
            )
            return
        m = fit.measurement
        if fit.fitted_p is None:
            p = _("drafts vary in length, no p fitted")
        else:
            p = _("fitted p = {p:.4f}").format(p=fit.fitted_p)
        imported = _("Imported {origin}: {label}, {fit}").format(
            origin=origin if shown is None else shown, label=said(m.label), fit=p
        )
        self.window.statusBar().showMessage(imported, 8000)

    def _failed(self, outcome, paths, text) -> None:
        from ..measured import ImportCancelled, MetricsProblem

        self.window.statusBar().clearMessage()  # "Reading …" ends with the read, whatever its end
        if not isinstance(outcome, (ImportCancelled, MetricsProblem)):
            raise outcome  # a fault of the app, not of the file: Qt reports it
        if isinstance(outcome, ImportCancelled):
            self.window.statusBar().showMessage(_("Import cancelled; nothing changed"), 6000)
            return
        if outcome.kind == "k_missing":
            self.ask_draft_length(error_text(outcome), paths, text)
            return
        show_problem(self.window, _("These measurements were not imported"), error_text(outcome))

    def ask_draft_length(self, message: str, paths, text) -> QInputDialog:
        """Ask (without blocking the event loop) for the k a file does not state; import again with it."""
        from ..measured.measurement import MAX_K

        dialog = QInputDialog(self.window)
        dialog.setObjectName("askDraftLength")
        dialog.setWindowTitle(_("Draft length"))
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(1, MAX_K)
        dialog.setIntValue(self.state.params.k)
        dialog.setLabelText(
            _("{message}\n\nThe draft length k these metrics were taken with:").format(message=message)
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)

        def chosen(k: int) -> None:
            def again() -> None:
                if paths is not None:
                    self.import_paths(paths, k)
                else:
                    self.import_text(text, k)

            if self.job is not None:  # the read that asked has not wound up yet: start after it
                self._retry = again
            else:
                again()

        dialog.intValueSelected.connect(chosen)
        dialog.open()
        return dialog

    def report_dialog(self) -> None:
        from .report_actions import export_report_dialog

        export_report_dialog(self.window, self)

    # -- drag and drop --------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Close and self.job is not None:
            self.job.stop.set()
            self.worker.wait()
            return False
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            mime = event.mimeData()
            if mime.hasUrls() or mime.hasText():
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            mime = event.mimeData()
            paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
            if paths:
                event.acceptProposedAction()
                self.import_paths(paths)
                return True
            if mime.hasText():
                event.acceptProposedAction()
                text = mime.text()
                if len(text) > MAX_PASTE_CHARS:  # refused as Paste refuses it, never cut short
                    show_problem(
                        self.window, _("Not imported"), _("The dropped text is larger than 64 Mi characters.")
                    )
                    return True
                self.import_text(text)
                return True
        return False
