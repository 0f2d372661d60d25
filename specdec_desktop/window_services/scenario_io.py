"""Open and save scenarios, open a tour file, and reset the parameters to what was opened.

Opening is all or nothing: :func:`~specdec_desktop.scenario.opened.open_scenario`
validates the file *and* the tour it names before this module changes anything;
a bad file gets a message naming the problem and leaves every state as it was.
An opened scenario becomes one undo step and the target of Reset (Ctrl+R).
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow

from ..model.configuration import DEFAULT_CONFIGURATION, Configuration
from ..plain_text import printable
from ..scenario import FileProblem, Scenario, TourPosition, save_scenario
from ..scenario.opened import OpenedScenario, open_scenario, tour_reference
from ..scenario.tour_file import save_tour
from ..state import ParameterState
from ..state.history import ParameterHistory
from ..state.view_state import ViewState
from ..text import N_, _, error_text
from .notices import confirm_replace, show_problem, why_not_written
from .tour_controller import TourController

__all__ = ["FILE_FILTER", "ScenarioIO"]

#: The dialogs' file filters (English; shown with ``_()``).
FILE_FILTER = N_("SpecDec scenarios (*.json);;All files (*)")
TOUR_FILTER = N_("SpecDec tours (*.json);;All files (*)")


class ScenarioIO(QObject):
    """The File menu's scenario and tour actions, and Reset."""

    def __init__(
        self,
        window: QMainWindow,
        state: ParameterState,
        view: ViewState,
        history: ParameterHistory,
        tour: TourController,
        actions: dict[str, QAction],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.state = state
        self.view = view
        self.history = history
        self.tour = tour
        #: What Reset returns to: the defaults, or the configuration of the scenario last opened.
        self.baseline: Configuration = DEFAULT_CONFIGURATION
        self.path: Path | None = None
        actions["file.open_scenario"].triggered.connect(self.open_dialog)
        actions["file.save_scenario"].triggered.connect(self.save_dialog)
        actions["file.open_tour"].triggered.connect(self.open_tour_dialog)
        actions["edit.reset"].triggered.connect(self.reset)
        actions["tour.save"].triggered.connect(self.save_tour_dialog)

    # -- the current set-up as a scenario -------------------------------------------------

    def current(self, folder: Path) -> Scenario:
        """What a scenario saved into ``folder`` now would hold."""
        position = TourPosition(
            file=tour_reference(self.tour.source, folder),
            scene=self.view.tour_scene,
            active=self.view.tour_active,
        )
        return Scenario(
            self.window.app_state.configuration(),
            self.view.theme_choice,
            self.view.zoom,
            position,
            pinned=self.window.app_state.pinned.pins,
        )

    # -- opening --------------------------------------------------------------------------

    def apply(self, opened: OpenedScenario) -> None:
        """Show an already validated scenario (one undo step); it becomes Reset's target."""
        scenario = opened.scenario
        stack = self.history.stack
        # Parameters (or assumptions) and pins that both change are one undo step (an empty
        # macro would be a step too).
        app_state = self.window.app_state
        model_changes = scenario.configuration != app_state.configuration()
        both = model_changes and scenario.pinned != app_state.pinned.pins
        if both:
            stack.beginMacro(_("open {name}").format(name=opened.path.name))
        try:
            self._apply(opened)
        finally:
            if both:
                stack.endMacro()
        presentation = self.window.app_state.presentation
        if self.view.tour_active and presentation.before_tour is not None:
            # A lecture opened in the middle of its tour: leaving the tour gives the scenario.
            presentation.before_tour = dataclasses.replace(
                presentation.before_tour, configuration=scenario.configuration, pins=scenario.pinned
            )
        self.baseline = scenario.configuration
        self.path = opened.path
        self.window.setWindowFilePath(str(opened.path))

    def _apply(self, opened: OpenedScenario) -> None:
        scenario = opened.scenario
        with self.history.step(_("open {name}").format(name=opened.path.name)):
            if opened.tour is not None and scenario.tour is not None:
                self.tour.use_tour(opened.tour, opened.tour_source or "")
                self.view.set_tour(scenario.tour.active, scenario.tour.scene)
            else:
                self.view.set_tour(False, self.view.tour_scene)
            self.view.set_theme_choice(scenario.theme)
            self.view.set_zoom(scenario.zoom)
            self.window.app_state.owners.apply(scenario.configuration)
        self.window.app_state.pinned.set_pins(scenario.pinned)

    def open_path(self, path: str | Path) -> bool:
        """Open the scenario at ``path``; on a problem say so and change nothing."""
        try:
            opened = open_scenario(path)
        except FileProblem as problem:
            show_problem(self.window, _("This scenario cannot be opened"), error_text(problem))
            return False
        self.apply(opened)
        self.announce(opened)
        return True

    def announce(self, opened: OpenedScenario) -> None:
        """Say that ``opened`` is open, and what was left out of it (a missing tour)."""
        name = printable(opened.path.name, 80)
        if opened.notice is not None:
            show_problem(self.window, _("The scenario opened without its tour"), f"{name}: {opened.notice}")
        else:
            self.window.statusBar().showMessage(_("Opened {name}").format(name=name), 6000)

    def open_dialog(self) -> None:
        path, _chosen = QFileDialog.getOpenFileName(
            self.window, _("Open scenario"), self._folder(), _(FILE_FILTER)
        )
        if path:
            self.open_path(path)

    def open_tour_path(self, path: str | Path) -> bool:
        try:
            # abspath, not resolve(): a link loop must reach the reader (and its message), not raise here.
            self.tour.open_tour_file(os.path.abspath(path))
        except FileProblem as problem:
            show_problem(self.window, _("This tour cannot be opened"), error_text(problem))
            return False
        return True

    def open_tour_dialog(self) -> None:
        path, _chosen = QFileDialog.getOpenFileName(
            self.window, _("Open tour"), self._folder(), _(TOUR_FILTER)
        )
        if path:
            self.open_tour_path(path)

    # -- saving ---------------------------------------------------------------------------

    def save_path(self, path: str | Path) -> bool:
        path = Path(path)
        if path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        name = printable(path.name, 80)
        try:
            save_scenario(path, self.current(path.parent))
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            why = why_not_written(error)
            show_problem(self.window, _("The scenario was not saved"), f"{name}: {why}")
            return False
        self.path = path
        self.window.setWindowFilePath(str(path))
        self.window.statusBar().showMessage(_("Saved {name}").format(name=name), 6000)
        return True

    def save_dialog(self) -> None:
        suggested = str(self.path) if self.path else str(Path(self._folder()) / "scenario.json")
        path, _chosen = QFileDialog.getSaveFileName(
            self.window, _("Save scenario"), suggested, _(FILE_FILTER)
        )
        if path:
            # The dialog asked before replacing NAME; ask before replacing NAME.json.
            if Path(path).suffix.lower() != ".json" and not confirm_replace(
                self.window, Path(path + ".json")
            ):
                return
            self.save_path(path)

    def save_tour_path(self, path: str | Path) -> bool:
        """Write the tour shown (with the scenes added to it) to ``path``; it becomes the tour's
        source, so a scenario saved next names it."""
        path = Path(path)
        if path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        name = printable(path.name, 80)
        try:
            save_tour(path, self.tour.tour)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            why = why_not_written(error)
            show_problem(self.window, _("The tour was not saved"), f"{name}: {why}")
            return False
        self.tour.source = str(path.resolve())
        self.tour.modified = False
        self.window.statusBar().showMessage(_("Saved the tour as {name}").format(name=name), 6000)
        return True

    def save_tour_dialog(self) -> None:
        suggested = str(Path(self._folder()) / "tour.json")
        path, _chosen = QFileDialog.getSaveFileName(self.window, _("Save tour as"), suggested, _(TOUR_FILTER))
        if path:
            if Path(path).suffix.lower() != ".json" and not confirm_replace(
                self.window, Path(path + ".json")
            ):
                return
            self.save_tour_path(path)

    # -- reset ----------------------------------------------------------------------------

    def reset_target(self) -> Configuration:
        """The current tour scene's whole configuration while the tour is on, else :attr:`baseline`."""
        return self.tour.scene.configuration if self.view.tour_active else self.baseline

    def reset(self) -> None:
        if self.view.tour_active:  # the scene whole again: pins, tab and focus too
            self.tour.show_scene_again()
            self.window.statusBar().showMessage(_("Scene shown again (Ctrl+Z undoes it)"), 4000)
            return
        self.window.app_state.apply_configuration(self.reset_target(), _("reset parameters"))
        self.window.statusBar().showMessage(_("Parameters reset (Ctrl+Z undoes it)"), 4000)

    def _folder(self) -> str:
        return str(self.path.parent) if self.path else str(Path.home())
