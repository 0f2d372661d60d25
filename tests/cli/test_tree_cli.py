"""``calc`` with a draft tree (docs/interface.md, command line): readouts, JSON keys, bad input."""

from __future__ import annotations

import json

import pytest

from specdec_desktop.cli import main
from specdec_desktop.model.trees import best_tree, sglang_tree, tree_expected_tokens, tree_speedup

from ..support.cli import run_app

A = "0.7,0.15,0.05"


def calc_json(capsys, *args: str) -> dict:
    assert main(["calc", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_path_list_gives_its_figures_and_the_usual_keys(capsys):
    data = calc_json(capsys, "--tree", "[(0,),(1,),(0,0)]", "--rank-acceptance", A)
    assert data["tree"] == [[0], [1], [0, 0]]
    assert (data["tree_nodes"], data["tree_depth"]) == (3, 2)
    assert data["tokens_per_cycle"] == pytest.approx(
        tree_expected_tokens([(0,), (1,), (0, 0)], (0.7, 0.15, 0.05))
    )
    assert data["speedup"] == pytest.approx(tree_speedup([(0,), (1,), (0, 0)], (0.7, 0.15, 0.05), 0.15))
    assert {"cost_per_cycle", "best_k", "best_speedup", "best_tree", "engine_flags"} <= set(data)
    assert data["engine_flags"]["vllm"].startswith('"num_speculative_tokens": ')
    assert data["engine_flags"]["sglang"].startswith("--speculative-num-steps ")


def test_sglang_settings_give_sglangs_tree_priced_by_its_steps(capsys):
    data = calc_json(capsys, "--sglang", "5,4,8", "--rank-acceptance", "0.6,0.2,0.1,0.05", "--c", "0.1")
    tree = sglang_tree(5, 4, 8, (0.6, 0.2, 0.1, 0.05))
    assert data["tree"] == [list(p) for p in tree]
    assert data["draft_passes"] == 5
    assert data["cost_per_cycle"] == pytest.approx(1.0 + 5 * 0.1)


def test_a_budget_gives_a_tree_no_slower_than_the_f_best_tree_of_that_budget(capsys):
    data = calc_json(capsys, "--tree-budget", "15", "--rank-acceptance", A, "--c", "0.05")
    f_best, _tokens = best_tree((0.7, 0.15, 0.05), 15)
    assert data["tree_nodes"] <= 15
    assert data["speedup"] >= tree_speedup(f_best, (0.7, 0.15, 0.05), 0.05) - 1e-12


def test_depth_limits_the_best_tree(capsys):
    data = calc_json(capsys, "--tree-budget", "20", "--tree-depth", "2", "--rank-acceptance", A)
    assert data["tree_depth"] <= 2


def test_medusa_and_a_simulation(capsys):
    data = calc_json(
        capsys,
        "--medusa-heads",
        "3,2",
        "--rank-acceptance",
        "0.6,0.2,0.1",
        "--simulate",
        "20000",
        "--seed",
        "3",
    )
    assert data["tree_nodes"] == 9 and data["draft_passes"] == 1
    assert abs(data["simulated_speedup"] - data["speedup"]) < 4 * data["simulated_speedup_se"]


def test_text_output_names_the_flags_to_paste(capsys):
    assert main(["calc", "--tree-budget", "8", "--rank-acceptance", A]) == 0
    out = capsys.readouterr().out
    assert "speculative_token_tree" in out and "--speculative-eagle-topk" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--tree", "[(0,),(0,0,0)]", "--rank-acceptance", "0.7"], "--tree"),
        (["--tree", "[(0,),(1,)]", "--rank-acceptance", "0.7"], "--tree"),
        (["--tree", "__import__('os')", "--rank-acceptance", "0.7"], "--tree"),
        (["--tree-budget", "1000000", "--rank-acceptance", "0.7"], "--tree-budget"),
        (["--tree-budget", "8", "--rank-acceptance", "0.7,0.4"], "--rank-acceptance"),
        (["--tree-budget", "8", "--rank-acceptance", "0.7,x"], "--rank-acceptance"),
        (["--sglang", "5,4", "--rank-acceptance", "0.7"], "--sglang"),
        (["--sglang", "5,4,8", "--rank-acceptance", "0.7,0.2"], "--sglang"),
        (["--tree-depth", "3", "--rank-acceptance", "0.7"], "--tree-depth"),
        (["--rank-acceptance", "0.7"], "--rank-acceptance"),
        (["--tree-budget", "8"], "--rank-acceptance"),
        (["--tree-budget", "8", "--p", "0.5", "--rank-acceptance", "0.7"], "--p"),
        (["--tree-budget", "8", "--sglang", "1,1,2", "--rank-acceptance", "0.7"], "--sglang"),
    ],
)
def test_bad_tree_input_is_one_line_naming_it_and_exit_two(capsys, args, named):
    assert main(["calc", *args]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0]
    assert captured.out == ""


def test_bad_tree_input_from_a_real_process_has_no_traceback():
    result = run_app("calc", "--tree", "[(0,),(0,0,0)]", "--rank-acceptance", "0.7")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "prefix-closed" in result.stderr
