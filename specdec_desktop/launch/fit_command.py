"""``specdec-desktop fit FILE... [--k K] [--c C] [assumption flags] [--report PATH.html] [--json]``.

``--compare`` fits each file on its own and prints them side by side (measured/compare_runs.py).

Reads engine metrics, prints the fit and, with a draft cost, the decision: best k from the one
figures path (:func:`specdec_desktop.measured.decision.measured_figures`, under calc's
assumption flags), its interval, how far the data reach and the engine flags; ``--report``
also writes the HTML report (atomically).  The parser half (:func:`add_fit_parser`,
:func:`fit_request`) loads neither Qt nor numpy; :func:`run_fit` imports
:mod:`specdec_desktop.measured` when it runs.  A file that cannot be used, or a bad value,
ends in one line on stderr naming it and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..text import _, error_line, error_text, said
from .options import EXIT_OK, EXIT_USAGE

__all__ = ["FitRequest", "add_fit_parser", "fit_request", "reproduce_command", "run_fit"]

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
    assumptions: dict = field(default_factory=dict)
    report: Path | None = None
    #: Fit each file on its own and print them side by side (before and after a change).
    compare: bool = False


def _k(text: str) -> int:
    if not (text.isascii() and text.strip().isdecimal()) or not 1 <= int(text) <= MAX_K:
        raise argparse.ArgumentTypeError(
            _("k must be a whole number from 1 to {most}, got {text!r}").format(most=MAX_K, text=text)
        )
    return int(text)


def _cost(text: str) -> float:
    from ..model.parameters import SPECS  # numpy-free module

    spec = next(s for s in SPECS if s.name == "c")
    try:
        return float(spec.validate(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(error_text(error)) from None


def _milliseconds(text: str) -> float:
    try:
        value = float(text) if text.isascii() and "_" not in text else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 <= value <= 1e7):
        raise argparse.ArgumentTypeError(
            _("a time must be a number of milliseconds from 0, got {text!r}").format(text=text)
        )
    return value


def add_fit_parser(commands) -> argparse.ArgumentParser:
    """Add the ``fit`` command to the subparsers ``commands``."""
    fit = commands.add_parser(
        "fit",
        help=_(
            "read a serving engine's speculative-decoding metrics (format from the content), fit them, "
            "recommend k"
        ),
    )
    fit.add_argument(
        "files", nargs="+", type=Path, metavar="FILE", help=_("metrics files (logs, scrapes, CSV, JSON)")
    )
    # SUPPRESS: "--k 4 fit FILE" (k before the command) is kept, not overwritten by a default.
    fit.add_argument(
        "--k",
        type=_k,
        metavar="K",
        default=argparse.SUPPRESS,
        help=_("draft length, for files that do not state it"),
    )
    fit.add_argument(
        "--c",
        type=_cost,
        metavar="C",
        default=argparse.SUPPRESS,
        help=_("draft cost (target passes per draft step): recommend k"),
    )
    fit.add_argument("--draft-ms", type=_milliseconds, metavar="MS", help=_("draft time per token (sets c)"))
    fit.add_argument(
        "--target-ms", type=_milliseconds, metavar="MS", help=_("target time per pass at 1 token")
    )
    fit.add_argument(
        "--verify-ms",
        type=_milliseconds,
        metavar="MS",
        help=_("target time per pass at k+1 tokens (verify growth)"),
    )
    fit.add_argument(
        "--compare",
        action="store_true",
        help=_("fit each file on its own and show them side by side (e.g. before and after a draft change)"),
    )
    fit.add_argument("--json", action="store_true", help=_("print one JSON object"))
    fit.add_argument(
        "--report", type=_report_path, metavar="PATH.html", help=_("also write the HTML report to PATH.html")
    )
    return fit


def _report_path(text: str) -> Path:
    from ..file_names import unusable_name

    problem = unusable_name(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    path = Path(text)
    if path.suffix.lower() not in (".html", ".htm"):
        raise argparse.ArgumentTypeError(_("the report is an .html file, got {text!r}").format(text=text))
    if path.is_dir():
        raise argparse.ArgumentTypeError(_("{text!r} is a folder").format(text=text))
    return path


def fit_request(args: argparse.Namespace, assumptions: dict | None = None) -> FitRequest:
    """The typed request from parsed arguments; raises ``UsageError`` for combinations that clash."""
    from .options import UsageError

    timed = args.draft_ms is not None or args.target_ms is not None
    if timed and (args.draft_ms is None or args.target_ms is None):
        raise UsageError(_("argument --draft-ms: goes with --target-ms (both, or neither)"))
    if args.verify_ms is not None and not timed:
        raise UsageError(_("argument --verify-ms: goes with --draft-ms and --target-ms"))
    k, c = getattr(args, "k", None), getattr(args, "c", None)
    if timed and c is not None:
        raise UsageError(
            _("argument --c: give either --c or the timings (--draft-ms, --target-ms), not both")
        )
    if args.compare and len(args.files) < 2:
        raise UsageError(_("argument --compare: give two files or more to compare"))
    if args.compare and args.report is not None:
        raise UsageError(_("argument --compare: the report is of one measurement; write it for each file"))
    return FitRequest(
        files=tuple(args.files),
        k=k,
        c=c,
        draft_ms=args.draft_ms,
        target_ms=args.target_ms,
        verify_ms=args.verify_ms,
        json=args.json,
        assumptions=dict(assumptions or {}),
        report=args.report,
        compare=args.compare,
    )


def run_fit(request: FitRequest, prog: str = "specdec-desktop") -> int:
    """Read, fit, decide, print (and write the report); ``EXIT_USAGE`` with one stderr line when bad."""
    from ..measured import MetricsProblem, Timings, combine, fit_measurement, read_metrics
    from ..measured.cost_summary import chosen_batch, cost_dicts, cost_lines, cost_model
    from ..measured.decision import measured_figures
    from ..measured.summary import summary_dict, summary_lines
    from ..model.assumptions import Assumptions

    try:
        tables = [path for path in request.files if _is_cost_table(path)]
        costs = _costs(tables)
        metric_files = [path for path in request.files if path not in tables]
        if not metric_files:
            assert costs is not None
            print(
                json.dumps({"cost_table": cost_dicts(costs)})
                if request.json
                else "\n".join(cost_lines(costs))
            )
            return EXIT_OK
        from ..measured.scan import distinct_files, with_notes

        distinct, same = distinct_files(metric_files)
        if request.compare:
            return _compare(request, distinct, prog)
        measurement = combine([read_metrics(path, k=request.k) for path in distinct])
        measurement = with_notes(measurement, same)
        fit = fit_measurement(measurement)
        assumptions = Assumptions(**request.assumptions)
        figures = None
        timings = None
        if request.draft_ms is not None and request.target_ms is not None:
            timings = Timings(request.draft_ms, request.target_ms, request.verify_ms, measurement.k)
        c = timings.cost if timings is not None else request.c
        # The costs measured at several k (of the --batch size, when the table has it) stand in
        # for a guessed c; p stays the metrics' own.
        chosen = chosen_batch(costs or (), assumptions.batch)
        fitted = cost_model(chosen) if chosen is not None and c is None and timings is None else None
        if fitted is not None:
            c = fitted.c
            assumptions = assumptions.with_values(
                overhead=fitted.assumptions.overhead, verify_growth=fitted.assumptions.verify_growth
            )
        if c is not None or request.report is not None:
            figures = measured_figures(fit, 0.15 if c is None else c, assumptions, timings)
    except (MetricsProblem, ValueError) as problem:
        print(error_line(prog, error_text(problem)), file=sys.stderr)
        return EXIT_USAGE
    if request.report is not None:
        written = _write_report(request, fit, figures, timings, prog, costs)
        if written != EXIT_OK:
            return written
    shown = figures if (c is not None) else None
    if request.json:
        result = summary_dict(fit, shown, timings)
        if costs:
            result["cost_table"] = cost_dicts(costs)
        print(json.dumps(result))
    else:
        print("\n".join(summary_lines(fit, shown, timings) + (cost_lines(costs) if costs else [])))
    return EXIT_OK


def _compare(request: FitRequest, paths: list[Path], prog: str) -> int:
    """Each file fitted on its own, under the same draft cost and assumptions, side by side."""
    from ..measured import MetricsProblem, Timings, fit_measurement, read_metrics
    from ..measured.compare_runs import compare_dict, compare_lines
    from ..measured.decision import measured_figures
    from ..model.assumptions import Assumptions

    runs = []
    for path in paths:
        try:
            fit = fit_measurement(read_metrics(path, k=request.k))
        except (MetricsProblem, ValueError) as problem:
            print(error_line(prog, error_text(problem)), file=sys.stderr)
            return EXIT_USAGE
        timings = None
        if request.draft_ms is not None and request.target_ms is not None:
            timings = Timings(request.draft_ms, request.target_ms, request.verify_ms, fit.measurement.k)
        c = timings.cost if timings is not None else request.c
        figures = None
        if c is not None:
            figures = measured_figures(fit, c, Assumptions(**request.assumptions), timings)
        runs.append((path.name, fit, figures))
    if request.json:
        print(json.dumps(compare_dict(runs)))
    else:
        print("\n".join(compare_lines(runs)))
    return EXIT_OK


def _is_cost_table(path: Path) -> bool:
    """Whether ``path`` opens with a per-k cost table's header (the window asks the same)."""
    from ..measured.cost_table import is_cost_table

    return is_cost_table(path)


