"""The assumptions travel: scenario files (version 2; version 1 unchanged), settings, exports,
the command line's window options (issue 11)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractSpinBox

from specdec_desktop.export.curve_csv import curve_csv_text
from specdec_desktop.export.readout_text import readout_text
from specdec_desktop.model import Assumptions, Parameters, speedup
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.scenario import FileProblem, Scenario, load_scenario, save_scenario
from specdec_desktop.scenario.scenario_file import SCENARIO_VERSION
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.cli import run_cli
from ..support.window import card_value, open_window

V1 = {
    "format": "specdec-desktop-scenario",
    "version": 1,
    "parameters": {"k": 8, "p": 0.8, "c": 0.1},
    "view": {"theme": "light", "zoom": 1.0},
}
SIX = {"decay": 0.9, "spread": 2.0, "verify_growth": 0.05, "batch": 32, "knee": 64.0, "overhead": 0.1}


def write(tmp_path: Path, document: dict, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_version_1_files_open_unchanged(tmp_path):
    scenario = load_scenario(write(tmp_path, V1))
    assert scenario.parameters == Parameters(k=8, p=0.8, c=0.1)
    assert scenario.assumptions.is_default


def test_assumptions_round_trip(tmp_path):
    scenario = Scenario(Configuration(Parameters(k=5), Assumptions(**SIX)))
    path = tmp_path / "v2.json"
    save_scenario(path, scenario)
    document = json.loads(path.read_text())
    assert document["version"] == SCENARIO_VERSION and document["assumptions"] == SIX
    assert load_scenario(path) == scenario
    off = Scenario(Configuration(assumptions=Assumptions(decay=0.5)))
    save_scenario(path, off)
    assert json.loads(path.read_text())["assumptions"]["spread"] is None
    assert load_scenario(path) == off


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"decay": 0}, "assumptions.decay"),
        ({"decay": 1.5}, "assumptions.decay"),
        ({"spread": -1}, "assumptions.spread"),
        ({"batch": 0}, "assumptions.batch"),
        ({"batch": 2.5}, "assumptions.batch"),
        ({"knee": 0}, "assumptions.knee"),
        ({"verify_growth": -0.1}, "assumptions.verify_growth"),
        ({"overhead": "1"}, "assumptions.overhead"),
        ({"decay": None}, "assumptions.decay"),
    ],
)
def test_bad_assumptions_in_a_file_name_the_key(tmp_path, change, named):
    document = {**V1, "version": 2, "assumptions": {**SIX, **change}}
    with pytest.raises(FileProblem, match=named.replace(".", r"\.")):
        load_scenario(write(tmp_path, document))


def test_assumptions_in_a_version_1_file_or_missing_keys_are_errors(tmp_path):
    with pytest.raises(FileProblem, match="assumptions"):
        load_scenario(write(tmp_path, {**V1, "assumptions": SIX}))
    partial = {key: value for key, value in SIX.items() if key != "knee"}
    with pytest.raises(FileProblem, match="knee"):
        load_scenario(write(tmp_path, {**V1, "version": 2, "assumptions": partial}))


def test_settings_keep_the_assumptions(tmp_path):
    store = SettingsStore(tmp_path / "settings.ini")
    store.save(Configuration(assumptions=Assumptions(spread=2.0, knee=64.0, batch=8)), "light", 1.0)
    assert store.load().assumptions == Assumptions(spread=2.0, knee=64.0, batch=8)
    store.save(Configuration(), "light", 1.0)
    assert store.load().assumptions.is_default
    (tmp_path / "settings.ini").write_text(
        "[General]\nversion=1\n\n[assumptions]\ndecay=7\nspread=off\n", encoding="utf-8"
    )
    loaded = store.load()
    assert loaded.assumptions.is_default and "decay" in (loaded.notice or "")


def test_csv_headers_and_readouts_name_the_assumptions():
    params, a = Parameters(), Assumptions(spread=2.0)
    rows = list(csv.reader(curve_csv_text(params, a).splitlines()))
    assert rows[0] == [
        "k",
        "speedup_p=0.750_c=0.150 (κ = 2)",
        "band_low_p=0.650 (κ = 2)",
        "band_high_p=0.850 (κ = 2)",
        "original_speedup_p=0.750_c=0.150",
    ]
    assert float(rows[5][1]) == speedup(0.75, 4, 0.15, spread=2.0)
    assert float(rows[5][4]) == speedup(0.75, 4, 0.15)
    assert (
        curve_csv_text(params).splitlines()[0]
        == "k,speedup_p=0.750_c=0.150,band_low_p=0.650,band_high_p=0.850"
    )
    assert "assumptions κ = 2" in readout_text(params, a).splitlines()[0]


def test_export_chart_csv_from_the_command_line(tmp_path):
    out = tmp_path / "c.csv"
    result = run_cli("--export-chart", str(out), "--decay", "0.9")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").splitlines()[0].endswith("original_speedup_p=0.750_c=0.150")
    bad = run_cli("--export-chart", str(out), "--decay", "0")
    assert bad.returncode == 2 and "decay" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_the_window_saves_and_opens_a_version_2_scenario(qtbot, tmp_path):
    window = open_window(qtbot, ["--no-settings"])
    window.findChild(QAbstractSpinBox, "verifyGrowthInput").setValue(0.05)
    path = tmp_path / "lecture.json"
    assert window.services.scenarios.save_path(path)
    assert json.loads(path.read_text())["assumptions"]["verify_growth"] == 0.05
    window.app_state.assumptions.reset()
    assert card_value(window, "bestCard") == "k = 4"
    assert window.services.scenarios.open_path(path)
    assert window.app_state.assumptions.assumptions == Assumptions(verify_growth=0.05)
    assert card_value(window, "bestCard") == "k = 3"
    v1 = write(tmp_path, V1, "old.json")
    assert window.services.scenarios.open_path(v1)
    assert window.app_state.assumptions.assumptions.is_default
    window.app_state.history.stack.undo()  # opening is one step: the assumptions come back
    assert window.app_state.assumptions.assumptions == Assumptions(verify_growth=0.05)
