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
