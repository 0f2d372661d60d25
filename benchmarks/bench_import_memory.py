"""Peak memory and time of one import, for every format and the hostile files of issue 24.

    python benchmarks/bench_import_memory.py [--mib 256] [--only NAME]

Each file is written to a temporary folder, then imported (``read_metrics`` then
``fit_measurement``) in a fresh Python process, so the peak resident size (the child's own
``VmHWM`` from /proc, which exec starts afresh; ``ru_maxrss`` from ``os.wait4`` where /proc is
absent, which also counts pages of the parent the child was forked with) is the import's own
plus the interpreter's and numpy's (about 30 MB, shown as the "empty" row).  Target: every
peak under 500 MB, whatever the input; a refusal counts as a result (its message is printed).
The issue asks for 1 GB files; ``--mib 1024`` does that (1 GB of disk per file, minutes per
format).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
import bench_metrics_read as formats

MIB = 1024**2
LIMIT_MB = 500

CHILD = """
import json, sys, time
from specdec_desktop.measured import MetricsProblem, fit_measurement, read_metrics
path, k = sys.argv[1], (int(sys.argv[2]) if sys.argv[2] != "-" else None)
start = time.perf_counter()
try:
    fit_measurement(read_metrics(path, k=k)) if path != "-" else None
    outcome = "read"
except MetricsProblem as problem:
    outcome = "refused: " + str(problem)[:140]
seconds = time.perf_counter() - start
peak = None
try:  # this process's own high-water mark: exec gave it a fresh one (ru_maxrss of a child
    # also counts the parent's pages it was forked with, e.g. a benchmark holding a 1 GB file)
    with open("/proc/self/status") as status:
        peak = next(int(l.split()[1]) / 1024 for l in status if l.startswith("VmHWM:"))
except (OSError, StopIteration):
    pass
print(json.dumps({"seconds": seconds, "outcome": outcome, "peak_mb": peak}))
"""


def _lines_writer(line: str):
    def write(path: Path, size: int) -> None:
        data = (line * max(1, (4 * MIB) // len(line))).encode()
        with path.open("wb") as stream:
            for _ in range(size // len(data) + 1):
                stream.write(data)

    return write


def _prometheus_series(path: Path, size: int) -> None:
    """Prometheus samples, every one a new label set (one accumulator each, unbounded before)."""
    with path.open("w") as stream:
        written, i = 0, 0
        while written < size:
            block = "".join(
                f'vllm:spec_decode_num_drafts_total{{engine="{j}",model_name="demo"}} {j}\n'
                for j in range(i, i + 50_000)
            )
            stream.write(block)
            written += len(block)
            i += 50_000


def _one_json(path: Path, size: int) -> None:
    """One JSON document at the size limit, made of empty objects (the most objects per byte)."""
    from specdec_desktop.measured.scan import MAX_JSON_BYTES

    count = (MAX_JSON_BYTES - 2) // 3
    path.write_bytes(b"[" + b"{}," * count + b"{}]")


def _deep_json(path: Path, size: int) -> None:
    path.write_bytes(b"[" * 1000 + b"]" * 1000)


def _long_lines(path: Path, size: int) -> None:
    """Prometheus lines with 200 KB label sets (quadratic before issue 24)."""
    line = "vllm:spec_decode_num_drafts_total{" + "a" * 200_000 + "} 5\n"
    _lines_writer(line)(path, size)


CASES = {
    "vLLM log": ("server.log", formats._write_log, None),
    "CSV per cycle": ("cycles.csv", formats._write_csv, None),
    "JSON Lines (vLLM responses)": ("requests.jsonl", formats._write_jsonl, None),
    "vLLM lines, k unknown": (
        "nok.log",
        _lines_writer("SpecDecoding metrics: Accepted: 2 tokens, Drafted: 4 tokens\n"),
        None,
    ),
    "SGLang lines, k unknown": (
        "sglang.log",
        _lines_writer("Decode batch. #running-req: 1, accept len: 2.50, accept rate: 0.50\n"),
        None,
    ),
    "SGLang lines, k given": (
        "sglang_k.log",
        _lines_writer("Decode batch. #running-req: 1, accept len: 2.50, accept rate: 0.50\n"),
        3,
    ),
    "Prometheus, distinct label sets": ("series.prom", _prometheus_series, None),
    "Prometheus, 200 KB label sets": ("long.prom", _long_lines, None),
    "one JSON document at the limit": ("one.json", _one_json, 4),
    "JSON nested 1,000 deep": ("deep.json", _deep_json, None),
}
for _label, (_name, _write, _mib) in formats.OTHER_FORMATS.items():
    CASES[_label] = (_name, _write, 4 if _name == "trtllm.json" else None)


def _child(path: str, k: int | None) -> tuple[dict, float]:
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, path, "-" if k is None else str(k)], stdout=subprocess.PIPE, text=True
    )
    out = process.stdout.read() if process.stdout else ""
    _pid, _status, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    result = json.loads(out.strip().splitlines()[-1])
    peak = result.get("peak_mb")
    return result, usage.ru_maxrss / 1024 if peak is None else peak  # kB -> MB (Linux)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=256, help="size of each file (default 256)")
    parser.add_argument("--only", default=None, help="run the cases whose name contains this")
    args = parser.parse_args()
    _result, empty_peak = _child("-", None)
    print(f"{'case':<42} {'size':>9} {'time':>8} {'MB/s':>7} {'peak MB':>8}  outcome")
    print(f"{'empty (interpreter, numpy, readers)':<42} {'':>9} {'':>8} {'':>7} {empty_peak:>8.0f}")
    worst = empty_peak
    with tempfile.TemporaryDirectory(prefix="specdec-bench-memory-") as folder:
        for label, (name, write, k) in CASES.items():
            if args.only and args.only.lower() not in label.lower():
                continue
            path = Path(folder) / name
            write(path, args.mib * MIB)
            size = path.stat().st_size
            wall = time.perf_counter()
            result, peak = _child(str(path), k)
            wall = time.perf_counter() - wall
            rate = size / 1e6 / result["seconds"] if result["seconds"] > 0 else float("inf")
            print(
                f"{label:<42} {size / 1e6:>7.0f}MB {result['seconds']:>7.2f}s {rate:>7.0f} "
                f"{peak:>8.0f}  {result['outcome']}"
            )
            worst = max(worst, peak)
            path.unlink()
    print(f"largest peak: {worst:.0f} MB (limit {LIMIT_MB} MB)")
    return 0 if worst < LIMIT_MB else 1


if __name__ == "__main__":
    raise SystemExit(main())
