"""A parameter change at extreme-but-valid p and c, against the same change at ordinary values.

    python benchmarks/bench_extreme_values.py [--repeats 40] [--quick]

Issue 16: the chart's x-range used to follow the best draft length without bound, so a change
at p = 0.999999, c = 1e-6 (best k 1,146,191) cost 0.7 GB and 0.67 s.  Now the curves stop at
k = 2,000.  One *change* here is what a slider move does in the window: ``state.set(p=..., c=...)``
(cards and chart updated before control returns) and a paint of the window (``grab``).  The
extreme points walk p to 1 and c to 0 together; the reference is the same change between
ordinary points, alternated with them in the same run.  Also reported: the peak of Python's
traced memory over one change (``tracemalloc``).  Target: the extreme change's median at most
3x the ordinary one.
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from _common import arguments, emit, row

EXTREME = [(1.0 - 10.0**-e, 10.0**-e) for e in (6, 7, 8, 9, 10, 12, 15)] + [(1.0 - 2.0**-53, 5e-324)]
ORDINARY = [
    (0.75, 0.15),
    (0.8, 0.1),
    (0.9, 0.05),
    (0.6, 0.2),
    (0.85, 0.12),
    (0.7, 0.1),
    (0.95, 0.02),
    (0.5, 0.3),
]


def main() -> int:
    args = arguments(__doc__.splitlines()[0], default_repeats=40).parse_args()
    repeats = 3 if args.quick else args.repeats
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from specdec_desktop.app import create_application, create_main_window

    app = create_application()
    window = create_main_window(["--k", "6"])
    window.resize(1600, 1000)
    window.show()
    app.processEvents()

    def change(p: float, c: float) -> tuple[float, int]:
        tracemalloc.start()
        started = time.perf_counter()
        window.state.set(p=p, c=c)
        window.grab()
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return elapsed, peak

    times: dict[str, list[float]] = {"extreme": [], "ordinary": []}
    peaks: dict[str, list[float]] = {"extreme": [], "ordinary": []}
    for _ in range(repeats):
        for (pe, ce), (po, co) in zip(EXTREME, ORDINARY, strict=True):
            for kind, (p, c) in (("ordinary", (po, co)), ("extreme", (pe, ce))):
                elapsed, peak = change(p, c)
                times[kind].append(elapsed * 1e3)
                peaks[kind].append(peak / 1e6)
    window.close()
    rows = [
        row("change + paint", "ordinary p, c", times["ordinary"], unit="ms", reference=True),
        row("change + paint", "p -> 1 and c -> 0", times["extreme"], unit="ms", targets={"ratio": 3.0}),
        row("traced memory peak", "ordinary p, c", peaks["ordinary"], unit="MB", reference=True),
        row("traced memory peak", "p -> 1 and c -> 0", peaks["extreme"], unit="MB", targets={"median": 16}),
    ]
    result = emit(
        "extreme_values",
        rows,
        notes=[
            "extreme points: p = 1 - 10^-e and c = 10^-e for e = 6..15, and p = 1 - 2^-53 with c = 5e-324",
            "before issue 16 (reported): 0.7 GB and 0.67 s per change at p = 0.999999, c = 1e-6",
        ],
        command="python benchmarks/bench_extreme_values.py",
    )
    return 0 if result.get("all_targets_met", True) else 1


if __name__ == "__main__":
    sys.exit(main())
