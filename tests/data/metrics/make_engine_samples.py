"""Write the sample files of the engines' other outputs (our own numbers, chosen to be checked by hand).

Run from the repository root: ``python tests/data/metrics/make_engine_samples.py``.  Each file
follows what the engine or script prints (the reader modules in
specdec_desktop/measured/line_readers/ and measured/engine_json/ describe the formats, with
the sources they were checked against); the numbers are round so that the tests can compute
every figure by hand.  Nothing here comes from a real user's output.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent


def write(name: str, lines: list[str]) -> None:
    (HERE / name).write_text("\n".join(lines) + "\n")


def vllm_example() -> None:
    # spec_decode.py: k = 3, 1000 drafts, 1500 accepted: tau = 2.5; rates 0.70, 0.50, 0.30 sum to 1.5.
    write(
        "vllm_spec_decode_example.txt",
        [
            "INFO 12-01 10:00:00 [llm_engine.py:420] Initializing a V1 LLM engine with config: ...",
            "Processed prompts: 100%|##########| 80/80 [00:12<00:00,  6.41it/s]",
            "--------------------------------------------------",
            "total_num_output_tokens: 2500",
            "num_drafts: 1000",
            "num_draft_tokens: 3000",
            "num_accepted_tokens: 1500",
            "mean acceptance length: 2.50",
            "--------------------------------------------------",
            "acceptance at token 0: 0.70",
            "acceptance at token 1: 0.50",
            "acceptance at token 2: 0.30",
        ],
    )
    # The older eagle.py: "token 0" is the target's own token (1.00); mean = sum of the rates.
    write(
        "vllm_eagle_bonus.txt",
        [
            "--------------------------------------------------",
            "mean acceptance length: 2.50",
            "--------------------------------------------------",
            "acceptance at token 0:1.00",
            "acceptance at token 1:0.70",
            "acceptance at token 2:0.50",
            "acceptance at token 3:0.30",
        ],
    )


BENCH_HEAD = [
    "============ Serving Benchmark Result ============",
    "Successful requests:                     200",
    "Benchmark duration (s):                  61.20",
    "Total input tokens:                      204800",
    "Total generated tokens:                  25600",
    "Output token throughput (tok/s):         418.30",
    "---------------Time to First Token----------------",
    "Mean TTFT (ms):                          120.50",
    "-----Time per Output Token (excl. 1st token)------",
    "Mean TPOT (ms):                          9.80",
]


def vllm_bench() -> None:
    # k = 4 (8000 / 2000), 4400 accepted: tau = 3.2, 55.00 %; positions sum to 2.2 = 4400 / 2000.
    section = [
        "---------------Speculative Decoding---------------",
        "Acceptance rate (%):                     55.00",
        "Acceptance length:                       3.20",
        "Drafts:                                  2000",
        "Draft tokens:                            8000",
        "Accepted tokens:                         4400",
        "Per-position acceptance (%):",
        "  Position 0:                            80.00",
        "  Position 1:                            62.50",
        "  Position 2:                            47.50",
        "  Position 3:                            30.00",
        "==================================================",
    ]
    write("vllm_bench_serve.txt", BENCH_HEAD + section)
    # The same run through docker compose: every line carries the service's prefix.
    write("vllm_bench_serve_compose.log", [f"bench-1  | {line}" for line in BENCH_HEAD + section])
    # Cut off after "Drafts": the accepted tokens are missing (never read as zero).
    write("vllm_bench_serve_cut.txt", BENCH_HEAD + section[:5])


def sglang_bench() -> None:
    write(
        "sglang_bench_serving.txt",
        [
            "============ Serving Benchmark Result ============",
            "Backend:                                 sglang",
            "Successful requests:                     10",
            "Total generated tokens:                  2784",
            "Output token throughput (tok/s):         95.62",
            "Concurrency:                             1.00",
            "Accept length:                           2.46",
            "----------------End-to-End Latency----------------",
            "Mean E2E Latency (ms):                   2909.74",
            "==================================================",
        ],
    )


def vllm_v1_early() -> None:
    # Two intervals, no k and no emitted count: 900 accepted of 1500 drafted; with k = 5: 300 steps, tau = 4.
    write(
        "vllm_v1_early.log",
        [
            "INFO 02-10 09:00:00 [loggers.py:80] Avg prompt throughput: 120.0 tokens/s",
            "INFO 02-10 09:00:05 [metrics.py:60] Speculative metrics: Draft acceptance rate: 0.600, "
            "Number of accepted tokens: 600, Number of draft tokens: 1000, ",
            "INFO 02-10 09:00:10 [metrics.py:60] Speculative metrics: Draft acceptance rate: 0.600, "
            "Number of accepted tokens: 300, Number of draft tokens: 500, ",
        ],
    )


def sglang_requests() -> None:
    # k = 3 (30 proposed / 10 steps). Histograms [2,3,3,2] and [4,2,2,2]: 15 and 12 accepted.
    rows = [
        {
            "text": "The quick brown fox",
            "meta_info": {
                "id": "a1",
                "completion_tokens": 25,
                "spec_verify_ct": 10,
                "spec_num_correct_drafts": 15,
                "spec_num_proposed_drafts": 30,
                "spec_accept_rate": 0.5,
                "spec_accept_length": 2.5,
                "spec_correct_drafts_histogram": [2, 3, 3, 2],
            },
        },
        {
            "id": "chatcmpl-2",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "jumps"}}],
            "sglext_spec": {
                "spec_verify_ct": 10,
                "spec_num_correct_drafts": 12,
                "spec_num_proposed_drafts": 30,
                "spec_accept_length": 2.2,
                "spec_correct_drafts_histogram": [4, 2, 2, 2],
            },
        },
    ]
    write("sglang_requests.jsonl", [json.dumps(row) for row in rows])


def llama_speculative() -> None:
    tail = [
        "",
        "draft:",
        "",
        "llama_perf_context_print:        load time =     310.12 ms",
        "",
        "target:",
        "",
        "llama_perf_context_print:        load time =    2410.50 ms",
    ]
    # Drafts of varying length (up to 16): 63 steps (249 - 186), tau = 249 / 63.
    write(
        "llama_speculative.txt",
        [
            "encoded   24 tokens in    0.185 seconds, speed:  129.729 t/s",
            "decoded  249 tokens in    4.127 seconds, speed:   60.334 t/s",
            "",
            "n_draft   = 16",
            "n_predict = 249",
            "n_drafted = 284",
            "n_accept  = 186",
            "accept    = 65.493%",
            *tail,
        ],
    )
    # Every draft full (400 = 100 steps x 4): a fixed-k run, tau = 2.5.
    write(
        "llama_speculative_fixed.txt",
        [
            "decoded  250 tokens in    3.000 seconds, speed:   83.333 t/s",
            "",
            "n_draft   = 4",
            "n_predict = 250",
            "n_drafted = 400",
            "n_accept  = 150",
            "accept    = 37.500%",
            *tail,
        ],
    )


def llama_rounds() -> None:
    accepted = [4, 2, 0, 3, 4, 1, 2, 4, 0, 3]  # 10 steps of 4: 23 accepted, tau = 3.3
    lines = []
    for i, a in enumerate(accepted):
        lines.append(f"slot update_slots: id  0 | task 7 | n_draft = 4, n_tokens = {100 + 5 * i}")
        lines.append(
            f"slot update_slots: id  0 | task 7 | accepted {a}/4 draft tokens, "
            f"new n_tokens = {101 + 5 * i + a}"
        )
    write("llama_server_rounds.log", lines)
    varied = [(2, 4), (1, 2), (4, 4), (0, 3)]  # 7 accepted of 13 drafted in 4 steps
    write(
        "llama_server_rounds_varied.log",
        [
            f"slot update_slots: id  0 | task 9 | accepted {a}/{n} draft tokens, new n_tokens = 50"
            for a, n in varied
        ],
    )


def llama_timings() -> None:
    # steps 120 - 80 = 40 and 90 - 50 = 40; 130 accepted of 260 drafted in 80 steps: tau = 2.625.
    rows = [
        {
            "content": "Hello",
            "timings": {
                "prompt_n": 12,
                "predicted_n": 120,
                "predicted_ms": 800.0,
                "draft_n": 160,
                "draft_n_accepted": 80,
            },
        },
        {
            "content": "World",
            "timings": {
                "prompt_n": 9,
                "predicted_n": 90,
                "predicted_ms": 610.0,
                "draft_n": 100,
                "draft_n_accepted": 50,
            },
        },
    ]
    write("llama_server_timings.jsonl", [json.dumps(row) for row in rows])


def llama_prometheus() -> None:
    # 100 drafts of up to 4, 350 draft tokens, 200 accepted: tau = 3.0; printed in scientific notation.
    write(
        "llama_cpp_metrics.prom",
        [
            "# HELP llamacpp:tokens_predicted_total Number of generation tokens processed.",
            "# TYPE llamacpp:tokens_predicted_total counter",
            "llamacpp:tokens_predicted_total 3.05406e+04",
            "# HELP llamacpp:spec_decode_num_drafts_total Total speculative drafts.",
            "# TYPE llamacpp:spec_decode_num_drafts_total counter",
            "llamacpp:spec_decode_num_drafts_total 1e+02",
            "# HELP llamacpp:spec_decode_num_draft_tokens_total Total speculative draft tokens generated.",
            "# TYPE llamacpp:spec_decode_num_draft_tokens_total counter",
            "llamacpp:spec_decode_num_draft_tokens_total 3.5e+02",
            "# HELP llamacpp:spec_decode_num_accepted_tokens_total Total speculative draft tokens accepted.",
            "# TYPE llamacpp:spec_decode_num_accepted_tokens_total counter",
            "llamacpp:spec_decode_num_accepted_tokens_total 2e+02",
        ],
    )


def vllm_cut_scrape() -> None:
    good = (HERE / "vllm_metrics.prom").read_text().splitlines()
    cut = next(i for i, line in enumerate(good) if "spec_decode_num_accepted_tokens_total" in line)
    write("vllm_metrics_cut.prom", good[:cut])


def trtllm() -> None:
    rows = [
        {
            "request_id": 1,
            "perf_metrics": {
                "speculative_decoding": {
                    "acceptance_rate": 0.6,
                    "total_accepted_draft_tokens": 120,
                    "total_draft_tokens": 200,
                }
            },
        },
        {
            "request_id": 2,
            "perf_metrics": {
                "speculative_decoding": {
                    "acceptance_rate": 0.5,
                    "total_accepted_draft_tokens": 100,
                    "total_draft_tokens": 200,
                }
            },
        },
    ]
    (HERE / "trtllm_requests.json").write_text(json.dumps(rows, indent=2) + "\n")


def near_miss() -> None:
    write(
        "vllm_near_miss.log",
        [
            "INFO 11-30 19:00:00 [loggers.py:123] Engine 000: Avg prompt throughput: 812.3 tokens/s",
            "INFO 11-30 19:00:10 [metrics.py:96] SpecDecoding metrics: Mean acceptance length: 3.65, "
            "Accepted: 257 tokens, Drafted: ### tokens",
        ],
    )


if __name__ == "__main__":
    vllm_example()
    vllm_bench()
    sglang_bench()
    vllm_v1_early()
    sglang_requests()
    llama_speculative()
    llama_rounds()
    llama_timings()
    llama_prometheus()
    vllm_cut_scrape()
    trtllm()
    near_miss()
