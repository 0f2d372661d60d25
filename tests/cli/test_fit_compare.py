"""``fit FILE... --compare``: each run fitted on its own, side by side (issue 23.7)."""

from __future__ import annotations

import json
from pathlib import Path

from ..support.cli import run_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
BEFORE, AFTER = DATA / "vllm_specdecoding_older.log", DATA / "vllm_specdecoding.log"


def test_each_run_says_what_fit_on_that_file_alone_says() -> None:
    together = json.loads(run_cli("fit", str(BEFORE), str(AFTER), "--compare", "--c", "0.1", "--json").stdout)
    assert [run["file"] for run in together["runs"]] == [BEFORE.name, AFTER.name]
    for run, path in zip(together["runs"], (BEFORE, AFTER), strict=True):
        alone = json.loads(run_cli("fit", str(path), "--c", "0.1", "--json").stdout)
        assert {key: value for key, value in run.items() if key != "file"} == alone


def test_the_table_shows_both_runs_and_what_changed() -> None:
    done = run_cli("fit", str(BEFORE), str(AFTER), "--compare", "--c", "0.1")
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines() if line.strip()}
    assert BEFORE.name in rows["run"] and AFTER.name in rows["run"]
    before = json.loads(run_cli("fit", str(BEFORE), "--json").stdout)["tokens_per_step"]
    after = json.loads(run_cli("fit", str(AFTER), "--json").stdout)["tokens_per_step"]
    assert f"{before:.4f}" in rows["tokens/step"] and f"{after:.4f}" in rows["tokens/step"]
    assert f"{(after - before) / before * 100:+.1f} %" in rows["change"]
    assert done.stdout.count("verdict ") == 2


def test_compare_needs_two_files_and_writes_no_report(tmp_path) -> None:
    one = run_cli("fit", str(AFTER), "--compare")
    assert one.returncode == 2 and "two files or more" in one.stderr
    report = tmp_path / "r.html"
    both = run_cli("fit", str(BEFORE), str(AFTER), "--compare", "--report", str(report))
    assert both.returncode == 2 and "--compare" in both.stderr and not report.exists()


def test_a_run_that_cannot_be_read_is_named(tmp_path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("nothing to see\n")
    done = run_cli("fit", str(AFTER), str(bad), "--compare")
    assert done.returncode == 2 and "bad.log" in done.stderr and not done.stdout
