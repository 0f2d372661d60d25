"""One figures path (issues 22 and 23): ``fit --json``, ``measured_figures``, the Measured tab and
the report (from the command line and from the window) give the same best k, for seeded random
measurements under seeded random configurations (c and all six assumptions)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from specdec_desktop.cli import main
from specdec_desktop.measured import fit_measurement, read_metrics
from specdec_desktop.measured.decision import measured_figures
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.window_services.report_actions import write_report
from tests.support.window import open_window

SEEDS = range(12)


def _histogram(rng: np.random.Generator) -> tuple[str, int]:
    """A CSV histogram of accepted guesses per verify step: acceptance falling or not, few or
    many steps, and now and then positions that were never accepted."""
    k = int(rng.integers(2, 9))
    steps = int(rng.choice([40, 300, 4000]))
    p, decay = rng.uniform(0.3, 0.97), rng.choice([1.0, rng.uniform(0.6, 1.0)])
    alive = np.ones(steps, dtype=bool)
    accepted = np.zeros(steps, dtype=int)
    cut = int(rng.integers(2, k + 1)) if rng.random() < 0.25 else k + 1
    for i in range(k):
        alive &= (rng.random(steps) < p * decay**i) & (i + 1 < cut)
        accepted += alive
    counts = np.bincount(accepted, minlength=k + 1)
    return "accepted,count\n" + "".join(f"{n},{count}\n" for n, count in enumerate(counts)), k


def _configuration(rng: np.random.Generator) -> tuple[float, Assumptions]:
    """A draft cost and assumptions on the window's own steps (so the boxes hold them exactly)."""
    c = round(float(rng.uniform(0.0, 0.5)), 2)
    assumptions = Assumptions(
        decay=round(float(rng.choice([1.0, rng.uniform(0.7, 1.0)])), 2),
        spread=None if rng.random() < 0.5 else round(float(rng.uniform(1.0, 40.0)), 1),
        verify_growth=round(float(rng.choice([0.0, rng.uniform(0.0, 0.3)])), 2),
        batch=int(rng.choice([1, rng.integers(1, 65)])),
        knee=None if rng.random() < 0.4 else float(rng.integers(4, 257)),
        overhead=round(float(rng.choice([0.0, rng.uniform(0.0, 0.3)])), 2),
    )
    return c, assumptions


def _flags(c: float, assumptions: Assumptions) -> list[str]:
    argv = ["--c", f"{c:g}"]
    for name, value in assumptions.as_dict().items():
        flag = "--" + name.replace("_", "-")
        argv += [flag, "off" if value is None else f"{value:g}"]
    return argv


def _tab_best_k(text: str) -> int | None:
    """The best k the Measured tab's decision states (0: do not speculate; None: no peak)."""
    if "do not speculate" in text:
        return 0
    if "keeps rising" in text:
        return None
    found = re.search(r"best k = (\d+) ", text)
    assert found, text
    return int(found.group(1))


def _report_best_k(html: str) -> int | None:
    found = re.search(r"<tr><th>Best k</th><td>([^<]*)</td></tr>", html)
    assert found, "the report has no best-k row"
    return None if found.group(1) == "none" else int(found.group(1))


@pytest.mark.parametrize("seed", SEEDS)
def test_fit_the_decision_the_tab_and_the_reports_agree_on_best_k(qtbot, capsys, tmp_path, seed):
    rng = np.random.default_rng(seed)
    body, k = _histogram(rng)
    c, assumptions = _configuration(rng)
    metrics = tmp_path / "run.csv"
    metrics.write_text(body, encoding="utf-8")

    fit = fit_measurement(read_metrics(metrics))
    decision = measured_figures(fit, c, assumptions)

    cli_report = tmp_path / "cli.html"
    status = main(["fit", str(metrics), *_flags(c, assumptions), "--report", str(cli_report), "--json"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["assumptions"] == decision.assumptions.as_dict()
    assert result["best_k"] == decision.best_k
    assert result["best_speedup"] == pytest.approx(decision.best_speedup)
    assert result["best_k_basis"] == decision.basis
    assert result["measured_k"] == k
    assert _report_best_k(cli_report.read_text(encoding="utf-8")) == decision.best_k
    if decision.best_k is not None:  # the k as good within 1 % surround it, from the same curve
        low, high = result["k_within_1_percent"]
        assert low <= decision.best_k and (high is None or decision.best_k <= high)

    window = open_window(qtbot, active=False)
    window.state.set(c=c)
    window.app_state.assumptions.set_assumptions(assumptions)
    window.app_state.measurement.set_fit(fit, "run.csv")
    assert _tab_best_k(window.measured_panel.recommendation.text()) == decision.best_k
    window_report = tmp_path / "window.html"
    assert write_report(window, str(window_report))
    assert _report_best_k(window_report.read_text(encoding="utf-8")) == decision.best_k
