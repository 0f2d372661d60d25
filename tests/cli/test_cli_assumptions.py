"""The command line's assumption flags and ``calc --simulate`` (docs/interface.md, command line)."""

from __future__ import annotations

import json

import pytest

from specdec_desktop.cli import main
from specdec_desktop.launch.arguments import parse_command_line
from specdec_desktop.model import Assumptions, speedup

from ..support.cli import run_app


def calc_json(capsys, *args: str) -> dict:
    assert main(["calc", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("args", "best", "value"),
    [
        (["--verify-growth", "0.05"], 3, 1.708984375),
        (["--verify-growth", "0.2"], 2, 1.360294118),
        (["--decay", "0.9"], 3, 1.768135776),
        (["--spread", "2"], 9, 2.297989866),
        (["--batch", "32", "--knee", "64"], 1, 1.521739130),
        (["--batch", "64", "--knee", "64"], 0, 1.0),
    ],
)
def test_calc_reproduces_the_reference_values(capsys, args, best, value):
    data = calc_json(capsys, *args)
    assert data["best_k"] == best
    assert round(data["best_speedup"], 9) == pytest.approx(value, abs=1e-12)
    assert set(data["assumptions"]) == {"decay", "spread", "verify_growth", "batch", "knee", "overhead"}


def test_calc_json_assumptions_object_and_figures(capsys):
    data = calc_json(capsys, "--decay", "0.9", "--spread", "3", "--overhead", "0.2", "--k", "5")
    assert data["assumptions"] == {
        "decay": 0.9,
        "spread": 3.0,
        "verify_growth": 0.0,
        "batch": 1,
        "knee": None,
        "overhead": 0.2,
    }
    assert data["speedup"] == speedup(0.75, 5, 0.15, decay=0.9, spread=3.0, overhead=0.2)


def test_calc_without_flags_keeps_its_keys(capsys):
    keys = {"tokens_per_cycle", "cost_per_cycle", "speedup", "best_k", "best_speedup"}
    assert set(calc_json(capsys)) == keys


def test_flags_before_the_command_count_and_off_turns_off(capsys):
    assert main(["--spread", "2", "calc", "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    assert before["best_k"] == 9
    off = calc_json(capsys, "--spread", "off")
    assert off["assumptions"]["spread"] is None and off["best_k"] == 4
    assert calc_json(capsys, "--spread", "∞")["best_k"] == 4


def test_no_peak_up_to_the_search_limit(capsys):
    data = calc_json(capsys, "--p", "0.99", "--c", "0.001", "--spread", "2")
    assert data["best_k"] is None and data["peak"] == "beyond"
    assert main(["calc", "--p", "0.99", "--c", "0.001", "--spread", "2"]) == 0
    assert "no peak up to k = 4096" in capsys.readouterr().out


def test_plain_text_names_the_assumptions_and_the_original_figure(capsys):
    assert main(["calc", "--spread", "2"]) == 0
    out = capsys.readouterr().out
    assert "assumptions       κ = 2" in out
    assert "best draft length 9" in out
    assert "original model    speedup 1.824244×, best draft length 4 (1.906738×)" in out


def test_simulate_is_reproducible_and_close_to_the_formula(capsys):
    first = calc_json(capsys, "--spread", "2", "--simulate", "100000", "--seed", "4")
    again = calc_json(capsys, "--spread", "2", "--simulate", "100000", "--seed", "4")
    assert first == again
    assert abs(first["simulated_speedup"] - first["speedup"]) < 4.5 * first["simulated_speedup_se"]
    plain = calc_json(capsys, "--simulate", "100000", "--seed", "4")  # valid without assumptions
    assert abs(plain["simulated_speedup"] - plain["speedup"]) < 4.5 * plain["simulated_speedup_se"]
    assert "assumptions" not in plain
    assert main(["calc", "--simulate", "50000", "--seed", "1"]) == 0
    assert "simulated         " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--decay", "0"], "decay"),
        (["--decay", "1.2"], "decay"),
        (["--decay", "nan"], "decay"),
        (["--spread", "0"], "spread"),
        (["--spread", "-3"], "spread"),
        (["--verify-growth", "-0.1"], "verify_growth"),
        (["--batch", "0"], "batch"),
        (["--batch", "1.5"], "batch"),
        (["--knee", "0"], "knee"),
        (["--knee", "-5"], "knee"),
        (["--overhead", "-1"], "overhead"),
        (["--overhead", "nan"], "overhead"),
        (["--seed", "3"], "--seed"),
        (["--simulate", "1"], "simulate"),
        (["--simulate", "abc"], "simulate"),
    ],
)
def test_bad_values_one_line_exit_2(capsys, args, named):
    assert main(["calc", *args]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0] and captured.out == ""


def test_window_options_carry_the_assumptions():
    options = parse_command_line(["--decay", "0.9", "--batch", "8", "--knee", "off"])
    assert dict(options.assumptions) == {"decay": 0.9, "batch": 8, "knee": None}
    assert options.start_assumptions() == Assumptions(decay=0.9, batch=8)
    assert dict(parse_command_line([]).assumptions) == {}


def test_a_real_process_says_it_in_one_line():
    result = run_app("calc", "--knee", "-1")
    assert result.returncode == 2 and "knee" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
