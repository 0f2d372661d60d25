"""``specdec-desktop --fuzz SECONDS [--seed N] [--actions N]``: the monkey on the real window, in the app.

Works from source and frozen, with or without a display (offscreen when there is none), and
never reads or writes saved settings.  Prints one summary line; exit status 0 when nothing
broke, 1 with the seed and the first failure otherwise.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

__all__ = ["run_fuzz"]


def run_fuzz(args: argparse.Namespace) -> int:
    from PySide6.QtCore import qInstallMessageHandler

    from ..app import _build, _quiet_qt_messages, _use_offscreen_if_headless, create_application
    from .fuzz_files import FuzzedFiles
    from .monkey import Monkey

    qInstallMessageHandler(_quiet_qt_messages)
    _use_offscreen_if_headless()
    create_application()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    window = _build(args)  # headless: no settings read or written
    window.resize(*args.size)
    window.show()
    QApplication.processEvents()
    with tempfile.TemporaryDirectory(prefix="specdec-fuzz-") as folder:
        monkey = Monkey(window, seed=seed)
        files = FuzzedFiles(Path(folder), monkey.rng)
        monkey.offer_file = files.make
        result = monkey.run(max_actions=args.actions, seconds=args.fuzz)
        print(result.summary() + f"; {files.written} fuzzed files offered")
    window.close()
    return 0 if result.ok else 1
