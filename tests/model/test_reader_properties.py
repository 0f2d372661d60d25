"""Properties of every reader (issue 23.8): no input crashes them, and a cut file never yields a number.

Seeded (derandomised) hypothesis runs over the team's own sample files in tests/data/metrics/.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.measured import MetricsProblem, fit_measurement, summary_dict
from specdec_desktop.measured.decision import measured_figures
from specdec_desktop.measured.scan import _read_stream
from specdec_desktop.model.assumptions import Assumptions

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"
#: Every sample that reads on its own (some need k), by format.
SAMPLES = {
    "vllm_specdecoding.log": None,
    "vllm_v0_speculative.log": None,
    "vllm_metrics.prom": None,
    "vllm_requests.jsonl": None,
    "llama_server.log": None,
    "llama_reference.log": None,
    "sglang_server.log": 3,
    "sglang_metrics.prom": None,
    "vllm_spec_decode_example.txt": None,
    "vllm_eagle_bonus.txt": None,
    "vllm_bench_serve.txt": None,
    "vllm_bench_serve_compose.log": None,
    "sglang_bench_serving.txt": 3,
    "vllm_v1_early.log": 5,
    "sglang_requests.jsonl": None,
    "llama_speculative.txt": None,
    "llama_speculative_fixed.txt": None,
    "llama_server_rounds.log": None,
    "llama_server_rounds_varied.log": None,
    "llama_server_timings.jsonl": None,
    "llama_cpp_metrics.prom": None,
    "trtllm_requests.json": 4,
    "vllm_request.json": None,
    "cycles.csv": None,
    "cycles_plain.csv": None,
    "histogram_bursty.csv": None,
}
NAMES = sorted(SAMPLES)


def _read(data: bytes, k: int | None):
    import io

    return _read_stream(io.BytesIO(data), len(data), k, None, None)


def _everything(data: bytes, k: int | None) -> None:
    """Read, fit, decide and summarise; only a MetricsProblem may stop it."""
    try:
        fit = fit_measurement(_read(data, k))
    except MetricsProblem:
        return
    for c, assumptions in ((0.1, Assumptions()), (0.5, Assumptions(batch=16, knee=32.0, overhead=0.2))):
        figures = measured_figures(fit, c, assumptions)
        summary_dict(fit, figures)


def _without_lines(m):
    return dataclasses.replace(m, lines_read=0)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(NAMES),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["cut", "flip", "digit", "drop_line", "dup_line", "insert"]),
            st.integers(0, 10**6),
            st.binary(min_size=0, max_size=12),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_no_edit_of_a_sample_crashes_any_reader(name, edits):
    data = bytearray((DATA / name).read_bytes())
    for kind, at, junk in edits:
        if not data:
            break
        at %= len(data)
        if kind == "cut":
            del data[at:]
        elif kind == "flip":
            data[at] = junk[0] if junk else 0xFF
        elif kind == "digit" and chr(data[at]).isdigit():
            data[at] = ord("9") if data[at] != ord("9") else ord("0")
        elif kind in ("drop_line", "dup_line"):
            lines = bytes(data).split(b"\n")
            i = at % len(lines)
            lines[i : i + 1] = [] if kind == "drop_line" else [lines[i], lines[i]]
            data = bytearray(b"\n".join(lines))
        elif kind == "insert":
            data[at:at] = junk
    _everything(bytes(data), SAMPLES[name])


@settings(max_examples=400, deadline=None, derandomize=True)
@given(name=st.sampled_from(NAMES), where=st.floats(0.0, 1.0, exclude_max=True))
def test_a_cut_file_never_yields_a_number_the_whole_lines_do_not(name, where):
    """Cut anywhere inside a line: the file is refused, or it gives exactly what its whole lines give."""
    data = (DATA / name).read_bytes()
    cut = int(where * len(data))
    if cut == 0 or b"\n" in (data[cut - 1 : cut], data[cut : cut + 1]):
        return  # a cut next to a line break leaves whole lines: a shorter file, not a cut line
    k = SAMPLES[name]
    try:
        partial = _read(data[:cut], k)
    except MetricsProblem:
        return
    whole = data[: data.rfind(b"\n", 0, cut) + 1]
    assert whole, f"{name}: a first line cut at byte {cut} gave numbers"
    assert _without_lines(_read(whole, k)) == _without_lines(partial), f"{name} cut at byte {cut}"


@pytest.mark.parametrize("name", NAMES)
def test_every_sample_reads_fits_and_decides(name):
    _everything((DATA / name).read_bytes(), SAMPLES[name])
    fit_measurement(_read((DATA / name).read_bytes(), SAMPLES[name]))  # and it is no refusal
