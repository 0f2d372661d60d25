"""``specdec-desktop fit``: the contract's JSON keys, text output, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from specdec_desktop.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
CONTRACT_KEYS = [
    "format",
    "k",
    "steps",
    "tokens_per_step",
    "engine_acceptance",
    "fitted_p",
    "per_position",
    "lines_read",
    "lines_used",
]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_json_has_the_contract_keys(capsys):
    status, out, err = run(capsys, "fit", str(DATA / "llama_reference.log"), "--json")
    assert status == 0 and err == ""
    result = json.loads(out)
    assert list(result)[: len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert "best_k" not in result
    assert result["format"] == "llama.cpp"
    assert result["k"] == 3 and result["steps"] == 100
    assert result["tokens_per_step"] == pytest.approx(2.92)
    assert result["engine_acceptance"] == pytest.approx(0.64)
    assert round(result["fitted_p"], 4) == 0.7929
    assert len(result["per_position"]) == 3
    assert (result["lines_read"], result["lines_used"]) == (2, 1)


def test_c_adds_best_k(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "cycles.csv"), "--c", "0.15", "--json")
    result = json.loads(out)
    assert status == 0
    assert isinstance(result["best_k"], int) and result["best_speedup"] > 1
    low, high = result["k_within_1_percent"]
    assert low <= result["best_k"] <= high


def test_per_position_null_without_positions(capsys):
    _, out, _ = run(capsys, "fit", str(DATA / "vllm_v0_speculative.log"), "--json")
    result = json.loads(out)
    assert result["per_position"] is None and result["format"] == "vllm-v0"


def test_k_from_the_command_line(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "sglang_server.log"), "--k", "3", "--json")
    assert status == 0 and json.loads(out)["steps"] is None
    status, out, _ = run(capsys, "--k", "3", "fit", str(DATA / "sglang_server.log"), "--json")
    assert status == 0 and json.loads(out)["k"] == 3


def test_timings_give_milliseconds(capsys):
    status, out, _ = run(
        capsys,
        "fit",
        str(DATA / "cycles.csv"),
        "--draft-ms",
        "2",
        "--target-ms",
        "20",
        "--verify-ms",
        "21",
        "--json",
    )
    result = json.loads(out)
    assert status == 0
    assert result["c"] == pytest.approx(0.1)
    assert result["verify_growth"] == pytest.approx(0.01)
    assert result["tokens_per_second"] == pytest.approx(1000 / result["ms_per_token"])


def test_text_output(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "vllm_specdecoding.log"), "--c", "0.1")
    assert status == 0
    assert "fitted p" in out and "falls with position" in out and "best k" in out


def test_several_files(capsys):
    status, out, _ = run(
        capsys, "fit", str(DATA / "vllm_specdecoding.log"), str(DATA / "truncated.log"), "--json"
    )
    assert status == 0 and json.loads(out)["files"] == ["vllm_specdecoding.log", "truncated.log"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (
            ["fit", str(DATA / "sglang_server.log")],
            "sglang_server.log: line 1: the draft length k is missing",
        ),
        (["fit", str(DATA / "contradictory.log")], "contradictory.log: line 3: the numbers contradict"),
        (["fit", "/no/such/file.log"], "file.log: no such file"),
        (["fit", str(DATA / "cycles.csv"), "--k", "x"], "argument --k"),
        (["fit", str(DATA / "cycles.csv"), "--c", "2"], "argument --c"),
        (["fit", str(DATA / "cycles.csv"), "--draft-ms", "1"], "--target-ms"),
        (
            ["fit", str(DATA / "cycles.csv"), "--c", "0.1", "--draft-ms", "1", "--target-ms", "9"],
            "either --c",
        ),
        (["fit", str(DATA / "cycles.csv"), "--draft-ms", "9", "--target-ms", "1"], "draft time"),
        (["fit"], "FILE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_fit_never_imports_qt(tmp_path):
    code = (
        "import sys; from specdec_desktop.cli import main; "
        f"assert main(['fit', {str(DATA / 'cycles.csv')!r}, '--json']) == 0; "
        "assert not any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
