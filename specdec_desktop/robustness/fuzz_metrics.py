"""Garbled serving-engine metric files for the monkey to import (Qt-free).

Each file starts as a few well-formed lines of one format the importer reads (vLLM, vLLM V0,
Prometheus, per-request JSON, llama.cpp, SGLang, CSV), written here from random counts, and is
then broken the way real logs break: cut mid-line, bytes flipped, numbers that contradict each
other, a NUL byte, lines from two engines, absurd numbers, or nothing at all.
"""

from __future__ import annotations

import json
import random

__all__ = ["METRIC_KINDS", "fuzzed_metrics"]

METRIC_KINDS = ("valid", "truncated", "flipped", "contradiction", "nul", "mixed", "absurd", "empty", "noise")


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


_FORMATS = (_vllm, _llama, _sglang, _prometheus, _request, _csv)


def fuzzed_metrics(rng: random.Random) -> tuple[str, bytes]:
    """One garbled metrics file: ``(kind, bytes)``."""
    make = rng.choice(_FORMATS)
    text = "\n".join(make(rng) for _ in range(rng.randint(1, 4))) + "\n"
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
    elif kind == "noise":
        data = b"\n".join(rng.randbytes(rng.randint(0, 80)).replace(b"\x00", b"") for _ in range(20))
    return kind, data
