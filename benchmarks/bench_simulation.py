"""Throughput of simulate_cycles against two references measured in the same run.

    python benchmarks/bench_simulation.py [--cycles 1000000] [--repeats 25]

* ``simulate_cycles``: the app's draw (one exponential per cycle, capped; see
  specdec_desktop/model/simulation.py), in seeded blocks.
* ``geometric``: numpy's own geometric sampler, shifted and capped.
* ``bernoulli``: the textbook reference, one uniform per guess and the first
  rejection found with argmin.

The three are run interleaved, repeat after repeat, so a noisy neighbour on
the machine slows them alike; the script prints medians, millions of cycles
per second and the ratios to the Bernoulli reference.  Target: >= 30 M
cycles/s for simulate_cycles(0.75, 6, 10**6, seed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from specdec_desktop.model import simulate_cycles

P, K = 0.75, 6


def bernoulli(n: int, seed: int) -> np.ndarray:
    agree = np.random.default_rng(seed).random((n, K)) < P
    return np.where(agree.all(axis=1), K, agree.argmin(axis=1))


def geometric(n: int, seed: int) -> np.ndarray:
    accepted = np.random.default_rng(seed).geometric(1.0 - P, size=n)
    accepted -= 1
    np.minimum(accepted, K, out=accepted)
    return accepted


def app(n: int, seed: int) -> np.ndarray:
    return simulate_cycles(P, K, n, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=25)
    parser.add_argument("--quick", action="store_true", help="3 repeats of 100,000 cycles: checks it runs")
    args = parser.parse_args()
    if args.quick:
        args.cycles, args.repeats = 100_000, 3

    contenders: dict[str, Callable[[int, int], np.ndarray]] = {
        "simulate_cycles": app,
        "geometric": geometric,
        "bernoulli": bernoulli,
    }
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for draw in contenders.values():  # warm-up
        draw(1000, 0)
    for repeat in range(args.repeats):
        for name, draw in contenders.items():
            start = time.perf_counter()
            draw(args.cycles, repeat)
            times[name].append(time.perf_counter() - start)

    reference = statistics.median(times["bernoulli"])
    print(f"p = {P}, k = {K}, {args.cycles:,} cycles, {args.repeats} interleaved repeats")
    print(f"{'draw':<16} {'median ms':>10} {'min ms':>8} {'M cycles/s':>11} {'x bernoulli':>12}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"{name:<16} {median * 1e3:>10.2f} {min(samples) * 1e3:>8.2f} "
            f"{args.cycles / median / 1e6:>11.1f} {reference / median:>12.2f}"
        )
    rate = args.cycles / statistics.median(times["simulate_cycles"]) / 1e6
    verdict = "meets" if rate >= 30 else "MISSES"
    print(f"simulate_cycles: {rate:.1f} M cycles/s ({verdict} the 30 M/s target)")
    _emit(times, args.cycles, args.repeats)


def _emit(times: dict[str, list[float]], cycles: int, repeats: int) -> None:
    """The result line benchmarks/run collects (benchmarks/_common.py)."""
    from _common import emit, row

    rows = [
        row(
            "throughput",
            name,
            [cycles / t / 1e6 for t in samples],
            unit="M cycles/s",
            reference=name != "simulate_cycles",
            targets={"min_median": 30.0} if name == "simulate_cycles" else None,
        )
        for name, samples in times.items()
    ]
    notes = [
        f"simulate_cycles(p={P}, k={K}, {cycles:,} cycles, seed) against numpy's geometric sampler and "
        f"a per-guess Bernoulli draw, {repeats} interleaved repeats; higher is better."
    ]
    emit("simulation", rows, notes=notes)


if __name__ == "__main__":
    main()
