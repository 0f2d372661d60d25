"""Measured acceptance (specdec_desktop.measured): every format, the fit, bad input. No Qt."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import numpy as np
import pytest

from specdec_desktop.measured import (
    ImportCancelled,
    Measurement,
    MetricsProblem,
    Timings,
    combine,
    fit_measurement,
    read_metrics,
    read_metrics_text,
    scan,
    solve_p,
    summary_lines,
    tokens_per_step,
)
from specdec_desktop.measured.cycle_table import CycleTable
from specdec_desktop.measured.decision import measured_figures, near_best_range
from specdec_desktop.model import best_draft_length, expected_tokens, speedup
from specdec_desktop.wording.measured_words import k_range_text

from ..support.cli import run_python

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"


def fitted(name: str, **kwargs):
    return fit_measurement(read_metrics(DATA / name, **kwargs))


# -- the reference value and the inversion ---------------------------------------------------------


def test_reference_mean_acceptance_length_292_at_k3_gives_p_07929():
    assert solve_p(2.92, 3) == pytest.approx(0.7929, abs=5e-5)
    fit = fitted("llama_reference.log")
    assert fit.measurement.format == "llama.cpp"
    assert fit.k == 3
    assert fit.tau == pytest.approx(2.92)
    assert round(fit.fitted_p, 4) == 0.7929


@pytest.mark.parametrize("k", [1, 2, 3, 6, 17, 64])
@pytest.mark.parametrize("p", [0.0, 0.05, 0.5, 0.75, 0.93, 0.999])
def test_solve_p_inverts_tokens_per_step(p, k):
    assert tokens_per_step(solve_p(tokens_per_step(p, k), k), k) == pytest.approx(
        tokens_per_step(p, k), rel=1e-12
    )


def test_engine_ratio_is_not_p():
    # The example: at p = 0.75, k = 6 the accepted/drafted ratio is 0.41.
    tau = tokens_per_step(0.75, 6)
    ratio = (tau - 1) / 6
    assert ratio == pytest.approx(0.41, abs=0.005)
    assert solve_p(tau, 6) == pytest.approx(0.75, abs=1e-12)
    assert best_draft_length(0.75, 0.15) == 4
    assert best_draft_length(ratio, 0.15) == 1


# -- every format ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fmt", "k", "steps"),
    [
        ("vllm_specdecoding.log", "vllm", 4, 2953),
        ("vllm_specdecoding_older.log", "vllm", 3, 1800),
        ("vllm_v0_speculative.log", "vllm-v0", 5, 2000),
        ("vllm_metrics.prom", "vllm-prometheus", 3, 2100),
        ("vllm_requests.jsonl", "vllm-request-json", 4, None),
        ("vllm_request.json", "vllm-request-json", 4, None),
        ("llama_server.log", "llama.cpp-statistics", 4, None),
        ("llama_reference.log", "llama.cpp", 3, 100),
        ("sglang_metrics.prom", "sglang-prometheus", 3, None),
        ("cycles.csv", "csv-cycles", 5, 5000),
        ("cycles_plain.csv", "csv-cycles", 6, 3000),
        ("histogram_bursty.csv", "csv-histogram", 6, 4000),
    ],
)
def test_every_format_is_detected_from_content(name, fmt, k, steps):
    m = read_metrics(DATA / name)
    assert m.format == fmt
    assert m.k == k
    if steps is not None:
        assert m.steps == steps
    assert 0 < m.lines_used <= m.lines_read
    fit = fit_measurement(m)
    assert 1.0 <= fit.tau <= k + 1
    assert 0.0 <= fit.p_low <= fit.fitted_p <= fit.p_high <= 1.0


def test_vllm_lines_add_up_intervals():
    text = (DATA / "vllm_specdecoding.log").read_text()
    accepted = drafted = 0
    for line in text.splitlines():
        if "SpecDecoding metrics" in line:
            accepted += int(line.split("Accepted: ")[1].split(" ")[0])
            drafted += int(line.split("Drafted: ")[1].split(" ")[0])
    m = read_metrics(DATA / "vllm_specdecoding.log")
    assert m.steps == drafted // 4
    assert m.accepted == accepted
    assert m.engine_acceptance == pytest.approx(accepted / drafted)
    assert "drafted" in (m.engine_basis or "")
    assert m.lines_used == 12 and m.lines_read == 72


def test_vllm_v0_uses_emitted_tokens_not_accepted():
    last = [x for x in (DATA / "vllm_v0_speculative.log").read_text().splitlines() if "Speculative" in x][-1]
    emitted = int(last.split("Number of emitted tokens: ")[1].rstrip("."))
    draft = int(last.split("Number of draft tokens: ")[1].split(",")[0])
    accepted = int(last.split("Number of accepted tokens: ")[1].split(",")[0])
    fit = fitted("vllm_v0_speculative.log")
    steps = draft // 5
    assert fit.tau == pytest.approx(emitted / steps)
    assert fit.tau != pytest.approx(1 + accepted / steps)
    assert fit.measurement.engine_acceptance == pytest.approx(accepted / draft)


def test_vllm_v0_counter_restart_starts_a_new_segment():
    line = (
        "Speculative metrics: Draft acceptance rate: {r:.3f}, System efficiency: {e:.3f}, "
        "Number of speculative tokens: 2, Number of accepted tokens: {a}, Number of draft tokens: {d}, "
        "Number of emitted tokens: {m}."
    )
    rows = [(50, 100, 120), (100, 200, 240), (30, 60, 70)]  # the third line follows a restart
    text = "\n".join(line.format(r=a / d, e=m / (d / 2 * 3), a=a, d=d, m=m) for a, d, m in rows)
    m = read_metrics_text(text)
    assert m.steps == (200 + 60) // 2
    assert m.accepted == (240 + 70) - m.steps


def test_prometheus_sums_engines_and_skips_created():
    m = read_metrics(DATA / "vllm_metrics.prom")
    text = (DATA / "vllm_metrics.prom").read_text().splitlines()
    drafts = sum(float(x.split()[-1]) for x in text if x.startswith("vllm:spec_decode_num_drafts_total"))
    assert m.steps == drafts == 2100
    pos0 = sum(float(x.split()[-1]) for x in text if 'position="0"' in x)
    assert m.position_counts[0] == pos0


def test_prometheus_without_total_suffix_and_one_based_positions():
    text = "\n".join(
        [
            'vllm:spec_decode_num_drafts{engine="0"} 10',
            'vllm:spec_decode_num_draft_tokens{engine="0"} 20',
            'vllm:spec_decode_num_accepted_tokens{engine="0"} 12',
            'vllm:spec_decode_num_accepted_tokens_per_pos{engine="0",position="1"} 8',
            'vllm:spec_decode_num_accepted_tokens_per_pos{engine="0",position="2"} 4',
        ]
    )
    m = read_metrics_text(text)
    assert (m.k, m.steps, m.accepted, m.position_counts) == (2, 10, 12, (8, 4))


def test_request_json_histograms_add_up():
    m = read_metrics(DATA / "vllm_requests.jsonl")
    fit = fit_measurement(m)
    assert sum(fit.histogram) == m.steps
    assert m.lines_used == 40
    assert fit.verdict == "bursty"


def test_request_json_contradiction_names_the_line():
    good = '{"metrics": {"speculative_decoding": {"acceptance_histogram": [1, 2, 3], "num_spec_steps": 6}}}'
    bad = '{"metrics": {"speculative_decoding": {"acceptance_histogram": [1, 2, 3], "num_spec_steps": 9}}}'
    with pytest.raises(MetricsProblem) as caught:
        read_metrics_text(good + "\n" + bad + "\n", name="requests.jsonl")
    assert caught.value.kind == "contradiction"
    assert caught.value.line == 2
    assert "requests.jsonl: line 2:" in str(caught.value)


def test_llama_statistics_win_over_task_lines():
    m = read_metrics(DATA / "llama_server.log")
    assert m.format == "llama.cpp-statistics"
    assert any("statistics" in note for note in m.notes)
    last = [x for x in (DATA / "llama_server.log").read_text().splitlines() if "#gen drafts" in x][-1]
    assert m.steps == int(last.split("#gen drafts =")[1].split(",")[0])


def test_llama_old_lines_need_k_and_take_it():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "llama_server_old.log")
    assert caught.value.kind == "k_missing"
    assert "llama_server_old.log: line 1:" in str(caught.value)
    m = read_metrics(DATA / "llama_server_old.log", k=3)
    assert (m.k, m.steps, m.accepted) == (3, 22, 39)


def test_sglang_decode_lines_need_k():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "sglang_server.log")
    assert caught.value.kind == "k_missing"
    m = read_metrics(DATA / "sglang_server.log", k=3)
    fit = fit_measurement(m)
    assert m.steps is None and len(m.tau_samples) == 20
    assert fit.verdict == "untested"
    assert fit.tau_se is not None


def test_k_given_must_agree_with_the_file():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "vllm_specdecoding.log", k=6)
    assert caught.value.kind == "contradiction"


def test_csv_shapes():
    plain = read_metrics_text("# k = 3\n0\n1\n3\n2\n")
    assert (plain.format, plain.k, plain.steps, plain.accepted) == ("csv-cycles", 3, 4, 6.0)
    hist = read_metrics_text("accepted,count\n0,5\n1,3\n2,2\n")
    assert (hist.format, hist.k, hist.position_counts) == ("csv-histogram", 2, (5, 2))
    unnamed = read_metrics_text("0,5\n1,3\n2,2\n", k=4)
    assert unnamed.position_counts == (5, 2, 0, 0)
    with pytest.raises(MetricsProblem) as caught:
        read_metrics_text("accepted\n1\n2\n")
    assert caught.value.kind == "k_missing"


def test_csv_fast_path_equals_line_by_line():
    rng = np.random.default_rng(7)
    values = rng.integers(0, 6, size=20_000)
    body = "".join(f"{i},{v}\n" for i, v in enumerate(values)).encode()
    fast = CycleTable(5)
    fast.feed_chunk(b"cycle,accepted\n" + body, 1)
    slow = CycleTable(5)
    slow._slow(b"cycle,accepted\n" + body, 1)
    assert np.array_equal(fast.finish().position_counts, slow.finish().position_counts)
    assert fast.lines_used == slow.lines_used == values.size


def test_csv_fast_path_reuses_its_work_arrays_block_after_block():
    """The fast path keeps its work arrays between blocks: a shorter block after a longer one
    (the last one of a file without a final line break, ending in a digit, where the longer block
    had a digit just past it) reads as the line-by-line path does."""
    rng = np.random.default_rng(11)
    blocks = [
        "".join(f"{i},{v}\n" for i, v in enumerate(rng.integers(0, 6, size=size))).encode()
        for size in (3000, 40, 2000)
    ]
    blocks.append(b"7,3\n8,4")  # no final line break: the block ends in a digit
    fast, slow = CycleTable(5), CycleTable(5)
    fast.feed_chunk(b"cycle,accepted\n", 1)
    slow._slow(b"cycle,accepted\n", 1)
    for block in blocks:
        assert fast._fast(block, 2) == slow._slow(block, 2)
    assert fast._scratch.size == len(blocks[0])  # made once, for the longest block
    assert np.array_equal(fast.counts, slow.counts) and fast.lines_used == slow.lines_used


def test_csv_value_over_k_names_its_line():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "cycles_too_many.csv")
    assert (caught.value.kind, caught.value.line) == ("contradiction", 4)


# -- verdicts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "verdict"),
    [("cycles.csv", "constant"), ("vllm_specdecoding.log", "falls"), ("histogram_bursty.csv", "bursty")],
)
def test_verdicts(name, verdict):
    fit = fitted(name)
    assert fit.verdict == verdict
    assert "G =" in fit.test_text


def test_per_position_intervals_hold_the_estimate():
    fit = fitted("vllm_metrics.prom")
    for a, lo, hi in zip(fit.per_position, fit.per_position_low, fit.per_position_high, strict=True):
        assert lo <= a <= hi


def test_per_position_texts_are_the_rates_with_their_intervals():
    """One text per position, shared by ``fit``'s summary and the HTML report."""
    fit = fitted("vllm_metrics.prom")
    texts = fit.per_position_texts()
    assert len(texts) == len(fit.per_position)
    a, lo, hi = fit.per_position[0], fit.per_position_low[0], fit.per_position_high[0]
    assert texts[0] == f"{a:.3f} [{lo:.3f}, {hi:.3f}]"
    assert f"a1 {texts[0]}" in "\n".join(summary_lines(fit))
    bare = dataclasses.replace(fit, per_position=(None, *fit.per_position[1:]), per_position_low=None)
    assert bare.per_position_texts()[:2] == ["n/a", f"{fit.per_position[1]:.3f}"]
    assert dataclasses.replace(fit, per_position=None).per_position_texts() is None


