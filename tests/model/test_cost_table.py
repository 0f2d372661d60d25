"""Measured costs (issue 23.4): a per-k table of runs gives the best k per batch size and the costs. No Qt."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.cost_summary import (
    cost_assumptions,
    cost_cells,
    cost_dicts,
    cost_lines,
    measured_speedups,
    model_best_k,
)
from specdec_desktop.measured.cost_table import (
    fit_costs,
    is_cost_table,
    is_cost_table_text,
    looks_like_cost_table,
    read_cost_table,
    read_cost_table_text,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def test_best_k_per_batch_and_costs_by_hand():
    batches = fit_costs(read_cost_table(DATA / "costs_per_k.csv"))
    one, eight = batches
    # batch 1: steps of 20 (1 + 0.15 k) ms; k = 5 gives 1000 * 3.69 / 35 = 105.4 tokens/s, 2.109x k = 0's 50
    assert (one.batch, one.best_k) == (1, 5)
    assert one.best_tokens_per_second == pytest.approx(1000 * 3.69 / 35)
    assert one.speedup == pytest.approx((3.69 / 35) / (1 / 20))
    assert one.overhead == pytest.approx(0.0, abs=1e-9) and one.slope == pytest.approx(0.15)
    assert one.c is None and one.p == pytest.approx(0.8, abs=2e-3)
    # batch 8: steps of 22 (1 + 0.25 k) ms; k = 3 gives 8 * 2950 / 38.5 = 613.0 tokens/s, the most
    assert (eight.batch, eight.best_k) == (8, 3)
    assert eight.best_tokens_per_second == pytest.approx(8 * 2950 / 38.5)
    assert eight.slope == pytest.approx(0.25)
    # the model at the fitted costs agrees with the measured best k here
    assert model_best_k(one) == 5 and model_best_k(eight) == 3
    assert [row["best_k_measured"] for row in cost_dicts(batches)] == [5, 3]
    assert "c + β" in cost_lines(batches)[0]


def test_draft_and_verify_times_split_c_from_verify_growth():
    (costs,) = fit_costs(read_cost_table(DATA / "costs_split.csv"))
    # ms = 2k (draft) + 20 (1 + 0.05 k) (verify) + 0.4: o = 0.02, c = 0.1, beta = 0.05
    assert costs.overhead == pytest.approx(0.02)
    assert costs.c == pytest.approx(0.1) and costs.verify_growth == pytest.approx(0.05)
    c, assumptions = cost_assumptions(costs)
    assert c == 0.1 and assumptions.verify_growth == 0.05 and assumptions.overhead == 0.02


def test_header_detection_and_bad_rows(tmp_path):
    assert looks_like_cost_table("k,acceptance_length,tok_s")
    assert not looks_like_cost_table("cycle,accepted")
    bad = tmp_path / "bad.csv"
    bad.write_text("k,tau,ms\n1,1.5,20\n2,9.0,21\n")
    with pytest.raises(MetricsProblem) as caught:
        read_cost_table(bad)
    assert caught.value.line == 3 and "outside 1 to k + 1" in str(caught.value)
    bad.write_text("k,tau,ms\n1,1.5\n")
    with pytest.raises(MetricsProblem, match="cells"):
        read_cost_table(bad)


def test_throughput_instead_of_step_time(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("k;acceptance_length;tokens_per_second\n0;1;50\n2;2.44;93.85\n")
    rows = read_cost_table(table)
    assert rows[1].ms == pytest.approx(1000 * 2.44 / 93.85)
    assert fit_costs(rows)[0].best_k == 2


def test_measured_speedups_by_hand():
    batches = fit_costs(read_cost_table(DATA / "costs_per_k.csv"))
    one = measured_speedups(batches)
    assert one.batch == 1 and one.k == (0, 1, 2, 3, 4, 5)
    # tokens per second over k = 0's: (tau / ms) / (1 / 20)
    by_hand = (1.0, 20 * 1.8 / 23, 20 * 2.44 / 26, 20 * 2.95 / 29, 20 * 3.36 / 32, 20 * 3.69 / 35)
    assert one.speedup == pytest.approx(by_hand)
    assert measured_speedups(batches, 8).speedup[3] == pytest.approx(22 * 2.95 / 38.5)
    assert measured_speedups(batches, 4).batch == 1  # not in the table: the first batch size
    assert measured_speedups([]) is None


def test_no_measured_speedups_without_a_k0_run(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("k,tau,ms\n1,1.5,20\n2,2.0,22\n")
    batches = fit_costs(read_cost_table(table))
    assert measured_speedups(batches) is None
    assert cost_cells(batches[0])["speedup_over_k0"] == "—"
    assert cost_lines(batches)[-1].startswith("note: without a k = 0 row")


def test_a_cost_table_is_told_from_its_header(tmp_path):
    assert is_cost_table(DATA / "costs_per_k.csv") and not is_cost_table(DATA / "cycles.csv")
    assert not is_cost_table(tmp_path / "missing.csv")  # the metrics readers name the problem
    text = (DATA / "costs_split.csv").read_text()
    assert is_cost_table_text(text)
    assert read_cost_table_text(text, "clipboard") == read_cost_table(DATA / "costs_split.csv")
    with pytest.raises(MetricsProblem) as caught:
        read_cost_table_text("k,tau,ms\n0,1,20\n1,0.5,20\n", "clipboard")
    assert caught.value.line == 3 and "clipboard" in str(caught.value)


def _model_table(p: float, c: float, growth: float, overhead: float, ks=range(0, 13)) -> str:
    """Runs at each k as the model prices them: a plain step of 20 ms, the draft's and the
    verify pass's own times, and the tokens per step of a constant p."""
    from specdec_desktop.model import expected_tokens

    lines = ["k,tokens_per_step,ms_per_step,draft_ms,verify_ms"]
    for k in ks:
        draft, verify = 20.0 * c * k, 20.0 * (1 + growth * k)
        ms = verify if k == 0 else draft + verify + 20.0 * overhead
        lines.append(f"{k},{float(expected_tokens(p, k)):.9f},{ms:.9f},{draft:.9f},{verify:.9f}")
    return "\n".join(lines) + "\n"


