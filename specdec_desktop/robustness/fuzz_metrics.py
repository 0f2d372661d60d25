"""Garbled serving-engine metric files for the monkey to import (Qt-free).

Each file starts as a few well-formed lines of one format the importer reads (vLLM, vLLM V0,
Prometheus, per-request JSON, llama.cpp, SGLang, CSV, and issue 23's: vLLM's spec_decode.py and
eagle.py (bonus column) summaries, its bench section, V0's and early V1's "Speculative metrics"
lines, a whole scrape with HELP, TYPE, scientific notation and ``_created`` gauges,
llama-speculative's summary and per-round lines, llama.cpp's counters, SGLang's bench section,
gauges, tree server arguments and per-request JSON, llama-server's, TensorRT-LLM's), written here
from random counts (now and then with docker compose's prefix on every line), and is
then broken the way real logs break: cut mid-line, bytes flipped, numbers that contradict each
other, a NUL byte, lines from two engines, absurd numbers, or nothing at all.
"""

from __future__ import annotations

import json
import random

__all__ = ["METRIC_KINDS", "fuzzed_metrics"]

METRIC_KINDS = (
    "valid",
    "truncated",
    "flipped",
    "contradiction",
    "nul",
    "mixed",
    "absurd",
    "empty",
    "noise",
    "long_line",
    "deep_json",
)

#: Lines whose cost grew with the square of their length before issue 24 (50 KB each here:
#: long enough that a quadratic reader would stall the fuzzer for seconds, short enough to
#: read in a millisecond when linear).
_LONG_LINES = (
    "vllm:spec_decode_num_drafts_total{" + "a" * 50_000 + "} 5",
    "#gen drafts = 10, #acc tokens = 5 " + "statistics " * 4_500,
    'sglang:spec_accept_length{model_name="' + "\\" * 25_000 + '"} 2.5',
    "n_draft   = 4 (" + "(" * 50_000,
)


def _vllm(rng: random.Random) -> str:
    k, steps = rng.randint(1, 8), rng.randint(1, 500)
    counts = sorted((rng.randint(0, steps) for _ in range(k)), reverse=True)
    accepted = sum(counts)
    rates = ", ".join(f"{n / steps:.3f}" for n in counts)
    return (
        f"INFO [metrics.py:96] SpecDecoding metrics: Mean acceptance length: {1 + accepted / steps:.2f}, "
        "Accepted throughput: 1.00 tokens/s, Drafted throughput: 2.00 tokens/s, "
        f"Accepted: {accepted} tokens, "
        f"Drafted: {steps * k} tokens, Per-position acceptance rate: {rates}, "
        f"Avg Draft acceptance rate: {100 * accepted / (steps * k):.1f}%"
    )


def _llama(rng: random.Random) -> str:
    k, steps = rng.randint(1, 6), rng.randint(1, 300)
    counts = sorted((rng.randint(0, steps) for _ in range(k)), reverse=True)
    accepted = sum(counts)
    rates = ", ".join(f"{n / steps:.3f}" for n in counts)
    return (
        "slot print_timing: id  0 | task 1 | "
        f"draft acceptance = {accepted / (steps * k):.5f} ({accepted} accepted / "
        f"{steps * k} generated), mean acceptance length = {1 + accepted / steps:.2f}, "
        f"acceptance rate per position = ({rates})"
    )


def _sglang(rng: random.Random) -> str:
    return (
        f"Decode batch. #running-req: 1, accept len: {rng.uniform(1, 5):.2f}, accept rate: {rng.random():.2f}"
    )


def _prometheus(rng: random.Random) -> str:
    drafts = rng.randint(1, 1000)
    k = rng.randint(1, 5)
    accepted = rng.randint(0, drafts * k)
    return (
        f'vllm:spec_decode_num_drafts_total{{engine="0"}} {drafts}\n'
        f'vllm:spec_decode_num_draft_tokens_total{{engine="0"}} {drafts * k}\n'
        f'vllm:spec_decode_num_accepted_tokens_total{{engine="0"}} {accepted}'
    )


