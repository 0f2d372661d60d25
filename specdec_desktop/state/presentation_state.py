"""The owner of what a presenter is doing: the tour scene's focus, what the tour set aside, the
predict-then-reveal mode and the laser pointer.

The tour's position (on or off, which scene) stays with :class:`~.view_state.ViewState` (scenario
files store it there); this object holds the rest of the presentation, so that the window keeps
no copy of any of it and a test, the fuzzer or the self-test can read it in one place:

``focus``
    What the tour scene shown is about: ``"chart"``, ``"run"`` or ``"essay"`` (the presenting
    layout gives it the room), or ``None`` outside the tour.  A scene sets it; a tab key
    (Ctrl+1..8) during a scene moves it to that tab.
``before_tour``
    What the window showed before the tour started (:class:`TourSnapshot`): leaving the tour
    gives it back whole, and the settings keep it while the tour runs, so nothing a scene set is
    ever saved.
``assumptions_asked``
    The tour scene shown sets assumptions beyond the original model: the window opens its
    Assumptions panel when the left column shows it whole, measured again at each new type size
    (a zoom step, a theme switch); False outside such a scene.
``predicting`` / ``revealed``
    Predict-then-reveal: while predicting and not yet revealed, the cards and the best-k star are
    hidden so the class can guess first.  A new scene or a change of the configuration hides
    them again (:meth:`hide_answer`).
``laser``
    A large, high-contrast halo follows the cursor so the back row sees what is pointed at.

Each setter emits its own signal only on a real change.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from ..model.configuration import Configuration
from ..model.pins import Pin
from ..scenario.tour_file import SCENE_FOCI

__all__ = ["PresentationState", "TourSnapshot"]


@dataclass(frozen=True)
class TourSnapshot:
    """What the tour replaces, kept to give back when it ends (the configuration holds the draft
    shape)."""

    configuration: Configuration
    pins: tuple[Pin, ...]
    tab: str
    map_shown: bool
    assumptions_open: bool
    #: The token run's seed and speed (a run scene plays its own seed at its own speed).
    run_seed: int
    run_speed: float


class PresentationState(QObject):
    """Presentation state of one window (see the module's docstring).

    Signals
    -------
    focus_changed(object)
        The scene's focus changed (a focus id, or None).
    reveal_changed()
        Predict-then-reveal was turned on or off, or the answer was revealed or hidden.
    laser_changed(bool)
    """

    focus_changed = Signal(object)
    reveal_changed = Signal()
    laser_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._focus: str | None = None
        self.before_tour: TourSnapshot | None = None
        self.assumptions_asked = False
        self._predicting = False
        self._revealed = False
        self._laser = False

    # -- the scene's focus ------------------------------------------------------------------

    @property
    def focus(self) -> str | None:
        return self._focus

    def set_focus(self, focus: str | None) -> None:
        """What the scene is about (``ValueError`` naming it if unknown); None outside the tour."""
        if focus is not None and focus not in SCENE_FOCI:
            raise ValueError(f"scene focus must be one of {', '.join(SCENE_FOCI)}, got {focus!r}")
        if focus != self._focus:
            self._focus = focus
            self.focus_changed.emit(focus)

    # -- predict, then reveal ---------------------------------------------------------------

    @property
    def predicting(self) -> bool:
        return self._predicting

    @property
    def answer_hidden(self) -> bool:
        """Whether the cards and the best-k star are hidden now."""
        return self._predicting and not self._revealed

    def set_predicting(self, on: bool) -> None:
        """Turn predict-then-reveal on (the answer hides) or off (it shows)."""
        on = bool(on)
        if on != self._predicting or self._revealed:
            self._predicting, self._revealed = on, False
            self.reveal_changed.emit()

    def reveal(self) -> None:
        """Show the answer (in predict-then-reveal); nothing otherwise."""
        if self.answer_hidden:
            self._revealed = True
            self.reveal_changed.emit()

    def hide_answer(self) -> None:
        """Hide the answer again for the next question (a new scene, a new configuration)."""
        if self._predicting and self._revealed:
            self._revealed = False
            self.reveal_changed.emit()

    # -- laser pointer ----------------------------------------------------------------------

    @property
    def laser(self) -> bool:
        return self._laser

    def set_laser(self, on: bool) -> None:
        on = bool(on)
        if on != self._laser:
            self._laser = on
            self.laser_changed.emit(on)