def test_the_model_at_the_fitted_costs_finds_the_measured_best_k():
    """Tables the model can express (priced by it): p, c, β and o come back, and the model's best
    k at them is the measured best k, unless two runs are within 0.1 % of each other."""
    import random

    from specdec_desktop.measured.cost_summary import cost_model

    rng = random.Random(2312)
    checked = 0
    for _ in range(60):
        p, c = round(rng.uniform(0.3, 0.95), 4), round(rng.uniform(0.01, 0.3), 4)
        growth, overhead = round(rng.uniform(0.0, 0.08), 6), round(rng.uniform(0.0, 0.3), 4)
        (costs,) = fit_costs(read_cost_table_text(_model_table(p, c, growth, overhead)))
        model = cost_model(costs)
        assert model is not None and model.batch == 1
        assert (model.p, model.c) == pytest.approx((p, c), abs=1e-4)
        assert model.assumptions.verify_growth == pytest.approx(growth, abs=1e-6)
        assert model.assumptions.overhead == pytest.approx(overhead, abs=1e-4)
        rates = sorted((row.tokens_per_second for row in costs.rows), reverse=True)
        # Not expressible: the best lies past the runs; two runs tie within the rounding; or
        # plain decoding wins, which the model cannot say under an overhead (it charges o at
        # k = 0 as well, CONTRACT.md's S(k), while a k = 0 run pays none).
        if costs.best_k in (0, 12) or rates[0] - rates[1] < 1e-3 * rates[0]:
            continue
        assert model_best_k(costs) == costs.best_k, (p, c, growth, overhead)
        checked += 1
    assert checked >= 40


def test_fit_json_reports_the_model_it_prices_with(tmp_path, capsys):
    """`fit --json` gives each batch size's model (the window's "Use measured costs" sets the same),
    and with a metrics file prices the recommendation at that c, overhead and verify growth."""
    import json

    from specdec_desktop.launch.fit_command import FitRequest, run_fit

    table = DATA / "costs_split.csv"
    assert run_fit(FitRequest(files=(table,), json=True)) == 0
    (row,) = json.loads(capsys.readouterr().out)["cost_table"]
    expected = {"p": pytest.approx(row["p"], abs=5e-5), "c": 0.1, "verify_growth": 0.05, "overhead": 0.02}
    assert row["model"] == expected
    assert run_fit(FitRequest(files=(table, DATA / "llama_reference.log"), json=True)) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["assumptions"]["verify_growth"] == 0.05 and result["assumptions"]["overhead"] == 0.02
    assert result["cost_table"][0]["model"]["c"] == 0.1


def test_fit_prices_with_the_batch_size_it_is_given(capsys):
    import json

    from specdec_desktop.launch.fit_command import FitRequest, run_fit

    files = (DATA / "costs_per_k.csv", DATA / "llama_reference.log")
    runs = {}
    for batch in (1, 8):
        assert run_fit(FitRequest(files=files, json=True, assumptions={"batch": batch})) == 0
        runs[batch] = json.loads(capsys.readouterr().out)
    # batch 1's steps grow 0.15 of a plain step per guess, batch 8's 0.25: the pricing follows
    assert runs[1]["best_k"] > runs[8]["best_k"]