def _request(rng: random.Random) -> str:
    histogram = [rng.randint(0, 20) for _ in range(rng.randint(2, 7))]
    return json.dumps({"metrics": {"speculative_decoding": {"acceptance_histogram": histogram}}})


def _csv(rng: random.Random) -> str:
    k = rng.randint(1, 8)
    return f"# k = {k}\naccepted\n" + "\n".join(str(rng.randint(0, k)) for _ in range(rng.randint(1, 50)))


def _counts(rng: random.Random) -> tuple[int, int, list[int]]:
    k, steps = rng.randint(1, 8), rng.randint(1, 500)
    return k, steps, sorted((rng.randint(0, steps) for _ in range(k)), reverse=True)


def _example(rng: random.Random) -> str:
    k, steps, counts = _counts(rng)
    accepted = sum(counts)
    lines = [
        f"num_drafts: {steps}",
        f"num_draft_tokens: {steps * k}",
        f"num_accepted_tokens: {accepted}",
        f"mean acceptance length: {1 + accepted / steps:.2f}",
    ]
    lines += [f"acceptance at token {i}: {n / steps:.2f}" for i, n in enumerate(counts)]
    return "\n".join(lines)


def _bench(rng: random.Random) -> str:
    k, steps, counts = _counts(rng)
    accepted = sum(counts)
    lines = [
        "---------------Speculative Decoding---------------",
        f"Acceptance rate (%):                     {100 * accepted / (steps * k):.2f}",
        f"Acceptance length:                       {1 + accepted / steps:.2f}",
        f"Drafts:                                  {steps}",
        f"Draft tokens:                            {steps * k}",
        f"Accepted tokens:                         {accepted}",
        "Per-position acceptance (%):",
    ]
    lines += [
        f"  Position {i}:                            {100 * n / steps:.2f}" for i, n in enumerate(counts)
    ]
    return "\n".join(lines)


def _speculative(rng: random.Random) -> str:
    n_draft, steps = rng.randint(1, 16), rng.randint(1, 300)
    drafted = rng.randint(steps, steps * n_draft)
    accepted = rng.randint(0, drafted)
    return (
        f"n_draft   = {n_draft}\nn_predict = {steps + accepted}\nn_drafted = {drafted}\n"
        f"n_accept  = {accepted}\naccept    = {100 * accepted / drafted:.3f}%"
    )


def _rounds(rng: random.Random) -> str:
    n = rng.randint(1, 8)
    return "\n".join(
        f"slot update_slots: id  0 | task 1 | accepted {rng.randint(0, n)}/{n} draft tokens, new n_tokens = 9"
        for _ in range(rng.randint(1, 20))
    )


def _llama_prometheus(rng: random.Random) -> str:
    drafts = rng.randint(1, 1000)
    drafted = rng.randint(drafts, drafts * 6)
    return (
        f"llamacpp:spec_decode_num_drafts_total {drafts}\n"
        f"llamacpp:spec_decode_num_draft_tokens_total {drafted:.6e}\n"
        f"llamacpp:spec_decode_num_accepted_tokens_total {rng.randint(0, drafted)}"
    )


def _sglang_request(rng: random.Random) -> str:
    histogram = [rng.randint(0, 20) for _ in range(rng.randint(2, 7))]
    steps = max(1, sum(histogram))
    return json.dumps(
        {
            "meta_info": {
                "spec_verify_ct": steps,
                "spec_num_correct_drafts": sum(j * h for j, h in enumerate(histogram)),
                "spec_num_proposed_drafts": steps * (len(histogram) - 1),
                "spec_correct_drafts_histogram": histogram,
            }
        }
    )


def _llama_timings(rng: random.Random) -> str:
    drafted = rng.randint(1, 500)
    accepted = rng.randint(0, drafted)
    return json.dumps(
        {
            "timings": {
                "predicted_n": accepted + rng.randint(1, 200),
                "draft_n": drafted,
                "draft_n_accepted": accepted,
            }
        }
    )


