"""What a log says of its run (engine version, model, time span) reaches fit and the report (issue 23.6)."""

from __future__ import annotations

import json
from pathlib import Path

from specdec_desktop.measured import combine, fit_measurement, read_metrics
from specdec_desktop.measured.log_context import ContextReader, time_span

from ..support.cli import run_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "metrics"

VLLM_START = (
    "INFO 11-30 18:58:01 [api_server.py:1043] vLLM API server version 0.9.1\n"
    "INFO 11-30 18:58:02 [core.py:61] Initializing a V1 LLM engine (v0.9.1) with config: "
    "model='meta-llama/Llama-3.1-8B-Instruct', speculative_config=SpeculativeConfig(method='eagle3', "
    "num_spec_tokens=4)\n"
)


def _vllm_log(tmp_path: Path) -> Path:
    path = tmp_path / "served.log"
    path.write_text(VLLM_START + (DATA / "vllm_specdecoding.log").read_text())
    return path


def test_a_vllm_log_gives_engine_version_model_and_time_span(tmp_path) -> None:
    m = read_metrics(_vllm_log(tmp_path))
    assert dict(m.context) == {
        "engine": "vLLM 0.9.1",
        "model": "meta-llama/Llama-3.1-8B-Instruct",
        "time": "11-30 19:00:10 to 11-30 19:11:10",
    }
    # The context lines count for no format: the same figures as the bare log.
    bare = read_metrics(DATA / "vllm_specdecoding.log")
    assert (m.steps, m.accepted, m.position_counts, m.lines_used) == (
        bare.steps,
        bare.accepted,
        bare.position_counts,
        bare.lines_used,
    )


def test_sglang_server_args_give_the_model_and_its_lines_the_time() -> None:
    m = read_metrics(DATA / "sglang_tree_server.log")
    context = dict(m.context)
    assert context["model"] == "x"
    assert context["time"].startswith("2026-11-30 19:00:00 to ")


def test_llama_cpp_build_and_model_flags() -> None:
    reader = ContextReader()
    reader.feed("build: 4567 (3f2a9c81) with cc (Debian 12.2.0-14) 12.2.0 for x86_64-linux-gnu", 1)
    reader.feed(
        "system_info: n_threads = 8 | main: llama-server -m models/qwen2.5-7b-q4.gguf --draft-max 8", 2
    )
    assert dict(reader.rows()) == {
        "engine": "llama.cpp 4567 (3f2a9c81)",
        "model": "models/qwen2.5-7b-q4.gguf",
    }
    assert reader.lines_used == 0 and reader.near_miss is None


def test_a_time_span_needs_a_time_on_both_lines() -> None:
    assert time_span("INFO 11-30 19:00:10 [x] a", "INFO 11-30 19:00:10 [x] b") == "11-30 19:00:10"
    assert time_span("no time here", "INFO 11-30 19:00:10 [x]") is None
    assert time_span(None, None) is None


def test_two_files_keep_each_context_value_once(tmp_path) -> None:
    first = read_metrics(_vllm_log(tmp_path))
    other = tmp_path / "other.log"
    other.write_text(VLLM_START.replace("0.9.1", "0.10.0") + (DATA / "vllm_specdecoding.log").read_text())
    both = dict(combine([first, read_metrics(other)]).context)
    assert both["engine"] == "vLLM 0.9.1; vLLM 0.10.0"
    assert both["model"] == "meta-llama/Llama-3.1-8B-Instruct"
    assert fit_measurement(combine([first, read_metrics(other)])).tau > 1


def test_fit_prints_the_context_and_the_report_shows_it(tmp_path) -> None:
    log = _vllm_log(tmp_path)
    text = run_cli("fit", str(log)).stdout
    assert "engine      vLLM 0.9.1" in text and "model       meta-llama/Llama-3.1-8B-Instruct" in text
    data = json.loads(run_cli("fit", str(log), "--json").stdout)
    assert data["context"]["time"] == "11-30 19:00:10 to 11-30 19:11:10"
    report = tmp_path / "report.html"
    assert run_cli("fit", str(log), "--c", "0.1", "--report", str(report)).returncode == 0
    html = report.read_text()
    assert "Engine version (from the log)" in html and "vLLM 0.9.1" in html
    assert "Time span of the metric lines" in html and "11-30 19:00:10 to 11-30 19:11:10" in html
