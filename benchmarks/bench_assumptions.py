"""Cost of every figure and curve under the assumptions, against the original model in the same run.

    python benchmarks/bench_assumptions.py [--repeats 200] [--quick]

One *update* is what the window computes for a change: the four readouts (with the best
draft length, its exact search included) and the chart's curves at p, p − 0.10 and p + 0.10
plus the original model's reference curve, here for every k from 0 to 1,024 (far wider than
the chart ever shows).  It is timed for each of the 64 combinations of the six assumptions
(each either at its default or at a set value) at four (p, c) points (one, p = 0.99 and
c = 0.001, sends the search to k = 4,096), interleaved with the same update under the
original model so a noisy neighbour slows both alike.  The model's memo (model/figures.py) is
emptied before each update, so every one is computed afresh.  The script prints
the median of each combination and the worst of those medians.  Target (issue 11): the worst
median is at most 1 ms.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from specdec_desktop.model import Assumptions, Parameters, readouts
from specdec_desktop.model.extended import speedup_table
from specdec_desktop.model.figures import BAND_HALF_WIDTH, forget_memo

K_MAX = 1024
SET = {"decay": 0.95, "spread": 2.0, "verify_growth": 0.05, "batch": 32, "knee": 64.0, "overhead": 0.1}
POINTS = [(0.75, 0.15, 6), (0.9, 0.05, 12), (0.6, 0.3, 3), (0.99, 0.001, 64)]


def update(params: Parameters, a: Assumptions) -> None:
    figures = readouts(params, a)
    p, c = params.p, params.c
    for value in (p, max(0.0, p - BAND_HALF_WIDTH), min(1.0, p + BAND_HALF_WIDTH)):
        speedup_table(value, c, K_MAX, a)
    if not a.is_default:
        speedup_table(p, c, K_MAX, Assumptions())
    assert figures is not None


def timed(params: Parameters, a: Assumptions) -> float:
    forget_memo()  # the window memoises what k does not change; time the work, not a look-up
    start = time.perf_counter()
    update(params, a)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="5 repeats: checks it runs")
    args = parser.parse_args()
    repeats = 5 if args.quick else args.repeats
    combos = [
        Assumptions(**{name: SET[name] for name, on in zip(SET, mask, strict=True) if on})
        for mask in itertools.product((False, True), repeat=len(SET))
    ]
    medians: dict[str, float] = {}
    original: list[float] = []
    for a in combos:
        samples = []
        for _ in range(repeats):
            for p, c, k in POINTS:
                params = Parameters(k=k, p=p, c=c)
                original.append(timed(params, Assumptions()))
                samples.append(timed(params, a))
        medians[a.describe() or "original model"] = statistics.median(samples)
    reference = statistics.median(original)
    worst_name = max(medians, key=medians.__getitem__)
    for name, value in sorted(medians.items(), key=lambda item: item[1]):
        print(f"{value * 1e3:8.3f} ms  ({value / reference:5.2f}× original)  {name}")
    print(f"original model, same run: median {reference * 1e3:.3f} ms per update (k = 0..{K_MAX})")
    print(f"worst combination: {medians[worst_name] * 1e3:.3f} ms median ({worst_name}); target <= 1 ms")


if __name__ == "__main__":
    main()
