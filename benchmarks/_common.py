"""Shared helpers for the benchmark scripts: statistics, the result line, child processes.

Every ``benchmarks/bench_*.py`` script measures something about the app and the
same thing about one or more references *in the same run* (the machine is
shared and noisy, so only medians and ratios measured side by side mean
anything), then calls :func:`emit`, which prints a human table and one
machine-readable line::

    BENCH-RESULT {"benchmark": "update_latency", "rows": [...], "notes": [...], ...}

``benchmarks/run`` collects those lines from every script and writes
docs/performance.md.  The API is described in benchmarks/README.md.

Only the standard library is used here, so a benchmark of start-up time can
import this module without paying for numpy or Qt.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "PYTHON",
    "REPO_ROOT",
    "RESULT_PREFIX",
    "ChildResult",
    "arguments",
    "check_targets",
    "child_env",
    "emit",
    "format_table",
    "machine_info",
    "parse_results",
    "percentile",
    "ratio_rows",
    "row",
    "run_child",
    "summarize",
    "time_calls",
]

#: The repository root (the folder holding ``specdec_desktop/`` and ``benchmarks/``).
REPO_ROOT = Path(__file__).resolve().parent.parent
#: The interpreter running the benchmark; child processes use the same one.
PYTHON = sys.executable
#: Prefix of the one JSON line a benchmark prints (see :func:`emit`).
RESULT_PREFIX = "BENCH-RESULT "

# -- statistics ---------------------------------------------------------------------------


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation between ranks (numpy's default).

    Raises
    ------
    ValueError
        If ``samples`` is empty or ``q`` is outside [0, 100].
    """
    if not samples:
        raise ValueError("percentile of no samples")
    if not 0.0 <= q <= 100.0:
        raise ValueError(f"q must be within [0, 100], got {q}")
    ordered = sorted(samples)
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(samples: Sequence[float]) -> dict[str, float]:
    """``n``, ``median``, ``p99``, ``min``, ``max`` and ``mean`` of ``samples``."""
    return {
        "n": len(samples),
        "median": percentile(samples, 50),
        "p99": percentile(samples, 99),
        "min": min(samples),
        "max": max(samples),
        "mean": sum(samples) / len(samples),
    }


def time_calls(function: Callable[[], object], repeats: int, warmup: int = 3) -> list[float]:
    """Wall time in seconds of ``repeats`` calls of ``function`` (after ``warmup`` untimed calls)."""
    for _ in range(warmup):
        function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


# -- results ------------------------------------------------------------------------------


def row(
    metric: str,
    subject: str,
    samples: Sequence[float],
    *,
    unit: str,
    reference: bool = False,
    targets: Mapping[str, float] | None = None,
    note: str = "",
) -> dict[str, Any]:
    """One line of a result table: the statistics of ``samples`` for ``subject`` on ``metric``.

    Parameters
    ----------
    metric : str
        What is measured, e.g. ``"update latency"``.  Rows with the same
        metric are compared: every app row against every reference row.
    subject : str
        Who is measured, e.g. ``"SpecDec Desktop"`` or ``"naive pyqtgraph"``.
    samples : sequence of float
        The measurements, already in ``unit``.
    unit : str
        ``"ms"``, ``"s"``, ``"MiB"``, ``"fps"``...
    reference : bool
        True for a reference (a baseline to compare against), False for the app.
    targets : mapping, optional
        Upper bounds the app must meet, by statistic: ``{"median": 3, "p99": 8}``.
        For a higher-is-better metric use a key prefixed ``min_``:
        ``{"min_median": 60}`` means the median must be at least 60.  The key
        ``"ratio"`` (or ``"min_ratio"``) bounds this row's median divided by the
        median of the first reference row with the same metric (checked by
        :func:`emit`, which sees all rows).
    note : str
        One short remark shown with the row.
    """
    if not samples:
        raise ValueError(f"{metric} / {subject}: no samples")
    result: dict[str, Any] = {
        "metric": metric,
        "subject": subject,
        "role": "reference" if reference else "app",
        "unit": unit,
        **summarize(samples),
        "samples": [round(s, 6) for s in samples],
    }
    if targets:
        result["targets"] = {key: {"bound": bound, "met": None} for key, bound in targets.items()}
    if note:
        result["note"] = note
    return result


