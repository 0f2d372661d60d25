"""Every metrics reader takes time linear in its line (issue 24.1).

A long adversarial line (200 KB: a Prometheus label set of one word, "statistics " repeated
without a colon, an open parenthesis or quote repeated, ...) is timed against a short line
of the same kind (2 KB, 100 times shorter) in the same run.  A linear reader takes about 100
times as long; one whose regular expression rescans the line from every position takes
10,000 times as long (the 50 KB line of the issue froze the window for 14.5 s).  The bound,
1,000, leaves room for a loaded machine and for the fixed cost of a short line.
"""

from __future__ import annotations

import time

import pytest

from specdec_desktop.measured import MetricsProblem
from specdec_desktop.measured.line_readers import LINE_READERS
from specdec_desktop.measured.scan import read_metrics_text

SHORT, LONG = 2_000, 200_000
#: Linear time gives about LONG / SHORT = 100; quadratic time about 10,000.
BOUND = 1_000

#: What is repeated inside a marker line: the pieces the readers' patterns are made of.
REPEATED = ("a", 'a="', 'a="b",', "statistics ", " ", "(", "1", "1.", ":", "=", "{", "\\", 'a="\\', "x: 1 ")

#: One realistic line per reader, and where in it the repeated piece goes.
LINES = {
    "VllmReader": "SpecDecoding metrics: Accepted: 257 tokens, Drafted: 388 tokens, {} Per-position "
    "acceptance rate: 0.8, 0.7",
    "VllmV0Reader": "Speculative metrics: Draft acceptance rate: 0.6, {} Number of speculative tokens: 4",
    "VllmPrometheusReader": 'vllm:spec_decode_num_drafts_total{{engine="0",{}}} 97',
    "LlamaCppPrometheusReader": "llamacpp:spec_decode_num_drafts_total{{{}}} 97",
    "LlamaCppReader": "slot print_timing: draft acceptance = 0.64000 (  192 accepted /   300 generated) {}",
    "LlamaCppStatisticsReader": "statistics {} #gen drafts = 10, #acc drafts = 7, #gen tokens = 40, "
    "#acc tokens = 20",
    "SglangReader": "Decode batch. #running-req: 1, {} accept len: 3.21, accept rate: 0.80",
    "SglangPrometheusReader": 'sglang:spec_accept_length{{model_name="demo",{}}} 2.55',
    "BenchSummaryReader": "Acceptance length: {} 2.46",
    "SpecDecodeExampleReader": "num_drafts: {} 100",
    "LlamaSpeculativeReader": "n_draft   = 4 ({})",
    "LlamaRoundsReader": "accepted 3/4 draft tokens, {}",
}


def _time(reader_type, text: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        reader = reader_type()
        # This thread's CPU time: a busy neighbour (the other test worker, a build) that takes the
        # core away inflates the wall time of one run of the long line tenfold, not its CPU time.
        start = time.thread_time()
        try:
            reader.feed(text, 1)
        except MetricsProblem:
            pass
        best = min(best, time.thread_time() - start)
    return best


def _line(template: str, piece: str, size: int) -> str:
    return template.format(piece * (size // len(piece)))


def test_every_reader_has_a_line() -> None:
    assert sorted(LINES) == sorted(reader.__name__ for reader in LINE_READERS)


@pytest.mark.parametrize("reader_type", LINE_READERS, ids=lambda reader: reader.__name__)
def test_reader_time_is_linear_in_the_line(reader_type) -> None:
    template = LINES[reader_type.__name__]
    slowest = []
    for piece in REPEATED:
        short = _time(reader_type, _line(template, piece, SHORT), 9)
        long = _time(reader_type, _line(template, piece, LONG), 3)
        slowest.append((long / max(short, 1e-7), piece, long))
    ratio, piece, long = max(slowest)
    assert ratio < BOUND, f"{piece!r} repeated to 200 KB took {long:.3f} s, {ratio:.0f}x the 2 KB line"


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "vllm:spec_decode_num_drafts_total{" + "a" * n + "} 5\n",
        lambda n: "#gen drafts = 10, #acc tokens = 5 " + "statistics " * (n // 11) + "\n",
        lambda n: "slot statistics: " + "statistics " * (n // 11) + "#gen drafts = 10, #acc tokens = 5\n",
        lambda n: "a,b,c\n" + "1," * (n // 2) + "\n",
        lambda n: '{"acceptance_histogram": [' + "1," * (n // 2) + "1]}\n",
    ],
    ids=["prometheus-label-set", "statistics-without-colon", "statistics-before", "csv-row", "json-line"],
)
def test_whole_read_is_linear_in_a_long_line(make) -> None:
    """The issue's own cases, through the whole read (scan, markers, reader, finish)."""

    def timed(text: str, repeats: int) -> float:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            try:
                read_metrics_text(text, k=3)
            except MetricsProblem:
                pass
            best = min(best, time.perf_counter() - start)
        return best

    short, long = timed(make(SHORT), 9), timed(make(LONG), 2)
    assert long / max(short, 1e-7) < BOUND, f"200 KB took {long:.3f} s against {short * 1e3:.2f} ms for 2 KB"
