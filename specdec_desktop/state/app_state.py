"""The one place where the application's state is made: :class:`AppState`.

Every object that owns something the app shows is built here, once, and the
bundle is handed to whoever needs it: the main window and its views, the window
services (menus, undo, files, settings, the tour), the self-test and the
fuzzer.  Views receive state and never create it.

The configuration (``model/configuration.py``: parameters, assumptions, and the parts to come) is
read whole with :meth:`AppState.configuration` and set whole with
:meth:`AppState.apply_configuration`: one undo step, one signal per owner whose part changed.
A new part of the configuration gets its owner here and a line in :attr:`AppState.owners`.

Adding state: make the new owner in :meth:`AppState.__init__` as one more attribute with
``parent=self``, after the owners it listens to, and read it from the bundle
wherever it is needed.  Nothing else makes state objects.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject

from ..model import Assumptions, Parameters
from ..model.configuration import Configuration
from ..model.trees import DraftShape
from ..text import _
from .assumptions_state import AssumptionsState
from .configuration_owners import ConfigurationOwners
from .history import ParameterHistory
from .measurement_state import MeasurementState
from .parameter_state import ParameterState
from .pinned_state import PinnedHistory, PinnedState
from .player import Player
from .presentation_state import PresentationState
from .run_state import DEFAULT_SEED, SETTLE_MS, RunState
from .sampling_state import SamplingState
from .shape_state import ShapeState
from .simulation_check import SimulationCheck
from .sweep_player import SweepPlayer
from .text_run_state import TextRunState
from .view_state import ViewState

__all__ = ["AppState"]


class AppState(QObject):
    """The state of one window, made in one place.

    Parameters
    ----------
    params : Parameters, optional
        Starting k, p and c (the defaults otherwise).
    assumptions : Assumptions, optional
        Starting assumptions (the original model otherwise).
    seed : int
        Seed of the first token-by-token run.
    clock : callable, optional
        Wall clock of the player in seconds (tests and the soak run pass a fake one).
    draw_seed : callable, optional
        Source of new run seeds (tests and the fuzzer pass a seeded one).
    history_clock : callable
        Clock the undo history merges quick changes by.
    settle_ms, block_cycles : int
        Passed to :class:`RunState`.
    shape : DraftShape, optional
        Starting draft shape (the chain otherwise).

    Attributes
    ----------
    parameters : ParameterState
        k, p and c.
    owners : ConfigurationOwners
        The owner of each part of the configuration (:attr:`parameters`, :attr:`assumptions`).
    assumptions : AssumptionsState
        The six assumptions of the active model (decay … overhead).
    run : RunState
        Seed and trace of the animated run; follows :attr:`parameters`.
    player : Player
        Where on the run we are, and how fast it plays.
    view : ViewState
        Theme, zoom, full screen, blank screen, help, tour position.
    presentation : PresentationState
        The tour scene's focus, what the tour set aside, predict-then-reveal, the laser pointer.
    sweep : SweepPlayer
        Which parameter is swept across its range, and for how long (time only).
    simulation : SimulationCheck
        Whether the simulated-speedup overlay is on (it simulates off the GUI thread).
    history : ParameterHistory
        Undo and redo of :attr:`parameters` and :attr:`assumptions`.
    pinned : PinnedState
        The pinned configurations (at most six); their changes go on :attr:`history`'s stack.
    measurement : MeasurementState
        What the last imported metrics file gave, and the timings the user typed.
    shape : ShapeState
        The draft shape (chain, or a tree) the cards, the chart's tree curve and the diagram show.
    sampling : SamplingState
        The "Where p comes from" tab: which pair of distributions, the temperature, the draws.
    text_run : TextRunState
        The real-text run: its settings, the models' build and the simulated runs (off the GUI
        thread), and how many cycles are shown.
    """

    def __init__(
        self,
        params: Parameters | None = None,
        *,
        assumptions: Assumptions | None = None,
        seed: int = DEFAULT_SEED,
        clock: Callable[[], float] | None = None,
        draw_seed: Callable[[], int] | None = None,
        history_clock: Callable[[], float] = time.monotonic,
        settle_ms: int = SETTLE_MS,
        block_cycles: int | None = None,
        shape: DraftShape | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("appState")
        #: How long the parameters rest before what follows them at rest (the run, the trees
        #: panel) catches up.
        self.settle_ms = settle_ms
        self.parameters = ParameterState(params, parent=self)
        self.assumptions = AssumptionsState(assumptions, parent=self)
        self.shape = ShapeState(shape, parent=self)
        self.owners = ConfigurationOwners(
            parameters=self.parameters, assumptions=self.assumptions, shape=self.shape
        )
        self.run = RunState(
            self.parameters,
            assumptions=self.assumptions,
            seed=seed,
            draw_seed=draw_seed,
            block_cycles=block_cycles,
            settle_ms=settle_ms,
            shape=self.shape,
            parent=self,
        )
        self.player = Player(self.run, clock=clock, parent=self)
        self.view = ViewState(self)
        self.presentation = PresentationState(self)
        self.sweep = SweepPlayer(clock=clock, parent=self)
        self.simulation = SimulationCheck(self.parameters, self.assumptions, parent=self)
        self.history = ParameterHistory(
            self.parameters,
            clock=history_clock,
            assumptions=self.assumptions,
            owners=self.owners,
            parent=self,
        )
        self.pinned = PinnedState(parent=self)
        self.pinned_history = PinnedHistory(self.pinned, self.history.stack, parent=self)
        self.measurement = MeasurementState(parent=self)
        self.sampling = SamplingState(parent=self)
        self.text_run = TextRunState(parent=self)
        # New owners go here (see the module docstring).

    def configuration(self) -> Configuration:
        """The whole configuration the window shows now."""
        return self.owners.current()

    def apply_configuration(self, configuration: Configuration, text: str | None = None) -> bool:
        """Set the whole configuration as one change: one undo step called ``text``, and one signal
        from each owner whose part changed (none when nothing did).  Returns whether anything changed.
        """
        with self.history.step(_("change configuration") if text is None else text):
            return self.owners.apply(configuration)