def check_targets(rows: Sequence[dict[str, Any]]) -> None:
    """Fill in ``met`` for every target of ``rows`` (statistics and ratios to references)."""
    for result in rows:
        for key, check in (result.get("targets") or {}).items():
            stat = key[4:] if key.startswith("min_") else key
            if stat == "ratio":
                reference = next(
                    (r for r in rows if r["role"] == "reference" and r["metric"] == result["metric"]), None
                )
                if reference is None or reference["median"] == 0:
                    raise ValueError(f"{result['metric']}: a ratio target needs a reference row")
                value = result["median"] / reference["median"]
                check["value"] = value
            else:
                value = result[stat]
            check["met"] = value >= check["bound"] if key.startswith("min_") else value <= check["bound"]


def ratio_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """App median / reference median for every (app, reference) pair that share a metric."""
    rows = list(rows)
    ratios = []
    for app in rows:
        if app["role"] != "app":
            continue
        for ref in rows:
            if ref["role"] == "reference" and ref["metric"] == app["metric"] and ref["median"] > 0:
                ratios.append(
                    {
                        "metric": app["metric"],
                        "app": app["subject"],
                        "reference": ref["subject"],
                        "ratio": app["median"] / ref["median"],
                    }
                )
    return ratios


def _number(value: float, unit: str) -> str:
    if unit == "ms":
        return f"{value:.2f}"
    if unit in ("s", "x"):  # seconds, and ratios (x)
        return f"{value:.3f}"
    return f"{value:.1f}" if abs(value) < 1000 else f"{value:.0f}"


def _targets_text(result_row: Mapping[str, Any]) -> str:
    checks = result_row.get("targets")
    if not checks:
        return ""
    parts = []
    for key, check in checks.items():
        stat, sign = (key[4:], "≥") if key.startswith("min_") else (key, "≤")
        verdict = "met" if check["met"] else "MISSED"
        if stat == "ratio":
            parts.append(f"ratio to reference {sign} {check['bound']:g} ({check['value']:.2f}): {verdict}")
        else:
            parts.append(f"{stat} {sign} {check['bound']:g}: {verdict}")
    return "; ".join(parts)


