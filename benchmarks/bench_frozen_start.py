"""Start-up time of the frozen app against the source run: process start -> first painted main window.

    python benchmarks/bench_frozen_start.py [--runs 7] [--platform offscreen|xvfb]
                                            [--bundle dist/specdec-desktop/specdec-desktop]
                                            [--onefile dist/onefile/specdec-desktop]

Each run launches the app with ``SPECDEC_EXIT_AFTER_FIRST_PAINT=1`` (see
``specdec_desktop/startup_probe.py``): the app prints the wall-clock time of the
main window's first paint event and exits.  Start-up = that time minus the time
just before the process was spawned.  The variants run interleaved (source,
frozen, source, frozen, ...) after one untimed warm-up each, so disk caches and
the load from other processes hit them alike.  Reported: median, min and max
per variant and the ratio of medians frozen / source (target <= 1.1), for wall
time and for the CPU time each process used (steadier on a shared machine).

With ``--platform xvfb`` one Xvfb server is started for the whole benchmark
(the app then uses the real xcb plugin); the default is the offscreen platform.
Results are printed and written to ``benchmarks/out/frozen_start.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
TARGET_RATIO = 1.1


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    if shutil.which("Xvfb") is None:
        raise SystemExit("bench_frozen_start: Xvfb is not installed")
    for number in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            server = subprocess.Popen(
                ["Xvfb", f":{number}", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + 10
            while not Path(f"/tmp/.X11-unix/X{number}").exists():
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("bench_frozen_start: Xvfb did not start")
                time.sleep(0.05)
            return server, f":{number}"
    raise SystemExit("bench_frozen_start: no free X display number")


def _load() -> str:
    try:
        return " ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def first_paint(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds from just before spawning ``command`` to its first paint, CPU seconds it used).

    The CPU time (user + system, the whole process until it exits) is less
    sensitive than wall time to other processes competing for the machine.
    """
    launched = time.time()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    try:
        stdout, stderr = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        raise SystemExit(f"bench_frozen_start: {command[0]} did not paint within 120 s") from None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - first_paint.cpu_so_far
    first_paint.cpu_so_far = usage.ru_utime + usage.ru_stime
    lines = [line for line in stdout.splitlines() if line.startswith("first-paint ")]
    if process.returncode != 0 or not lines:
        raise SystemExit(f"bench_frozen_start: {command[0]} failed: {stderr.strip()[-300:]}")
    return float(lines[0].split()[1]) - launched, cpu


first_paint.cpu_so_far = 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per variant (default 7, at least 5)")
    parser.add_argument("--platform", choices=("offscreen", "xvfb"), default="offscreen")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "specdec-desktop" / "specdec-desktop")
    parser.add_argument(
        "--onefile", type=Path, help="also time a one-file build (e.g. dist/onefile/specdec-desktop)"
    )
    args = parser.parse_args(argv)
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    if not args.bundle.is_file():
        parser.error(f"no frozen app at {args.bundle}: build it with `pyinstaller build.spec`")

    variants = {"source": [sys.executable, "-m", "specdec_desktop"], "frozen": [str(args.bundle)]}
    if args.onefile is not None:
        if not args.onefile.is_file():
            parser.error(f"no one-file app at {args.onefile}")
        variants["one-file"] = [str(args.onefile)]

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["SPECDEC_EXIT_AFTER_FIRST_PAINT"] = "1"
    server = None
    if args.platform == "xvfb":
        server, env["DISPLAY"] = _start_xvfb()
    else:
        env["QT_QPA_PLATFORM"] = "offscreen"
    try:
        for command in variants.values():
            first_paint(command, env)  # warm-up: page cache, fontconfig cache, .pyc files
        times: dict[str, list[float]] = {name: [] for name in variants}
        cpu: dict[str, list[float]] = {name: [] for name in variants}
        for _ in range(args.runs):
            for name, command in variants.items():
                wall, used = first_paint(command, env)
                times[name].append(wall)
                cpu[name].append(used)
    finally:
        if server is not None:
            server.terminate()
            server.wait()

    medians = {name: statistics.median(values) for name, values in times.items()}
    cpu_medians = {name: statistics.median(values) for name, values in cpu.items()}
    ratio = medians["frozen"] / medians["source"]
    cpu_ratio = cpu_medians["frozen"] / cpu_medians["source"]
    print(f"start-up to first paint ({args.platform}, {args.runs} runs each, interleaved; load {_load()})")
    for name, values in times.items():
        print(
            f"  {name:9s} median {medians[name] * 1000:6.0f} ms"
            f"  (min {min(values) * 1000:5.0f}, max {max(values) * 1000:5.0f})"
            f"   CPU median {cpu_medians[name] * 1000:6.0f} ms"
        )
    print(f"  frozen / source: wall {ratio:.2f}, CPU {cpu_ratio:.2f} (target <= {TARGET_RATIO})")
    if "one-file" in medians:
        print(f"  one-file / frozen: wall {medians['one-file'] / medians['frozen']:.2f}")

    OUT.mkdir(parents=True, exist_ok=True)
    report = {
        "platform": args.platform,
        "runs": args.runs,
        "times_s": times,
        "median_s": medians,
        "ratio_frozen_over_source": ratio,
        "cpu_s": cpu,
        "cpu_median_s": cpu_medians,
        "cpu_ratio_frozen_over_source": cpu_ratio,
        "load_average": _load(),
        "target_ratio": TARGET_RATIO,
    }
    (OUT / "frozen_start.json").write_text(json.dumps(report, indent=2) + "\n")
    _emit(times, cpu, args.runs, args.platform)
    return 0


def _emit(times: dict[str, list[float]], cpu: dict[str, list[float]], runs: int, platform: str) -> None:
    """The result line benchmarks/run collects (benchmarks/_common.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import emit, row

    rows = []
    for metric, samples in (("start -> first paint, wall", times), ("start -> first paint, CPU", cpu)):
        for name, values in samples.items():
            rows.append(
                row(
                    metric,
                    name,
                    values,
                    unit="s",
                    reference=name == "source",
                    targets={"ratio": TARGET_RATIO} if name == "frozen" else None,
                )
            )
    notes = [
        f"{runs} runs per variant, interleaved after one warm-up each, {platform} platform; the app "
        "reports its first paint itself (SPECDEC_EXIT_AFTER_FIRST_PAINT=1). Target: frozen / source "
        f"<= {TARGET_RATIO}. CPU = user + system time of the whole process."
    ]
    emit("frozen_start", rows, notes=notes)


if __name__ == "__main__":
    sys.exit(main())
