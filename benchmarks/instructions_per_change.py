"""Instructions executed per slider move, counted by valgrind: a machine-load-proof A/B measure.

    python benchmarks/instructions_per_change.py [--root PATH] [--cases k p c range] [--jobs 4]

Wall and CPU times on a shared 2-core machine move by a factor of two with the
neighbours' load; the number of instructions a change executes does not.  For
each case the app (from ``--root``, default this checkout) is started under
``valgrind --tool=cachegrind`` twice, making 2 and then 12 slider moves that
toggle between two values, each move followed by processing events until the
chart has repainted; the difference of the two totals divided by 10 is the
cost of one move, start-up cancelled out.  Cases:

* ``k``: draft length 6 <-> 7 (the curves stay; markers and cards change);
* ``p``: acceptance 0.75 <-> 0.76;  ``c``: draft cost 0.15 <-> 0.16;
* ``range``: draft length 6 <-> 30 (the x-range changes: axes redrawn).

Run it on two checkouts (``--root``) to compare versions.  Takes several
minutes (the app runs about 50 times slower under valgrind).  Not run by
benchmarks/run (its name does not start with ``bench_``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = textwrap.dedent(
    """
    import os, sys
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject
    from PySide6.QtWidgets import QApplication
    from specdec_desktop.app import create_application, create_main_window

    create_application()
    window = create_main_window([])
    window.resize(1600, 1000)
    window.show()
    for _ in range(50):
        QApplication.processEvents()

    class Paints(QObject):
        count = 0

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    paints = Paints()
    window.chart.viewport().installEventFilter(paints)
    dispatcher = QAbstractEventDispatcher.instance()
    flags = QEventLoop.ProcessEventsFlag.AllEvents
    name, a, b = {"range": ("k", 5, 29), "k": ("k", 5, 6), "p": ("p", 75, 76), "c": ("c", 15, 16)}[
        sys.argv[1]
    ]
    slider = window.controls[name].slider
    for i in range(int(sys.argv[2])):
        paints.count = 0
        slider.setValue(a if i % 2 else b)
        while dispatcher.processEvents(flags) or not paints.count:
            pass
    """
)


def count(root: Path, case: str, moves: int) -> int:
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0", QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            CHILD,
            case,
            str(moves),
        ],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed ({case}, {moves} moves):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--cases", nargs="+", default=["k", "p", "c", "range"])
    parser.add_argument("--jobs", type=int, default=4)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    jobs = [(case, moves) for case in args.cases for moves in (2, 12)]
    with ThreadPoolExecutor(args.jobs) as pool:
        totals = dict(zip(jobs, pool.map(lambda job: count(args.root, *job), jobs), strict=True))
    print(f"{args.root}: million instructions per slider move (valgrind, 12 - 2 moves, / 10)")
    for case in args.cases:
        print(f"  {case:6s} {(totals[(case, 12)] - totals[(case, 2)]) / 10 / 1e6:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
