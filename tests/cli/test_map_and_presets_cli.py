"""``--export-map`` and ``presets``, run as real processes (docs/interface.md)."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from specdec_desktop.model import best_draft_length, speedup

from ..support.cli import run_cli


def test_export_map_writes_the_whole_grid(tmp_path):
    target = tmp_path / "map.csv"
    result = run_cli("--export-map", str(target))
    assert result.returncode == 0, result.stderr
    with target.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == ["p", "c", "best_k", "best_speedup"]
    ps = sorted({float(r["p"]) for r in rows})
    cs = sorted({float(r["c"]) for r in rows})
    for axis in (ps, cs):
        assert axis[0] == 0.0 and axis[-1] == 1.0
        assert float(np.diff(axis).max()) <= 0.01 + 1e-12
    assert len(rows) == len(ps) * len(cs)
    by_cell = {(float(r["p"]), float(r["c"])): r for r in rows}
    for p, c in [(0.75, 0.15), (0.99, 0.01), (0.5, 0.5), (0.3, 0.0), (1.0, 0.15)]:
        row = by_cell[(p, c)]
        best = best_draft_length(p, c)
        if best is None:
            assert row["best_k"] == ""
            assert float(row["best_speedup"]) == pytest.approx(1 / c if p == 1 else 1 / (1 - p))
        else:
            assert int(row["best_k"]) == best
            assert float(row["best_speedup"]) == speedup(p, best, c)


@pytest.mark.parametrize(
    ("path", "message"),
    [("map.txt", "must be a .csv"), ("missing/map.csv", "folder does not exist")],
)
def test_export_map_bad_path_is_one_line_and_status_2(tmp_path, path, message):
    result = run_cli("--export-map", str(tmp_path / path))
    assert result.returncode == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_export_map_with_another_output_is_refused(tmp_path):
    result = run_cli("--export-map", str(tmp_path / "m.csv"), "--screenshot", str(tmp_path / "s.png"))
    assert result.returncode == 2 and "choose one of" in result.stderr
    assert not (tmp_path / "m.csv").exists()


def test_export_map_follows_assumption_flags(tmp_path):
    target = tmp_path / "map.csv"
    result = run_cli("--export-map", str(target), "--decay", "0.9", "--overhead", "0.1")
    assert result.returncode == 0, result.stderr
    with target.open(newline="", encoding="utf-8") as handle:
        rows = {(float(r["p"]), float(r["c"])): r for r in csv.DictReader(handle)}
    row = rows[(0.8, 0.05)]
    assert int(row["best_k"]) == best_draft_length(0.8, 0.05, decay=0.9, overhead=0.1)
    assert int(row["best_k"]) != best_draft_length(0.8, 0.05)
    bad = run_cli("--export-map", str(target), "--decay", "2")
    assert bad.returncode == 2 and "decay" in bad.stderr


def test_presets_json_lists_every_preset_per_contract():
    import json

    from specdec_desktop.presets import PRESETS

    result = run_cli("presets", "--json")
    assert result.returncode == 0, result.stderr
    items = json.loads(result.stdout)
    assert len(items) == len(PRESETS) >= 8
    for item in items:
        assert {"name", "p", "c", "k", "source", "published_speedup"} <= set(item)
        assert item["published_speedup"] is None or item["published_speedup"] > 0


def test_presets_text_shows_citation_and_both_figures():
    result = run_cli("presets")
    assert result.returncode == 0, result.stderr
    assert (
        "Leviathan" in result.stdout and "published 3.40×" in result.stdout and "model 3.16×" in result.stdout
    )
    bad = run_cli("presets", "--yaml")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
