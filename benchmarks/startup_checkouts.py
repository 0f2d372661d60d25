"""Start-up of the app from several checkouts in one run, each as a ratio to the minimal window.

``bench_startup.py`` times this checkout against the reference (``_startup_reference.py``).
Comparing two versions of the app (a change, and main without it) needs both in the same run,
since other jobs on the machine move every time.  Here each round starts the reference and the
app of every checkout given (the order rotates from round to round), and divides each app's
time by the reference's of the same round; the medians of those paired ratios are printed, with
the medians of the times.  The app runs as ``bench_startup.py`` runs it (``python -m
specdec_desktop --size 1600x1000`` with ``SPECDEC_STARTUP_PROBE=1``), from the checkout's own
folder and ``PYTHONPATH``.

Usage: ``python benchmarks/startup_checkouts.py [--repeats N] NAME=PATH [NAME=PATH ...]``, e.g.
``python benchmarks/startup_checkouts.py after=. before=/tmp/main-without-the-change``.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import PYTHON, arguments, child_env, run_child

REFERENCE = Path(__file__).with_name("_startup_reference.py")
METRICS = ("first-paint", "chart-live", "first-paint-cpu", "chart-live-cpu")
#: The reference's time each app metric is divided by (its first paint includes its plot).
OVER = {
    "first-paint": "first-paint",
    "chart-live": "first-paint",
    "first-paint-cpu": "first-paint-cpu",
    "chart-live-cpu": "first-paint-cpu",
}


def _run(argv: list[str], cwd: Path, probe: bool) -> dict[str, float]:
    env = child_env({"SPECDEC_STARTUP_PROBE": "1"} if probe else None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(cwd), os.environ.get("PYTHONPATH", "")) if p)
    result = run_child(argv, env=env, timeout=60, cwd=cwd, t0_variable="SPECDEC_STARTUP_T0")
    values = result.values()
    if result.returncode != 0 or "first-paint" not in values:
        raise SystemExit(f"{' '.join(argv)} in {cwd} failed (exit {result.returncode}):\n{result.stderr}")
    return values


def main() -> int:
    parser = arguments(__doc__.splitlines()[0], default_repeats=15)
    parser.add_argument("checkouts", nargs="+", metavar="NAME=PATH", help="a name and a checkout's folder")
    args = parser.parse_args()
    checkouts = {}
    for given in args.checkouts:
        name, _, path = given.partition("=")
        if not name or not path or not (Path(path) / "specdec_desktop").is_dir():
            parser.error(f"not NAME=PATH with PATH a checkout of the app: {given!r}")
        checkouts[name] = Path(path).resolve()
    repeats = 2 if args.quick else max(3, args.repeats)
    subjects = [("reference", [PYTHON, str(REFERENCE)], Path.cwd(), False)]
    subjects += [
        (name, [PYTHON, "-m", "specdec_desktop", "--size", "1600x1000"], path, True)
        for name, path in checkouts.items()
    ]
    for _name, argv, cwd, probe in subjects:
        _run(argv, cwd, probe)  # warm the file cache and the .pyc files
    times: dict[str, dict[str, list[float]]] = {name: {} for name, *_ in subjects}
    ratios: dict[str, dict[str, list[float]]] = {name: {m: [] for m in METRICS} for name in checkouts}
    for round_ in range(repeats):
        shift = round_ % len(subjects)
        done = {}
        for name, argv, cwd, probe in subjects[shift:] + subjects[:shift]:
            done[name] = _run(argv, cwd, probe)
            for metric, value in done[name].items():
                times[name].setdefault(metric, []).append(value)
        for name in checkouts:
            for metric in METRICS:
                ratios[name][metric].append(done[name][metric] / done["reference"][OVER[metric]])
    print(f"{repeats} rounds; medians of the times (s) and of the ratios to the reference in each round")
    reference = times["reference"]
    print(f"reference: first paint {statistics.median(reference['first-paint']):.3f} s")
    for name in checkouts:
        own, paired = times[name], ratios[name]
        print(
            f"{name}: first paint {statistics.median(own['first-paint']):.3f} s "
            f"({statistics.median(paired['first-paint']):.2f}x, CPU "
            f"{statistics.median(paired['first-paint-cpu']):.2f}x), chart live "
            f"{statistics.median(own['chart-live']):.3f} s ({statistics.median(paired['chart-live']):.2f}x, "
            f"CPU {statistics.median(paired['chart-live-cpu']):.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
