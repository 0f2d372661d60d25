"""Time to compute the (p, c) map, 256x256 cells, against a capped table search in the same run.

    python benchmarks/bench_phase_map.py [--size 256] [--repeats 30] [--quick]

* ``phase_map``: the app's exact map (specdec_desktop/model/phase_map.py): Newton's method on
  the concave rising test, then every cell certified with the scalar model's integer test.
* ``table search k<=64``: the obvious vectorised reference: tabulate ``S(p, k, c)`` for
  ``k = 0..64`` on the whole grid and take the argmax.  It is *capped* (wrong wherever the peak
  lies past 64, which the app's map never is); it is here as the yardstick of "plain numpy".

Both run interleaved, repeat after repeat.  Target: median <= 50 ms for 256x256 (issue 13:
the map follows a dragged slider).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import arguments, emit, row

from specdec_desktop.model.closed_form import _speedup
from specdec_desktop.model.phase_map import grid_axis, phase_map

CAP = 64


def table_search(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    k = np.arange(CAP + 1)
    s = _speedup(grid[:, None, None], k[None, None, :], grid[None, :, None])
    best = np.argmax(s, axis=2)
    return best, np.take_along_axis(s, best[..., None], axis=2)[..., 0]


def main() -> None:
    parser = arguments(__doc__.splitlines()[0], default_repeats=30)
    parser.add_argument("--size", type=int, default=256)
    args = parser.parse_args()
    if args.quick:
        args.repeats = 3
    grid = grid_axis(args.size)
    contenders = {
        "phase_map": lambda: phase_map(grid, grid),
        f"table search k<={CAP}": lambda: table_search(grid),
    }
    for run in contenders.values():  # warm-up
        run()
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.repeats):
        for name, run in contenders.items():
            start = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - start) * 1e3)
    exact = phase_map(grid, grid).best_k
    capped, _ = table_search(grid)
    wrong = int(((exact > CAP) | ((exact >= 0) & (exact != capped))).sum())
    rows = [
        row(
            "map time",
            name,
            samples,
            unit="ms",
            reference=name != "phase_map",
            targets={"median": 50.0} if name == "phase_map" else None,
        )
        for name, samples in times.items()
    ]
    notes = [
        f"{args.size}x{args.size} cells (p and c from 0 to 1), original model, {args.repeats} interleaved "
        f"repeats. The capped reference gives a wrong best k in {wrong} of {exact.size} cells "
        f"(largest exact best k on this grid: {int(exact.max())})."
    ]
    emit("phase_map", rows, notes=notes)


if __name__ == "__main__":
    main()