def _costs(tables: list[Path]):
    from ..measured.cost_table import fit_costs, read_cost_table

    if not tables:
        return None
    return fit_costs([row for path in tables for row in read_cost_table(path)])


def reproduce_command(request: FitRequest) -> str:
    """The command line that gives the same fit and decision (for the report's context)."""
    import shlex

    from ..model.assumptions import ASSUMPTION_SPECS

    parts = ["specdec-desktop", "fit", *(shlex.quote(str(path)) for path in request.files)]
    for flag, value in (
        ("--k", request.k),
        ("--c", request.c),
        ("--draft-ms", request.draft_ms),
        ("--target-ms", request.target_ms),
        ("--verify-ms", request.verify_ms),
    ):
        if value is not None:
            parts += [flag, f"{value:g}"]
    for spec in ASSUMPTION_SPECS:
        if spec.name in request.assumptions:
            value = request.assumptions[spec.name]
            parts += [spec.flag, "off" if value is None else f"{value:g}"]
    if request.report is not None:
        parts += ["--report", shlex.quote(str(request.report))]
    return " ".join(parts)


def _write_report(request: FitRequest, fit, figures, timings, prog: str, costs=None) -> int:
    from ..atomic_write import reason, write_atomically
    from ..export.measured_report import report_html
    from ..plain_text import printable
    from ..text import current

    command = reproduce_command(request)
    html = report_html(
        fit,
        figures,
        origin=", ".join(str(p) for p in request.files),
        timings=timings,
        command=command,
        costs=costs,
        # In the language the command line speaks (--lang; English without it), as its printed
        # table does since that went through the text layer; the JSON alone stays English data.
        language=current().code,
    )
    try:
        write_atomically(request.report, html.encode("utf-8"))
    except OSError as error:
        why = f"{printable(str(request.report))}: {said(reason(error))}"
        print(error_line(prog, why), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
