"""Importing hostile files into the window (issue 24.1, 24.3, 24.4): Cancel answers at once,
every failure ends in a message naming the file, the same file twice counts once, a dropped
text over the limit is refused like Paste."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from specdec_desktop.window_services import measurement_io
from tests.support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def _io(window):
    return window.services.measurements


def _boxes() -> list[str]:
    return [w.text() for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_cancel_ends_a_read_within_200_ms(qtbot, tmp_path) -> None:
    """At the real block size, on a file of long adversarial lines (a 200 KB label set each)."""
    window = open_window(qtbot)
    big = tmp_path / "big.prom"
    line = "vllm:spec_decode_num_drafts_total{" + "a" * 200_000 + "} 5\n"
    noise = "noise line of a server log\n" * 20_000
    big.write_text((noise + line * 4) * 60)  # about 80 MB
    io = _io(window)
    io.import_paths([big])
    dialog = io.dialog
    qtbot.waitUntil(lambda: dialog.value() > 0, timeout=20_000)  # the read is under way
    start = time.perf_counter()
    io.cancel()
    qtbot.waitUntil(lambda: io.job is None, timeout=5_000)
    elapsed = time.perf_counter() - start
    assert window.app_state.measurement.fit is None
    assert "cancelled" in window.statusBar().currentMessage()
    assert elapsed < 0.2, f"Cancel took {elapsed * 1000:.0f} ms"


def test_a_deep_json_import_ends_in_a_message_naming_the_file(qtbot, tmp_path) -> None:
    window = open_window(qtbot)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    io = _io(window)
    io.import_paths([deep])
    qtbot.waitUntil(lambda: io.job is None and bool(_boxes()))
    assert any("deep.json" in text and "1,000 levels" in text for text in _boxes())
    assert "Reading" not in window.statusBar().currentMessage()
    assert window.app_state.measurement.fit is None


def test_an_unexpected_fault_of_a_read_still_names_the_file(qtbot, tmp_path, monkeypatch) -> None:
    from specdec_desktop.measured import scan

    window = open_window(qtbot)

    def broken(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(scan, "read_metrics", broken)
    io = _io(window)
    io.import_paths([DATA / "vllm_specdecoding.log"])
    qtbot.waitUntil(lambda: io.job is None and bool(_boxes()))
    assert any("vllm_specdecoding.log" in text and "RecursionError" in text for text in _boxes())
    assert "Reading" not in window.statusBar().currentMessage()


def test_the_same_file_dropped_twice_counts_once(qtbot, tmp_path) -> None:
    window = open_window(qtbot)
    link = tmp_path / "again.log"
    link.symlink_to(DATA / "vllm_specdecoding.log")
    io = _io(window)
    io.import_paths([DATA / "vllm_specdecoding.log"])
    qtbot.waitUntil(lambda: io.job is None and window.app_state.measurement.fit is not None)
    once = window.app_state.measurement.fit.measurement.steps
    io.import_paths([DATA / "vllm_specdecoding.log", link])
    qtbot.waitUntil(lambda: io.job is None and window.app_state.measurement.origin.count(",") == 1)
    measurement = window.app_state.measurement.fit.measurement
    assert measurement.steps == once
    assert any("same file" in note and "counted once" in note for note in measurement.notes)


def test_a_dropped_text_over_the_limit_is_refused_like_paste(qtbot, monkeypatch) -> None:
    window = open_window(qtbot)
    monkeypatch.setattr(measurement_io, "MAX_PASTE_CHARS", 1000)
    mime = QMimeData()
    mime.setText((DATA / "llama_reference.log").read_text() * 10)
    drop = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    io = _io(window)
    assert io.eventFilter(window, drop)
    assert io.job is None  # nothing started: not cut short and imported as if whole
    assert any("larger than" in text for text in _boxes())
    assert window.app_state.measurement.fit is None
