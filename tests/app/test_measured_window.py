"""The Measured panel, importing into the window (file, paste, drop), "use these", timings, the report."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox, QWidget

from specdec_desktop.measured import fit_measurement, read_metrics, scan
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.figures import readouts
from specdec_desktop.window_services.report_actions import write_report
from tests.support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def _io(window):
    return window.services.measurements


def _problem_boxes():
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_panel_is_empty_until_an_import(qtbot):
    window = open_window(qtbot)
    panel = window.findChild(QWidget, "measuredPanel")
    assert panel is window.measured_panel
    assert panel.hint.isVisibleTo(panel) and not panel.body.isVisibleTo(panel)
    assert not panel.report_button.isEnabled()


def test_import_a_file_fills_the_panel_and_the_essay(qtbot):
    window = open_window(qtbot)
    params = window.state.params
    assert _io(window).import_paths([DATA / "llama_reference.log"])
    qtbot.waitUntil(lambda: window.app_state.measurement.fit is not None and _io(window).job is None)
    panel = window.measured_panel
    fit = window.app_state.measurement.fit
    assert fit.k == 3 and round(fit.fitted_p, 4) == 0.7929
    assert panel.body.isVisibleTo(panel)
    assert panel.figures["p"].text().startswith("0.7929")
    assert panel.figures["tau"].text().startswith("2.920")
    assert "One p fits" in panel.verdict.text()
    assert panel.bars.isVisibleTo(panel)
    assert window.current_tab() == "measured"
    assert window.state.params == params  # importing changes no parameter
    assert "Your numbers" in window.essays["acceptance"].toHtml()
    # The recommendation follows the draft cost.
    before = panel.recommendation.text()
    window.state.set(c=0.4)
    assert panel.recommendation.text() != before and "c = 0.4" in panel.recommendation.text()


def test_use_fitted_p_is_one_undo_step(qtbot):
    window = open_window(qtbot)
    fit = fit_measurement(read_metrics(DATA / "llama_reference.log"))
    window.app_state.measurement.set_fit(fit, "x")
    window.measured_panel.use_button.click()
    assert window.state.params.p == pytest.approx(0.7929)
    window.services.history.stack.undo()
    assert window.state.params.p == 0.75


def test_timings_set_c_and_show_milliseconds(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "cycles.csv")), "cycles.csv")
    panel = window.measured_panel
    panel.draft_ms.setValue(2.0)
    panel.target_ms.setValue(20.0)
    panel.verify_ms.setValue(21.0)
    panel.timings_button.click()
    assert window.state.params.c == pytest.approx(0.1)
    assert window.app_state.measurement.timings.verify_growth == pytest.approx((21 / 20 - 1) / 5)
    assert "ms per token" in panel.timing_result.text()
    panel.draft_ms.setValue(30.0)
    panel.timings_button.click()  # draft slower than target: refused, nothing changes
    assert window.state.params.c == pytest.approx(0.1)
    assert _problem_boxes()


@pytest.mark.parametrize(
    ("name", "needle"),
    [("contradictory.log", "line 3"), ("mixed_engines.log", "line 13"), ("cycles_too_many.csv", "line 4")],
)
def test_bad_file_shows_one_message_and_changes_nothing(qtbot, name, needle):
    window = open_window(qtbot)
    params = window.state.params
    _io(window).import_paths([DATA / name])
    qtbot.waitUntil(lambda: _io(window).job is None and bool(_problem_boxes()))
    box = _problem_boxes()[0]
    assert name in box.text() and needle in box.text()
    assert window.app_state.measurement.fit is None
    assert window.state.params == params


def test_missing_k_is_asked_for(qtbot):
    window = open_window(qtbot)
    _io(window).import_paths([DATA / "sglang_server.log"])
    qtbot.waitUntil(lambda: window.findChild(QInputDialog, "askDraftLength") is not None)
    dialog = window.findChild(QInputDialog, "askDraftLength")
    assert "k is missing" in dialog.labelText()
    dialog.setIntValue(3)
    dialog.accept()
    qtbot.waitUntil(lambda: window.app_state.measurement.fit is not None and _io(window).job is None)
    assert window.app_state.measurement.fit.k == 3


def test_paste_and_drop(qtbot):
    window = open_window(qtbot)
    QGuiApplication.clipboard().setText((DATA / "llama_reference.log").read_text())
    window.services.actions["file.paste_measurements"].trigger()
    qtbot.waitUntil(lambda: window.app_state.measurement.fit is not None and _io(window).job is None)
    assert window.app_state.measurement.origin == "clipboard"

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(DATA / "vllm_metrics.prom"))])
    drop = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    # Qt delivers a drop only during a real drag; hand it to the window's drop handler directly.
    assert _io(window).eventFilter(window, drop)
    qtbot.waitUntil(
        lambda: window.app_state.measurement.origin == "vllm_metrics.prom" and _io(window).job is None
    )
    assert window.app_state.measurement.fit.measurement.format == "vllm-prometheus"


def test_cancel_keeps_what_was_there(qtbot, tmp_path, monkeypatch):
    window = open_window(qtbot)
    monkeypatch.setattr(scan, "BLOCK_BYTES", 16 * 1024)
    big = tmp_path / "big.log"
    line = (DATA / "llama_reference.log").read_text().splitlines()[1] + "\n"
    big.write_text(("noise line of a server log\n" * 2000 + line) * 400)
    io = _io(window)
    io.import_paths([big])
    io.cancel()
    qtbot.waitUntil(lambda: io.job is None)
    assert window.app_state.measurement.fit is None
    assert "cancelled" in window.statusBar().currentMessage()


def test_ui_keeps_running_during_a_read(qtbot, tmp_path, monkeypatch):
    window = open_window(qtbot)
    monkeypatch.setattr(scan, "BLOCK_BYTES", 64 * 1024)
    big = tmp_path / "big.log"
    line = (DATA / "llama_reference.log").read_text().splitlines()[1] + "\n"
    big.write_text(("noise line of a server log\n" * 5000 + line) * 200)
    io = _io(window)
    io.import_paths([big])
    renders = window.render_count
    window.state.set(k=7)  # the GUI thread is free while the worker reads
    assert window.render_count == renders + 1
    qtbot.waitUntil(lambda: io.job is None, timeout=20000)
    assert window.app_state.measurement.fit.measurement.steps == 100 * 200


def test_report_is_self_contained_and_escapes_file_text(qtbot, tmp_path):
    window = open_window(qtbot)
    evil = tmp_path / "<b>evil<script>&.log"
    shutil.copy(DATA / "vllm_specdecoding.log", evil)
    fit = fit_measurement(read_metrics(evil))
    window.app_state.measurement.set_fit(fit, evil.name)
    out = tmp_path / "report.html"
    assert write_report(window, out)
    html = out.read_text(encoding="utf-8")
    assert "<b>evil" not in html and "<script" not in html
    assert "&lt;b&gt;evil&lt;script&gt;&amp;.log" in html
    # the bars and the chart, both inline SVG, the chart drawn at the decision's figures
    assert html.count("<svg") == 2 and "speedup against draft length at the fitted figures" in html
    assert not re.search(r"(src|href)=", html)
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in html
    for needle in ("Fitted p", "Best k", "Context", "Acceptance falls with position", "--speculative-config"):
        assert needle in html


def test_panel_fits_a_small_projector_window(qtbot):
    window = open_window(qtbot, ["--projector"], size=(1024, 768))
    hint = window.minimumSizeHint()
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "vllm_specdecoding.log")), "x")
    window.show_tab("measured")
    assert window.minimumSizeHint() == hint  # the panel scrolls in its tab; it never grows the window
    assert window.measured_scroll.widget() is window.measured_panel


def test_use_the_curve_sets_p_and_decay_in_one_step(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "vllm_specdecoding.log")), "x")
    panel = window.measured_panel
    assert panel.curve_button.isVisibleTo(panel)
    panel.curve_button.click()
    assert window.app_state.assumptions.assumptions.decay < 1.0
    assert window.state.params.p != 0.75
    window.services.history.stack.undo()
    assert window.app_state.assumptions.assumptions.decay == 1.0 and window.state.params.p == 0.75


def test_timings_set_the_verify_growth_assumption(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "cycles.csv")), "cycles.csv")
    panel = window.measured_panel
    panel.draft_ms.setValue(2.0)
    panel.target_ms.setValue(20.0)
    panel.verify_ms.setValue(22.0)
    panel.timings_button.click()
    assert window.app_state.assumptions.assumptions.verify_growth == pytest.approx(0.02)


def test_report_to_a_folder_is_refused_naming_it(qtbot, tmp_path):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "cycles.csv")), "cycles.csv")
    folder = tmp_path / "out.html"
    folder.mkdir()
    assert not write_report(window, folder)
    assert any("out.html" in box.text() for box in _problem_boxes())


def test_report_to_a_name_no_file_can_have_is_refused(qtbot, tmp_path):
    """The long CI fuzz typed a NUL into the report's file name: a message, nothing written."""
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "cycles.csv")), "cycles.csv")
    assert not write_report(window, str(tmp_path / "re\0port.html"))
    assert any("NUL character" in box.text() for box in _problem_boxes())
    assert os.listdir(tmp_path) == []


