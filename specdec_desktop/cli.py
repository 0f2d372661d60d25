"""The command line, the top of the house: parse ``argv`` once, then dispatch.

Nothing imports this module (but ``__main__``).  :func:`main` turns ``argv``
into :class:`~specdec_desktop.launch.LaunchOptions` (or a ``calc`` request)
with :func:`specdec_desktop.launch.arguments.parse_command_line`, then hands
them to the one part that acts on them: ``calc`` here, the fuzzer, the
self-test, or :func:`specdec_desktop.app.run`.

Importing this module loads neither Qt nor numpy, so ``--help`` and
``--version`` answer at once.  Every bad argument ends in one line on
stderr naming it and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from . import startup_gc, text
from .launch import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CalcRequest, LaunchOptions, UsageError
from .launch.arguments import PROG, parse_command_line, requested_language
from .launch.fit_command import FitRequest, run_fit
from .launch.presets_command import PresetsRequest, run_presets
from .launch.sample_command import SampleRequest, run_sample
from .launch.text_command import TextRequest, run_text_command
from .text import N_, _
from .text.columns import padded, widest

__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "UsageError", "main"]


def _calc(request: CalcRequest) -> int:
    from .model import SPECS, Assumptions, Parameters, readouts
    from .model.parameters import DRAFT_LENGTH
    from .wording.cards import card_texts

    if request.shape is not None:
        from .launch.tree_command import run_tree_calc

        return run_tree_calc(request.shape, request.parameters, request.assumptions, request)
    try:
        assumptions = Assumptions(**request.assumptions)
    except ValueError as error:  # a request made in code, not parsed from argv
        raise UsageError(text.error_text(error)) from None
    figures = readouts(Parameters(**request.parameters), assumptions)
    simulated = None
    if request.simulate is not None:
        from .model.simulation import simulated_speedup

        params = figures.params
        simulated = simulated_speedup(
            params.p, params.c, params.k, request.simulate, request.seed, assumptions
        )
    if request.json:
        payload = {
            key: figures.as_dict()[key]
            for key in ("tokens_per_cycle", "cost_per_cycle", "speedup", "best_k", "best_speedup")
        }
        if request.assumptions:
            payload["assumptions"] = assumptions.as_dict()
            payload["peak"] = figures.peak_status
        if simulated is not None:
            payload["simulated_speedup"] = float(simulated.speedup[0])
            payload["simulated_speedup_se"] = float(simulated.se[0])
            payload["simulated_cycles"] = simulated.n_cycles
            payload["seed"] = request.seed
        print(json.dumps(payload))
        return EXIT_OK
    texts = card_texts(figures)
    params = figures.params
    print(
        ", ".join(f"{spec.name} = {text.localize(spec.format(getattr(params, spec.name)))}" for spec in SPECS)
    )
    rows = []
    if not assumptions.is_default:
        rows.append((_(_CALC_HEADS[0]), assumptions.describe()))
    rows.append((_(_CALC_HEADS[1]), text.localize(f"{figures.tokens_per_cycle:.6f}")))
    rows.append((_(_CALC_HEADS[2]), _("{cost:.6f}  (target passes)").format(cost=figures.cost_per_cycle)))
    rows.append((_(_CALC_HEADS[3]), text.localize(f"{figures.speedup:.6f}×")))
    if simulated is not None:
        low, high = simulated.interval()
        rows.append(
            (
                _(_CALC_HEADS[4]),
                _(
                    "{speedup:.6f}× ± {se:.6f} (standard error; 95 % {low:.4f} to {high:.4f}, "
                    "{cycles} cycles)"
                ).format(
                    speedup=simulated.speedup[0],
                    se=simulated.se[0],
                    low=low[0],
                    high=high[0],
                    cycles=simulated.n_cycles,
                ),
            )
        )
    if figures.best_k is None and figures.peak_status == "beyond":
        best = _("none: no peak up to k = {most}").format(most=4096)
    elif figures.best_k is None:
        detail = texts["bestCard"].detail
        best = _("none: {why}").format(why=detail.lower() if text.current().code == text.ENGLISH else detail)
    elif figures.best_k == 0:
        best = _("0: do not speculate (speedup {one:.6f}×)").format(one=1.0)
    else:
        reach = int(DRAFT_LENGTH.maximum)
        beyond = _("; beyond --k's {reach}").format(reach=reach) if figures.best_k > reach else ""
        best = _("{k}  (speedup {speedup:.6f}×{beyond})").format(
            k=text.localize(f"{figures.best_k:,}"), speedup=figures.best_speedup, beyond=beyond
        )
    rows.append((_(_CALC_HEADS[5]), best))
    if figures.original is not None:
        original = figures.original
        shown = (
            _("none")
            if original.best_k is None
            else text.localize(f"{original.best_k} ({original.best_speedup:.6f}×)")
        )
        rows.append(
            (
                _(_CALC_HEADS[6]),
                _("speedup {speedup:.6f}×, best draft length {best}").format(
                    speedup=original.speedup, best=shown
                ),
            )
        )
    width = widest(_(head) for head in _CALC_HEADS) + 1
    for head, value in rows:
        print(f"{padded(head, width)}{value}")
    return EXIT_OK


#: The row heads of ``calc``'s printed figures (its ``--json`` keys stay English).
_CALC_HEADS = (
    N_("assumptions"),
    N_("tokens per cycle"),
    N_("cost per cycle"),
    N_("speedup"),
    N_("simulated"),
    N_("best draft length"),
    N_("original model"),
)


def _export_map(options: LaunchOptions) -> int:
    from .atomic_write import reason
    from .export.map_csv import write_map_csv
    from .plain_text import printable

    assert options.export_map is not None
    try:
        write_map_csv(options.export_map, **options.assumptions)
    except OSError as error:
        # A file that cannot be written is a bad argument: one line, exit 2 (README).
        shown = printable(str(options.export_map))
        problem = _("could not write {shown}: {reason}").format(shown=shown, reason=text.said(reason(error)))
        print(text.error_line(PROG, problem), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def _dispatch(options: LaunchOptions) -> int:
    """Run the command that needs Qt (the map's CSV does not); one line and exit 1 when Qt cannot load."""
    if options.export_map is not None:
        startup_gc.resume()
        return _export_map(options)
    try:
        if options.fuzz is not None or options.self_test:
            startup_gc.resume()  # only the window keeps the collector off until its chart is live
        if options.fuzz is not None:
            from .robustness.fuzz_run import run_fuzz as command
        elif options.self_test:
            from .selftest import run_self_test as command
        else:
            from .app import run as command
    except ImportError as error:
        from .qt_platform import EXIT_NO_PLATFORM, import_failure

        line = import_failure(error)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return EXIT_NO_PLATFORM
    return command(options)


def _set_language(code: str | None) -> None:
    """``--lang CODE``: the messages and the window in that language; a bad code or catalogue is
    one line on stderr and English, nothing else changes (no exit status of its own)."""
    if code is None:
        return
    warning = text.activate(code)
    if warning is not None:
        print(f"{PROG}: {warning}", file=sys.stderr)


#: What a shell reports for a command ended by SIGPIPE (128 + 13).
EXIT_BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``specdec-desktop`` and ``python -m specdec_desktop``."""
    if argv is None:
        argv = sys.argv[1:]
    # The cyclic garbage collector is off while the window starts (startup_gc.py): the window
    # turns it back on once its chart is live, every other command as soon as it is known.
    startup_gc.pause()
    try:
        _set_language(requested_language(argv))
        parsed = parse_command_line(argv)
        if isinstance(parsed, CalcRequest | FitRequest | PresetsRequest | SampleRequest | TextRequest):
            startup_gc.resume()
            if parsed.json:
                text.activate(text.ENGLISH)  # printed data is English with dots; text is for people
        if isinstance(parsed, CalcRequest):
            return _calc(parsed)
        if isinstance(parsed, FitRequest):
            return run_fit(parsed, PROG)
        if isinstance(parsed, PresetsRequest):
            return run_presets(parsed)
        if isinstance(parsed, SampleRequest):
            return run_sample(parsed)
        if isinstance(parsed, TextRequest):
            return run_text_command(parsed)
        return _dispatch(parsed)
    except UsageError as error:
        print(text.error_line(PROG, str(error)), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader left (``specdec-desktop fit big.log | head``): end quietly, as a tool killed
        # by SIGPIPE does, and keep Python from reporting the failed flush at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return EXIT_BROKEN_PIPE
    finally:
        startup_gc.resume()
