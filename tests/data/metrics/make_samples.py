"""Write the sample metric files in this folder (our own, simulated; no real user's logs).

Run from the repository root: ``python tests/data/metrics/make_samples.py``.  The numbers
come from seeded simulations, so every file is consistent with itself, and the line formats
follow what vLLM, llama.cpp and SGLang print (each engine's module in
specdec_desktop/measured/line_readers/ describes its formats).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent
RNG = np.random.default_rng(20261130)


def accepted_per_step(
    n: int, k: int, p: float, decay: float = 1.0, spread: float | None = None
) -> np.ndarray:
    """Accepted guesses per step: guess i survives with p * decay**(i-1) given the ones before."""
    ps = np.full(n, p) if spread is None else RNG.beta(p * spread, (1 - p) * spread, size=n)
    accepted = np.zeros(n, dtype=int)
    alive = np.ones(n, dtype=bool)
    for i in range(k):
        alive &= RNG.random(n) < ps * decay**i
        accepted += alive
    return accepted


def rates(accepted: np.ndarray, k: int) -> list[float]:
    return [float(np.mean(accepted >= i)) for i in range(1, k + 1)]


NOISE = [
    "INFO 11-30 19:00:{s:02d} [loggers.py:123] Engine 000: Avg prompt throughput: 812.3 tokens/s, "
    "Avg generation throughput: 95.1 tokens/s, Running: 4 reqs, Waiting: 0 reqs, GPU KV cache usage: 3.1%",
    'INFO:     127.0.0.1:51234 - "POST /v1/completions HTTP/1.1" 200 OK',
    "DEBUG 11-30 19:00:{s:02d} [core.py:88] scheduled 4 requests",
]


def vllm_current() -> None:
    k, lines = 4, []
    for interval in range(12):
        for s in range(5):
            lines.append(NOISE[s % 3].format(s=s))
        acc = accepted_per_step(int(RNG.integers(150, 400)), k, 0.8, decay=0.9)
        steps, a = acc.size, int(acc.sum())
        r = ", ".join(f"{x:.3f}" for x in rates(acc, k))
        lines.append(
            f"INFO 11-30 19:{interval:02d}:10 [metrics.py:96] SpecDecoding metrics: Mean acceptance length: "
            f"{1 + a / steps:.2f}, Accepted throughput: {a / 10:.2f} tokens/s, Drafted throughput: "
            f"{steps * k / 10:.2f} tokens/s, Accepted: {a} tokens, Drafted: {steps * k} tokens, "
            f"Per-position acceptance rate: {r}, Avg Draft acceptance rate: {100 * a / (steps * k):.1f}%"
        )
    (HERE / "vllm_specdecoding.log").write_text("\n".join(lines) + "\n")
    # The release before: rate first, no throughputs.
    older = []
    for interval in range(6):
        acc = accepted_per_step(300, 3, 0.7)
        a = int(acc.sum())
        r = ", ".join(f"{x:.3f}" for x in rates(acc, 3))
        older.append(
            f"INFO 05-02 10:{interval:02d}:00 [metrics.py:80] SpecDecoding metrics: Draft acceptance rate: "
            f"{100 * a / 900:.1f}%, Mean acceptance length: {1 + a / 300:.2f}, Accepted: {a} tokens, "
            f"Drafted: 900 tokens, Per-position acceptance rate: {r}"
        )
        older.append(NOISE[1])
    (HERE / "vllm_specdecoding_older.log").write_text("\n".join(older) + "\n")
    # The first release: no mean length, no positions (k must be given).
    first = []
    for interval in range(4):
        acc = accepted_per_step(200, 5, 0.6)
        a = int(acc.sum())
        first.append(
            f"INFO 03-10 09:{interval:02d}:00 [metrics.py:60] SpecDecoding metrics: Draft acceptance rate: "
            f"{100 * a / 1000:.1f}%, Accepted: {a} tokens, Drafted: 1000 tokens"
        )
    (HERE / "vllm_specdecoding_no_k.log").write_text("\n".join(first) + "\n")


def vllm_v0() -> None:
    k, lines = 5, []
    accepted = draft = emitted = steps = 0
    for interval in range(8):
        acc = accepted_per_step(250, k, 0.72)
        steps += acc.size
        emitted += int(acc.sum()) + acc.size
        # V0 also counts guesses that match after an earlier rejection.
        accepted += int(acc.sum()) + int(RNG.binomial(acc.size * k - int(acc.sum()) - acc.size + 1, 0.3))
        draft = steps * k
        lines.append(NOISE[0].format(s=interval))
        lines.append(
            f"INFO 07-01 12:00:{interval:02d} metrics.py:412] Speculative metrics: Draft acceptance rate: "
            f"{accepted / draft:.3f}, System efficiency: {emitted / (steps * (k + 1)):.3f}, "
            "Number of speculative "
            f"tokens: {k}, Number of accepted tokens: {accepted}, Number of draft tokens: {draft}, "
            f"Number of emitted tokens: {emitted}."
        )
    (HERE / "vllm_v0_speculative.log").write_text("\n".join(lines) + "\n")


def vllm_prometheus() -> None:
    k = 3
    lines = [
        "# HELP vllm:num_requests_running Number of requests in model execution batches.",
        "# TYPE vllm:num_requests_running gauge",
        'vllm:num_requests_running{engine="0",model_name="demo"} 2.0',
        'vllm:num_requests_running{engine="1",model_name="demo"} 1.0',
    ]
    per_engine = [accepted_per_step(n, k, 0.75, decay=0.95) for n in (1200, 900)]
    for metric, values in (
        ("num_drafts", [a.size for a in per_engine]),
        ("num_draft_tokens", [a.size * k for a in per_engine]),
        ("num_accepted_tokens", [int(a.sum()) for a in per_engine]),
    ):
        lines += [
            f"# HELP vllm:spec_decode_{metric}_total Counter.",
            f"# TYPE vllm:spec_decode_{metric}_total counter",
        ]
        for engine, value in enumerate(values):
            lines.append(
                f'vllm:spec_decode_{metric}_total{{engine="{engine}",model_name="demo"}} {float(value)}'
            )
            lines.append(
                f'vllm:spec_decode_{metric}_created{{engine="{engine}",model_name="demo"}} 1.7645e+09'
            )
    lines += [
        "# HELP vllm:spec_decode_num_accepted_tokens_per_pos_total Accepted tokens per position.",
        "# TYPE vllm:spec_decode_num_accepted_tokens_per_pos_total counter",
    ]
    for engine, acc in enumerate(per_engine):
        for position in range(k):
            lines.append(
                f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{engine="{engine}",'
                f'model_name="demo",position="{position}"}} {float(np.sum(acc > position))}'
            )
    (HERE / "vllm_metrics.prom").write_text("\n".join(lines) + "\n")


def vllm_requests() -> None:
    k, rows = 4, []
    for request in range(40):
        acc = accepted_per_step(int(RNG.integers(10, 60)), k, 0.65, spread=3.0)
        histogram = np.bincount(acc, minlength=k + 1).tolist()
        steps, a = acc.size, int(acc.sum())
        rows.append(
            {
                "id": f"cmpl-{request}",
                "choices": [{"text": "..."}],
                "usage": {"completion_tokens": steps + a},
                "metrics": {
                    "speculative_decoding": {
                        "mean_acceptance_length": 1 + a / steps,
                        "draft_acceptance_rate": a / (steps * k),
                        "acceptance_histogram": histogram,
                        "num_spec_steps": steps,
                        "num_accepted_draft_tokens": a,
                        "num_draft_tokens": steps * k,
                        "num_spec_tokens": k,
                    }
                },
            }
        )
    (HERE / "vllm_requests.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    (HERE / "vllm_request.json").write_text(json.dumps(rows[0], indent=2) + "\n")


def llama_cpp() -> None:
    lines = []
    total = np.zeros(0, dtype=int)
    k = 4
    for task in range(5):
        acc = accepted_per_step(int(RNG.integers(60, 140)), k, 0.78, decay=0.93)
        total = np.concatenate([total, acc])
        a, steps = int(acc.sum()), acc.size
        r = ", ".join(f"{x:.3f}" for x in rates(acc, k))
        lines += [
            f"0.16.519.187 I slot print_timing: id  0 | task {task} |        eval time =    3133.20 ms /   "
            f"{steps + a} tokens (    8.88 ms per token,   112.66 tokens per second)",
            f"0.16.519.195 I slot print_timing: id  0 | task {task} | "
            f"draft acceptance = {a / (steps * k):.5f} "
            f"({a:5d} accepted / {steps * k:5d} generated), mean acceptance length = {1 + a / steps:5.2f}, "
            f"acceptance rate per position = ({r})",
        ]
        a_all, n_all = int(total.sum()), total.size
        r_all = ", ".join(f"{x:.3f}" for x in rates(total, k))
        lines.append(
            f"0.16.519.216 I statistics        draft: #calls(b,g,a) =    2    {n_all}    {n_all}, "
            "#gen drafts = "
            f"{n_all:6d}, #acc drafts = {int(np.sum(total > 0)):5d}, #gen tokens = {n_all * k:6d}, "
            "#acc tokens = "
            f"{a_all:6d}, #mean acc len = {1 + a_all / n_all:.2f}, #acc rate/pos = ({r_all}), "
            f"dur(b,g,a) = 0.004, 808.560, 0.264 ms"
        )
    (HERE / "llama_server.log").write_text("\n".join(lines) + "\n")
    # The reference figure of the issue: mean acceptance length 2.92 at k = 3.
    (HERE / "llama_reference.log").write_text(
        "srv  update_slots: all slots are idle\n"
        "slot print_timing: id  0 | task 7 | draft acceptance = 0.64000 (  192 accepted /   300 generated), "
        "mean acceptance length =  2.92, acceptance rate per position = (0.790, 0.630, 0.500)\n"
    )
    (HERE / "llama_server_old.log").write_text(
        "slot print_timing: id  0 | task 1 | "
        "draft acceptance rate = 0.57576 (   19 accepted /    33 generated)\n"
        "slot print_timing: id  0 | task 2 | "
        "draft acceptance rate = 0.60606 (   20 accepted /    33 generated)\n"
    )


def sglang() -> None:
    lines = []
    for i in range(20):
        acc = accepted_per_step(200, 3, 0.7)
        length = 1 + acc.mean()
        lines.append(
            f"[2026-11-30 19:{i:02d}:00 TP0] Decode batch. #running-req: 3, #token: 4521, token usage: "
            f"0.02, accept len: {length:.2f}, accept rate: {acc.mean() / 3:.2f}, cuda graph: True, "
            f"gen throughput (token/s): 211.07, #queue-req: 0, "
        )
        lines.append(
            f"[2026-11-30 19:{i:02d}:01 TP0] Prefill batch. #new-seq: 1, #new-token: 312, #cached-token: 0"
        )
    (HERE / "sglang_server.log").write_text("\n".join(lines) + "\n")
    (HERE / "sglang_metrics.prom").write_text(
        "# HELP sglang:spec_accept_length The average acceptance length of speculative decoding.\n"
        "# TYPE sglang:spec_accept_length gauge\n"
        'sglang:spec_accept_length{model_name="demo",dp_rank="0"} 2.61\n'
        'sglang:spec_accept_length{model_name="demo",dp_rank="1"} 2.55\n'
        "# TYPE sglang:spec_accept_rate gauge\n"
        'sglang:spec_accept_rate{model_name="demo",dp_rank="0"} 0.54\n'
        'sglang:spec_accept_rate{model_name="demo",dp_rank="1"} 0.52\n'
        "# TYPE sglang:spec_num_steps gauge\n"
        'sglang:spec_num_steps{model_name="demo",dp_rank="0"} 3\n'
        'sglang:spec_num_steps{model_name="demo",dp_rank="1"} 3\n'
        "# TYPE sglang:gen_throughput gauge\n"
        'sglang:gen_throughput{model_name="demo"} 180.2\n'
    )


def tables() -> None:
    acc = accepted_per_step(5000, 5, 0.8)
    (HERE / "cycles.csv").write_text(
        "cycle,accepted,k\n" + "".join(f"{i},{a},5\n" for i, a in enumerate(acc))
    )
    acc = accepted_per_step(3000, 6, 0.7)
    (HERE / "cycles_plain.csv").write_text(
        "# drafts from a test harness, k = 6\n" + "".join(f"{a}\n" for a in acc)
    )
    acc = accepted_per_step(4000, 6, 0.7, spread=1.5)
    histogram = np.bincount(acc, minlength=7)
    (HERE / "histogram_bursty.csv").write_text(
        "accepted,count\n" + "".join(f"{j},{n}\n" for j, n in enumerate(histogram))
    )


def broken() -> None:
    good = (HERE / "vllm_specdecoding.log").read_text().splitlines()
    # A log cut off in the middle of a metric line.
    (HERE / "truncated.log").write_text("\n".join(good[:20]) + "\n" + good[23][: len(good[23]) // 2])
    # Two engines in one file.
    sg = (HERE / "sglang_server.log").read_text().splitlines()
    (HERE / "mixed_engines.log").write_text("\n".join(good[:12] + sg[:4]) + "\n")
    # A line whose percentage disagrees with its own counts.
    line = next(x for x in good if "SpecDecoding" in x)
    bad = line.rsplit("Avg Draft acceptance rate:", 1)[0] + "Avg Draft acceptance rate: 97.5%"
    (HERE / "contradictory.log").write_text("\n".join([good[0], good[1], bad]) + "\n")
    # Accepted more than k in a table.
    (HERE / "cycles_too_many.csv").write_text("accepted,k\n1,3\n2,3\n7,3\n0,3\n")


if __name__ == "__main__":
    vllm_current()
    vllm_v0()
    vllm_prometheus()
    vllm_requests()
    llama_cpp()
    sglang()
    tables()
    broken()