def test_measured_tab_follows_the_active_assumptions_like_the_chart(qtbot):
    # issue 22: with batch 32 and knee 64 the chart said k = 1 and the tab 4
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "llama_reference.log")), "x")
    panel = window.measured_panel
    panel.use_button.click()  # the window now holds the fitted p
    window.app_state.assumptions.set(batch=32, knee=64)
    chart_best = readouts(window.state.params, window.app_state.assumptions.assumptions).best_k
    assert chart_best == 1
    assert f"best k = {chart_best} " in panel.recommendation.text()
    assert "B = 32" in panel.recommendation.text()


def test_use_curve_then_the_chart_and_the_tab_agree(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "vllm_specdecoding.log")), "x")
    panel = window.measured_panel
    panel.curve_button.click()
    chart_best = readouts(window.state.params, window.app_state.assumptions.assumptions).best_k
    assert f"best k = {chart_best} " in panel.recommendation.text()


def test_engine_flags_are_shown_and_copied(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "llama_reference.log")), "x")
    panel = window.measured_panel
    assert panel.flags.isVisibleTo(panel) and "num_speculative_tokens" in panel.flags.text()
    panel.copy_flags_button.click()
    assert QGuiApplication.clipboard().text() == panel.flags.text()
    assert "--speculative-eagle-topk 1" in panel.flags.text() and "--draft-max" in panel.flags.text()