def test_tau_above_k_plus_one_is_a_contradiction():
    with pytest.raises(MetricsProblem) as caught:
        fit_measurement(
            Measurement(format="sglang", sources=("x.log",), k=1, tau_samples=(2.6, 2.5), first_line=3)
        )
    assert caught.value.kind == "contradiction" and caught.value.line == 3


# -- messy and hostile input -----------------------------------------------------------------------


def test_truncated_log_reads_the_whole_lines():
    m = read_metrics(DATA / "truncated.log")
    assert m.lines_read == 21 and m.lines_used == 3


def test_mixed_engines_are_refused_naming_the_line():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "mixed_engines.log", k=4)
    assert caught.value.kind == "mixed" and caught.value.line == 13


def test_contradictory_numbers_name_file_and_line():
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(DATA / "contradictory.log")
    assert caught.value.kind == "contradiction"
    assert str(caught.value).startswith("contradictory.log: line 3: ")


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (b"", "empty"),
        (b"   \n\n  ", "empty"),
        (b"hello\nworld\n", "no_metrics"),
        (b"SpecDecoding metrics: \x00\x01\x02", "binary"),
        ("SpecDecoding metrics".encode("utf-16"), "not_utf8"),
        (bytes(range(256)) * 50, "binary"),
        (b'{"a": [1, 2', "truncated"),
        (b'{"metrics": {}}', "no_metrics"),
    ],
)
def test_bad_files_get_one_named_message(tmp_path, content, kind):
    path = tmp_path / "bad.log"
    path.write_bytes(content)
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(path)
    assert caught.value.kind == kind
    assert str(caught.value).startswith("bad.log: ")


