"""Text from files, paths and settings is shown as the characters it is, never as markup.

A tour caption ``<img src="/dev/zero">`` shown as rich text makes Qt read /dev/zero until the
process aborts; ``<b>x</b>`` would quietly turn bold.  Every place that shows file-provided
text gets both, and must show them literally.
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from ..support.cli import run_python
from ..support.window import open_window

ROOT = Path(__file__).resolve().parents[2]
MARKUP = ('<img src="/dev/zero">', "<b>x</b>")


def _tour(title: str, caption: str) -> dict:
    scene = {"title": title, "caption": caption, "parameters": {"k": 4, "p": 0.7, "c": 0.1}}
    return {"format": "specdec-desktop-tour", "version": 1, "title": title, "scenes": [scene, scene]}


def _boxes(window) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if box.isVisible()]


def _close_boxes(window) -> None:
    for box in window.findChildren(QMessageBox):
        box.close()


@pytest.mark.parametrize("markup", MARKUP)
def test_tour_title_and_caption_are_plain_text(qtbot, tmp_path, markup):
    path = tmp_path / "tour.json"
    path.write_text(json.dumps(_tour(f"T {markup}", f"C {markup}")), encoding="utf-8")
    window = open_window(qtbot)
    assert window.services.scenarios.open_tour_path(path)
    banner = window.services.banner
    assert banner.caption.textFormat() == Qt.TextFormat.PlainText
    assert banner.counter.textFormat() == Qt.TextFormat.PlainText
    assert banner.caption.text() == f"C {markup}"
    assert banner.counter.text().endswith(f"T {markup}")
    window.grab()  # paints the banner: as rich text this read /dev/zero


@pytest.mark.parametrize("markup", MARKUP)
def test_cannot_open_messages_are_plain_text(qtbot, tmp_path, markup):
    window = open_window(qtbot)
    # A file name with markup, whose content is bad...
    bad = tmp_path / f"{markup.replace('/', '_')}.json"
    bad.write_text("{", encoding="utf-8")
    # ...and a scenario whose tour.file (a value from the file) is markup.
    scenario = {
        "format": "specdec-desktop-scenario",
        "version": 1,
        "parameters": {"k": 5, "p": 0.5, "c": 0.2},
        "view": {"theme": "dark", "zoom": 1.0},
        "tour": {"file": markup + ".json", "scene": 1, "active": True},
    }
    named = tmp_path / "named.json"
    named.write_text(json.dumps(scenario), encoding="utf-8")
    theme = tmp_path / "theme.json"
    theme.write_text(json.dumps({**scenario, markup: 1}), encoding="utf-8")  # an unknown key
    for open_it, path in (
        (window.services.scenarios.open_path, bad),
        (window.services.scenarios.open_tour_path, bad),
        (window.services.scenarios.open_path, theme),
    ):
        assert not open_it(path)
        (box,) = _boxes(window)
        assert box.textFormat() == Qt.TextFormat.PlainText
        shown = markup.replace("/", "_") if path is bad else markup
        assert shown in box.text()
        assert shown in window.statusBar().currentMessage()
        window.grab()
        box.grab()
        _close_boxes(window)
    # The scenario naming a tour that does not exist opens, and says so in plain text.
    assert window.services.scenarios.open_path(named)
    (box,) = _boxes(window)
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert markup.split("/")[-1] in box.text()
    box.grab()
    _close_boxes(window)


def test_export_failure_message_is_plain_text(qtbot, tmp_path):
    window = open_window(qtbot)
    target = tmp_path / "<b>y<b>.csv"
    target.mkdir()  # a folder where the file should go: the export fails
    assert not window.services.exports.export_to(target)
    (box,) = _boxes(window)
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert "<b>y<b>.csv" in box.text()
    _close_boxes(window)


def test_undo_text_keeps_an_ampersand_in_a_file_name(qtbot, tmp_path):
    window = open_window(qtbot)
    path = tmp_path / "a&b.json"
    assert window.services.scenarios.save_path(path)
    window.state.set(k=9)
    assert window.services.scenarios.open_path(path)
    assert "a&&b.json" in window.services.actions["edit.undo"].text()


def test_no_label_that_can_show_file_text_interprets_markup(qtbot, tmp_path):
    """A sweep: markup pushed through every way a file reaches the window, then every label and
    message box anywhere that shows it must be plain text (new panels are covered as they come)."""
    sentinel = "<b>x</b>"
    tour = tmp_path / "tour.json"
    tour.write_text(json.dumps(_tour(sentinel, sentinel)), encoding="utf-8")
    bad = tmp_path / "<b>x<b>.json"  # "/" cannot be in a name: an unbalanced tag is still markup
    bad.write_text("{", encoding="utf-8")
    scenario = {
        "format": "specdec-desktop-scenario",
        "version": 1,
        "parameters": {"k": 5, "p": 0.5, "c": 0.2},
        "view": {"theme": "dark", "zoom": 1.0},
        sentinel: 1,
    }
    quoted = tmp_path / "quoted.json"
    quoted.write_text(json.dumps(scenario), encoding="utf-8")
    window = open_window(qtbot)
    services = window.services
    showing: list = []

    def sweep() -> None:
        from PySide6.QtWidgets import QApplication

        for top in QApplication.topLevelWidgets():
            widgets = [top, *top.findChildren(QLabel), *top.findChildren(QMessageBox)]
            for widget in widgets:
                if isinstance(widget, (QLabel, QMessageBox)) and "<b>x" in widget.text():
                    showing.append(widget)
                    assert widget.textFormat() == Qt.TextFormat.PlainText, widget.objectName()

    assert services.scenarios.open_tour_path(tour)
    sweep()
    for path in (bad, quoted):
        assert not services.scenarios.open_path(path)
        sweep()
        _close_boxes(window)
    assert not services.scenarios.open_tour_path(bad)
    sweep()
    _close_boxes(window)
    target = tmp_path / "<b>x<b>.csv"
    target.mkdir()
    assert not services.exports.export_to(target)
    sweep()
    _close_boxes(window)
    assert len(showing) >= 5, "the markup reached the banner and every message box"


def test_markup_everywhere_in_a_separate_process_survives(tmp_path):
    """The whole path, rendered, in a process of its own: it must finish and say so."""
    tour = tmp_path / "tour.json"
    tour.write_text(json.dumps(_tour('<img src="/dev/zero">', '<img src="/dev/zero"> <b>x</b>')))
    fifo = tmp_path / "fifo"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
    tour_fifo = tmp_path / "tour-fifo.json"
    # The FIFO named relative to the process's folder: an absolute path under pytest-xdist's
    # longer temporary folders would push the caption past the tour's 300-character limit.
    tour_fifo.write_text(json.dumps(_tour('<img src="fifo">', '<img src="fifo">')))
    script = textwrap.dedent(
        f"""
        from PySide6.QtWidgets import QApplication
        from specdec_desktop.app import create_application, create_main_window
        app = create_application()
        window = create_main_window([])
        window.resize(1280, 800)
        window.show()
        for path in ({str(tour)!r}, {str(tour_fifo)!r}):
            assert window.services.scenarios.open_tour_path(path)
            app.processEvents()
            window.grab()
        window.services.scenarios.open_path({str(tmp_path / '<img src="x">.json')!r})
        app.processEvents()
        for widget in app.topLevelWidgets():
            if widget.isVisible():
                widget.grab()
        print("survived")
        """
    )
    result = run_python(["-c", script], cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "survived" in result.stdout
