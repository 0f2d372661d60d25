"""Hostile metrics files (issue 24.2–24.4, 24.6): limits said in words, counts exact, a file once.

Each test fails on the code before issue 24: a 2 KB file nested 1,000 levels raised
RecursionError, counts past 2**53 wrapped, a file named twice counted twice, a growing
file was read past its size at opening, /proc/kmsg was opened, and one accumulator was kept
per Prometheus label set without a bound.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from specdec_desktop.cli import main
from specdec_desktop.measured import MetricsProblem, scan
from specdec_desktop.measured.line_readers.prometheus import MAX_SERIES
from specdec_desktop.measured.scan import (
    MAX_JSON_DEPTH,
    MAX_METRIC_LINE_BYTES,
    distinct_files,
    json_depth,
    read_metrics,
    read_metrics_text,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
VLLM = DATA / "vllm_specdecoding.log"


def _deep(tmp_path: Path, levels: int = 1000) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * levels + "]" * levels)
    return path


def test_deep_json_is_refused_before_parsing(tmp_path) -> None:
    path = _deep(tmp_path)
    assert path.stat().st_size == 2000
    with pytest.raises(MetricsProblem) as raised:
        read_metrics(path)
    assert raised.value.kind == "too_deep"
    assert "deep.json" in str(raised.value) and "1,000 levels" in str(raised.value)


def test_deep_json_object_on_one_line_of_json_lines_is_refused(tmp_path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text('{"a":' * 500 + "1" + "}" * 500 + "\n")
    with pytest.raises(MetricsProblem, match="500 levels"):
        read_metrics(path)


def test_fit_of_deep_json_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    path = _deep(tmp_path)
    status = main(["fit", str(path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "deep.json" in err and "Traceback" not in err


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert json_depth(b'{"a": "[[[[{{{{", "b": [1, [2]]}') == 3
    assert json_depth(b'["\\"[[["]') == 1
    assert json_depth(b"[" * (MAX_JSON_DEPTH + 1)) == MAX_JSON_DEPTH + 1


def test_a_json_document_over_the_limit_is_refused_by_size(tmp_path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"{}," * (scan.MAX_JSON_BYTES // 3) + b"{}]")
    with pytest.raises(MetricsProblem) as raised:
        read_metrics(path)
    assert raised.value.kind == "too_large" and "big.json" in str(raised.value)


def test_counts_past_2_53_are_refused_in_words() -> None:
    text = "accepted,count\n0,4503599627370496\n1,4503599627370496\n2,1\n"
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(text, k=2)
    assert raised.value.kind == "too_many" and "2**53" in str(raised.value)


def test_counts_up_to_2_53_are_exact_python_integers() -> None:
    text = "accepted,count\n0,4503599627370495\n2,4503599627370497\n"
    measurement = read_metrics_text(text, k=2)
    assert measurement.steps == 2**53
    assert measurement.accepted == 2 * 4503599627370497 and isinstance(measurement.accepted, int)


def test_the_same_file_twice_or_through_a_link_counts_once(tmp_path) -> None:
    link = tmp_path / "link.log"
    link.symlink_to(VLLM)
    kept, notes = distinct_files([VLLM, link, VLLM])
    assert kept == [VLLM]
    assert len(notes) == 2 and "link.log is the same file as vllm_specdecoding.log" in notes[0]


def test_fit_counts_a_file_named_twice_once(capsys) -> None:
    import json

    main(["fit", str(VLLM), "--json"])
    once = json.loads(capsys.readouterr().out)
    main(["fit", str(VLLM), str(VLLM), "--json"])
    twice = json.loads(capsys.readouterr().out)
    assert twice["steps"] == once["steps"]
    assert any("counted once" in note for note in twice["notes"])


def test_a_growing_file_is_read_up_to_its_size_at_opening(tmp_path, monkeypatch) -> None:
    path = tmp_path / "growing.log"
    original = VLLM.read_bytes()
    path.write_bytes(original)
    expected = read_metrics(path)
    monkeypatch.setattr(scan, "BLOCK_BYTES", 1024)
    more = b"\n".join(line for line in original.splitlines() if b"SpecDecoding metrics:" in line) + b"\n"

    def grow(done: int, total: int) -> None:
        with path.open("ab") as stream:
            stream.write(more)

    measurement = read_metrics(path, progress=grow)
    assert measurement.steps == expected.steps and measurement.lines_read == expected.lines_read
    assert any("grew while it was read" in note for note in measurement.notes)


@pytest.mark.parametrize(
    "special", ["/proc/kmsg", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"]
)
def test_kernel_pseudo_files_are_refused_at_once(special, tmp_path) -> None:
    if not os.path.exists(special):
        pytest.skip(f"{special} is not on this system")
    link = tmp_path / "innocent.log"
    link.symlink_to(special)
    for path in (Path(special), link):
        start = time.perf_counter()
        with pytest.raises(MetricsProblem) as raised:
            read_metrics(path)
        assert raised.value.kind == "not_a_file" and "system" in str(raised.value)
        assert time.perf_counter() - start < 1.0


def test_too_many_prometheus_series_are_refused_with_a_message() -> None:
    lines = "".join(f'vllm:spec_decode_num_drafts_total{{engine="{i}"}} 1\n' for i in range(MAX_SERIES + 1))
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(lines, k=3)
    assert raised.value.kind == "too_many_series" and "10,000" in str(raised.value)


def test_sglang_series_are_capped_too() -> None:
    lines = "".join(f'sglang:spec_accept_length{{rank="{i}"}} 2.5\n' for i in range(MAX_SERIES + 1))
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(lines, k=3)
    assert raised.value.kind == "too_many_series"


def test_a_marker_line_past_the_cap_is_skipped_and_said() -> None:
    text = VLLM.read_text()
    expected = read_metrics_text(text)
    long_line = "SpecDecoding metrics: Accepted: 1 tokens, Drafted: 3 tokens " + "x" * MAX_METRIC_LINE_BYTES
    measurement = read_metrics_text(text + long_line + "\n")
    assert measurement.steps == expected.steps
    assert any("longer than 256 KiB skipped" in note for note in measurement.notes)


def test_only_overlong_marker_lines_is_a_message_not_an_empty_fit() -> None:
    long_line = "SpecDecoding metrics: Accepted: 1 tokens, Drafted: 3 tokens " + "x" * MAX_METRIC_LINE_BYTES
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(long_line + "\n", k=3)
    assert raised.value.kind == "line_too_long"


@pytest.mark.slow
def test_k_is_asked_for_before_the_whole_file_when_no_line_states_it() -> None:
    from specdec_desktop.measured.line_readers.base import WAIT_FOR_K

    text = "SpecDecoding metrics: Accepted: 2 tokens, Drafted: 4 tokens\n" * (WAIT_FOR_K + 50_000)
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(text)
    assert raised.value.kind == "k_missing" and raised.value.line == WAIT_FOR_K + 1
    given = read_metrics_text(text, k=2)  # with k, every line is read as it comes
    assert given.steps == 2 * (WAIT_FOR_K + 50_000)


def test_sglang_lines_without_k_are_asked_about_early() -> None:
    from specdec_desktop.measured.line_readers.base import WAIT_FOR_K

    text = "Decode batch. #running-req: 1, accept len: 2.50, accept rate: 0.50\n" * (WAIT_FOR_K + 10)
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(text)
    assert raised.value.kind == "k_missing" and raised.value.line == WAIT_FOR_K + 1


def test_intervals_kept_for_the_agreement_test_are_bounded() -> None:
    from specdec_desktop.measured.line_readers.base import MAX_GROUPS

    text = "SpecDecoding metrics: Accepted: 2 tokens, Drafted: 4 tokens\n" * (3 * MAX_GROUPS)
    measurement = read_metrics_text(text, k=2)
    assert len(measurement.group_taus) <= MAX_GROUPS
    assert sum(n for _tau, n in measurement.group_taus) == measurement.steps == 6 * MAX_GROUPS


def test_a_json_document_of_too_many_objects_is_refused_before_parsing(tmp_path) -> None:
    from specdec_desktop.measured.scan import MAX_JSON_CONTAINERS

    path = tmp_path / "many.json"
    path.write_bytes(b"[" + b"{}," * MAX_JSON_CONTAINERS + b"{}]")
    start = time.perf_counter()
    with pytest.raises(MetricsProblem) as raised:
        read_metrics(path, k=4)
    assert raised.value.kind == "too_large" and "objects and lists" in str(raised.value)
    assert time.perf_counter() - start < 2.0  # not walked (1.4 M objects took 37 s)


def test_sglang_means_are_kept_as_a_summary_not_a_value_per_line() -> None:
    """A 1 GB SGLang log kept one float per line, then a tuple of them (900 MB peak): the reader
    now keeps five numbers, the same for 2,000 lines as for 20,000."""
    import tracemalloc

    from specdec_desktop.measured.line_readers.sglang import SglangReader

    line = "Decode batch. #running-req: 1, accept len: {:.2f}, accept rate: 0.50\n"

    def retained(lines: int) -> int:
        reader = SglangReader()
        reader.settings["num_steps"] = 3
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for number in range(lines):
            reader._feed(line.format(2 + (number % 7) / 10), number + 1)
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert reader.lengths.count == lines
        return after - before

    assert retained(20_000) - retained(2_000) < 4096


def test_a_summary_of_means_fits_as_the_means_would() -> None:
    import random
    import statistics

    from specdec_desktop.measured.fit import fit_measurement
    from specdec_desktop.measured.measurement import Measurement, Samples

    rng = random.Random(24)
    means = [rng.uniform(1.2, 3.9) for _ in range(500)]
    summary = Samples.of(means)
    assert summary.count == 500 and summary.low == min(means) and summary.high == max(means)
    assert summary.mean == pytest.approx(statistics.fmean(means), rel=1e-12)
    assert summary.variance == pytest.approx(statistics.variance(means), rel=1e-9)
    halves = Samples.of(means[:137]).merged(Samples.of(means[137:]))
    assert halves.mean == pytest.approx(summary.mean, rel=1e-12)
    assert halves.variance == pytest.approx(summary.variance, rel=1e-9)
    fit = fit_measurement(Measurement(format="sglang", sources=("x.log",), k=3, tau_samples=tuple(means)))
    assert fit.tau == pytest.approx(statistics.fmean(means), rel=1e-12)


def test_requests_kept_for_the_agreement_test_are_bounded(tmp_path) -> None:
    """Per-request JSON Lines kept every request's tokens per step (a 1 GB file: 10 MB/s)."""
    from specdec_desktop.measured.measurement import MAX_GROUPS

    line = DATA.joinpath("llama_server_timings.jsonl").read_text().splitlines()[0] + "\n"
    path = tmp_path / "many.jsonl"
    path.write_text(line * (3 * MAX_GROUPS))
    many = read_metrics(path)
    one = read_metrics_text(line)
    assert len(many.group_taus) <= MAX_GROUPS
    assert many.steps == 3 * MAX_GROUPS * one.steps
    assert sum(n for _tau, n in many.group_taus) == many.steps


@pytest.mark.parametrize("lines", [1, 3])
def test_an_empty_sglang_histogram_without_its_count_is_refused_by_name(lines) -> None:
    """An empty spec_correct_drafts_histogram counts nothing, so spec_num_correct_drafts must be
    there: missing, it is named (it was an AssertionError out of the reader)."""
    row = '{"spec_verify_ct": 4, "spec_correct_drafts_histogram": []}\n'
    with pytest.raises(MetricsProblem) as raised:
        read_metrics_text(row * lines, "sglang.jsonl", k=4)
    assert "spec_num_correct_drafts" in str(raised.value)
    stated = '{"spec_verify_ct": 4, "spec_correct_drafts_histogram": [], "spec_num_correct_drafts": 6}\n'
    assert read_metrics_text(stated * lines, "sglang.jsonl", k=4).accepted == 6 * lines
