"""Instructions a start-up executes, per language, counted by valgrind: a load-proof A/B measure.

    python benchmarks/instructions_language.py [--repeats N] [--codes en de es zh_CN]

Wall and CPU times of a start-up on a shared 2-core machine move by tens of per cent with the
neighbours' load (benchmarks/bench_language.py), more than the 5 % the languages may differ by
(issue 27).  The number of instructions a start-up executes does not: each run is
``python -m specdec_desktop --size 1600x1000 --lang CODE`` under ``valgrind --tool=cachegrind
--cache-sim=no`` with ``SPECDEC_STARTUP_PROBE=1`` (it exits once the chart is live; offscreen,
no settings, ``PYTHONHASHSEED=0``), the languages alternating round by round.  Reported: each
language's median "I refs" and its ratio to English.  About 30 s a run (valgrind is about 40
times slower).  Not run by benchmarks/run (its name does not start with ``bench_``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _instructions(code: str) -> int:
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen", SPECDEC_STARTUP_PROBE="1", SPECDEC_NO_SETTINGS="1", PYTHONHASHSEED="0"
    )
    argv = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "specdec_desktop",
        "--size",
        "1600x1000",
        "--lang",
        code,
    ]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed ({code}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--codes", nargs="+", default=["en", "de", "es", "zh_CN"])
    args = parser.parse_args()
    counts: dict[str, list[int]] = {code: [] for code in args.codes}
    for _round in range(args.repeats):
        for code in args.codes:
            counts[code].append(_instructions(code))
    english = statistics.median(counts[args.codes[0]])
    print(f"{'language':<8}  {'median I refs':>15}  {'/ ' + args.codes[0]:>8}  runs")
    for code, values in counts.items():
        median = statistics.median(values)
        runs = ", ".join(f"{v:,}" for v in values)
        print(f"{code:<8}  {median:>15,.0f}  {median / english:>8.4f}  {runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
