"""A tour scene's page shown whole: the run, an essay or the sampling tab in the room it has.

A mixin of :class:`~.main_window.MainWindow` (through :class:`~.window_fitting.LayoutFitting`):
in a scene about the run or an essay, what the page does not need steps aside, the window's own
parts first (:data:`~.window_layout.SCENE_STEPS`), then the run's
(:data:`~.token_run.view.CROWD_STEPS`) or the sampling tab's
(:data:`~.sampling_view.CROWD_STEPS`); an essay's type shrinks a little if it must, and the tab
bar steps aside when the page would not show whole with it.
"""

from __future__ import annotations

from .explanations import ExplanationView
from .sampling_view import CROWD_STEPS as SAMPLING_STEPS
from .scroll_areas import needed_height, room_height
from .token_run.view import CROWD_STEPS as RUN_STEPS
from .window_layout import CROWD_STEPS, SCENE_STEPS

__all__ = ["PageFitting", "needed_height", "room_height"]


class PageFitting:
    """Fits a tour scene's page (the module's docstring); uses the window's ``tabs``,
    ``token_run`` and its scroll area, ``sampling_view`` and its scroll area, the layout policy
    and the room's own steps (``_set_crowding``, ``_activate_layouts``)."""

    def _fit_scene_page(self) -> None:
        """A tour scene about the run or an essay shows its page whole: while it would still
        scroll (after the run's buttons and the essay's type have done what they can), or the
        window's content would not fit its height, or (zoomed in) the essay is set smaller than
        the body, the caption's reserved room, its headline size and then the menu and status
        bars step aside (``SCENE_STEPS``); then the run's own parts (:meth:`_fit_run`)."""
        if not self.moment().in_scene or self.scene_focus() not in ("run", "essay") or not self.isVisible():
            return
        policy = self.layout_policy
        first = CROWD_STEPS.index(SCENE_STEPS[0]) + 1
        if self.sampling_view.crowding:  # the window's own steps are measured first
            self.sampling_view.set_crowding(0)
        # Measured as laid out now: the caption may just have taken its scene's height, and a
        # page measured in the room it had before fitted (an essay at x2 measured 502 px of room;
        # the caption then left it 120; at 100 % a run scene walked to kept the longest caption's
        # room and cut its totals, where the same scene opened directly gave that room up).
        self._lay_out_now()
        self._fit_essays()
        self._fit_run()
        while policy.crowding < len(CROWD_STEPS) and (
            self._page_cut() or self._content_squeezed() or self._essay_below_body()
        ):
            self._set_crowding(max(policy.crowding + 1, first))
            self._activate_layouts()
            self._fit_essays()
            self._fit_run()
        if self.app_state.view.zoom <= 1.0:
            return  # at 100 % every scene's page fits with the window's steps (the layout check)
        if self.scene_focus() == "run" and self._page_cut():
            # Still taller than all the room the window gives (zoomed in): the run's own parts
            # step aside further (the strip's rows, the totals' table, the legend's long names,
            # the narration).
            self._fit_run(whole=True)
        elif self.tabs.currentWidget() is self.sampling_scroll and self._page_cut():
            self._fit_sampling()  # the same for the sampling tab (its controls, legends, draws)

    def _lay_out_now(self) -> None:
        """Apply the layouts now, until the tabs' height holds: the caption fits its height to its
        new width as it is laid out, which asks for one more pass."""
        for _pass in range(3):
            before = self.tabs.height()
            self._activate_layouts()
            if self.tabs.height() == before:
                break

    def _essay_below_body(self) -> bool:
        """Zoomed in, an essay scene's essay in smaller type than the body's: the caption's room,
        then its headline size and the bars step aside first, so the essay the scene is about
        keeps the back row's type (at 1024x768 projector x2, scene 2's essay was 13 px under a
        36 px caption that said less)."""
        page = self.tabs.currentWidget()
        return (
            self.app_state.view.zoom > 1.0
            and self.scene_focus() == "essay"
            and isinstance(page, ExplanationView)
            and page.below_body
        )

    def _content_squeezed(self) -> bool:
        """Whether the window's content needs more height than it has (a caption reserving the
        room of the tour's longest, in headline type, above a page at x2)."""
        central = self.centralWidget()
        return central.minimumSizeHint().height() > central.height()

    def _fit_run(self, *, whole: bool = False) -> None:
        """In a run focus the whole run shows: what does not fit steps aside, in the run's own
        order (:data:`~.token_run.view.CROWD_STEPS`), measured step by step; elsewhere the run is
        whole.  Only the simulate buttons and the row of Play/Step/Speed/Seed, unless ``whole``:
        the rest of the run steps aside only once the window's own steps have not made room
        (:meth:`_fit_scene_page`)."""
        view = self.token_run
        if self.scene_focus() != "run":
            if view.crowding:
                view.set_crowding(0)
            return
        last = len(RUN_STEPS) if whole else RUN_STEPS.index("controls") + 1
        view.set_crowding(0)
        self.layout().activate()
        for level in range(1, last + 1):
            if needed_height(self.token_run_scroll) <= room_height(self.token_run_scroll):
                break
            view.set_crowding(level)
            view.layout().activate()

    def _fit_essays(self) -> None:
        """In an essay scene the essay shows whole (its type shrinks a little if it must).

        The sampling tab is read the same way: in a scene about it, what the scene is not about
        (the real-text run) steps aside, so the distributions and the rules show whole.
        """
        essay_scene = self.scene_focus() == "essay"
        self.sampling_view.set_scene_mode(essay_scene and self.current_tab() == "sampling")
        if essay_scene:
            self.layout().activate()
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if isinstance(page, ExplanationView):
                page.fit_whole(essay_scene and index == self.tabs.currentIndex(), self.app_state.view.zoom)
        self._fit_tab_bar()

    def refit_sampling_scene(self) -> None:
        """The sampling tab's draws came or went: in a scene about the tab, fit its page again
        (the empty histogram steps aside, the draws do not)."""
        if self.moment().in_scene and self.tabs.currentWidget() is self.sampling_scroll:
            self._scene_page_timer.start()

    def _fit_sampling(self) -> None:
        """A scene about the sampling tab taller than all the room the window gives (zoomed in):
        the tab's own parts step aside (:data:`~.sampling_view.CROWD_STEPS`), measured step by
        step from none; elsewhere the tab is whole."""
        view = self.sampling_view
        if view.crowding:
            view.set_crowding(0)
        if self.scene_focus() != "essay" or self.tabs.currentWidget() is not self.sampling_scroll:
            return
        view.layout().activate()
        for level in range(1, len(SAMPLING_STEPS) + 1):
            if not self._page_cut():
                break
            view.set_crowding(level)
            view.layout().activate()
        self._fit_tab_bar()

    def _fit_tab_bar(self) -> None:
        """In a run or essay focus, the tab bar steps aside when the page would not show whole
        with it (large type): the scene's caption, or Esc, says where the page came from."""
        bar = self.tabs.tabBar()
        focused = self.scene_focus() in ("run", "essay")
        if focused and bar.isHidden():
            # Measured with the bar shown and laid out: reckoned from a page laid out without it,
            # a scene reached from one whose tabs had stepped aside kept the bar away where the
            # same scene opened directly showed it (an essay scene at x1.5).
            bar.setVisible(True)
            self._activate_layouts()
        hide = focused and self._page_cut()
        if bar.isHidden() != hide:
            bar.setVisible(not hide)

    def _page_cut(self, less: int = 0) -> bool:
        """Whether the page shown would scroll (part of it below the fold) with ``less`` px of room."""
        page = self.tabs.currentWidget()
        if isinstance(page, ExplanationView):
            return page.document().size().height() > page.viewport().height() - less
        return needed_height(page) > room_height(page) - less
