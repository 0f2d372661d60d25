"""The fuzzer's cost tables (issue 23.8) against the reader: a valid one is read, a nearly valid
one is refused naming its file and line, and nothing makes the reader or the fit fail any other
way or give a figure the window cannot take. No Qt."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.cost_summary import cost_dicts, cost_lines, cost_model, measured_speedups
from specdec_desktop.measured.cost_table import fit_costs, is_cost_table, read_cost_table
from specdec_desktop.model.assumptions import OVERHEAD, VERIFY_GROWTH
from specdec_desktop.robustness.fuzz_costs import fuzzed_cost_table


def test_fuzzed_cost_tables_are_read_or_refused_by_name(tmp_path):
    path = tmp_path / "runs.csv"
    outcomes: Counter[str] = Counter()
    for seed in range(900):
        kind, data = fuzzed_cost_table(random.Random(seed))
        path.write_bytes(data)
        base = kind.split(":")[0]
        if not is_cost_table(path):  # no header of a table: the metrics readers get it
            assert kind in ("nearly:header_short", "hostile:binary", "hostile:truncated"), kind
            outcomes["not a table"] += 1
            continue
        try:
            costs = fit_costs(read_cost_table(path))
        except MetricsProblem as problem:
            assert base != "valid", (seed, str(problem))
            assert str(problem).startswith("runs.csv"), str(problem)
            if base == "nearly" and kind != "nearly:header_only":
                assert problem.line is not None and f"line {problem.line}" in str(problem), str(problem)
            outcomes[f"{base} refused"] += 1
            continue
        assert base != "nearly", (seed, kind)
        json.dumps(cost_dicts(costs), allow_nan=False)
        cost_lines(costs)
        for batch in costs:
            points = measured_speedups(costs, batch.batch)
            assert points is None or all(math.isfinite(s) and s > 0 for s in points.speedup)
            model = cost_model(batch)
            if model is not None:  # what "Use measured costs" would set: in every range
                assert 0 <= model.p <= 1 and 0 <= model.c <= 1, (seed, model)
                assert 0 <= model.assumptions.overhead <= OVERHEAD.maximum
                assert 0 <= model.assumptions.verify_growth <= VERIFY_GROWTH.maximum
        outcomes[f"{base} read"] += 1
    assert outcomes["valid read"] > 250 and outcomes["nearly refused"] > 250, outcomes
    assert outcomes["hostile refused"] > 200 and outcomes["hostile read"] > 10, outcomes


def test_steps_beyond_any_engine_are_refused_by_line():
    import pytest

    from specdec_desktop.measured.cost_table import read_cost_table_text

    tables = {
        "1e-300": "k,tau,ms\n0,1,20\n1,1.5,1e-300\n",
        "1e300": "k,tau,ms\n0,1,20\n1,1.5,1e300\n",
        "5e-324": "k,tau,tok_s\n0,1,50\n1,1.8,5e-324\n",  # a step of 10^326 ms
        "2000000": "k,tau,ms,batch\n0,1,20,1\n1,1.5,20,2000000\n",
        "1e12": "k,tau,ms,draft_ms,verify_ms\n0,1,20,0,20\n1,1.5,22,1e12,20\n",
    }
    for named, text in tables.items():
        with pytest.raises(MetricsProblem) as caught:
            read_cost_table_text(text, "t.csv")
        assert caught.value.line == 3 and named in str(caught.value), str(caught.value)
