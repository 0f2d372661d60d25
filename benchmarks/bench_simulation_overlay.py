"""Latency of the simulated-speedup overlay: parameter change → points redrawn (issue 11).

    python benchmarks/bench_simulation_overlay.py [--repeats 20]

With the overlay on, the script changes p (alternating values, so every change is real) and
measures the wall time until the chart has the new points: the rest period
(``state.simulation_check.REST_MS``) plus the simulation of 100,000 cycles on the worker
thread plus the redraw.  It also times the simulation alone (no Qt) for the same set-ups.
Target: median at most 150 ms once the parameters rest.  The GUI thread stays free while the
worker simulates: the script reports the longest gap between event-loop turns during the runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

SETUPS = [
    [],
    ["--spread", "2"],
    ["--decay", "0.9", "--spread", "0.7", "--verify-growth", "0.05", "--overhead", "0.1"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from specdec_desktop.app import create_main_window
    from specdec_desktop.model import Parameters
    from specdec_desktop.state.simulation_check import simulate_check

    for setup in SETUPS:
        window = create_main_window(["--no-settings", *setup])
        window.resize(1280, 800)
        window.show()
        check = window.app_state.simulation
        loop = QEventLoop()
        check.finished.connect(lambda *_, loop=loop: loop.quit())
        check.set_enabled(True)
        loop.exec()
        samples: list[float] = []
        gaps: list[float] = []
        last = [time.perf_counter()]

        def tick(gaps: list[float] = gaps, last: list[float] = last) -> None:
            now = time.perf_counter()
            gaps.append(now - last[0])
            last[0] = now

        timer = QTimer()
        timer.setInterval(5)
        timer.timeout.connect(tick)
        timer.start()
        for i in range(args.repeats):
            start = time.perf_counter()
            window.app_state.parameters.set(p=0.7 if i % 2 else 0.8)
            last[0] = time.perf_counter()  # count event-loop gaps while the worker runs only
            loop.exec()
            samples.append(time.perf_counter() - start)
        timer.stop()
        a = window.app_state.assumptions.assumptions
        alone = []
        for _ in range(5):
            start = time.perf_counter()
            simulate_check(Parameters(p=0.8), a)
            alone.append(time.perf_counter() - start)
        name = a.describe() or "original model"
        print(
            f"{name}: change → new points median {statistics.median(samples) * 1e3:.1f} ms "
            f"(max {max(samples) * 1e3:.1f}); simulation alone {statistics.median(alone) * 1e3:.1f} ms; "
            f"longest event-loop gap while simulating {max(gaps) * 1e3:.1f} ms"
        )
        window.close()
    app.quit()


if __name__ == "__main__":
    main()
