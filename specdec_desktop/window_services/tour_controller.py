"""The guided tour: turns the view state's tour position into parameters, a caption, a tab and a run.

The scenes are data (:class:`~specdec_desktop.scenario.Tour`, read from a tour
file); the position (on or off, which scene) belongs to the
:class:`~specdec_desktop.state.view_state.ViewState`.  This controller moves
the position on the tour actions and shows whatever the position says, so a
scenario file or a test can set the position directly and see the same result.

Moving past either end stays put.  While the screen is blanked, "next" and
"previous" first bring the screen back without moving, so the presenter sees
where they are before going on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..scenario import BUILTIN_TOUR, Scene, Tour, default_tour_path, load_tour
from ..state import ParameterState
from ..state.history import ParameterHistory
from ..state.view_state import ViewState
from ..views.caption_banner import CaptionBanner

__all__ = ["TourController"]


class TourController(QObject):
    """Runs one tour at a time (the bundled one until another is opened)."""

    def __init__(
        self,
        window: QMainWindow,
        state: ParameterState,
        view: ViewState,
        history: ParameterHistory,
        actions: dict[str, QAction],
        banner: CaptionBanner,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.state = state
        self.view = view
        self.history = history
        self.actions = actions
        self.banner = banner
        # The bundled tour is read, and its captions measured, when first needed (not before the
        # window's first paint): see the ``tour`` property.
        self._tour: Tour | None = None
        self.source: str = BUILTIN_TOUR

        actions["tour.start"].triggered.connect(lambda: self.start(0))
        actions["tour.resume"].triggered.connect(lambda: self.start(self.view.tour_scene))
        actions["tour.next"].triggered.connect(self.next)
        actions["tour.previous"].triggered.connect(self.previous)
        actions["tour.stop"].triggered.connect(self.stop)
        view.tour_changed.connect(self._show)
        self._enable_actions()

    # -- the tour itself ------------------------------------------------------------------

    @property
    def tour(self) -> Tour:
        """The tour shown: the bundled one, read on first use, until another is opened."""
        if self._tour is None:
            self._set_tour(load_tour(default_tour_path()))
        assert self._tour is not None
        return self._tour

    def _set_tour(self, tour: Tour) -> None:
        self._tour = tour
        self.banner.set_captions(tuple(scene.caption for scene in tour.scenes))

    def use_tour(self, tour: Tour, source: str) -> None:
        """Replace the tour (already validated); the position goes back to its first scene, off."""
        self._set_tour(tour)
        self.source = source
        self.view.set_tour(False, 0)

    def open_tour_file(self, path: str) -> None:
        """Read a tour file and start it.

        Raises
        ------
        FileProblem
            If the file is not a valid tour; the current tour stays.
        """
        tour = load_tour(path)
        self.use_tour(tour, path)
        self.start(0)

    @property
    def scene(self) -> Scene:
        return self.tour.scenes[min(self.view.tour_scene, len(self.tour.scenes) - 1)]

    # -- moving ---------------------------------------------------------------------------

    def start(self, scene: int = 0) -> None:
        """Turn the tour on at ``scene`` (from 0); starting the scene already shown shows it afresh."""
        scene = max(0, min(scene, len(self.tour.scenes) - 1))
        if self.view.tour_active and self.view.tour_scene == scene:
            self._show()
        self.view.set_blanked(False)
        self.view.set_tour(True, scene)

    def stop(self) -> None:
        self.view.set_tour(False, self.view.tour_scene)

    def next(self) -> None:
        self._move(+1)

    def previous(self) -> None:
        self._move(-1)

    def _move(self, step: int) -> None:
        if not self.view.tour_active:
            return
        if self.view.blanked:
            self.view.set_blanked(False)
            return
        target = max(0, min(self.view.tour_scene + step, len(self.tour.scenes) - 1))
        if target == self.view.tour_scene:
            self.window.statusBar().showMessage(
                "That was the last scene: Esc ends the tour." if step > 0 else "This is the first scene.",
                4000,
            )
        self.view.set_tour(True, target)

    # -- showing --------------------------------------------------------------------------

    def _show(self) -> None:
        self._enable_actions()
        if not self.view.tour_active:
            self.banner.hide()
            self.window.set_caption_mode(False)
            self.window.release_run_focus()
            return
        index = min(self.view.tour_scene, len(self.tour.scenes) - 1)
        scene = self.tour.scenes[index]
        with self.history.step(f"tour scene {index + 1}"):
            self.state.set_params(scene.parameters)
            self.window.app_state.assumptions.set_assumptions(scene.assumptions)
        if scene.pins is not None:
            self.window.app_state.pinned.set_pins(scene.pins)
        self.window.set_scene_focus(scene.focus)
        if not scene.assumptions.is_default:
            self.window.expand_assumptions_if_room()
        if scene.animation is not None:
            self.window.show_token_run(scene.animation.play, scene.animation.seed, scene.animation.speed)
        else:
            self.window.release_run_focus()
            if scene.tab is not None:
                self.window.show_tab(scene.tab)
        self.window.set_caption_mode(True)
        self.banner.show()
        self.banner.show_scene(index + 1, len(self.tour.scenes), scene.title, scene.caption)

    def _enable_actions(self) -> None:
        on = self.view.tour_active
        for action_id in ("tour.next", "tour.previous", "tour.stop"):
            self.actions[action_id].setEnabled(on)
