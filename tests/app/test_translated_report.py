"""The HTML report in the language its caller names (issue 27): File ▸ Export report writes the
window's language, ``fit --report`` the command line's (``--lang``, else English); writing it
switches nothing on screen."""

from __future__ import annotations

import re
from pathlib import Path

from specdec_desktop import text
from specdec_desktop.cli import main
from specdec_desktop.export.measured_report import report_html
from specdec_desktop.measured import fit_measurement, read_metrics
from specdec_desktop.measured.decision import measured_figures
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.window_services.report_actions import write_report

from ..support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
#: The English report's own words (headings, row names, the chart's labels).
ENGLISH_WORDS = ("<h2>Context</h2>", "<h2>Decision</h2>", "Fitted p (one p giving τ at k)", "break-even")


def _fit():
    return fit_measurement(read_metrics(DATA / "vllm_specdecoding.log"))


def _without_time(html: str) -> str:
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "WHEN", html)


def test_the_window_writes_the_report_in_its_language(qtbot, tmp_path):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.app_state.measurement.set_fit(_fit(), "vllm.log")
    title = window.windowTitle()
    heard = []
    stop = text.on_change(heard.append)
    try:
        assert write_report(window, tmp_path / "de.html")
    finally:
        stop()
    html = (tmp_path / "de.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in html
    assert "<h1>Spekulatives Dekodieren: gemessene Akzeptanz</h1>" in html
    assert "<h2>Kontext</h2>" in html and "<h2>Entscheidung</h2>" in html
    assert "Angepasstes p (ein p, das bei k τ ergibt)" in html and "Gewinnschwelle" in html
    assert not [word for word in ENGLISH_WORDS if word in html]
    assert re.search(r"<td>0,\d{4} \(", html)  # the fitted p with the German decimal mark
    assert "--speculative-config" in html  # the flags to paste stay as the engine reads them
    # Nothing on screen changed: no switch was heard, the window still speaks German.
    assert heard == [] and text.current().code == "de" and window.windowTitle() == title

    window.services.language_menu.switch("en")
    assert write_report(window, tmp_path / "en.html")
    english = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and all(word in english for word in ENGLISH_WORDS)


def test_the_report_takes_the_callers_language_not_the_active_one(tmp_path):
    fit = _fit()
    figures = measured_figures(fit, 0.1, Assumptions(), None)
    english = report_html(fit, figures, "x.log", language="en")
    assert text.activate("de") is None
    try:
        again = report_html(fit, figures, "x.log", language=text.ENGLISH)
        german = report_html(fit, figures, "x.log", language="de")
        assert text.current().code == "de"  # writing it switched nothing
    finally:
        text.activate(text.ENGLISH)
    assert _without_time(again) == _without_time(english)
    assert "<h2>Entscheidung</h2>" in german and "<h2>Decision</h2>" not in german
    chinese = report_html(fit, figures, "x.log", language="zh_CN")
    assert '<html lang="zh-CN">' in chinese and "<h2>决策</h2>" in chinese
    assert text.current().code == text.ENGLISH


def test_fit_report_from_the_command_line_speaks_its_language(capsys, tmp_path):
    # English without --lang (the command line follows only --lang), German with --lang de.
    english, german = tmp_path / "en.html", tmp_path / "de.html"
    assert main(["fit", str(DATA / "vllm_specdecoding.log"), "--report", str(english)]) == 0
    try:
        assert (
            main(["--lang", "de", "fit", str(DATA / "vllm_specdecoding.log"), "--report", str(german)]) == 0
        )
    finally:
        text.activate(text.ENGLISH)  # the command line's language, in this process
    capsys.readouterr()
    html = english.read_text(encoding="utf-8")
    assert '<html lang="en">' in html and all(word in html for word in ENGLISH_WORDS)
    html = german.read_text(encoding="utf-8")
    assert '<html lang="de">' in html and "<h2>Entscheidung</h2>" in html and "<h2>Decision</h2>" not in html
