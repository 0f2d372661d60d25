"""Start-up: process start -> first painted window -> chart live, and peak memory at first paint.

Runs the app from source (``python -m specdec_desktop``, window 1600x1000,
offscreen) with ``SPECDEC_STARTUP_PROBE=1`` (specdec_desktop/startup_probe.py),
alternating with the reference in _startup_reference.py (the smallest
PySide6 + pyqtgraph window) and with _startup_chart_alone.py (the app's own
chart and nothing around it: how soon the chart could be live if the window
cost nothing).  Times are from just before the process is
started (the parent's ``time.monotonic()``, handed to the child) until the
paint has been flushed; peak RSS is the process's own ``ru_maxrss`` at that
moment.  One untimed run of each warms the file cache first.

Targets (issue 2): first paint <= 0.6 s, chart live <= 1.0 s, peak RSS at
first paint <= 120 MB (memory is reported in MiB, so the bound is
120e6 / 2**20 = 114.4 MiB).

Usage: ``python benchmarks/bench_startup.py [--repeats N] [--quick]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import PYTHON, ChildResult, arguments, child_env, emit, row, run_child

APP = "SpecDec Desktop"
REFERENCE = "minimal PySide6+pyqtgraph window"
CHART_ALONE = "the app's chart alone (no window)"
T0 = "SPECDEC_STARTUP_T0"
RSS_TARGET_MIB = round(120e6 / 2**20, 1)  # 120 MB


def _run(argv: list[str], probe: bool) -> dict[str, float]:
    env = child_env({"SPECDEC_STARTUP_PROBE": "1"} if probe else None)
    result: ChildResult = run_child(argv, env=env, timeout=60, t0_variable=T0)
    values = result.values()
    if result.returncode != 0 or "first-paint" not in values:
        raise SystemExit(
            f"{' '.join(argv)} failed (exit {result.returncode}):\n{result.stdout}\n{result.stderr}"
        )
    values["exit"] = result.wall_s
    return values


def main() -> int:
    args = arguments(__doc__.splitlines()[0], default_repeats=9).parse_args()
    repeats = 2 if args.quick else max(5, args.repeats)
    app_argv = [PYTHON, "-m", "specdec_desktop", "--size", "1600x1000"]
    ref_argv = [PYTHON, str(Path(__file__).with_name("_startup_reference.py"))]
    alone_argv = [PYTHON, str(Path(__file__).with_name("_startup_chart_alone.py"))]

    _run(app_argv, probe=True)  # warm the file cache and the .pyc files
    _run(ref_argv, probe=False)
    _run(alone_argv, probe=False)
    app_runs, ref_runs, alone_runs = [], [], []
    subjects = [(app_runs, app_argv, True), (ref_runs, ref_argv, False), (alone_runs, alone_argv, False)]
    for i in range(repeats):
        # Rotate who goes first so a burst of load elsewhere hits every subject alike.
        for runs, argv, probe in subjects[i % 3 :] + subjects[: i % 3]:
            runs.append(_run(argv, probe))

    def column(runs: list[dict[str, float]], key: str) -> list[float]:
        return [run[key] for run in runs]

    rows = [
        row("first paint", APP, column(app_runs, "first-paint"), unit="s", targets={"median": 0.6}),
        row(
            "first paint",
            REFERENCE,
            column(ref_runs, "first-paint"),
            unit="s",
            reference=True,
            note="its first paint includes the plot",
        ),
        row("chart live", APP, column(app_runs, "chart-live"), unit="s", targets={"median": 1.0}),
        row(
            "chart live",
            REFERENCE,
            column(ref_runs, "first-paint"),
            unit="s",
            reference=True,
            note="= its first paint",
        ),
        row(
            "chart live",
            CHART_ALONE,
            column(alone_runs, "first-paint"),
            unit="s",
            note="the lower bound for the app's chart live, the window aside",
        ),
        row(
            "peak RSS at first paint",
            APP,
            column(app_runs, "first-paint-peak-rss-mib"),
            unit="MiB",
            targets={"median": RSS_TARGET_MIB},
        ),
        row(
            "peak RSS at first paint",
            REFERENCE,
            column(ref_runs, "first-paint-peak-rss-mib"),
            unit="MiB",
            reference=True,
        ),
        row("peak RSS with chart live", APP, column(app_runs, "chart-live-peak-rss-mib"), unit="MiB"),
        row("first paint, CPU", APP, column(app_runs, "first-paint-cpu"), unit="s"),
        row("first paint, CPU", REFERENCE, column(ref_runs, "first-paint-cpu"), unit="s", reference=True),
        row("chart live, CPU", APP, column(app_runs, "chart-live-cpu"), unit="s"),
        row("chart live, CPU", REFERENCE, column(ref_runs, "first-paint-cpu"), unit="s", reference=True),
        row("chart live, CPU", CHART_ALONE, column(alone_runs, "first-paint-cpu"), unit="s"),
        row(
            "import pyqtgraph",
            REFERENCE,
            column(ref_runs, "import-pyqtgraph"),
            unit="s",
            reference=True,
            note="inside the reference's start",
        ),
    ]
    notes = [
        "From source, `python -m specdec_desktop --size 1600x1000`, QT_QPA_PLATFORM=offscreen, "
        f"{repeats} runs each, alternating with the reference, after one warm-up run of each.",
        "Time = parent's time.monotonic() just before starting the process -> the child's, once the "
        "first paint event has been handled and flushed (a zero timer queued from the paint event); "
        "interpreter start-up is included.  Peak RSS = the child's own ru_maxrss at that moment.",
        "CPU = the child's own user + system time (all threads) at that moment, from "
        "time.process_time(): other jobs on the machine disturb it less than wall time.",
        "The app paints the window first and imports pyqtgraph and builds the chart right after "
        "(specdec_desktop/first_paint.py); 'chart live' is the end of the chart's first paint.",
    ]
    result = emit("startup", rows, notes=notes)
    return 0 if result["all_targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
