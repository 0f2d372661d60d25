"""An import refused or read in a German window says so in German (issue 27).

The scan's own refusals (empty, binary, too large, two engines mixed), the readers' notes, what
the engine's rate divides by and the name of pasted text ("clipboard") are phrases: English data
(``fit`` prints it byte for byte), said in the window's language where shown, a live switch too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from ..support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def _io(window):
    return window.services.measurements


def _refusal(qtbot, window, start) -> str:
    start()
    boxes = lambda: [  # noqa: E731
        w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()
    ]
    qtbot.waitUntil(lambda: _io(window).job is None and bool(boxes()))
    box = boxes()[0]
    shown = box.text()
    assert window.statusBar().currentMessage() == shown
    box.close()
    qtbot.waitUntil(lambda: not boxes())
    return shown


def test_refused_imports_are_said_in_german(qtbot, tmp_path):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    io = _io(window)
    empty = tmp_path / "leer.log"
    empty.write_bytes(b"")
    assert _refusal(qtbot, window, lambda: io.import_paths([empty])) == "leer.log: ist leer"
    assert _refusal(qtbot, window, lambda: io.import_paths([DATA / "mixed_engines.log"])) == (
        "mixed_engines.log: Zeile 13: mischt zwei Arten von Metriken: vLLM-Log (SpecDecoding metrics) "
        "(ab Zeile 6) und Decode-Log von SGLang; importieren Sie sie getrennt"
    )
    assert _refusal(qtbot, window, lambda: io.import_text("INFO\nab\x00c\n")) == (
        "Zwischenablage: Zeile 2: enthält Binärdaten (ein NUL-Byte), keinen Text"
    )
    assert _refusal(qtbot, window, lambda: io.import_paths([tmp_path])) == (
        f"{tmp_path.name}: ist ein Ordner, keine Datei"
    )
    assert window.app_state.measurement.fit is None


def test_the_engines_divisor_notes_and_the_clipboard_follow_the_language(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    io = _io(window)
    io.import_text((DATA / "llama_server.log").read_text(encoding="utf-8"))
    qtbot.waitUntil(lambda: window.app_state.measurement.fit is not None and io.job is None)
    panel = window.measured_panel
    assert window.app_state.measurement.origin == "clipboard"  # data, as before
    assert panel.source.text().endswith(": Zwischenablage")
    assert panel.figures["engine"].text() == "0,491: angenommene ÷ erzeugte Entwurfstokens (llama.cpp)"
    assert "Zeilen zur Entwurfsakzeptanz je Aufgabe beiseitegelassen" in panel.notes.text()

    assert window.services.language_menu.switch("en")
    assert panel.source.text().endswith(": clipboard")
    assert panel.figures["engine"].text() == "0.491: accepted ÷ generated draft tokens (llama.cpp)"
    assert "per-task draft acceptance lines left aside" in panel.notes.text()

    assert window.services.language_menu.switch("zh_CN")
    assert panel.source.text().endswith(": 剪贴板")
    assert panel.figures["engine"].text() == "0.491: 接受的 ÷ 生成的草稿 token 数（llama.cpp）"