def _trtllm(rng: random.Random) -> str:
    drafted = 4 * rng.randint(1, 100)
    accepted = rng.randint(0, drafted)
    return json.dumps(
        {"speculative_decoding": {"total_draft_tokens": drafted, "total_accepted_draft_tokens": accepted}}
    )


def _eagle(rng: random.Random) -> str:
    """The older ``eagle.py`` summary: "token 0" is the bonus token (always 1.00), no colon space."""
    _k, steps, counts = _counts(rng)
    lines = ["-" * 50, f"mean acceptance length: {1 + sum(counts) / steps:.2f}", "-" * 50]
    lines += [f"acceptance at token {i}:{n / steps:.2f}" for i, n in enumerate([steps, *counts])]
    return "\n".join(lines)


def _v0(rng: random.Random) -> str:
    k, steps, counts = _counts(rng)
    accepted = sum(counts)
    emitted = accepted + steps
    return (
        f"INFO 07-01 12:00:00 metrics.py:412] Speculative metrics: Draft acceptance rate: "
        f"{accepted / (steps * k):.3f}, System efficiency: {emitted / (steps * (k + 1)):.3f}, "
        f"Number of speculative tokens: {k}, Number of accepted tokens: {accepted}, "
        f"Number of draft tokens: {steps * k}, Number of emitted tokens: {emitted}."
    )


def _v1_early(rng: random.Random) -> str:
    """V1's first log line, on V0's prefix: no k, no emitted count."""
    drafted = rng.randint(1, 5000)
    accepted = rng.randint(0, drafted)
    return (
        f"INFO 02-10 09:00:05 [metrics.py:60] Speculative metrics: Draft acceptance rate: "
        f"{accepted / drafted:.3f}, Number of accepted tokens: {accepted}, "
        f"Number of draft tokens: {drafted}, "
    )


def _sglang_bench(rng: random.Random) -> str:
    """``sglang.bench_serving``'s result: the acceptance length alone (k unknown), or with the
    draft counts that give k (the length then agrees with them)."""
    name = rng.choice(("Accept length", "Acceptance length (server)"))
    drafts = rng.randint(1, 5000)
    drafted = drafts * rng.randint(1, 8)
    accepted = rng.randint(0, drafted)
    lines = [
        "============ Serving Benchmark Result ============",
        "Backend:                                 sglang",
        f"Successful requests:                     {rng.randint(1, 500)}",
        f"Output token throughput (tok/s):         {rng.uniform(10, 900):.2f}",
        f"{name + ':':<41}{1 + accepted / drafts:.2f}",
    ]
    if rng.random() < 0.5:
        lines += [
            f"Drafts:                                  {drafts}",
            f"Draft tokens:                            {drafted}",
            f"Accepted tokens:                         {accepted}",
        ]
    return "\n".join([*lines, "=" * 50])


def _prometheus_full(rng: random.Random) -> str:
    """A whole scrape: HELP and TYPE lines, labels, floats in scientific notation, ``_created``."""
    counts, k = [], rng.randint(1, 6)
    for _engine in range(rng.randint(1, 3)):
        drafts = rng.randint(1, 10**6)
        drafted = drafts * k
        accepted = rng.randint(0, drafted)
        counts.append({"num_drafts": drafts, "num_draft_tokens": drafted, "num_accepted_tokens": accepted})
    lines = []
    for name in ("num_drafts", "num_draft_tokens", "num_accepted_tokens"):
        metric = f"vllm:spec_decode_{name}"
        lines += [f"# HELP {metric}_total Counter.", f"# TYPE {metric}_total counter"]
        for engine, values in enumerate(counts):
            value = float(values[name])
            shown = f"{value:.6e}" if rng.random() < 0.5 else f"{value}"
            labels = f'engine="{engine}",model_name="demo"'
            lines.append(f"{metric}_total{{{labels}}} {shown}")
            lines.append(f"{metric}_created{{{labels}}} 1.7645e+09")
    return "\n".join(lines)


