"""The guided tour: turns the view state's tour position into parameters, a caption, a tab and a run.

The scenes are data (:class:`~specdec_desktop.scenario.Tour`, read from a tour
file); the position (on or off, which scene) belongs to the
:class:`~specdec_desktop.state.view_state.ViewState`.  This controller moves
the position on the tour actions and shows whatever the position says, so a
scenario file or a test can set the position directly and see the same result.

Moving past either end stays put.  While the screen is blanked, "next" and
"previous" first bring the screen back without moving, so the presenter sees
where they are before going on.

A scene is a function of its number, not of the path that led to it: showing a
scene sets everything it shows (the whole configuration, the pins, the draft
shape, the map switched off, the tab and the focus, the assumptions panel, the
run), so forward, back, a jump, Reset (Ctrl+R) and ``--tour-scene N`` show the
same thing.  What the window showed before the tour is kept in the presentation
state (``state/presentation_state.py``) and given back whole when the tour ends.
When the configuration or the pins no longer match the scene, the caption says
so (its numbers would be wrong) and that Ctrl+R shows the scene again.

Languages: the bundled tour's titles, captions and pin names are messages of the catalogue (the
extractor reads ``resources/tours/default.json``), shown with ``_()``, so the tour follows View ▸
Language (a scene's pins are renamed in place, no undo step); a tour file of the user's own is
shown as written.  The tour itself stays English data, so
Save tour as… writes the bundled scenes as they are in the file.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..model.configuration import Configuration
from ..model.pins import Pin
from ..scenario import BUILTIN_TOUR, Scene, Tour, default_tour_path, load_tour
from ..scenario.tour_file import MAX_SCENES, tour_from_json, tour_to_json
from ..state import ParameterState
from ..state.history import ParameterHistory
from ..state.presentation_state import TourSnapshot
from ..state.view_state import ViewState
from ..text import _
from ..views.caption_banner import CaptionBanner
from ..views.language import follow_language

__all__ = ["TourController"]


class TourController(QObject):
    """Runs one tour at a time (the bundled one until another is opened).

    Signals
    -------
    scene_shown()
        A scene was shown whole (moving to it, or again by Reset).
    """

    scene_shown = Signal()

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
        #: Scenes were added since the tour was read (Save tour as… writes them).
        self.modified = False

        actions["tour.start"].triggered.connect(lambda: self.start(0))
        actions["tour.resume"].triggered.connect(lambda: self.start(self.view.tour_scene))
        actions["tour.next"].triggered.connect(self.next)
        actions["tour.previous"].triggered.connect(self.previous)
        actions["tour.stop"].triggered.connect(self.stop)
        actions["tour.add_scene"].triggered.connect(self.add_current_view)
        view.tour_changed.connect(self._show)
        # A scene about an assumption opens its panel only while the column shows it whole; a
        # zoom step or a theme switch changes that, and the window measures it again as it
        # applies the new type (``presentation.assumptions_asked``, MainWindow.fit_scene_panel).
        app_state = window.app_state
        self.presentation = app_state.presentation
        for owner in app_state.owners:
            owner.changed.connect(self._show_whether_changed)
        app_state.pinned.changed.connect(self._show_whether_changed)
        self._enable_actions()
        follow_language(self, self._retranslate)
        window.installEventFilter(self)

    def _words(self, text: str) -> str:
        """A title or caption as shown: the bundled tour's in the active language, a user's own
        tour's as written."""
        return _(text) if self.source == BUILTIN_TOUR else text

    def _pins(self, scene: Scene) -> tuple[Pin, ...]:
        """A scene's pins as shown: named in the active language for the bundled tour."""
        return tuple(replace(pin, name=self._words(pin.name)) for pin in scene.pins or ())

    def _retranslate(self) -> None:
        """View ▸ Language: the banner's room and the scene shown, in the new language."""
        if self._tour is None:
            return
        self.banner.set_captions(tuple(self._words(scene.caption) for scene in self._tour.scenes))
        if self.view.tour_active:
            index = min(self.view.tour_scene, len(self._tour.scenes) - 1)
            scene = self._tour.scenes[index]
            total = len(self._tour.scenes)
            pinned = self.window.app_state.pinned
            shown = self._pins(scene)
            if pinned.pins != shown and self._same_but_names(pinned.pins, shown):
                # The scene's own pins, named in the language before: the same pins, renamed.
                self.window.app_state.pinned_history.set_quietly(shown)
            self.banner.show_scene(index + 1, total, self._words(scene.title), self._words(scene.caption))
            self._show_whether_changed()

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
        self.banner.set_captions(tuple(self._words(scene.caption) for scene in tour.scenes))

    def use_tour(self, tour: Tour, source: str) -> None:
        """Replace the tour (already validated); the position goes back to its first scene, off."""
        self.source = source  # first: it decides whether the captions are translated
        self._set_tour(tour)
        self.modified = False
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

    def add_current_view(self) -> Scene | None:
        """Append a scene showing what is on screen now: the configuration, the pins, the tab and
        the focus, with a caption of its figures (Tour ▸ Save tour as… writes it to a file).

        Returns the scene, or None (and says why) when the tour is full.
        """
        from ..model import readouts
        from ..wording.chart_words import view_caption

        tour, window = self.tour, self.window
        if len(tour.scenes) >= MAX_SCENES:
            window.statusBar().showMessage(
                _("A tour holds at most {count} scenes.").format(count=MAX_SCENES), 6000
            )
            return None
        app_state = window.app_state
        configuration = app_state.configuration()
        tab = window.current_tab()
        focus = app_state.presentation.focus or "chart"
        if focus == "essay" and tab == "token-run":
            focus = "run"
        elif focus == "run" and tab != "token-run":
            focus = "essay"
        scene = Scene(
            title=_("Scene {number}").format(number=len(tour.scenes) + 1),
            caption=view_caption(readouts(configuration.parameters, configuration.assumptions)),
            configuration=configuration,
            tab=tab,
            focus=focus,
            pins=app_state.pinned.pins,
        )
        # Checked as a file would be: what is added can be saved and read back.
        added = tour_from_json(tour_to_json(Tour(tour.title, (*tour.scenes, scene))))
        self._set_tour(added)
        self.modified = True
        self._enable_actions()
        window.statusBar().showMessage(
            _("Added scene {number} to the tour; Tour ▸ Save tour as… keeps it.").format(
                number=len(added.scenes)
            ),
            6000,
        )
        return added.scenes[-1]

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
                _("That was the last scene: Esc ends the tour.")
                if step > 0
                else _("This is the first scene."),
                4000,
            )
        self.view.set_tour(True, target)

    # -- showing ------------------------------------------------------------------------

    def show_scene_again(self) -> None:
        """Show the current scene whole again (Reset during the tour): one undo step."""
        if self.view.tour_active:
            self._show()

    def _show(self) -> None:
        self._enable_actions()
        presentation = self.presentation
        if not self.view.tour_active:
            self.banner.hide()
            presentation.assumptions_asked = False
            if presentation.before_tour is not None:
                before, presentation.before_tour = presentation.before_tour, None
                self._give_back(before)
            presentation.set_focus(None)
            self.window.release_run_focus()
            self._forget_ghost()
            # The column's width for what it holds again (a scene may have opened the panel).
            self.window.fit_left_width()
            self.window._apply_layout()
            return
        if presentation.before_tour is None:
            presentation.before_tour = self._snapshot()
        index = min(self.view.tour_scene, len(self.tour.scenes) - 1)
        scene = self.tour.scenes[index]
        window = self.window
        self._set_whole(
            scene.configuration, self._pins(scene), _("tour scene {number}").format(number=index + 1)
        )
        self.actions["view.map"].setChecked(False)  # the chart, not the (p, c) map
        presentation.hide_answer()
        # The tab first, then the focus: the layout is fitted once, to the scene's tab.
        tab = scene.tab if scene.tab is not None else "token-run"
        if scene.animation is None:
            window.token_run.player.pause()
            window.release_run_focus()
            window.show_tab(tab)
        presentation.set_focus(scene.focus)
        if scene.animation is not None:
            window.show_token_run(scene.animation.play, scene.animation.seed, scene.animation.speed)
        self.banner.show()
        self.banner.show_scene(
            index + 1, len(self.tour.scenes), self._words(scene.title), self._words(scene.caption)
        )
        self._fit_scene()
        self._show_whether_changed()
        self._forget_ghost()
        self.scene_shown.emit()

    def _fit_scene(self) -> None:
        """Fit the window to the scene with its caption in place.

        The caption first: the room the Assumptions panel and the chart get is what the caption
        leaves, and the caption of the scene before (or none, on a jump) left another amount
        (scene 7 reached by PageDown had its cards away at 1600x1000; by a jump not).
        """
        window = self.window
        self.presentation.assumptions_asked = not self.scene.assumptions.is_default
        window.fit_scene_panel()
        window._apply_layout()

    def eventFilter(self, watched, event) -> bool:
        # A window opened at a scene (--tour-scene N) measured the scene before it was shown,
        # when its caption and column had no real size yet: fitted again once they have, the
        # scene looks as it does reached by walking the tour.
        if watched is self.window and event.type() == QEvent.Type.Show and not event.spontaneous():
            if self.view.tour_active:
                self._fit_scene()
        return False

    @staticmethod
    def _same_but_names(these: tuple[Pin, ...], those: tuple[Pin, ...]) -> bool:
        return len(these) == len(those) and all(
            one.configuration == other.configuration for one, other in zip(these, those, strict=True)
        )

    def _forget_ghost(self) -> None:
        """A scene (or what the tour gives back) is shown whole: no ghost of the screen before it.

        The ghost shows how far a change moved the curve; a scene reached from another scene would
        otherwise carry that scene's curve, so the same scene would look different by another path.
        """
        chart = getattr(self.window, "chart", None)
        if chart is not None:
            chart.clear_ghost()

    def _show_whether_changed(self, *_args: object) -> None:
        """Say on the caption when the screen no longer shows the scene's numbers."""
        if not self.view.tour_active:
            return
        scene = self.scene
        app_state = self.window.app_state
        shown = (app_state.configuration(), app_state.pinned.pins)
        changed = shown != (scene.configuration, self._pins(scene))
        self.banner.show_changed(changed)

    def _snapshot(self) -> TourSnapshot:
        window, app_state = self.window, self.window.app_state
        return TourSnapshot(
            configuration=app_state.configuration(),
            pins=app_state.pinned.pins,
            tab=window.current_tab(),
            map_shown=self.actions["view.map"].isChecked(),
            assumptions_open=window.assumptions_panel.expanded,
            run_seed=window.token_run.run.seed,
            run_speed=window.token_run.player.speed,
        )

    def _give_back(self, before: TourSnapshot) -> None:
        """What the window showed before the tour, whole (one undo step)."""
        window = self.window
        self._set_whole(before.configuration, before.pins, _("end the tour"))
        window.show_tab(before.tab)
        window.assumptions_panel.set_expanded(before.assumptions_open)
        window.token_run.player.pause()
        window.token_run.player.set_speed(before.run_speed)
        window.token_run.run.set_seed(before.run_seed)
        if before.map_shown:
            self.actions["view.map"].setChecked(True)

    def _set_whole(self, configuration: Configuration, pins: tuple[Pin, ...], text: str) -> None:
        """Set the whole configuration (the draft shape is part of it) and the pins as one undo
        step (none if nothing changes)."""
        app_state = self.window.app_state
        stack = app_state.history.stack
        both = app_state.configuration() != configuration and app_state.pinned.pins != pins
        if both:
            stack.beginMacro(text)
        try:
            app_state.apply_configuration(configuration, text)
            app_state.pinned.set_pins(pins)
        finally:
            if both:
                stack.endMacro()

    def _enable_actions(self) -> None:
        on = self.view.tour_active
        for action_id in ("tour.next", "tour.previous", "tour.stop"):
            self.actions[action_id].setEnabled(on)
