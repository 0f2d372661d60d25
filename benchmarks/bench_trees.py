"""The best draft tree for a budget: best-first (model/trees/value.py) against Sequoia's DP.

    python benchmarks/bench_trees.py [--repeats 30] [--quick]

Each repeat finds the best tree of n = 128 drafted nodes and at most 12 levels, for three rank
vectors (a steep one, the issue's (0.7, 0.15, 0.05), and an unsorted flat one of eight ranks),
with ``best_tree`` (best-first, exact: the module's note) and with ``best_tree_dp`` (Sequoia's
dynamic programme, O(D·R·n²)), interleaved so a noisy neighbour slows both alike.  The two must
give the same expected tokens.  Target (issue 25): the best tree within 5 ms (median).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from _common import arguments, emit, row

from specdec_desktop.model.trees import best_tree, best_tree_dp

BUDGET = 128
DEPTH = 12
VECTORS = {
    "steep (0.8, 0.1)": (0.8, 0.1),
    "issue (0.7, 0.15, 0.05)": (0.7, 0.15, 0.05),
    "flat, unsorted, 8 ranks": (0.05, 0.2, 0.1, 0.15, 0.08, 0.12, 0.06, 0.04),
}


def main() -> None:
    parser = arguments(__doc__.splitlines()[0], default_repeats=30)
    args = parser.parse_args()
    if args.quick:
        args.repeats = 3
    contenders = {"best_tree (best-first)": best_tree, "Sequoia DP (numpy)": best_tree_dp}
    times: dict[str, list[float]] = {name: [] for name in contenders}
    notes = []
    for label, a in VECTORS.items():
        first = {name: f(a, BUDGET, max_depth=DEPTH)[1] for name, f in contenders.items()}
        values = list(first.values())
        agree = abs(values[0] - values[1]) <= 1e-9 * values[1]
        notes.append(f"{label}: F = {values[0]:.6f} (DP {values[1]:.6f}; {'same' if agree else 'DIFFERENT'})")
    for _ in range(args.repeats):
        for name, function in contenders.items():
            for a in VECTORS.values():
                start = time.perf_counter()
                function(a, BUDGET, max_depth=DEPTH)
                times[name].append((time.perf_counter() - start) * 1e3)
    rows = [
        row(
            "best tree, n=128, d<=12",
            name,
            samples,
            unit="ms",
            reference=name.startswith("Sequoia"),
            targets={"median": 5.0} if not name.startswith("Sequoia") else None,
        )
        for name, samples in times.items()
    ]
    emit("trees", rows, notes=[f"{args.repeats} interleaved repeats over {len(VECTORS)} vectors.", *notes])


if __name__ == "__main__":
    main()
