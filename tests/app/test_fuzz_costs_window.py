"""The fuzzer offers per-k cost tables (issue 23.8): imported into the window, each is shown as
``fit`` reads it or refused by a message naming the file, with the configuration kept; the
window's checks hold, and notice a Measured tab that lies."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QApplication, QMessageBox

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.cost_table import fit_costs, is_cost_table, read_cost_table
from specdec_desktop.robustness.file_actions import open_a_file, paste_measurements
from specdec_desktop.robustness.fuzz_costs import fuzzed_cost_table
from specdec_desktop.robustness.monkey import Monkey
from specdec_desktop.robustness.panel_actions import use_measurement
from specdec_desktop.robustness.window_checks import window_problems

from ..support.window import LAPTOP, open_window


def _boxes():
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_each_fuzzed_table_is_shown_as_fit_reads_it_or_refused_by_name(qtbot, tmp_path):
    window = open_window(qtbot, size=LAPTOP, active=False)
    io = window.services.measurements
    state = window.app_state.measurement
    outcomes = {"shown": 0, "refused": 0}
    for seed in range(40):
        kind, data = fuzzed_cost_table(random.Random(seed))
        path = tmp_path / f"runs-{seed}.csv"
        path.write_bytes(data)
        if not is_cost_table(path):
            continue
        try:
            expected = tuple(fit_costs(read_cost_table(path)))
        except MetricsProblem:
            expected = None
        before = (window.app_state.configuration(), state.costs)
        assert io.import_paths([path])
        qtbot.waitUntil(lambda: io.job is None)
        if expected is None:
            (box,) = _boxes()
            assert path.name in box.text() or path.name in box.informativeText(), kind
            box.close()
            assert (window.app_state.configuration(), state.costs) == before, kind
            outcomes["refused"] += 1
        else:
            assert not _boxes() and state.costs == expected, kind
            assert window.app_state.configuration() == before[0]  # importing sets nothing
            outcomes["shown"] += 1
        if window.services.actions["file.use_measured_costs"].isEnabled() and seed % 2:
            window.services.actions["file.use_measured_costs"].trigger()
        assert window_problems(window) == [], (seed, kind)
    assert outcomes["shown"] >= 10 and outcomes["refused"] >= 10, outcomes


def test_checks_notice_a_cost_table_shown_wrong(qtbot, tmp_path):
    window = open_window(qtbot, size=LAPTOP, active=False)
    path = tmp_path / "runs.csv"
    path.write_text("k,tau,ms\n0,1,20\n1,1.8,23\n2,2.44,26\n")
    io = window.services.measurements
    assert io.import_paths([path])
    qtbot.waitUntil(lambda: io.job is None)
    assert window_problems(window) == []
    view = window.measured_panel.costs
    view._grid.itemAtPosition(1, 1).widget().setText("7")  # the measured best k, as if it were 7
    assert "the Measured tab's cost table differs from fit's" in window_problems(window)
    view._shown = None
    window.services.actions["file.use_measured_costs"].setEnabled(False)
    assert any("Use measured costs is disabled" in p for p in window_problems(window))


def test_the_monkey_imports_pastes_and_uses_measurements(qtbot, tmp_path):
    from specdec_desktop.robustness.fuzz_files import FuzzedFiles

    window = open_window(qtbot, size=LAPTOP, active=False)
    monkey = Monkey(
        window, seed=2323, burst=5, actions=[(2, open_a_file), (2, paste_measurements), (3, use_measurement)]
    )
    files = FuzzedFiles(tmp_path, monkey.rng)
    monkey.offer_file = files.make
    used = []
    stack = window.app_state.history.stack

    def step(_index: int) -> None:
        used.append(stack.undoText())

    stack.indexChanged.connect(step)
    result = monkey.run(max_actions=300)
    stack.indexChanged.disconnect(step)
    assert result.ok, result.summary()
    assert any(kind.startswith("costs_") for kind in files.offered), files.offered
    assert "use measured costs" in used, sorted(set(used))