def test_binary_names_the_line(tmp_path):
    path = tmp_path / "odd.log"
    path.write_bytes(b"one\ntwo\nthree\x00four\n")
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(path)
    assert caught.value.line == 3


def test_folder_and_missing(tmp_path):
    with pytest.raises(MetricsProblem, match="folder"):
        read_metrics(tmp_path)
    with pytest.raises(MetricsProblem, match="no such file"):
        read_metrics(tmp_path / "nope.log")


def test_sparse_10_gb_file_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.log"
    with path.open("wb") as stream:
        stream.truncate(10 * 1024**3)
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(path)
    assert caught.value.kind == "too_large"
    assert "huge.log" in str(caught.value)


def _big_log(tmp_path: Path) -> tuple[Path, int]:
    metric = (DATA / "llama_reference.log").read_text().splitlines()[1]
    noise = "INFO something unrelated happened here, nothing to see " * 2
    lines = []
    for i in range(120_000):
        lines.append(metric if i % 1000 == 0 else noise)
    path = tmp_path / "big.log"
    path.write_text("\n".join(lines) + "\n")
    return path, 120


def test_big_log_streams_across_block_boundaries(tmp_path, monkeypatch):
    monkeypatch.setattr(scan, "BLOCK_BYTES", 64 * 1024 + 7)  # boundaries fall inside lines
    path, metric_lines = _big_log(tmp_path)
    seen = []
    m = read_metrics(path, progress=lambda done, total: seen.append((done, total)))
    assert m.lines_used == metric_lines and m.lines_read == 120_000
    assert m.steps == 100 * metric_lines
    assert seen[-1] == (path.stat().st_size, path.stat().st_size)
    assert all(a[0] <= b[0] for a, b in itertools.pairwise(seen))
    assert len(seen) > 10


