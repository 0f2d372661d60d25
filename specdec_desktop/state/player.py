"""The player of the animated run: it owns time, and nothing else.

The run itself is simulated first (:class:`~.run_state.RunState` holds it);
the player only decides *where* on it we are: a position on the event axis
(:mod:`specdec_desktop.model.timeline`), whether it is playing, and how fast.

While playing, a ``QTimer`` ticks about 60 times a second and the player
advances by the wall-clock time since the last tick, times the speed
(at 1× one target pass takes one second).  A tick never advances more than
:data:`MAX_TICK_SECONDS` of wall time, so a machine that stalls (a dragged
window, a busy neighbour) resumes smoothly instead of jumping ahead.  The
clock is injectable, so tests and the soak run drive it without waiting.
A single step pauses and completes exactly one event: one draft step or one
check.  Whenever the run changes (seed or parameters), the player goes back
to its start, keeping its playing state and speed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from ..model import Playhead, Timeline, TraceStream
from ..model.parameters import RUN_SPEEDS
from .run_state import RunState

__all__ = ["FRAME_MS", "MAX_TICK_SECONDS", "PASSES_PER_SECOND", "SPEEDS", "Player"]

#: The speeds offered, slowest first (multiples of :data:`PASSES_PER_SECOND`).
SPEEDS: tuple[float, ...] = RUN_SPEEDS
#: Target passes per wall-clock second at 1×.
PASSES_PER_SECOND = 1.0
#: Most wall-clock time one tick may advance.
MAX_TICK_SECONDS = 0.1
#: Interval of the playing timer (about 60 frames per second).
FRAME_MS = 16


def _wall_clock() -> Callable[[], float]:
    timer = QElapsedTimer()
    timer.start()
    return lambda: timer.nsecsElapsed() * 1e-9


class Player(QObject):
    """Playback position, playing state and speed of the run.

    Parameters
    ----------
    run : RunState
        The run to play; the player restarts whenever it announces a new trace.
    clock : callable, optional
        Returns the wall-clock time in seconds (monotonic); defaults to a
        ``QElapsedTimer``.

    Signals
    -------
    playhead_changed(Playhead)
        After the position changed.
    playing_changed(bool)
        After playback started or stopped.
    speed_changed(float)
        After the speed changed.
    """

    playhead_changed = Signal(object)
    playing_changed = Signal(bool)
    speed_changed = Signal(float)

    def __init__(
        self, run: RunState, clock: Callable[[], float] | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._timeline: Timeline = run.stream.timeline
        self._position = 0.0
        self._playing = False
        self._speed = 1.0
        self._clock = clock if clock is not None else _wall_clock()
        self._last_tick = self._clock()
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self.tick)
        self._run = run
        self._stepping = False  # a step flushes a settling change: its restart is not shown apart
        run.trace_changed.connect(self._on_trace_changed)

    # -- reading ----------------------------------------------------------------------------

    @property
    def timeline(self) -> Timeline:
        return self._timeline

    @property
    def position(self) -> float:
        """Position on the event axis (events complete plus the fraction of the next)."""
        return self._position

    @property
    def playhead(self) -> Playhead:
        return self._timeline.playhead(self._position)

    @property
    def passes(self) -> float:
        """Time since the start of the run, in target passes."""
        return self._timeline.passes_at(self._position)

    @property
    def playing(self) -> bool:
        return self._playing

    @property
    def speed(self) -> float:
        return self._speed

    # -- commands ---------------------------------------------------------------------------

    def play(self) -> None:
        if self._playing:
            return
        self._run.flush()  # a parameter change still settling: play the run it makes
        self._playing = True
        self._last_tick = self._clock()
        self._timer.start()
        self.playing_changed.emit(True)

    def pause(self) -> None:
        if not self._playing:
            return
        self._playing = False
        self._timer.stop()
        self.playing_changed.emit(False)

    def toggle(self) -> None:
        """Play if paused, pause if playing."""
        if self._playing:
            self.pause()
        else:
            self.play()

    def step(self) -> None:
        """Pause, then complete exactly one more event (one draft step or one check)."""
        self.pause()
        self._stepping = True
        try:
            self._run.flush()  # a settling change: the new run starts at 0 without a frame of its own
        finally:
            self._stepping = False
        self._move_to(self._timeline.next_event(self._position))

    def restart(self) -> None:
        """Go back to the start of the run (playing on if it was playing)."""
        if self._run.flush():  # a parameter change was settling: its new run starts at 0
            return
        self._last_tick = self._clock()
        self._move_to(0.0)

    def seek(self, position: float) -> None:
        """Jump to an event-axis position (a scene of the guided tour, a test)."""
        self._last_tick = self._clock()
        self._move_to(max(0.0, float(position)))

    def set_speed(self, speed: float) -> bool:
        """Play at ``speed``× (from the slowest to the fastest of :data:`SPEEDS`).

        Raises
        ------
        ValueError
            If ``speed`` is outside that range; nothing changes then.
        """
        speed = float(speed)
        if not SPEEDS[0] <= speed <= SPEEDS[-1]:
            raise ValueError(f"speed must lie between {SPEEDS[0]} and {SPEEDS[-1]}, got {speed!r}")
        if speed == self._speed:
            return False
        self._speed = speed
        self.speed_changed.emit(speed)
        return True

    def faster(self) -> None:
        """The next speed up in :data:`SPEEDS` (stays at the top)."""
        higher = [s for s in SPEEDS if s > self._speed]
        if higher:
            self.set_speed(higher[0])

    def slower(self) -> None:
        """The next speed down in :data:`SPEEDS` (stays at the bottom)."""
        lower = [s for s in SPEEDS if s < self._speed]
        if lower:
            self.set_speed(lower[-1])

    # -- time -------------------------------------------------------------------------------

    def tick(self) -> None:
        """While playing, advance by the wall time since the last tick (at most :data:`MAX_TICK_SECONDS`)."""
        if not self._playing:
            return
        now = self._clock()
        elapsed = min(max(0.0, now - self._last_tick), MAX_TICK_SECONDS)
        self._last_tick = now
        self.advance(elapsed)

    def advance(self, seconds: float) -> None:
        """Advance by ``seconds`` of wall-clock time at the current speed."""
        if seconds <= 0.0:
            return
        passes = self._timeline.passes_at(self._position) + seconds * self._speed * PASSES_PER_SECOND
        self._move_to(max(self._position, self._timeline.position_at(passes)))

    def _move_to(self, position: float) -> None:
        self._position = position
        self.playhead_changed.emit(self._timeline.playhead(position))

    def _on_trace_changed(self, stream: TraceStream) -> None:
        self._timeline = stream.timeline
        if self._stepping:
            self._position = 0.0  # step() moves on from here and shows the one frame
            return
        self.restart()
