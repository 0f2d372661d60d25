"""Cost of presenter actions against a plain parameter change, measured in the same run.

Reports medians and p99 (ms) of: a parameter change (reference), a tour scene change
(parameters + caption + tab), a zoom step and a theme switch in the tour scene the scene
changes end on (scene 3: the chart and the sliders), and a zoom step in the default view
outside the tour (the cards, the chart, the lower tabs and the left column all take the new
type), with the ratio of each median to the reference.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/bench_presenter.py [repeats | --quick]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from specdec_desktop.app import create_application, create_main_window

#: Each action's CPU time (this process's, all threads), beside its wall time: on a machine
#: other work also loads, wall time counts the waits for a core, CPU time does not.
CPU: dict[str, list[float]] = {}


def measure(action, repeats: int, app, name: str = "") -> list[float]:
    times, cpu = [], []
    for i in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        action(i)
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    CPU[name] = cpu
    return times


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repeats", nargs="?", type=int, default=60, help="times each action (default 60)")
    parser.add_argument("--quick", action="store_true", help="a few repeats: checks it runs (benchmarks/run)")
    options = parser.parse_args()
    if options.repeats < 1:
        parser.error("repeats must be at least 1")
    repeats = 5 if options.quick else options.repeats
    app = create_application()
    window = create_main_window([])
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    presenter = window.services
    scenes = len(presenter.tour.tour.scenes)
    presenter.tour.start(0)
    actions = {
        "parameter change (reference)": lambda i: window.state.set(k=2 + i % 20),
        "tour scene change": lambda i: presenter.tour.start(i % scenes),
        "zoom step, tour scene 3": lambda i: presenter.view.set_zoom((1.0, 1.1, 1.25)[i % 3]),
        "theme switch, tour scene 3": lambda i: presenter.view.set_theme_choice(
            ("light", "dark", "projector")[i % 3]
        ),
    }
    results = {name: measure(action, repeats, app, name) for name, action in actions.items()}
    presenter.tour.stop()  # the default view: every part of the window takes the new type
    presenter.view.set_theme_choice("light")
    app.processEvents()
    default_zoom = lambda i: presenter.view.set_zoom((1.0, 1.1, 1.25)[i % 3])  # noqa: E731
    results["zoom step, default view"] = measure(default_zoom, repeats, app, "zoom step, default view")
    reference = statistics.median(results["parameter change (reference)"])
    for name, times in results.items():
        times.sort()
        median = statistics.median(times)
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        cpu = statistics.median(CPU[name])
        print(
            f"{name:30s} median {median:7.2f} ms  p99 {p99:7.2f} ms  ratio {median / reference:5.1f}"
            f"  CPU median {cpu:7.2f} ms"
        )
    _emit(results, repeats)


def _emit(results: dict[str, list[float]], repeats: int) -> None:
    """The result line benchmarks/run collects (benchmarks/_common.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import emit, row

    rows = [
        row("presenter action", name, times, unit="ms", reference=name.endswith("(reference)"))
        for name, times in results.items()
    ]
    notes = [
        f"{repeats} repeats each, 1920x1080 window, offscreen; each action timed until one "
        "QApplication.processEvents() returns; ratios are action / parameter change."
    ]
    emit("presenter", rows, notes=notes)


if __name__ == "__main__":
    main()