def test_cancel_stops_a_read(tmp_path, monkeypatch):
    monkeypatch.setattr(scan, "BLOCK_BYTES", 64 * 1024)
    path, _ = _big_log(tmp_path)
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(ImportCancelled):
        read_metrics(path, cancelled=cancelled)
    assert len(asked) == 3


def test_very_long_line_does_not_break_reading(tmp_path):
    metric = (DATA / "llama_reference.log").read_text()
    path = tmp_path / "long.log"
    path.write_bytes(b"x" * (3 * 1024**2) + b"\n" + metric.encode())
    assert read_metrics(path).steps == 100


def test_unknown_lines_are_counted_and_skipped():
    text = "garbage line\n" * 5 + (DATA / "llama_reference.log").read_text() + "\x7f\x1b[31m odd\n"
    m = read_metrics_text(text)
    assert m.lines_read == 8 and m.lines_used == 1 and m.lines_skipped == 7


def test_combine_files_adds_counts_and_refuses_different_k():
    a = read_metrics(DATA / "vllm_specdecoding.log")
    both = combine([a, read_metrics(DATA / "truncated.log")])
    assert both.steps > a.steps and both.sources == ("vllm_specdecoding.log", "truncated.log")
    with pytest.raises(MetricsProblem) as caught:
        combine([a, read_metrics(DATA / "cycles.csv")])
    assert caught.value.kind == "combine"


