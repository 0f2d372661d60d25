"""Update latency: a parameter change until the cards and the chart are repainted.

The app's window (1600x1000, offscreen, built by ``create_main_window`` after
``create_application``) gets >= 200 slider moves cycling through k, p and c
(seeded random positions over the whole range, every move a real change).

How a change is timed, and why it includes the paint: the clock starts at
``slider.setValue(...)``.  The script then runs the event dispatcher
(``QAbstractEventDispatcher.processEvents``) until an iteration finds nothing
left to do *and* the chart's viewport and at least one card have received a
paint event.  That is Qt's own repaint path -- state -> cards and chart ->
``update()`` -> the scene's queued change notice -> UpdateRequest -> paint
of every dirty widget -> flush to the window's backing store -- with nothing
forced (no ``repaint()`` of the whole window) and nothing skipped: a second
paint the change causes (a layout settling, pyqtgraph applying a new range)
is inside the time, because the queue is not empty until it is done.  A
single ``processEvents()`` would stop before pyqtgraph's paint, which is
queued behind the scene's change notice.  The time until ``setValue``
returns (computation and item updates, no paint) is reported as well.

The same parameter sequence drives three references, each a 1600x1000 window
whose plot fills it, computing the same figures with the model per change:

* naive pyqtgraph: ``clear()`` then ``plot(x, y, symbol='o')`` for the three
  curves on every change, auto-range on (pyqtgraph's default);
* matplotlib: a ``FigureCanvasQTAgg`` with the three curves and markers,
  ``set_data`` + ``relim``/``autoscale_view`` + ``draw()`` per change;
* naive pyqtgraph, no symbols, auto-range off: the same ``plot()`` calls
  without symbols, ranges set explicitly;
* the floor: three ``PlotCurveItem``s made once and moved with ``setData``,
  no symbols, ranges set explicitly -- the least pyqtgraph itself does for a
  change at this size.

The app's token run restarts only once the parameters have rested (SETTLE_MS
in specdec_desktop/state/run_state.py), so back-to-back changes, like the
positions of a dragged slider, do not include it; a separate row times that
restart until the run is repainted.

Every subject runs in its own processes (the app with its own QApplication
set-up, the references with a plain one): three rounds in which the subjects
take turns, the order rotating, their samples pooled -- so a neighbour's load
on this shared machine falls on every subject alike.

Target (issue 2): app median <= 3 ms, p99 <= 8 ms.

Target (issues 10 and 11): the app, with the original model and with six assumptions set, at
most 1.1x the floor's median.  Issues 22 and 23 add a subject with a metrics file imported
(tests/data/metrics/vllm_specdecoding.log): every change then also
shows the Measured tab's decision, which must not run a search of its own on the hot path.
Issue 25 adds a subject with a draft tree chosen (Sequoia's preset shape: the best tree of at most
64 guesses and 12 levels, set through the shape state as the Trees tab sets it, with that tab
open, so the cards, the chart's tree curve and the tree diagram all follow every change).
``--against-floor`` runs only the app's subjects and the floor (quicker) and checks it;
``--rounds N`` sets how many turns they take (more turns, steadier ratios).

Usage: ``python benchmarks/bench_update_latency.py [--repeats N] [--rounds N] [--against-floor] [--quick]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import PYTHON, arguments, child_env, emit, row, run_child
from PySide6 import QtCore
from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from specdec_desktop.model import SPECS, Parameters, readouts, speedup_curves

SIZE = (1600, 1000)
WARMUP = 20
SEED = 20240917
APP = "SpecDec Desktop"
#: The app with every assumption of issue 11 away from the original model (the reference curve
#: drawn, the best k searched under the active model).
APP_ASSUMED = "SpecDec Desktop, six assumptions set"
ASSUMED_ARGV = [
    "--decay",
    "0.95",
    "--spread",
    "2",
    "--verify-growth",
    "0.05",
    "--batch",
    "8",
    "--knee",
    "64",
    "--overhead",
    "0.1",
]
#: The app with a metrics file imported (issues 22 and 23): the Measured tab follows every change.
APP_MEASURED = "SpecDec Desktop, a metrics file imported"
MEASURED_FILE = (
    Path(__file__).resolve().parent.parent / "tests" / "data" / "metrics" / "vllm_specdecoding.log"
)
#: The app with a draft tree chosen (issue 25): the best tree for a budget, the Trees tab open.
APP_TREE = "SpecDec Desktop, best tree of 64 guesses (Trees tab open)"
TREE_BUDGET, TREE_DEPTH = 64, 12
NAIVE = "naive pyqtgraph (symbols, auto-range)"
MPL = "matplotlib FigureCanvasQTAgg"
LEAN = "naive pyqtgraph, no symbols, no auto-range"
FLOOR = "pyqtgraph curves made once, setData, no symbols, no auto-range"


def change_sequence(count: int, seed: int = SEED) -> list[tuple[str, int]]:
    """``count`` slider moves (parameter name, slider position) cycling k, p, c; each a real change."""
    rng = random.Random(seed)
    specs = {spec.name: spec for spec in SPECS}
    current = {name: spec.to_slider(spec.default) for name, spec in specs.items()}
    moves = []
    for i in range(count):
        name = "kpc"[i % 3]
        position = current[name]
        while position == current[name]:
            position = rng.randint(0, specs[name].slider_steps)
        current[name] = position
        moves.append((name, position))
    return moves


def parameter_sequence(moves: Sequence[tuple[str, int]]) -> list[Parameters]:
    """The parameters after each move (what the references draw)."""
    specs = {spec.name: spec for spec in SPECS}
    params = Parameters()
    sequence = []
    for name, position in moves:
        params = params.with_values(**{name: specs[name].from_slider(position)})
        sequence.append(params)
    return sequence


class _PaintFlag(QObject):
    """Counts paint events of the widgets it watches."""

    def __init__(self, widgets: Sequence[QWidget]) -> None:
        super().__init__()
        self.count = 0
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def time_changes(
    apply: Callable[[int], None], count: int, done: Callable[[], bool], reset: Callable[[], None]
) -> tuple[list[float], list[float]]:
    """Milliseconds from ``apply(i)`` until the event queue is empty with ``done()`` true, for i < count.

    Returns the total times and the times until ``apply`` returned (no paint yet).

    After the change the loop runs the event dispatcher until an iteration
    finds nothing to process (every posted event, timer due and window-system
    event handled, the paint included) and ``done()`` says the widgets that
    must show the change have been painted.
    """
    dispatcher = QAbstractEventDispatcher.instance()
    flags = QEventLoop.ProcessEventsFlag.AllEvents
    totals: list[float] = []
    synchronous: list[float] = []
    for i in range(count):
        while dispatcher.processEvents(flags):  # start from an empty queue
            pass
        reset()
        start = time.perf_counter()
        apply(i)
        returned = time.perf_counter()
        while dispatcher.processEvents(flags) or not done():
            if time.perf_counter() - start > 5.0:
                raise SystemExit(f"no repaint within 5 s after change {i}")
        totals.append((time.perf_counter() - start) * 1000.0)
        synchronous.append((returned - start) * 1000.0)
    return totals, synchronous


def settle(window: QWidget) -> None:
    window.resize(*SIZE)
    window.show()
    deadline = time.monotonic() + 5
    while not window.isVisible() and time.monotonic() < deadline:
        QApplication.processEvents()
    for _ in range(50):
        QApplication.processEvents()


# -- the app ------------------------------------------------------------------------------


def measure_app(
    moves: Sequence[tuple[str, int]],
    argv: Sequence[str] = (),
    measured: Path | None = None,
    tree: bool = False,
) -> tuple[list[float], list[float], list[float]]:
    from specdec_desktop.app import create_main_window

    window = create_main_window(list(argv))
    if measured is not None:
        from specdec_desktop.measured import fit_measurement, read_metrics

        window.app_state.measurement.set_fit(fit_measurement(read_metrics(measured)), measured.name)
    if tree:
        # What the Trees tab's controls do: the shape state's set (kind, budget, most levels).
        window.app_state.shape.set(kind="best", budget=TREE_BUDGET, max_depth=TREE_DEPTH)
        window.show_tab("trees")
    settle(window)
    chart = window.chart.viewport()
    cards = [card.value for card in window.cards.values()] + [card.detail for card in window.cards.values()]
    chart_paints, card_paints = _PaintFlag([chart]), _PaintFlag(cards)
    sliders = {name: control.slider for name, control in window.controls.items()}
    renders_before = window.render_count

    texts_before: list[list[str]] = []

    def texts() -> list[str]:
        return [label.text() for label in cards]

    def reset() -> None:
        chart_paints.count = card_paints.count = 0
        texts_before[:] = [texts()]

    def apply(i: int) -> None:
        name, position = moves[i]
        sliders[name].setValue(position)

    def done() -> bool:
        # A card is painted when the change changed one; with a tree chosen the cards do not
        # read k, so a k move leaves them (and their paint) alone.
        cards_done = card_paints.count > 0 or texts() == texts_before[0]
        return chart_paints.count > 0 and cards_done

    times = time_changes(apply, len(moves), done, reset)
    if window.render_count - renders_before != len(moves):
        raise SystemExit("the app did not render exactly once per change")
    # What follows the parameters once they rest: the token run (in its tab, in front by
    # default) or, with the Trees tab in front, the panel's diagram, summary and flags.
    rest_moves = moves[: RESTARTS + WARMUP]
    if tree:
        after_rest = _time_panel_refreshes(window, sliders, rest_moves)
    else:
        after_rest = _time_run_restarts(window, sliders, rest_moves)
    window.close()
    return times[0], times[1], after_rest


#: Run restarts timed per process (each waits for the parameters to settle: slow to collect).
RESTARTS = 20
#: Processes per subject; their samples are pooled.
ROUNDS = 3
#: Issues 10 and 11: a change repaints within this multiple of the floor's median.
FLOOR_RATIO_TARGET = 1.1


def _time_run_restarts(window: QWidget, sliders: dict, moves: Sequence[tuple[str, int]]) -> list[float]:
    """Milliseconds from the token run's restart (once the parameters rest) until it is repainted.

    The run follows the parameters only after they have rested for SETTLE_MS
    (specdec_desktop/state/run_state.py), so it is not inside the change times
    above; this is what it costs when it comes.
    """
    run, strip = window.token_run.run, window.token_run.strip
    strip_paints = _PaintFlag([strip])
    started: list[float] = []
    run.trace_changed.connect(lambda _stream: started.append(time.perf_counter()))
    dispatcher = QAbstractEventDispatcher.instance()
    flags = QEventLoop.ProcessEventsFlag.AllEvents
    loop = QEventLoop()
    times = []
    for name, position in moves:
        if sliders[name].value() == position:
            continue  # no change, no restart
        started.clear()
        strip_paints.count = 0
        sliders[name].setValue(position)
        deadline = time.perf_counter() + 5.0
        while not started:  # the settle timer
            loop.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
            if time.perf_counter() > deadline:
                raise SystemExit("the token run did not restart within 5 s of a change")
        while dispatcher.processEvents(flags) or not strip_paints.count:
            if time.perf_counter() > deadline:
                raise SystemExit("the token run was not repainted within 5 s of its restart")
        times.append((time.perf_counter() - started[0]) * 1000.0)
    return times[WARMUP:]


def _time_panel_refreshes(window: QWidget, sliders: dict, moves: Sequence[tuple[str, int]]) -> list[float]:
    """Milliseconds from the Trees panel's refresh (once the parameters rest) until the event
    queue is empty: its figures, diagram, summary and flags computed, laid out and painted.

    Like the run, the panel follows the parameters only after they have rested for SETTLE_MS,
    so this is outside the change times above (the refresh is timed through the class's method,
    which the panel's wait calls; see :func:`measure_one`).
    """
    started = _PANEL_REFRESHES
    dispatcher = QAbstractEventDispatcher.instance()
    flags = QEventLoop.ProcessEventsFlag.AllEvents
    loop = QEventLoop()
    times = []
    for name, position in moves:
        if sliders[name].value() == position:
            continue
        while dispatcher.processEvents(flags):
            pass
        started.clear()
        sliders[name].setValue(position)
        deadline = time.perf_counter() + 5.0
        while not started:  # the settle timer
            loop.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
            if time.perf_counter() > deadline:
                raise SystemExit("the Trees panel did not follow the parameters within 5 s")
        while dispatcher.processEvents(flags):
            pass
        times.append((time.perf_counter() - started[0]) * 1000.0)
    return times[WARMUP:]


#: When the Trees panel's refreshes began (perf_counter), for _time_panel_refreshes.
_PANEL_REFRESHES: list[float] = []


def _clock_panel_refreshes() -> None:
    """Note the start of every Trees panel refresh (before the window is made: its wait holds the
    method it was given)."""
    from specdec_desktop.views.tree_panel import TreePanel

    refresh = TreePanel.refresh

    def timed(self: TreePanel) -> None:
        _PANEL_REFRESHES.append(time.perf_counter())
        refresh(self)

    TreePanel.refresh = timed  # type: ignore[method-assign]


# -- references ---------------------------------------------------------------------------


class _Reference:
    """A 1600x1000 window whose central widget is the plot; ``update(params)`` redraws it."""

    def __init__(self, plot_widget: QWidget, painted_widget: QWidget) -> None:
        self.window = QMainWindow()
        self.window.setCentralWidget(plot_widget)
        self.painted = _PaintFlag([painted_widget])

    def measure(self, sequence: Sequence[Parameters]) -> tuple[list[float], list[float], list[float]]:
        settle(self.window)

        def reset() -> None:
            self.painted.count = 0

        totals, synchronous = time_changes(
            lambda i: self.update(sequence[i]), len(sequence), lambda: self.painted.count > 0, reset
        )
        self.window.close()
        return totals, synchronous, []

    def update(self, params: Parameters) -> None:
        raise NotImplementedError


class NaivePyqtgraph(_Reference):
    """Three curves re-plotted per change with symbols; auto-range on (or both off: ``lean``)."""

    def __init__(self, lean: bool = False) -> None:
        import pyqtgraph as pg

        self.pg = pg
        self.lean = lean
        self.plot = pg.PlotWidget()
        if lean:
            self.plot.disableAutoRange()
        super().__init__(self.plot, self.plot.viewport())

    def update(self, params: Parameters) -> None:
        figures = readouts(params)
        curves = speedup_curves(params, figures.best_k)
        x = curves.k.astype(float)
        self.plot.clear()
        for y, color in ((curves.speedup, "b"), (curves.lower, "c"), (curves.upper, "g")):
            if self.lean:
                self.plot.plot(x, y, pen=color)
            else:
                self.plot.plot(x, y, pen=color, symbol="o", symbolBrush=color)
        if self.lean:
            top = max(float(curves.upper.max()), float(curves.speedup.max()), 1.0) * 1.1
            self.plot.setRange(xRange=(0, curves.x_max), yRange=(0, top), padding=0)


class PersistentCurves(_Reference):
    """The floor: three curves made once, ``setData`` per change, no symbols, ranges set explicitly."""

    def __init__(self) -> None:
        import pyqtgraph as pg

        self.plot = pg.PlotWidget()
        self.plot.disableAutoRange()
        self.curves = [self.plot.plot(pen=color) for color in "bcg"]
        super().__init__(self.plot, self.plot.viewport())

    def update(self, params: Parameters) -> None:
        figures = readouts(params)
        curves = speedup_curves(params, figures.best_k)
        x = curves.k.astype(float)
        for item, y in zip(self.curves, (curves.speedup, curves.lower, curves.upper), strict=True):
            item.setData(x, y)
        top = max(float(curves.upper.max()), float(curves.speedup.max()), 1.0) * 1.1
        self.plot.setRange(xRange=(0, curves.x_max), yRange=(0, top), padding=0)


class MatplotlibCanvas(_Reference):
    """The same three curves with markers on a FigureCanvasQTAgg, ``draw()`` per change."""

    def __init__(self) -> None:
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
        from matplotlib.figure import Figure

        figure = Figure()
        self.canvas = FigureCanvasQTAgg(figure)
        self.axes = figure.add_subplot()
        self.axes.set_xlabel("draft length k")
        self.axes.set_ylabel("speedup ×")
        self.lines = [self.axes.plot([], [], marker="o")[0] for _ in range(3)]
        super().__init__(self.canvas, self.canvas)

    def update(self, params: Parameters) -> None:
        figures = readouts(params)
        curves = speedup_curves(params, figures.best_k)
        for line, y in zip(self.lines, (curves.speedup, curves.lower, curves.upper), strict=True):
            line.set_data(curves.k, y)
        self.axes.relim()
        self.axes.autoscale_view()
        self.canvas.draw()


# -- main ---------------------------------------------------------------------------------

SUBJECTS = {
    APP: lambda moves, sequence: measure_app(moves),
    APP_ASSUMED: lambda moves, sequence: measure_app(moves, ASSUMED_ARGV),
    APP_MEASURED: lambda moves, sequence: measure_app(moves, measured=MEASURED_FILE),
    APP_TREE: lambda moves, sequence: measure_app(moves, tree=True),
    NAIVE: lambda moves, sequence: NaivePyqtgraph().measure(sequence),
    MPL: lambda moves, sequence: MatplotlibCanvas().measure(sequence),
    LEAN: lambda moves, sequence: NaivePyqtgraph(lean=True).measure(sequence),
    FLOOR: lambda moves, sequence: PersistentCurves().measure(sequence),
}

#: The app's subjects (each checked against the floor with ``--against-floor``).
APP_SUBJECTS = (APP, APP_ASSUMED, APP_MEASURED, APP_TREE)


def measure_one(subject: str, count: int) -> None:
    """Child process: measure ``subject`` and print its samples as one JSON line."""
    if subject in APP_SUBJECTS:
        from specdec_desktop.app import create_application

        create_application()  # the app's own QApplication set-up, as when it is launched
        if subject == APP_TREE:
            _clock_panel_refreshes()
    else:
        QApplication([sys.argv[0]])
    QtCore.qInstallMessageHandler(_quiet)
    moves = change_sequence(WARMUP + count)
    totals, synchronous, after_rest = SUBJECTS[subject](moves, parameter_sequence(moves))
    samples = {"total": totals[WARMUP:], "synchronous": synchronous[WARMUP:], "after_rest": after_rest}
    print(json.dumps(samples))


def _quiet(kind: object, context: object, message: str) -> None:
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def main() -> int:
    parser = arguments(__doc__.splitlines()[0], default_repeats=300)
    parser.add_argument("--subject", choices=list(SUBJECTS), help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument(
        "--against-floor",
        action="store_true",
        help="only the app (original model, six assumptions, a file imported, a draft tree) and the "
        "floor; checks the issues' target of at most 1.1x the floor's median",
    )
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"turns the subjects take (default {ROUNDS})"
    )
    args = parser.parse_args()
    count = 30 if args.quick else max(200, args.repeats)
    if args.subject:
        measure_one(args.subject, args.count or count)
        return 0

    # Each subject runs in its own process: no shared caches, imports or Qt settings.
    # Each subject runs in ROUNDS processes of count / ROUNDS changes, the subjects taking turns
    # (the order rotating each round), so a neighbour's load on this shared machine falls on all
    # of them alike rather than on whichever happened to run while it lasted.
    rounds = 1 if args.quick else max(1, args.rounds)
    per_round = -(-count // rounds)
    subjects = [*APP_SUBJECTS, FLOOR] if args.against_floor else list(SUBJECTS)
    measured: dict[str, dict[str, list[float]]] = {
        s: {"total": [], "synchronous": [], "after_rest": []} for s in subjects
    }
    for round_ in range(rounds):
        for subject in subjects[round_ % len(subjects) :] + subjects[: round_ % len(subjects)]:
            child = run_child(
                [PYTHON, __file__, "--subject", subject, "--count", str(per_round)],
                env=child_env(),
                timeout=900,
            )
            if child.returncode != 0:
                raise SystemExit(f"{subject}: exit {child.returncode}\n{child.stderr}")
            for key, samples in json.loads(child.stdout.strip().splitlines()[-1]).items():
                measured[subject][key] += samples

    rows = []
    for metric, key, targets in (
        ("change -> repainted", "total", {"median": 3.0, "p99": 8.0}),
        ("change -> control returns (no paint)", "synchronous", None),
    ):
        if args.against_floor and targets is not None:
            targets = {**targets, "ratio": FLOOR_RATIO_TARGET}  # the floor is the only reference
        for subject in subjects:
            reference = subject not in APP_SUBJECTS
            rows.append(
                row(
                    metric,
                    subject,
                    measured[subject][key],
                    unit="ms",
                    reference=reference,
                    targets=None if reference else targets,
                )
            )
    rows.append(
        row(
            "token run restarted -> repainted (after the parameters rest)",
            APP,
            measured[APP]["after_rest"],
            unit="ms",
        )
    )
    if APP_TREE in measured:
        rows.append(
            row(
                "Trees panel refreshed -> repainted (after the parameters rest)",
                APP_TREE,
                measured[APP_TREE]["after_rest"],
                unit="ms",
            )
        )
    notes = [
        f"{per_round * rounds} changes per subject, in {rounds} processes of {per_round} (each after "
        f"{WARMUP} warm-up changes, not counted) cycling k, p, c through seeded random slider "
        "positions; window 1600x1000, QT_QPA_PLATFORM=offscreen; the subjects' processes take "
        "turns, the order rotating each round, and their samples are pooled.",
        "'change -> repainted': from slider.setValue (references: from the update call) until the event "
        "dispatcher finds nothing left to process and the chart's and a card's paint events have been "
        "delivered (a card's when the change changed a card: with a tree chosen the cards do not read "
        "k) -- Qt's own repaint path, including the flush to the window's backing store and "
        "any follow-up paint the change causes.",
        "'change -> control returns': the same start, until setValue / the update call returns: the "
        "computation and the item updates, without any painting.",
        "References: 1600x1000 windows whose plot fills the window (the app's chart is about a third "
        "of that area), recomputing the same figures with the model on every change.  The last "
        "reference is the floor of this stack: three bare curves created once and moved with setData.",
        "The token run follows the parameters once they have rested for SETTLE_MS (120 ms), not at "
        "each position of a dragged slider, so it is outside the change times; its row times "
        f"{RESTARTS} restarts per process from the restart to the run's repaint.  The Trees panel "
        "(diagram, summary, engine flags) also follows once the parameters rest; with a tree and "
        f"that tab in front its row times {RESTARTS} refreshes per process until the queue is empty.",
    ]
    result = emit("update_latency", rows, notes=notes)
    return 0 if result["all_targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
