"""``specdec-desktop --fuzz SECONDS [--seed N] [--actions N]``: the monkey on the real window, in the app.

Works from source and frozen, with or without a display (offscreen when there is none), and
never reads or writes saved settings.  Prints one summary line; exit status 0 when nothing
broke, 1 with the seed and the first failure otherwise.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from ..atomic_write import clean_stale_folders
from ..launch import LaunchOptions
from ..text import _

__all__ = ["run_fuzz"]


def run_fuzz(options: LaunchOptions) -> int:
    """Fuzz a window built from ``options`` as ``options.fuzz`` says; return the exit status."""
    from ..app import build_window, close_for_good, start_application
    from .fuzz_files import FuzzedFiles
    from .monkey import Monkey

    fuzz = options.fuzz
    if fuzz is None:
        raise ValueError("run_fuzz needs options with fuzz set")
    start_application(headless=True)
    seed = fuzz.seed if fuzz.seed is not None else random.SystemRandom().randrange(2**31)
    window = build_window(options)  # not interactive: no settings read or written
    window.resize(*options.size)
    window.show()
    QApplication.processEvents()
    clean_stale_folders("specdec-fuzz-")  # left by a run that was killed
    with tempfile.TemporaryDirectory(prefix="specdec-fuzz-") as folder:
        monkey = Monkey(window, seed=seed)
        (Path(folder) / "fuzzed").mkdir()
        files = FuzzedFiles(Path(folder) / "fuzzed", monkey.rng, hostile_folder=Path(folder) / "hostile")
        monkey.offer_file = files.make
        monkey.offer_save = files.save_target
        monkey.after_action = files.after_action
        try:
            result = monkey.run(max_actions=fuzz.actions, seconds=fuzz.seconds)
        finally:
            files.after_action()  # never leave a file-size limit behind
        failed = files.failed_writes
        offered = _("; {offered} fuzzed files offered, {failed} writes made to fail")
        print(result.summary() + offered.format(offered=files.written, failed=failed))
    close_for_good(window)
    return 0 if result.ok else 1
