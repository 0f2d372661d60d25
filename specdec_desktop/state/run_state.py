"""The owner of the animated run: its seed, and the trace derived from seed and parameters.

:class:`RunState` holds the seed (the only state it owns) and follows the
:class:`~.parameter_state.ParameterState`.  Whenever the seed or the
parameters change it makes a new :class:`~specdec_desktop.model.TraceStream`
(cheap: blocks are drawn on demand) and emits :attr:`RunState.trace_changed`;
the player then restarts on it.  So changing k, p or c during a run restarts
it with the new parameters and the same seed.

It follows the draft shape too (:class:`~.shape_state.ShapeState`): a tree shape makes a run of
tree cycles (:class:`~specdec_desktop.model.trees.TreeRun`, from the same memoised
``shape_figures`` the cards read, so the run drafts the tree the cards price); the chain makes
the chain's run, exactly as before.

The run follows the parameters once they have rested for :data:`SETTLE_MS`:
the cards and the chart follow every position of a dragged slider, but a run
restarted at each of them would only flicker, and its restart and repaint
would double the cost of every move (benchmarks/bench_update_latency.py).
:meth:`RunState.flush` applies a waiting change at once; the player calls it
before it plays or steps, and the screenshot before it renders.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, TraceStream
from ..model.parameters import RUN_SEED_MAX
from ..model.trees import DraftShape, TreeRun, shape_figures
from ..model.trees.shape import DEFAULT_SHAPE
from .assumptions_state import AssumptionsState
from .debounce import Debounce
from .parameter_state import ParameterState
from .shape_state import ShapeState

__all__ = ["DEFAULT_SEED", "MAX_SEED", "SETTLE_MS", "RunState"]

#: The seed of the first run (the same run at every launch, for rehearsals).  At the default
#: parameters its first cycles show every outcome (2 accepted, all 6, none, ...) and its running
#: speedup stays within 0.04 of the model's 1.82x from the tenth cycle on.
DEFAULT_SEED = 3948
#: Largest seed the seed box accepts.
MAX_SEED = RUN_SEED_MAX
#: Milliseconds the parameters must rest before the run restarts on them: longer than the gap
#: between two positions of a dragged slider (8-17 ms) or two auto-repeated key presses (33 ms),
#: short enough to feel immediate once the hand stops.
SETTLE_MS = 120
#: Drawn seeds stay short enough to read out to a class.
_DRAWN_SEED_LIMIT = 1_000_000


def _system_seed() -> int:
    # os.urandom rather than the secrets module, which pulls in hashlib and OpenSSL's libcrypto
    # (excluded from the frozen app). A seed need not be unpredictable, only fresh.
    return int.from_bytes(os.urandom(8), "little") % _DRAWN_SEED_LIMIT


class RunState(QObject):
    """Seed of the run and its trace.

    Parameters
    ----------
    parameters : ParameterState
        The owner of k, p and c; the run follows it.
    seed : int
        Seed of the first run.
    draw_seed : callable, optional
        Source of new seeds (tests and the fuzzer pass a seeded one).
    block_cycles : int or None
        Cycles per block of the trace streams (smaller in tests, to exercise dropping blocks);
        ``None``: each run's own (the chain's or the tree's, see ``TraceStream``).
    settle_ms : int
        How long the parameters must rest before the run follows them (0: at once).
    shape : ShapeState, optional
        The owner of the draft shape; the run drafts its tree (the chain without one).

    Signals
    -------
    seed_changed(int)
        After the seed changed.
    trace_changed(TraceStream)
        After the seed or the parameters changed: a new run.
    """

    seed_changed = Signal(int)
    trace_changed = Signal(object)

    def __init__(
        self,
        parameters: ParameterState,
        seed: int = DEFAULT_SEED,
        assumptions: AssumptionsState | None = None,
        draw_seed: Callable[[], int] | None = None,
        block_cycles: int | None = None,
        settle_ms: int = SETTLE_MS,
        shape: ShapeState | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._parameters = parameters
        self._assumptions = assumptions
        self._shape = shape
        self._stream_shape = self._active_shape()
        self._seed = self._checked(seed)
        self._draw_seed = draw_seed or _system_seed
        self._block_cycles = block_cycles
        self._stream = self._new_stream(parameters.params)
        self._settle = Debounce(settle_ms, self.flush, self)
        parameters.changed.connect(self._on_parameters)
        if assumptions is not None:
            assumptions.changed.connect(self._on_parameters)
        if shape is not None:
            shape.changed.connect(self._on_parameters)

    def _active(self) -> Assumptions:
        return self._assumptions.assumptions if self._assumptions is not None else DEFAULT_ASSUMPTIONS

    def _active_shape(self) -> DraftShape:
        return self._shape.shape if self._shape is not None else DEFAULT_SHAPE

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def stream(self) -> TraceStream:
        """The current run (its parameters are the state's at the time of the last change)."""
        return self._stream

    @property
    def params(self) -> Parameters:
        return self._stream.params

    @property
    def shape(self) -> DraftShape:
        """The draft shape the current run drafts (the shape state's, once a change has settled)."""
        return self._stream_shape

    @property
    def pending(self) -> bool:
        """Whether the parameters changed and the run has not followed yet (see :data:`SETTLE_MS`)."""
        now = (self._parameters.params, self._active(), self._active_shape())
        return now != (self._stream.params, self._stream.assumptions, self._stream_shape)

    @staticmethod
    def _checked(seed: object) -> int:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
        return seed

    def set_seed(self, seed: int) -> bool:
        """Use ``seed``; restart the run if it differs.  Returns whether it changed.

        Raises
        ------
        ValueError
            Naming the seed, if it is not a whole number in range; nothing changes then.
        """
        seed = self._checked(seed)
        if seed == self._seed:
            return False
        self._seed = seed
        self._settle.cancel()  # the new run takes the current parameters as well
        self._stream = self._new_stream(self._parameters.params)
        self.seed_changed.emit(seed)
        self.trace_changed.emit(self._stream)
        return True

    def new_seed(self) -> int:
        """Draw a seed different from the current one and use it; return it."""
        for _ in range(100):
            seed = int(self._draw_seed()) % (MAX_SEED + 1)
            if seed != self._seed:
                break
        else:  # a constant source: step off the current seed rather than loop for ever
            seed = (self._seed + 1) % (MAX_SEED + 1)
        self.set_seed(seed)
        return seed

    def flush(self) -> bool:
        """Restart on the current parameters now if they changed; returns whether it restarted."""
        self._settle.cancel()
        params = self._parameters.params
        if not self.pending:
            return False
        self._stream = self._new_stream(params)
        self.trace_changed.emit(self._stream)
        return True

    def _on_parameters(self, _params: Parameters) -> None:
        self._settle()  # (re)start: the run follows once the parameters rest

    def _new_stream(self, params: Parameters) -> TraceStream:
        assumptions, shape = self._active(), self._active_shape()
        self._stream_shape = shape
        tree = None
        if shape.kind != "chain":
            tree = TreeRun.from_shape(shape_figures(shape, params, assumptions).resolved, assumptions)
        return TraceStream(
            params, self._seed, block_cycles=self._block_cycles, assumptions=assumptions, tree=tree
        )
