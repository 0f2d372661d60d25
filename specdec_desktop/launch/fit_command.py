"""``specdec-desktop fit FILE... [--k K] [--c C] [--json]``: read engine metrics, print the fit.

The parser half (:func:`add_fit_parser`, :func:`fit_request`) loads neither Qt nor numpy;
:func:`run_fit` imports :mod:`specdec_desktop.measured` when it runs.  A file that cannot be
used, or a bad value, ends in one line on stderr naming it and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from .options import EXIT_OK, EXIT_USAGE

__all__ = ["FitRequest", "add_fit_parser", "fit_request", "run_fit"]

#: Largest draft length accepted on the command line.
MAX_K = 4096


@dataclass(frozen=True)
class FitRequest:
    """What ``fit`` was asked to do."""

    files: tuple[Path, ...]
    k: int | None = None
    c: float | None = None
    draft_ms: float | None = None
    target_ms: float | None = None
    verify_ms: float | None = None
    json: bool = False


def _k(text: str) -> int:
    if not (text.isascii() and text.strip().isdecimal()) or not 1 <= int(text) <= MAX_K:
        raise argparse.ArgumentTypeError(f"k must be a whole number from 1 to {MAX_K}, got {text!r}")
    return int(text)


def _cost(text: str) -> float:
    from ..model.parameters import SPECS  # numpy-free module

    spec = next(s for s in SPECS if s.name == "c")
    try:
        return float(spec.validate(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _milliseconds(text: str) -> float:
    try:
        value = float(text) if text.isascii() and "_" not in text else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 <= value <= 1e7):
        raise argparse.ArgumentTypeError(f"a time must be a number of milliseconds from 0, got {text!r}")
    return value


def add_fit_parser(commands) -> argparse.ArgumentParser:
    """Add the ``fit`` command to the subparsers ``commands``."""
    fit = commands.add_parser(
        "fit",
        help="read a serving engine's speculative-decoding metrics (format from the content), fit them, "
        "recommend k",
    )
    fit.add_argument(
        "files", nargs="+", type=Path, metavar="FILE", help="metrics files (logs, scrapes, CSV, JSON)"
    )
    # SUPPRESS: "--k 4 fit FILE" (k before the command) is kept, not overwritten by a default.
    fit.add_argument(
        "--k",
        type=_k,
        metavar="K",
        default=argparse.SUPPRESS,
        help="draft length, for files that do not state it",
    )
    fit.add_argument(
        "--c",
        type=_cost,
        metavar="C",
        default=argparse.SUPPRESS,
        help="draft cost (target passes per draft step): recommend k",
    )
    fit.add_argument("--draft-ms", type=_milliseconds, metavar="MS", help="draft time per token (sets c)")
    fit.add_argument("--target-ms", type=_milliseconds, metavar="MS", help="target time per pass at 1 token")
    fit.add_argument(
        "--verify-ms",
        type=_milliseconds,
        metavar="MS",
        help="target time per pass at k+1 tokens (verify growth)",
    )
    fit.add_argument("--json", action="store_true", help="print one JSON object")
    return fit


def fit_request(args: argparse.Namespace) -> FitRequest:
    """The typed request from parsed arguments; raises ``UsageError`` for combinations that clash."""
    from .options import UsageError

    timed = args.draft_ms is not None or args.target_ms is not None
    if timed and (args.draft_ms is None or args.target_ms is None):
        raise UsageError("argument --draft-ms: goes with --target-ms (both, or neither)")
    if args.verify_ms is not None and not timed:
        raise UsageError("argument --verify-ms: goes with --draft-ms and --target-ms")
    k, c = getattr(args, "k", None), getattr(args, "c", None)
    if timed and c is not None:
        raise UsageError("argument --c: give either --c or the timings (--draft-ms, --target-ms), not both")
    return FitRequest(
        files=tuple(args.files),
        k=k,
        c=c,
        draft_ms=args.draft_ms,
        target_ms=args.target_ms,
        verify_ms=args.verify_ms,
        json=args.json,
    )


def run_fit(request: FitRequest, prog: str = "specdec-desktop") -> int:
    """Read, fit, print; ``EXIT_USAGE`` with one stderr line when an input cannot be used."""
    from ..measured import (
        MetricsProblem,
        Timings,
        combine,
        fit_measurement,
        read_metrics,
        recommend,
        summary_dict,
        summary_lines,
    )

    try:
        measurement = combine([read_metrics(path, k=request.k) for path in request.files])
        fit = fit_measurement(measurement)
        recommendation = None
        if request.draft_ms is not None and request.target_ms is not None:
            timings = Timings(request.draft_ms, request.target_ms, request.verify_ms, measurement.k)
            recommendation = recommend(fit, timings.cost, timings=timings)
        elif request.c is not None:
            recommendation = recommend(fit, request.c)
    except MetricsProblem as problem:
        print(f"{prog}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if request.json:
        print(json.dumps(summary_dict(fit, recommendation)))
    else:
        print("\n".join(summary_lines(fit, recommendation)))
    return EXIT_OK
