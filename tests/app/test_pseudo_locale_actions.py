"""The pseudo-locale after the user has done things: what an import, a refusal, a pin, a preset
or a bad file name puts on screen also goes through the text layer (issue 27).

tests/app/test_pseudo_locale.py scans the window as it opens; the words found here appear only
after an action: the Measured tab after each sample file (its format's name, the verdict, the
notes, the figures' words), the status line and the message boxes of refused imports, writes
and timings, the ask-for-k dialog, the Compare tab's messages and the Draft trees tab's presets.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from ..support.pseudo_scan import scan, unbracketed_words
from ..support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
SAMPLES = sorted(path for path in DATA.iterdir() if path.suffix != ".py")


def _io(window):
    return window.services.measurements


def _boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


#: The user's own words a message quotes (file and folder names), left out of the scan.
NAMES: set[str] = set()


def _said(what: str, text: str) -> list[str]:
    words = unbracketed_words(text, NAMES)
    return [f"{what}: {words} in {text[:90]!r}"] if words else []


def _close_boxes(qtbot) -> list[str]:
    """The texts of the message boxes on screen (title and message), then closed."""
    found = []
    for box in _boxes():
        found += [box.windowTitle(), box.text()]
        box.close()
    qtbot.waitUntil(lambda: not _boxes())
    return found


def _import(qtbot, window, path: Path) -> list[str]:
    """Import ``path`` (answering k = 3 if asked); every problem the screen then shows."""
    io = _io(window)
    window.services.measurement_use.clear()
    NAMES.update((path.name, str(path)))
    problems = []
    assert io.import_paths([path])

    def settled() -> bool:
        asked = window.findChild(QInputDialog, "askDraftLength")
        return io.job is None and (
            window.app_state.measurement.fit is not None
            or bool(window.app_state.measurement.costs)
            or bool(_boxes())
            or (asked is not None and asked.isVisible())
        )

    qtbot.waitUntil(settled)
    asked = window.findChild(QInputDialog, "askDraftLength")
    if asked is not None and asked.isVisible():
        problems += _said("ask k", asked.labelText()) + _said("ask k title", asked.windowTitle())
        asked.setIntValue(3)
        asked.accept()
        qtbot.waitUntil(
            lambda: io.job is None and (window.app_state.measurement.fit is not None or bool(_boxes()))
        )
    for text in _close_boxes(qtbot):
        problems += _said("message box", text)
    problems += _said("status", window.statusBar().currentMessage())
    window.show_tab("measured")
    problems += [f"measured tab: {p}" for p in scan([window.tabs.currentWidget()], quoted=NAMES)]
    return problems


def test_the_measured_tab_after_each_sample_file(qtbot):
    window = open_window(qtbot, ["--lang", "pseudo"], size=(1920, 1080), active=False)
    problems = []
    for path in SAMPLES:
        problems += [f"{path.name}: {p}" for p in _import(qtbot, window, path)]
    assert problems == []


def test_refused_imports_and_the_format_names(qtbot, tmp_path):
    """Quick (not slow): an empty file, a folder, two engines mixed (it names both formats), a
    near miss (names one), a file of the system, and one good import."""
    window = open_window(qtbot, ["--lang", "pseudo"], active=False)
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    problems = []
    for path in (
        empty,
        tmp_path,
        DATA / "mixed_engines.log",
        DATA / "vllm_near_miss.log",
        Path("/proc/self/status"),
        DATA / "sglang_bench_serving.txt",
    ):
        problems += [f"{path.name}: {p}" for p in _import(qtbot, window, path)]
    assert problems == []
    assert window.measured_panel.source.text().startswith("[")  # the format's name, said


def test_refused_timings_writes_and_names(qtbot, tmp_path):
    window = open_window(qtbot, ["--lang", "pseudo"], active=False)
    use = window.services.measurement_use
    problems = []
    for timings in ((30.0, 20.0, None, 4), (2.0, 20.0, 10.0, 4), (float("nan"), 20.0, None, 4)):
        use.set_timings(timings)
        problems += [p for text in _close_boxes(qtbot) for p in _said("timings", text)]
    NAMES.update((str(tmp_path), tmp_path.name, "chart.svg", "a\\x00b.json"))
    folder = tmp_path / "chart.svg"
    folder.mkdir()  # a folder where the file would go: "it is a folder; nothing was written"
    window.services.exports.export_to(folder)
    problems += [p for text in _close_boxes(qtbot) for p in _said("write", text)]
    window.services.scenarios.open_path(str(tmp_path / "a\x00b.json"))
    problems += [p for text in _close_boxes(qtbot) for p in _said("bad name", text)]
    assert problems == []


def test_the_compare_tabs_messages_and_the_tree_presets(qtbot):
    window = open_window(qtbot, ["--lang", "pseudo"], size=(1920, 1080), active=False)
    window.show_tab("compare")
    compare = window.compare
    problems = _said("suggested name", compare.panel.name_input.text())
    assert compare.pin("A")
    problems += _said("pinned", compare.panel.message.text())
    assert not compare.pin("a")  # the name is taken
    problems += _said("taken", compare.panel.message.text())
    assert not compare.pin("   ")
    problems += _said("no name", compare.panel.message.text())
    compare.remove("nobody")
    problems += _said("no such pin", compare.panel.message.text())
    boxes = compare.panel.presets
    compare.panel.fill_presets()
    problems += [p for i in range(boxes.count()) for p in _said(f"compare preset {i}", boxes.itemText(i))]
    for index in range(1, boxes.count()):  # each published configuration with its citation
        boxes.setCurrentIndex(index)
        boxes.activated.emit(index)
        problems += [f"compare preset {index}: {p}" for p in scan([window.tabs.currentWidget()])]
    window.show_tab("trees")
    panel = window.tree_panel
    for index in range(1, panel.preset.count()):
        panel.preset.setCurrentIndex(index)
        panel.preset.activated.emit(index)
        problems += [f"preset {index}: {p}" for p in scan([window.tabs.currentWidget()])]
    problems += _said("undo", window.services.actions["edit.undo"].text())
    assert problems == []
