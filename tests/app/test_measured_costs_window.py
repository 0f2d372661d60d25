"""A per-k cost table imported into the window (issue 23.4): measured points on the chart, the
best k per batch size and the fitted costs in the Measured tab, Clear, and a bad table refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from specdec_desktop.launch.fit_command import FitRequest, run_fit
from specdec_desktop.theme import THEMES
from tests.support.window import open_window

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
TABLE = DATA / "costs_per_k.csv"

# costs_per_k.csv, by hand: a speedup is (tokens per step / ms per step) over k = 0's.
# Batch 1's k = 0 run takes 20 ms for 1 token; batch 8's takes 22 ms.
BATCH_1 = [(0, 1.0), (1, 20 * 1.80 / 23), (2, 20 * 2.44 / 26), (3, 20 * 2.95 / 29), (4, 20 * 3.36 / 32)]
BATCH_1 += [(5, 20 * 3.69 / 35)]
BATCH_8 = [(0, 1.0), (1, 22 * 1.80 / 27.5), (2, 22 * 2.44 / 33), (3, 22 * 2.95 / 38.5)]
BATCH_8 += [(4, 22 * 3.36 / 44), (5, 22 * 3.69 / 49.5)]


def _io(window):
    return window.services.measurements


def _problem_boxes():
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def _points(window) -> list[tuple[float, float]]:
    """The measured points the chart holds (none while hidden)."""
    item = window.measured_overlay.points
    if item is None or not item.isVisible():
        return []
    x, y = item.getData()
    return list(zip(x.tolist(), y.tolist(), strict=True))


def _import(qtbot, window, paths):
    assert _io(window).import_paths(paths)
    qtbot.waitUntil(lambda: _io(window).job is None)


def _assert_points(window, expected):
    points = _points(window)
    assert [k for k, _s in points] == [k for k, _s in expected]
    assert [s for _k, s in points] == pytest.approx([s for _k, s in expected], abs=1e-12)


def test_a_cost_table_draws_measured_points_and_fills_the_tab(qtbot, capsys):
    window = open_window(qtbot)
    params, assumptions = window.state.params, window.assumptions_state.assumptions
    assert _points(window) == [] and "measured" not in window.chart._legend
    _import(qtbot, window, [TABLE])
    state = window.app_state.measurement
    assert [b.batch for b in state.costs] == [1, 8] and state.costs_origin == "costs_per_k.csv"
    assert state.fit is None  # a cost table is not a metrics file
    _assert_points(window, BATCH_1)
    assert window.chart._legend["measured"][2] == "measured"
    assert "△" in window.chart.getPlotItem().titleLabel.text and "measured" in window.chart._legend_html()
    # The y-range keeps the highest point on the chart.
    assert window.chart.getPlotItem().getViewBox().viewRange()[1][1] >= 20 * 3.69 / 35
    # The Measured tab: the table as `fit` prints it, one row per batch size.
    panel = window.measured_panel
    assert window.current_tab() == "measured"
    assert panel.costs.isVisibleTo(panel) and not panel.hint.isVisibleTo(panel)
    rows = panel.costs.rows()
    assert rows[0][:2] == ["Batch", "Best k (measured)"] and rows[0][5:9] == ["c + β", "c", "β", "p"]
    assert rows[1] == ["1", "5", "105.4", "2.109", "0.0000", "0.1500", "—", "—", "0.7999", "5"]
    assert rows[2][:4] == ["8", "3", "613.0", "1.686"] and rows[2][5] == "0.2500"
    assert run_fit(FitRequest(files=(TABLE,))) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split() for line in printed[1:3]] == rows[1:]
    assert "batch size 1" in panel.costs.chart_note.text()
    assert "cannot tell the draft's cost c" in panel.costs.notes.text()
    # Nothing else changed: importing measurements sets no parameter.
    assert (window.state.params, window.assumptions_state.assumptions) == (params, assumptions)


def test_labels_keep_off_the_measured_points(qtbot):
    window = open_window(qtbot)
    window.state.set(k=4, p=0.8, c=0.1)  # the current k's label would sit on the run at k = 4
    _import(qtbot, window, [TABLE])
    chart = window.chart
    (x0, x1), (y0, y1) = chart.getPlotItem().getViewBox().viewRange()
    width, height = chart.plot_size()
    half = window.measured_overlay.points.opts["size"] / 2
    for k, s in _points(window):
        px, py = (k - x0) * width / (x1 - x0), (y1 - s) * height / (y1 - y0)
        for key, (bx0, by0, bx1, by1) in chart.label_boxes().items():
            apart = px + half <= bx0 or px - half >= bx1 or py + half <= by0 or py - half >= by1
            assert apart, (key, k, s)


def test_the_batch_assumption_picks_the_batch_drawn(qtbot):
    window = open_window(qtbot)
    _import(qtbot, window, [TABLE])
    window.assumptions_state.set(batch=8)
    _assert_points(window, BATCH_8)
    assert "batch size 8" in window.measured_panel.costs.chart_note.text()
    window.assumptions_state.set(batch=4)  # not in the table: its first batch size
    _assert_points(window, BATCH_1)


def test_clear_removes_the_points_and_the_table(qtbot):
    window = open_window(qtbot)
    _import(qtbot, window, [TABLE, DATA / "llama_reference.log"])
    state = window.app_state.measurement
    assert state.fit is not None and state.origin == "llama_reference.log"
    assert state.costs_origin == "costs_per_k.csv"
    panel = window.measured_panel
    assert panel.clear_button.isEnabled()
    panel.clear_button.click()
    assert state.is_empty and state.fit is None and state.costs == ()
    assert _points(window) == [] and window.measured_overlay.points.getData()[0].size == 0
    assert "measured" not in window.chart._legend and "△" not in window.chart.getPlotItem().titleLabel.text
    assert not panel.costs.isVisibleTo(panel) and panel.hint.isVisibleTo(panel)
    assert not panel.clear_button.isEnabled()


def test_the_windows_report_holds_the_table(qtbot, tmp_path):
    from specdec_desktop.window_services.report_actions import write_report

    window = open_window(qtbot)
    _import(qtbot, window, [DATA / "llama_reference.log", TABLE])
    assert write_report(window, tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Measured costs: best k per batch size" in html and "<td>105.4</td>" in html
    assert html.count('fill="#CC79A7"') == len(BATCH_1)  # a triangle per run of batch 1


def test_the_points_follow_the_theme(qtbot):
    window = open_window(qtbot)
    _import(qtbot, window, [TABLE])
    points = window.measured_overlay.points
    for name in ("dark", "light"):
        window.apply_theme(THEMES[name])
        theme = window.chart.theme
        assert points.opts["pen"].color() == QColor(theme.text)
        assert points.opts["brush"].color() == QColor(theme.chart_background)
        assert f"color:{theme.text}" in window.chart._legend_html()
    _assert_points(window, BATCH_1)


def test_a_pasted_cost_table_is_read_too(qtbot):
    window = open_window(qtbot)
    QGuiApplication.clipboard().setText(TABLE.read_text())
    window.services.actions["file.paste_measurements"].trigger()
    qtbot.waitUntil(lambda: bool(window.app_state.measurement.costs) and _io(window).job is None)
    assert window.app_state.measurement.costs_origin == "clipboard"
    _assert_points(window, BATCH_1)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("k,tau,ms\n0,1,20\n1,1.5,22\n2,9.0,21\n", "line 4"),  # 9 tokens from 2 guesses
        ("k,tau,ms\n0,1,20\n1,1.5\n", "line 3"),  # a cell missing
        ("k,tau,ms\n0,1,20\n1,x,22\n", "line 3"),  # not a number
    ],
)
def test_a_malformed_table_changes_nothing(qtbot, tmp_path, text, needle):
    window = open_window(qtbot)
    _import(qtbot, window, [TABLE])
    state = window.app_state.measurement
    costs, params = state.costs, window.state.params
    bad = tmp_path / "bad_costs.csv"
    bad.write_text(text)
    _import(qtbot, window, [bad])
    qtbot.waitUntil(lambda: bool(_problem_boxes()))
    box = _problem_boxes()[0]
    assert "bad_costs.csv" in box.text() and needle in box.text()
    box.close()
    assert state.costs is costs and state.costs_origin == "costs_per_k.csv"
    assert window.state.params == params
    _assert_points(window, BATCH_1)


def test_the_table_fits_a_small_projector_window(qtbot):
    window = open_window(qtbot, ["--projector"], size=(1024, 768))
    hint = window.minimumSizeHint()
    _import(qtbot, window, [TABLE, DATA / "costs_split.csv"])
    assert len(window.measured_panel.costs.rows()) == 3  # batch sizes 1 (both tables) and 8
    assert window.minimumSizeHint() == hint  # it scrolls in its tab; it never grows the window
    costs = window.measured_panel.costs
    assert costs.minimumSizeHint().width() <= window.measured_scroll.viewport().width()
