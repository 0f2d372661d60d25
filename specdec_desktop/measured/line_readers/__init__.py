"""Serving-engine log and Prometheus lines: one reader per format, one module per engine (no Qt).

Each reader is fed the lines that carry its marker (the scanner finds them fast in raw
bytes), keeps counts, and at the end turns them into a :class:`Measurement`.  The formats, as
the engines print them, are described in the module of each reader: :mod:`.vllm` (V1 log
lines), :mod:`.vllm_v0` (V0 log lines), :mod:`.vllm_prometheus` (Prometheus counters),
:mod:`.llama_cpp` (per-task lines, cumulative statistics), :mod:`.sglang` (decode batch lines,
Prometheus gauges), :mod:`.vllm_scripts` (the summary of vLLM's ``spec_decode.py``),
:mod:`.bench_serving` (the vLLM and SGLang serving benchmarks' summaries),
:mod:`.llama_cpp_tools` (``llama-speculative``'s summary, per-round lines, llama-server's
counters); :mod:`.blocks` gathers a summary's lines into runs, :mod:`.summaries` checks them
and adds them up.  What the readers share (number parsing, plausibility checks, the base class,
the draft length) is in :mod:`.base`, and the Prometheus text format that vLLM and SGLang both
expose in :mod:`.prometheus`.
"""

from __future__ import annotations

from .base import LineReader
from .bench_serving import BenchSummaryReader
from .llama_cpp import LlamaCppReader, LlamaCppStatisticsReader
from .llama_cpp_tools import LlamaCppPrometheusReader, LlamaRoundsReader, LlamaSpeculativeReader
from .sglang import SglangPrometheusReader, SglangReader
from .vllm import VllmReader
from .vllm_prometheus import VllmPrometheusReader
from .vllm_scripts import SpecDecodeExampleReader
from .vllm_v0 import VllmV0Reader

__all__ = ["LINE_READERS", "LineReader"]

#: Every line reader, in the order the scanner offers lines.
LINE_READERS: tuple[type[LineReader], ...] = (
    VllmReader,
    VllmV0Reader,
    VllmPrometheusReader,
    LlamaCppPrometheusReader,  # before the summaries: its lines hold "num_d"
    LlamaCppReader,
    LlamaCppStatisticsReader,
    SglangReader,
    SglangPrometheusReader,
    BenchSummaryReader,  # before the next: its "Per-position acceptance (%)" holds "acceptance "
    SpecDecodeExampleReader,
    LlamaSpeculativeReader,
    LlamaRoundsReader,
)