# -- cost and recommendation -------------------------------------------------------------------------


def test_the_k_within_1_percent_surround_the_decisions_best_k():
    fit = fitted("cycles.csv")
    figures = measured_figures(fit, 0.15)
    assert figures.basis == "constant_p"
    assert figures.best_k == best_draft_length(figures.p, 0.15)
    assert figures.best_speedup == pytest.approx(speedup(figures.p, figures.best_k, 0.15))
    low, high = near_best_range(figures)
    assert low <= figures.k_low <= figures.best_k <= figures.k_high <= high
    # every k in the range is within 1 % of the best somewhere in the interval; the next ones are not
    p_grid = np.linspace(*figures.p_interval, 41)
    table = np.asarray(speedup(p_grid[:, None], np.arange(high + 2)[None, :], 0.15))
    near = table >= 0.99 * table.max(axis=1, keepdims=True)
    assert near[:, low].any() and near[:, high].any() and not near[:, high + 1].any()


def test_timings_set_cost_and_verify_growth():
    t = Timings(draft_ms=3.0, target_ms=20.0, verify_ms=23.0, k=6)
    assert t.cost == pytest.approx(0.15)
    assert t.verify_growth == pytest.approx(0.025)
    # The time per token is the decision's: plain decoding's time over the model's speedup
    # at the best k, whose step costs k t_d + t_1 (1 + beta k) (beta acts as extra draft cost).
    fit = fitted("cycles.csv")
    figures = measured_figures(fit, 0.0, timings=t)
    assert (figures.c, figures.assumptions.verify_growth) == (0.15, 0.025)
    k = figures.best_k
    tokens = float(expected_tokens(figures.p, k))
    assert figures.ms_per_token(20.0) == pytest.approx((k * 3 + 20 * (1 + 0.025 * k)) / tokens)
    with pytest.raises(ValueError, match="draft time"):
        Timings(draft_ms=30.0, target_ms=20.0)
    with pytest.raises(ValueError, match="verify time"):
        Timings(draft_ms=1.0, target_ms=20.0, verify_ms=5.0, k=3)


def test_no_peak_is_stated():
    m = read_metrics_text("accepted,count\n0,0\n1,0\n2,50\n")
    figures = measured_figures(fit_measurement(m), 0.1)
    assert figures.best_k is None and figures.k_low is None and figures.k_high is None
    assert k_range_text(figures) == "no peak anywhere in the interval"
    assert near_best_range(figures)[1] is None
    assert figures.ms_per_token(20.0) is None


