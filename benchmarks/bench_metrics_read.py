"""Reading speed of metrics imports (read_metrics) against plain reads of the same file, same run.

    python benchmarks/bench_metrics_read.py [--repeats 5] [--quick]

Three files are written to a temporary folder (our own synthetic content):

* a vLLM server log: access-log and engine lines with a ``SpecDecoding metrics:`` line every
  100 lines (128 MiB);
* a CSV of accepted guesses per cycle, ``cycle,accepted`` (64 MiB, about 6 M rows);
* JSON Lines of per-request responses with ``acceptance_histogram`` (64 MiB);
* one file per other format of issue 23 (32 MiB each), made of the sample files of
  tests/data/metrics/ as they sit in real output: vLLM's spec_decode.py summary, vllm bench
  serve's section, llama-speculative's summary and llama.cpp's per-round lines, each copy
  after 100 lines of other log output; llama.cpp's counters among 30 other metrics per scrape;
  SGLang's and llama-server's per-request JSON Lines with the generated text in each response;
  TensorRT-LLM's per-request JSON (one list).

Each is read by ``read_metrics`` (format found from the content, streamed in 4 MiB blocks,
then fitted) and, as references in the same run, by iterating its lines in binary
(``for line in file``) and by reading its blocks without looking at them (the ceiling the
page cache allows).  Subjects take turns within each repeat.  Target: read_metrics at
50 MB/s or more on every file.

``--only TEXT`` keeps the files whose label contains TEXT (``--only CSV``); ``--before DIR``
adds two subjects, read_metrics of this checkout and of the checkout in DIR (``git worktree add
DIR REV``), each in a fresh child process (as ``fit`` reads) that reads the file once and then
times a second read, so a change is measured old against new in one run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from _common import arguments, emit, row

from specdec_desktop.measured import fit_measurement, read_metrics

MIB = 1024**2
SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "metrics"
NOISE = [
    'INFO:     10.0.0.7:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    "INFO 11-30 19:00:01 [loggers.py:123] Engine 000: Avg prompt throughput: 812.3 tokens/s, Avg "
    "generation throughput: 95.1 tokens/s, Running: 4 reqs, Waiting: 0 reqs, GPU KV cache usage: 3.1%",
    "DEBUG 11-30 19:00:02 [core.py:88] scheduled 4 requests, 1 preempted, prefix cache hit rate 61.2%",
]


def _repeated(sample: str, noise_lines: int) -> Callable[[Path, int], None]:
    """A writer of ``sample``'s lines repeated, each copy after ``noise_lines`` lines of other output."""

    def write(path: Path, size: int) -> None:
        body = (SAMPLES / sample).read_text().splitlines()
        noise = [NOISE[i % 3] for i in range(noise_lines)]
        data = ("\n".join(noise + body) + "\n").encode()
        with path.open("wb") as stream:
            for _ in range(size // len(data) + 1):
                stream.write(data)

    return write


def _responses(sample: str) -> Callable[[Path, int], None]:
    """A writer of ``sample``'s JSON lines repeated, each response with generated text, as served."""

    def write(path: Path, size: int) -> None:
        responses = [json.loads(line) for line in (SAMPLES / sample).read_text().splitlines()]
        for response in responses:
            response["generated"] = "lorem ipsum " * 40
        data = ("\n".join(json.dumps(response) for response in responses) + "\n").encode()
        with path.open("wb") as stream:
            for _ in range(size // len(data) + 1):
                stream.write(data)

    return write


def _scrapes(sample: str, others: int) -> Callable[[Path, int], None]:
    """A writer of scrapes: ``sample``'s metrics among ``others`` other metrics (HELP, TYPE, value)."""

    def write(path: Path, size: int) -> None:
        lines = []
        for i in range(others):
            lines += [
                f"# HELP llamacpp:other_metric_{i} Some other figure the server exports.",
                f"# TYPE llamacpp:other_metric_{i} gauge",
                f"llamacpp:other_metric_{i} {i * 1.5}",
            ]
        data = ("\n".join(lines + (SAMPLES / sample).read_text().splitlines()) + "\n").encode()
        with path.open("wb") as stream:
            for _ in range(size // len(data) + 1):
                stream.write(data)

    return write


def _repeated_json(sample: str) -> Callable[[Path, int], None]:
    """A writer of one JSON list holding ``sample``'s objects repeated (with some text beside)."""

    def write(path: Path, size: int) -> None:
        items = json.loads((SAMPLES / sample).read_text())
        for item in items:
            item["output"] = "lorem ipsum " * 40
        one = json.dumps(items)[1:-1]
        count = max(1, (size - 2) // (len(one) + 2))  # within size: one document has a limit
        path.write_text("[" + ", ".join([one] * count) + "]")

    return write


#: Issue 23's formats: (file name, writer, MiB).
OTHER_FORMATS = {
    "vLLM spec_decode.py summaries": ("example.log", _repeated("vllm_spec_decode_example.txt", 100), 32),
    "vllm bench serve sections": ("bench.log", _repeated("vllm_bench_serve_compose.log", 100), 32),
    "llama-speculative summaries": ("speculative.log", _repeated("llama_speculative_fixed.txt", 100), 32),
    "llama.cpp per-round lines": ("rounds.log", _repeated("llama_server_rounds.log", 100), 32),
    "llama.cpp Prometheus scrapes": ("llama.prom", _scrapes("llama_cpp_metrics.prom", 30), 32),
    "SGLang per-request JSON Lines": ("sglang.jsonl", _responses("sglang_requests.jsonl"), 32),
    "llama-server timings JSON Lines": ("timings.jsonl", _responses("llama_server_timings.jsonl"), 32),
    # One JSON document: the app reads at most 4 MiB of one (scan.MAX_JSON_BYTES), so 4 MiB here.
    "TensorRT-LLM per-request JSON": ("trtllm.json", _repeated_json("trtllm_requests.json"), 4),
}


def _write_log(path: Path, size: int) -> None:
    rng = np.random.default_rng(1)
    noise = [
        'INFO:     10.0.0.7:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        "INFO 11-30 19:00:01 [loggers.py:123] Engine 000: Avg prompt throughput: 812.3 tokens/s, Avg "
        "generation throughput: 95.1 tokens/s, Running: 4 reqs, Waiting: 0 reqs, GPU KV cache usage: 3.1%",
        "DEBUG 11-30 19:00:02 [core.py:88] scheduled 4 requests, 1 preempted, prefix cache hit rate 61.2%",
    ]
    block = []
    for i in range(2000):
        if i % 100 == 0:
            steps = int(rng.integers(200, 400))
            counts = np.sort(rng.binomial(steps, [0.8, 0.64, 0.51, 0.41]))[::-1]
            accepted = int(counts.sum())
            rates = ", ".join(f"{n / steps:.3f}" for n in counts)
            block.append(
                f"INFO 11-30 19:00:10 [metrics.py:96] SpecDecoding metrics: Mean acceptance length: "
                f"{1 + accepted / steps:.2f}, Accepted throughput: 80.00 tokens/s, "
                f"Drafted throughput: 120.00 tokens/s, Accepted: {accepted} tokens, "
                f"Drafted: {steps * 4} tokens, Per-position acceptance rate: {rates}, "
                f"Avg Draft acceptance rate: {100 * accepted / (steps * 4):.1f}%"
            )
        else:
            block.append(noise[i % 3])
    data = ("\n".join(block) + "\n").encode()
    with path.open("wb") as stream:
        for _ in range(size // len(data) + 1):
            stream.write(data)


def _write_csv(path: Path, size: int) -> None:
    rng = np.random.default_rng(2)
    with path.open("wb") as stream:
        stream.write(b"# k = 5\ncycle,accepted\n")
        written, start = 0, 0
        while written < size:
            values = np.minimum(rng.geometric(0.25, 500_000) - 1, 5)
            text = "".join(f"{start + i},{v}\n" for i, v in enumerate(values.tolist())).encode()
            stream.write(text)
            written += len(text)
            start += values.size


def _write_jsonl(path: Path, size: int) -> None:
    rng = np.random.default_rng(3)
    lines = []
    for i in range(500):
        histogram = rng.multinomial(int(rng.integers(20, 80)), [0.3, 0.2, 0.15, 0.1, 0.25]).tolist()
        steps, accepted = sum(histogram), sum(j * h for j, h in enumerate(histogram))
        lines.append(
            json.dumps(
                {
                    "id": f"cmpl-{i}",
                    "object": "text_completion",
                    "model": "demo",
                    "choices": [{"index": 0, "text": "lorem ipsum " * 40, "finish_reason": "length"}],
                    "usage": {"prompt_tokens": 812, "completion_tokens": steps + accepted},
                    "metrics": {
                        "speculative_decoding": {
                            "mean_acceptance_length": 1 + accepted / steps,
                            "draft_acceptance_rate": accepted / (4 * steps),
                            "acceptance_histogram": histogram,
                            "num_spec_steps": steps,
                            "num_accepted_draft_tokens": accepted,
                            "num_draft_tokens": 4 * steps,
                            "num_spec_tokens": 4,
                        }
                    },
                }
            )
        )
    data = ("\n".join(lines) + "\n").encode()
    with path.open("wb") as stream:
        for _ in range(size // len(data) + 1):
            stream.write(data)


_BEFORE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from specdec_desktop.measured import fit_measurement, read_metrics
k = 4 if sys.argv[2].endswith("trtllm.json") else None
fit_measurement(read_metrics(sys.argv[2], k=k))
start = time.perf_counter()
fit_measurement(read_metrics(sys.argv[2], k=k))
print(time.perf_counter() - start)
"""


def _before(checkout: Path) -> Callable[[Path], float]:
    """read_metrics of another checkout, timed in a child process; returns the seconds it took."""

    def read(path: Path) -> float:
        done = subprocess.run(
            [sys.executable, "-c", _BEFORE, str(checkout), str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        return float(done.stdout.strip().splitlines()[-1])

    return read


def _app(path: Path) -> None:
    fit_measurement(read_metrics(path, k=4 if path.name == "trtllm.json" else None))


def _lines(path: Path) -> None:
    with path.open("rb") as stream:
        for _line in stream:
            pass


def _blocks(path: Path) -> None:
    with path.open("rb") as stream:
        while stream.read(4 * MIB):
            pass


def main() -> int:
    parser = arguments(__doc__.splitlines()[0], default_repeats=5)
    parser.add_argument("--only", default="", help="only the files whose label contains this")
    parser.add_argument("--before", type=Path, help="a checkout to time beside this one (old against new)")
    args = parser.parse_args()
    scale = 8 if args.quick else 1
    repeats = 2 if args.quick else args.repeats
    subjects: dict[str, Callable[[Path], float | None]] = {
        "read_metrics": _app,
        "line iteration (reference)": _lines,
        "block read (reference)": _blocks,
    }
    if args.before is not None:  # both in a fresh process, as `fit` reads (the heap not yet warm)
        subjects["read_metrics, fresh process"] = _before(Path(__file__).resolve().parents[1])
        before = f"read_metrics of {args.before.name}, fresh process (before)"
        subjects[before] = _before(args.before.resolve())
    rows = []
    all_met = True
    with tempfile.TemporaryDirectory(prefix="specdec-bench-") as folder:
        files = {
            "vLLM log": (Path(folder) / "server.log", _write_log, 128 * MIB // scale),
            "CSV per cycle": (Path(folder) / "cycles.csv", _write_csv, 64 * MIB // scale),
            "JSON Lines": (Path(folder) / "requests.jsonl", _write_jsonl, 64 * MIB // scale),
        }
        for label, (name, write, mib) in OTHER_FORMATS.items():
            files[label] = (Path(folder) / name, write, mib * MIB // scale)
        for label, (path, write, size) in files.items():
            if args.only.lower() not in label.lower():
                continue
            write(path, size)
            megabytes = path.stat().st_size / 1e6
            samples: dict[str, list[float]] = {name: [] for name in subjects}
            for read in subjects.values():  # warm the page cache
                read(path)
            for _ in range(repeats):
                for name, read in subjects.items():
                    start = time.perf_counter()
                    took = read(path)  # a child's own timing, or None: timed here
                    samples[name].append(megabytes / (took or time.perf_counter() - start))
            for name, rates in samples.items():
                app = name == "read_metrics"
                rows.append(
                    row(
                        f"read speed, {label} ({megabytes:.0f} MB)",
                        name,
                        rates,
                        unit="MB/s",
                        reference=not app,
                        targets={"min_median": 50.0} if app else None,
                    )
                )
            path.unlink()
    result = emit(
        "metrics_read",
        rows,
        notes=[
            "read_metrics(path) then fit_measurement on a synthetic vLLM log, a CSV per cycle and "
            "vLLM per-request JSON Lines, against iterating the file's lines and reading its blocks "
            f"in the same run; {repeats} interleaved repeats after a warm-up (page cache warm); "
            "higher is better; target 50 MB/s."
        ],
        command="python benchmarks/bench_metrics_read.py"
        + (" --quick" if args.quick else "")
        + (f" --only {args.only!r}" if args.only else "")
        + (f" --before {args.before}" if args.before is not None else ""),
    )
    all_met = result["all_targets_met"]
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())
