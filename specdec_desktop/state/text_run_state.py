"""The real-text run's owner: its settings, the models' build, the simulated run, and how much is shown.

:class:`TextRunState` owns the settings (:class:`TextSettings`: draft order, k, temperature,
seed), the replay position (cycles shown, whether it plays; :meth:`TextRunState.step` moves it
one cycle), whether the text shows the guesses the check threw away, and whether the two
models' distributions at the position shown are on view (:meth:`TextRunState.position`
computes them, from the model, only when asked).  Everything else is
derived off the GUI thread, simulate first, then replay: at the first :meth:`TextRunState.start`
a worker builds the n-gram models from the bundled text (``model/text_corpus.py``, with
progress), then simulates the run for the settings and the four drafting policies on the same
seed (``model/text_run.py``); :attr:`~TextRunState.run_changed` hands the finished runs over,
and a result for settings changed since is dropped.  The GUI thread never waits for either.
The job runs on the app's one worker helper (:class:`~.worker.Worker`), as every background job.

:func:`per_position_curve` reads the run's measured per-position acceptances as the Measured tab
reads an engine's (the run's accepted counts as a measurement of cycles, ``measured/fit.py``'s
fit and its ``fit_decay``), so "use the per-position curve" sets the p and decay that tab would.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ..model.sampling import TEMPERATURE_RANGE, as_temperature
from ..model.text_corpus import TARGET_ORDER
from .worker import Worker

if TYPE_CHECKING:
    from ..model.text_positions import PositionDistributions
    from ..model.text_run import TextRun

__all__ = [
    "BEST_K_RANGE",
    "COMPARED_POLICIES",
    "DRAFT_ORDERS",
    "REVEAL_MS",
    "TextResult",
    "TextRunState",
    "TextSettings",
    "per_position_curve",
]

#: The drafting policies compared on the same text and seed (threshold: llama.cpp's default p-min is 0.75
#: for its speculative example; 0.3 suits a character model's flatter distributions).
COMPARED_POLICIES = ("fixed", "threshold:0.3", "heuristic", "oracle")
#: One cycle is revealed every this many milliseconds while playing.
REVEAL_MS = 90
#: Characters each run writes.
RUN_TOKENS = 400
#: Draft cost c of the run's speedup (an n-gram draft is nearly free next to its target).
RUN_COST = 0.05
#: The draft's n-gram orders offered: 1 up to one below the target's.
DRAFT_ORDERS = range(1, TARGET_ORDER)


@dataclass(frozen=True)
class TextSettings:
    """The run's controls: the draft's n-gram order (target: 6), guesses per cycle, temperature, seed."""

    draft_order: int = 3
    k: int = 4
    temperature: float = 1.0
    seed: int = 1

    def __post_init__(self) -> None:
        if self.draft_order not in DRAFT_ORDERS:
            raise ValueError(
                f"draft order must be from {DRAFT_ORDERS[0]} to {DRAFT_ORDERS[-1]}, got {self.draft_order!r}"
            )
        if not 1 <= self.k <= 16:
            raise ValueError(f"k must be from 1 to 16, got {self.k!r}")
        value = as_temperature(self.temperature)
        if not TEMPERATURE_RANGE[0] <= value <= TEMPERATURE_RANGE[1]:
            raise ValueError(
                f"temperature must be from 0 to {TEMPERATURE_RANGE[1]:g}, got {self.temperature!r}"
            )
        if not 0 <= self.seed <= 2**31 - 1:
            raise ValueError(f"seed must be from 0 to 2**31-1, got {self.seed!r}")


#: The fixed draft lengths searched for the best one on the same text and seed.
BEST_K_RANGE = range(1, 9)


@dataclass(frozen=True)
class TextResult:
    """A finished simulation: the run at the settings, one run per compared policy (at the
    settings' k), and the fixed k that did best on the same text and seed."""

    settings: TextSettings
    run: TextRun
    policies: tuple[tuple[str, TextRun], ...]
    best_fixed: TextRun


def simulate(settings: TextSettings, progress=None) -> TextResult:
    """Build the models (once per process) and simulate the runs; runs on the worker thread."""
    from ..model.text_corpus import bundled_counts
    from ..model.text_run import run_text

    counts = bundled_counts(progress)
    common = {
        "draft_order": settings.draft_order,
        "k": settings.k,
        "temperature": settings.temperature,
        "seed": settings.seed,
        "tokens": RUN_TOKENS,
        "c": RUN_COST,
    }
    runs = tuple((policy, run_text(counts, policy=policy, **common)) for policy in COMPARED_POLICIES)
    fixed = [runs[0][1] if k == settings.k else run_text(counts, **(common | {"k": k})) for k in BEST_K_RANGE]
    return TextResult(settings, runs[0][1], runs, max(fixed, key=lambda run: run.speedup))


def per_position_curve(run: TextRun) -> tuple[float, float] | None:
    """``(p, d)`` of the curve ``a_i = p·d^(i−1)`` closest to ``run``'s measured per-position
    acceptances, fitted as the Measured tab fits an engine's (``None`` when fewer than two
    positions have a usable rate, or the run's drafts vary in length)."""
    from ..measured import fit_decay, fit_measurement
    from ..measured.measurement import Measurement
    from ..measured.problems import MetricsProblem

    cycles = run.cycles
    if not cycles or any(len(cycle.drafted) != run.k for cycle in cycles):
        return None
    kept = [cycle.accepted for cycle in cycles]
    measurement = Measurement(
        format="csv-cycles",
        sources=("real-text run",),
        k=run.k,
        steps=len(kept),
        accepted=float(sum(kept)),
        position_counts=tuple(sum(1 for a in kept if a >= i) for i in range(1, run.k + 1)),
    )
    try:
        return fit_decay(fit_measurement(measurement))
    except MetricsProblem:
        return None


class TextRunState(QObject):
    """Owner of the real-text run's settings and replay position.

    Signals
    -------
    settings_changed(TextSettings)
    progress_changed(float)
        Share of the models' build done (from the worker, delivered on the GUI thread).
    run_changed(object)
        The finished :class:`TextResult` for the current settings.
    shown_changed(int)
        Cycles shown of the current run.
    discarded_shown_changed(bool)
        Whether the text shows the guesses the check threw away.
    distributions_shown_changed(bool)
        Whether the distributions at the position shown are on view.
    failed(str)
        A build or simulation failed: one line saying why.
    """

    settings_changed = Signal(object)
    progress_changed = Signal(float)
    run_changed = Signal(object)
    shown_changed = Signal(int)
    discarded_shown_changed = Signal(bool)
    distributions_shown_changed = Signal(bool)
    failed = Signal(str)
    _progressed = Signal(float)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = TextSettings()
        self._result: TextResult | None = None
        self._shown = 0
        self._started = False
        self._discarded_shown = True
        self._distributions_shown = False
        self._worker = Worker("specdec-text", self)
        self._timer = QTimer(self)
        self._timer.setInterval(REVEAL_MS)
        self._timer.timeout.connect(self._reveal)
        self._progressed.connect(self.progress_changed)

    @property
    def settings(self) -> TextSettings:
        return self._settings

    @property
    def result(self) -> TextResult | None:
        """The finished runs for the current settings, or ``None`` while they are computed."""
        return self._result

    @property
    def shown(self) -> int:
        return self._shown

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    @property
    def discarded_shown(self) -> bool:
        return self._discarded_shown

    def set_discarded_shown(self, on: bool) -> bool:
        """Show (or hide) the rejected and discarded guesses in the text."""
        on = bool(on)
        if on == self._discarded_shown:
            return False
        self._discarded_shown = on
        self.discarded_shown_changed.emit(on)
        return True

    @property
    def distributions_shown(self) -> bool:
        return self._distributions_shown

    def set_distributions_shown(self, on: bool) -> bool:
        """Show (or hide) the two models' distributions at the position shown."""
        on = bool(on)
        if on == self._distributions_shown:
            return False
        self._distributions_shown = on
        self.distributions_shown_changed.emit(on)
        return True

    def position(self) -> PositionDistributions | None:
        """The draft's q and the target's p at the deciding guess of the last cycle shown.

        The deciding guess is the first one rejected, or the last when all were kept; the
        figures come from the model; ``None`` before a run or a cycle is shown.

        Computed on each call (about a millisecond), so nothing is spent while no one looks.
        """
        result = self._result
        if result is None or self._shown == 0:
            return None
        from ..model.text_positions import position_distributions

        return position_distributions(result.run, self._shown - 1)

    def start(self) -> None:
        """Build the models and simulate, if not already done (the first look at the panel)."""
        if not self._started:
            self._started = True
            self._submit()

    def set_settings(self, **values) -> bool:
        """Change some settings (``ValueError`` naming one out of range; nothing changes then)."""
        settings = replace(self._settings, **values)
        if settings == self._settings:
            return False
        self._settings = settings
        self._result = None
        self._set_shown(0)
        self.settings_changed.emit(settings)
        if self._started:
            self._submit()
        return True

    def play(self) -> None:
        """Reveal the run cycle by cycle from the start."""
        self._set_shown(0)
        if self._result is not None:
            self._timer.start()

    def step(self, delta: int = 1) -> None:
        """Stop playing and show one cycle more (``delta = -1``: one fewer).  A step on from the
        last cycle starts again at the first."""
        self._timer.stop()
        if self._result is None:
            return
        cycles = len(self._result.run.cycles)
        shown = self._shown + int(delta)
        if delta > 0 and self._shown >= cycles:
            shown = 1
        self._set_shown(min(cycles, max(0, shown)))

    def show_all(self) -> None:
        """Stop playing and show every cycle."""
        self._timer.stop()
        if self._result is not None:
            self._set_shown(len(self._result.run.cycles))

    def _set_shown(self, shown: int) -> None:
        if shown != self._shown:
            self._shown = shown
            self.shown_changed.emit(shown)

    def _reveal(self) -> None:
        if self._result is None or self._shown >= len(self._result.run.cycles):
            self._timer.stop()
            return
        self._set_shown(self._shown + 1)

    def _submit(self) -> None:
        settings = self._settings
        self._worker.run_in_worker(
            lambda: simulate(settings, self._progressed.emit),
            lambda result: self._on_done(settings, result),
            lambda error: self._on_failed(settings, error),
        )

    def _on_done(self, settings: TextSettings, result: TextResult) -> None:
        if settings != self._settings:
            return  # stale: the run for the newer settings is on its way
        self._result = result
        self.run_changed.emit(result)
        self.show_all()

    def _on_failed(self, settings: TextSettings, error: BaseException) -> None:
        if not isinstance(error, (ValueError, OSError)):
            raise error  # a bug: Qt reports it
        if settings == self._settings:
            self.failed.emit(str(error))

    def wait(self) -> None:
        """Wait for the jobs submitted so far (tests, scripts); their outcomes land with the next events."""
        self._worker.wait()

    def shutdown(self) -> None:
        """Stop the worker (at window close), waiting for a running job to end."""
        self._timer.stop()
        self._worker.shutdown()