def test_import_pulls_no_qt():
    code = (
        "import sys, specdec_desktop.measured; "
        "assert not any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules)"
    )
    result = run_python(["-c", code])
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "body",
    [
        b"1,2\r\n2,3\r\n",
        b"1,2\n\n\n2,3\n3,0",
        b"1,2 \n2,3\n",
        b"1,2,3\n4\n5,1\n",
        b"12345678901234567890,1\n2,2\n",
        b"1,,2\n3,1\n",
        b",1\n3,1\n",
    ],
)
def test_csv_fast_path_agrees_with_line_by_line_on_odd_rows(body):
    fast, slow = CycleTable(5), CycleTable(5)
    for table in (fast, slow):
        table.feed_chunk(b"cycle,accepted\n", 1)
    outcomes = []
    for read in (fast.feed_chunk, slow._slow):
        try:
            read(body, 2)
            outcomes.append(None)
        except MetricsProblem as problem:
            outcomes.append((problem.kind, problem.line))
    assert outcomes[0] == outcomes[1]
    assert np.array_equal(fast.counts, slow.counts)
    assert fast.lines_used == slow.lines_used


def test_garbled_metric_files_never_crash(tmp_path):
    import json
    import random

    from specdec_desktop.measured import fit_decay, summary_dict, summary_lines
    from specdec_desktop.model.assumptions import Assumptions
    from specdec_desktop.robustness.fuzz_metrics import fuzzed_metrics

    path = tmp_path / "garbled.log"
    outcomes = set()
    for seed in range(1500):
        rng = random.Random(seed)
        _kind, data = fuzzed_metrics(rng)
        path.write_bytes(data)
        timings = rng.choice([None, Timings(draft_ms=rng.random(), target_ms=1.0 + rng.random())])
        try:
            fit = fit_measurement(read_metrics(path, k=rng.choice([None, 3])))
            figures = measured_figures(fit, rng.random(), Assumptions(batch=rng.randint(1, 64), knee=32.0))
            json.dumps(summary_dict(fit, figures, timings), allow_nan=False)
            summary_lines(fit, figures, timings)
            fit_decay(fit)
            outcomes.add("ok" if fit.fitted_p is not None else "variable")
        except MetricsProblem as problem:
            assert str(problem).startswith("garbled.log: ")
            outcomes.add(problem.kind)
    assert {"ok", "variable", "contradiction", "binary", "empty", "no_metrics", "truncated"} <= outcomes


def test_absurd_draft_lengths_are_refused():
    with pytest.raises(MetricsProblem, match="k from 1 to 4096"):
        read_metrics_text("# k = 999999999\naccepted\n1\n")
    with pytest.raises(MetricsProblem, match="beyond any count"):
        read_metrics_text("SpecDecoding metrics: Accepted: " + "9" * 400 + " tokens, Drafted: 5 tokens")


def test_fit_decay_recovers_a_falling_curve():
    from specdec_desktop.measured import fit_decay

    steps, p, d = 100_000, 0.8, 0.9
    counts, alive = [], float(steps)
    for i in range(5):
        alive *= p * d**i
        counts.append(round(alive))
    fit = fit_measurement(
        Measurement(
            format="csv-cycles",
            sources=("x",),
            k=5,
            steps=steps,
            accepted=float(sum(counts)),
            position_counts=tuple(counts),
        )
    )
    fitted_p, fitted_d = fit_decay(fit)
    assert fitted_p == pytest.approx(p, abs=0.01) and fitted_d == pytest.approx(d, abs=0.01)
    assert fit.verdict == "falls"


@pytest.mark.parametrize(
    ("name", "words"),
    [("a\0b.csv", "cannot hold a NUL character"), ("a\ud800b.csv", "cannot hold that character")],
)
def test_a_name_no_file_can_have_is_a_metrics_problem(tmp_path, name, words):
    # os.stat raises ValueError for these; the reader says what is wrong instead.
    with pytest.raises(MetricsProblem) as caught:
        read_metrics(tmp_path / name)
    assert caught.value.kind == "bad_name" and words in str(caught.value)