def format_table(result: Mapping[str, Any]) -> str:
    """A plain-text table of one benchmark's result (what :func:`emit` prints for people)."""
    header = ("metric", "subject", "n", "median", "p99", "min–max", "unit", "target")
    lines = [header]
    for r in result["rows"]:
        unit = r["unit"]
        lines.append(
            (
                r["metric"],
                r["subject"] + (" (ref)" if r["role"] == "reference" else ""),
                str(r["n"]),
                _number(r["median"], unit),
                _number(r["p99"], unit),
                f"{_number(r['min'], unit)}–{_number(r['max'], unit)}",
                unit,
                _targets_text(r),
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = [f"== {result['benchmark']} =="]
    for i, line in enumerate(lines):
        text.append("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(line)).rstrip())
        if i == 0:
            text.append("  ".join("-" * w for w in widths))
    ratios = result.get("ratios") or []
    if ratios:
        text.append("")
        for r in ratios:
            text.append(f"{r['metric']}: {r['app']} / {r['reference']} = {r['ratio']:.2f}× (medians)")
    for note in result.get("notes", []):
        text.append(f"note: {note}")
    return "\n".join(text)


def emit(
    benchmark: str,
    rows: Sequence[Mapping[str, Any]],
    *,
    notes: Sequence[str] = (),
    command: str | None = None,
) -> dict[str, Any]:
    """Print the human table and the ``BENCH-RESULT`` JSON line; return the result.

    Parameters
    ----------
    benchmark : str
        Short name, e.g. ``"update_latency"`` (one per script).
    rows : sequence of dict
        Made with :func:`row`.
    notes : sequence of str
        How it was measured, in a sentence or two each (they go into docs/performance.md).
    command : str, optional
        The command that produced it (default: this process's command line).
    """
    rows = [dict(r) for r in rows]
    check_targets(rows)
    result = {
        "benchmark": benchmark,
        "command": command or " ".join([Path(PYTHON).name, *sys.argv]),
        "rows": list(rows),
        "ratios": ratio_rows(rows),
        "notes": list(notes),
        "all_targets_met": all(check["met"] for r in rows for check in (r.get("targets") or {}).values()),
    }
    print(format_table(result), flush=True)
    print(RESULT_PREFIX + json.dumps(result), flush=True)
    return result


def parse_results(text: str) -> list[dict[str, Any]]:
    """Every result a benchmark printed (the ``BENCH-RESULT`` lines of its output)."""
    found = [line[len(RESULT_PREFIX) :] for line in text.splitlines() if line.startswith(RESULT_PREFIX)]
    return [json.loads(line) for line in found]


# -- command line and child processes ------------------------------------------------------


def arguments(description: str, default_repeats: int) -> argparse.ArgumentParser:
    """The options every benchmark takes: ``--repeats N`` and ``--quick`` (a smoke run)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--repeats", type=int, default=default_repeats, help=f"default {default_repeats}")
    parser.add_argument("--quick", action="store_true", help="few repeats: checks the script runs")
    return parser


def child_env(extra: Mapping[str, str] | None = None, *, offscreen: bool = True) -> dict[str, str]:
    """Environment for a child process: this checkout first on ``PYTHONPATH``, Qt offscreen."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    if offscreen:
        env["QT_QPA_PLATFORM"] = "offscreen"
    # A start from source reads the .pyc cache (written on the first run, like any user's second
    # start); PYTHONDONTWRITEBYTECODE would make every run compile the whole app again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if extra:
        env.update(extra)
    return env


@dataclass(frozen=True)
class ChildResult:
    """What :func:`run_child` observed."""

    returncode: int
    stdout: str
    stderr: str
    #: Wall time from just before the process was started until it exited, in seconds.
    wall_s: float
    #: Peak resident memory of the process over its whole life, in MiB (None where unknown).
    peak_rss_mib: float | None

    def values(self) -> dict[str, float]:
        """``name value`` lines of stdout as a dict (later lines win; other lines are skipped)."""
        found = {}
        for line in self.stdout.splitlines():
            parts = line.split()
            if len(parts) == 2:
                try:
                    found[parts[0]] = float(parts[1])
                except ValueError:
                    continue
        return found


def run_child(
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    timeout: float = 120.0,
    cwd: Path = REPO_ROOT,
    t0_variable: str | None = None,
) -> ChildResult:
    """Run ``argv`` to completion; return its output, wall time and peak RSS.

    Parameters
    ----------
    t0_variable : str, optional
        If given, the child's environment gets this variable set to the
        parent's ``time.monotonic()`` taken just before the start, so the
        child can report times since its own start on the same clock.

    Raises
    ------
    subprocess.TimeoutExpired
        If the child runs longer than ``timeout`` (it is killed first).
    """
    env = dict(env if env is not None else child_env())
    start = time.monotonic()
    if t0_variable:
        env[t0_variable] = repr(start)
    process = subprocess.Popen(
        list(argv), cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    if not hasattr(os, "wait4"):  # Windows: no rusage of a child
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise
        return ChildResult(process.returncode, stdout, stderr, time.monotonic() - start, None)

    # Read both pipes in threads and reap the child with wait4(), which also
    # returns its own resource usage (ru_maxrss = its peak resident memory).
    output: dict[str, str] = {}

    def read(name: str, stream: Any) -> None:
        output[name] = stream.read()

    readers = [
        threading.Thread(target=read, args=(name, stream), daemon=True)
        for name, stream in (("stdout", process.stdout), ("stderr", process.stderr))
    ]
    for reader in readers:
        reader.start()
    killer = threading.Timer(timeout, process.kill)
    killer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        killer.cancel()
    wall = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)  # reaped here; Popen must not wait again
    for reader in readers:
        reader.join()
    if wall >= timeout:
        raise subprocess.TimeoutExpired(list(argv), timeout, output.get("stdout"), output.get("stderr"))
    peak = usage.ru_maxrss / (1024 * 1024) if sys.platform == "darwin" else usage.ru_maxrss / 1024
    return ChildResult(process.returncode, output.get("stdout", ""), output.get("stderr", ""), wall, peak)


def machine_info() -> dict[str, str]:
    """What the numbers were measured on: CPU, cores, memory, OS, Python and library versions."""
    info = {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "os": platform.platform(),
        "python": platform.python_version(),
        "cpus": str(os.cpu_count()),
    }
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo", encoding="utf-8") as meminfo:
            total_kib = int(meminfo.readline().split()[1])
            info["memory"] = f"{total_kib / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    from importlib import metadata

    for name in ("PySide6-Essentials", "shiboken6", "pyqtgraph", "numpy", "matplotlib"):
        try:
            info[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return info