def test_variable_drafts_show_no_p_and_no_flags(qtbot):
    window = open_window(qtbot)
    window.app_state.measurement.set_fit(fit_measurement(read_metrics(DATA / "llama_speculative.txt")), "x")
    panel = window.measured_panel
    assert "drafts vary in length" in panel.figures["p"].text()
    assert not panel.use_button.isVisibleTo(panel) and not panel.flags.isVisibleTo(panel)
    assert "No best k" in panel.recommendation.text()


def test_two_runs_pinned_side_by_side(qtbot):
    # issue 23.7: before and after a draft change, compared as pins (curve, table row, best k)
    from specdec_desktop.measured.decision import measured_figures

    window = open_window(qtbot)
    panel = window.measured_panel
    names = []
    for sample in ("llama_reference.log", "vllm_bench_serve.txt"):
        fit = fit_measurement(read_metrics(DATA / sample))
        window.app_state.measurement.set_fit(fit, sample)
        panel.pin_run_button.click()
        pin = window.app_state.pinned.pins[-1]
        names.append(pin.name)
        decision = measured_figures(fit, window.state.params.c, window.app_state.assumptions.assumptions)
        assert pin.params.k == fit.k and pin.params.p == decision.p
        assert readouts(pin.params, Assumptions(**pin.assumptions)).best_k == decision.best_k
    assert names == ["llama_reference", "vllm_bench_serve"]
    panel.pin_run_button.click()  # the same run again gets a name of its own
    assert window.app_state.pinned.pins[-1].name == "vllm_bench_serve (2)"
    window.services.history.stack.undo()
    assert len(window.app_state.pinned.pins) == 2


def test_the_essays_numbers_follow_the_assumptions():
    # issue 22: the essay's "your numbers" asked the original model whatever the window assumed
    from specdec_desktop.model import Parameters, best_draft_length
    from specdec_desktop.views.measured_panel import acceptance_addendum

    fit = fit_measurement(read_metrics(DATA / "llama_reference.log"))
    params = Parameters(k=6, p=0.75, c=0.15)
    loaded = best_draft_length(fit.fitted_p, 0.15, batch=32, knee=64.0)
    assert loaded != best_draft_length(fit.fitted_p, 0.15)
    text = acceptance_addendum(fit, params, Assumptions(batch=32, knee=64.0))
    assert text.endswith(f"the best <i>k</i> is {loaded}.</p>")
    assert acceptance_addendum(fit, params) == acceptance_addendum(fit, params, Assumptions())


def test_the_window_essay_speaks_of_the_assumptions_in_force(qtbot):
    # The function followed the assumptions but the window called it without them: with batch 32
    # and knee 64 set, the essay on acceptance named the original model's best k.
    from specdec_desktop.model import best_draft_length

    window = open_window(qtbot, ["--no-settings"], active=False)
    window.app_state.assumptions.set(batch=32, knee=64.0)
    fit = fit_measurement(read_metrics(DATA / "llama_reference.log"))
    window.app_state.measurement.set_fit(fit, "llama_reference.log")
    loaded = best_draft_length(fit.fitted_p, window.state.params.c, batch=32, knee=64.0)
    assert loaded != best_draft_length(fit.fitted_p, window.state.params.c)
    essay = window.essays["acceptance"]
    assert f"the best k is {loaded}." in essay.toPlainText()
    window.app_state.assumptions.set(batch=1, knee=64.0)  # the words follow a change of assumption
    plain = best_draft_length(fit.fitted_p, window.state.params.c)
    assert f"the best k is {plain}." in essay.toPlainText()


def test_use_fitted_p_follows_p_and_the_decision_follows_c(qtbot):
    # A k or p move keeps the panel's words (only the button reads p); a c move words them anew.
    from specdec_desktop.measured.decision import measured_figures

    window = open_window(qtbot, ["--no-settings"], active=False)
    fit = fit_measurement(read_metrics(DATA / "llama_reference.log"))
    window.app_state.measurement.set_fit(fit, "llama_reference.log")
    panel, state = window.measured_panel, window.state
    state.set(p=round(fit.fitted_p, 4))
    assert not panel.use_button.isEnabled()
    state.set(p=0.5)
    assert panel.use_button.isEnabled()
    for c in (0.05, 0.4):
        state.set(c=c)
        best = measured_figures(fit, c, window.app_state.assumptions.assumptions).best_k
        assert f"k = {best}" in panel.recommendation.text()
