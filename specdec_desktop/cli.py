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
import sys
from collections.abc import Sequence

from .launch import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CalcRequest, LaunchOptions, UsageError
from .launch.arguments import PROG, parse_command_line

__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "UsageError", "main"]


def _calc(request: CalcRequest) -> int:
    from .model import Parameters, readouts
    from .views.card_text import card_texts

    figures = readouts(Parameters(**request.parameters))
    if request.json:
        payload = {
            key: figures.as_dict()[key]
            for key in ("tokens_per_cycle", "cost_per_cycle", "speedup", "best_k", "best_speedup")
        }
        print(json.dumps(payload))
        return EXIT_OK
    texts = card_texts(figures)
    params = figures.params
    print(f"k = {params.k}, p = {params.p:g}, c = {params.c:g}")
    print(f"tokens per cycle  {figures.tokens_per_cycle:.6f}")
    print(f"cost per cycle    {figures.cost_per_cycle:.6f}  (target passes)")
    print(f"speedup           {figures.speedup:.6f}×")
    if figures.best_k is None:
        print(f"best draft length none: {texts['bestCard'].detail.lower()}")
    elif figures.best_k == 0:
        print("best draft length 0: do not speculate (speedup 1.000000×)")
    else:
        print(f"best draft length {figures.best_k}  (speedup {figures.best_speedup:.6f}×)")
    return EXIT_OK


def _dispatch(options: LaunchOptions) -> int:
    """Run the command that needs Qt; one line and exit 1 when Qt cannot load at all."""
    try:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``specdec-desktop`` and ``python -m specdec_desktop``."""
    if argv is None:
        argv = sys.argv[1:]
    try:
        parsed = parse_command_line(argv)
        if isinstance(parsed, CalcRequest):
            return _calc(parsed)
        return _dispatch(parsed)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
