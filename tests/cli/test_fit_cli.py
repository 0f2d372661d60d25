"""``specdec-desktop fit``: the contract's JSON keys, text output, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specdec_desktop.cli import main

from ..support.cli import run_python

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
        f"assert main(['fit', {str(DATA / 'cycles.csv')!r}, '--c', '0.15', '--batch', '8', '--json']) == 0; "
        "assert not any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules)"
    )
    result = run_python(["-c", code])
    assert result.returncode == 0, result.stderr


# -- issue 23: the decision, the assumption flags, the report ------------------------------------

DECISION_KEYS = [
    "measured_k",
    "best_k_basis",
    "beyond_measured",
    "never_accepted_from",
    "warnings",
    "engine_flags",
]


def test_json_has_the_decision_keys(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "vllm_specdecoding.log"), "--c", "0.15", "--json")
    result = json.loads(out)
    assert status == 0 and all(key in result for key in DECISION_KEYS)
    assert result["measured_k"] == 4 and result["best_k_basis"] == "per_position"  # a_i fall
    assert result["beyond_measured"] is False and result["never_accepted_from"] is None
    k = result["best_k"]
    assert result["engine_flags"]["vllm"] == f"--speculative-config '{{\"num_speculative_tokens\": {k}}}'"
    assert result["engine_flags"]["llama_cpp"] == f"--draft-max {k} --draft-min {k}"


def test_fit_takes_the_assumption_flags_of_calc(capsys):
    _, out, _ = run(capsys, "fit", str(DATA / "llama_reference.log"), "--c", "0.15", "--json")
    plain = json.loads(out)
    _, out, _ = run(
        capsys,
        "--batch",
        "32",
        "fit",
        str(DATA / "llama_reference.log"),
        "--c",
        "0.15",
        "--knee",
        "64",
        "--json",
    )
    loaded = json.loads(out)
    assert loaded["assumptions"]["batch"] == 32 and loaded["assumptions"]["knee"] == 64
    assert loaded["best_k"] == 1 < plain["best_k"]
    status, _, err = run(capsys, "fit", str(DATA / "llama_reference.log"), "--decay", "2")
    assert status == 2 and "decay" in err and "Traceback" not in err


def test_variable_drafts_say_so_and_recommend_nothing(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "llama_speculative.txt"), "--c", "0.1", "--json")
    result = json.loads(out)
    assert status == 0 and result["fitted_p"] is None and result["best_k"] is None
    assert result["drafts_vary"] is True and result["engine_flags"] is None
    assert any("vary in length" in w for w in result["warnings"])


def test_report_from_the_command_line(capsys, tmp_path):
    out_path = tmp_path / "report.html"
    status, _, err = run(
        capsys,
        "fit",
        str(DATA / "vllm_bench_serve.txt"),
        "--c",
        "0.05",
        "--batch",
        "4",
        "--report",
        str(out_path),
    )
    assert status == 0 and err == ""
    html = out_path.read_text(encoding="utf-8")
    assert "best k = 5" in html and "beyond the measured k = 4" in html
    assert "specdec-desktop fit " in html and "--batch 4" in html and "--c 0.05" in html
    assert "B = 4" in html and "--speculative-num-steps 5" in html
    # the chart is drawn at the decision's figures: its best-k label is the decision's
    assert html.count("best k = 5") >= 2 and "best k = 4" not in html
    status, _, err = run(
        capsys, "fit", str(DATA / "vllm_bench_serve.txt"), "--report", str(tmp_path / "r.txt")
    )
    assert status == 2 and ".html" in err


def test_missing_counter_exits_2_naming_it(capsys):
    status, out, err = run(capsys, "fit", str(DATA / "vllm_metrics_cut.prom"))
    assert status == 2 and out == ""
    assert "vllm:spec_decode_num_accepted_tokens" in err and "Traceback" not in err


def test_cost_table_alone_and_with_a_measurement(capsys):
    status, out, _ = run(capsys, "fit", str(DATA / "costs_per_k.csv"), "--json")
    table = json.loads(out)["cost_table"]
    assert status == 0 and [(row["batch"], row["best_k_measured"]) for row in table] == [(1, 5), (8, 3)]
    assert table[0]["c_plus_verify_growth"] == pytest.approx(0.15)
    # with a measurement and no --c, the measured costs stand in for a guessed c
    status, out, _ = run(
        capsys, "fit", str(DATA / "costs_split.csv"), str(DATA / "llama_reference.log"), "--json"
    )
    result = json.loads(out)
    assert status == 0 and result["assumptions"]["verify_growth"] == 0.05
    assert result["assumptions"]["overhead"] == 0.02 and result["cost_table"][0]["c"] == pytest.approx(0.1)