def _sglang_prometheus(rng: random.Random) -> str:
    lines, steps = [], rng.randint(1, 8)
    for rank in range(rng.randint(1, 3)):
        labels = f'model_name="demo",dp_rank="{rank}"'
        lines += [
            f"sglang:spec_accept_length{{{labels}}} {rng.uniform(1, steps + 1):.2f}",
            f"sglang:spec_accept_rate{{{labels}}} {rng.random():.2f}",
            f"sglang:spec_num_steps{{{labels}}} {steps}",
        ]
    return "\n".join(lines)


def _sglang_tree(rng: random.Random) -> str:
    """SGLang's server arguments (an EAGLE tree: steps, topk, draft tokens) and its decode lines."""
    steps, topk = rng.randint(1, 8), rng.randint(1, 8)
    head = (
        "[2026-11-30 18:59:00] server_args=ServerArgs(model_path='x', speculative_algorithm='EAGLE', "
        f"speculative_num_steps={steps}, speculative_eagle_topk={topk}, "
        f"speculative_num_draft_tokens={rng.randint(2, 64)}, tp_size=1)"
    )
    lines = [
        f"[2026-11-30 19:00:00 TP0] Decode batch. #running-req: {rng.randint(1, 64)}, accept len: "
        f"{rng.uniform(1, steps + 1):.2f}, accept rate: {rng.random():.2f}, cuda graph: True"
        for _ in range(rng.randint(1, 5))
    ]
    return "\n".join([head, *lines])


_FORMATS = (
    _vllm,
    _llama,
    _sglang,
    _prometheus,
    _request,
    _csv,
    _example,
    _bench,
    _speculative,
    _rounds,
    _llama_prometheus,
    _sglang_request,
    _llama_timings,
    _trtllm,
    _eagle,
    _v0,
    _v1_early,
    _sglang_bench,
    _prometheus_full,
    _sglang_prometheus,
    _sglang_tree,
)
#: Prefixes a line may carry: docker compose's service column, a journal's, a timestamp's.
_PREFIXES = (
    "bench-1  | ",
    "vllm-server-1  | ",
    "Dec 01 10:00:00 host vllm[812]: ",
    "2026-12-01T10:00:00.123Z ",
)


def fuzzed_metrics(rng: random.Random) -> tuple[str, bytes]:
    """One garbled metrics file: ``(kind, bytes)``."""
    make = rng.choice(_FORMATS)
    text = "\n".join(make(rng) for _ in range(rng.randint(1, 4))) + "\n"
    if rng.random() < 0.15:  # as docker compose (or a journal) prints it: every line prefixed
        prefix = rng.choice(_PREFIXES)
        text = "".join(prefix + line for line in text.splitlines(keepends=True))
    kind = rng.choice(METRIC_KINDS)
    data = text.encode()
    if kind == "truncated":
        data = data[: rng.randrange(len(data))]
    elif kind == "flipped":
        raw = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    elif kind == "contradiction":
        data = data.replace(b"Accepted: ", b"Accepted: 9", 1).replace(b"(", b"(1.5, ", 1)
    elif kind == "nul":
        cut = rng.randrange(len(data))
        data = data[:cut] + b"\x00" + data[cut:]
    elif kind == "mixed":
        data += (_sglang(rng) + "\n" + _vllm(rng) + "\n").encode()
    elif kind == "absurd":
        data = data.replace(b"1", b"9" * rng.randint(20, 400), 3)
    elif kind == "empty":
        data = b"" if rng.random() < 0.5 else b" \n\t\n"
    elif kind == "long_line":
        data += (rng.choice(_LONG_LINES) + "\n").encode()
    elif kind == "deep_json":
        depth = rng.choice((65, 500, 1000, 5000))
        data = b'{"acceptance_histogram": ' + b"[" * depth + b"]" * depth + b"}\n"
    elif kind == "noise":
        data = b"\n".join(rng.randbytes(rng.randint(0, 80)).replace(b"\x00", b"") for _ in range(20))
    return kind, data
