"""The window's services: menus and shortcuts, themes and zoom, full screen, the guided tour,
undo, scenario files, export and persisted settings, wired onto a :class:`MainWindow`.

Everything the window offers beyond showing its state lives here (the package
was called ``presenter`` once, though presenter mode is only one of its
services).  :func:`install_window_services` builds every piece and returns the
:class:`WindowServices` that holds them (``window.services``).  Where each
behaviour lives:

=========================  ==================================================
shortcut table             :mod:`specdec_desktop.shortcuts`
actions and menu bar       :mod:`.actions`
keys that beat the focus   :mod:`.shortcut_guard`
theme, zoom, full screen   :mod:`.view_controller` (state: ``state.view_state``)
guided tour                :mod:`.tour_controller` (scenes: ``scenario.tour_file``)
scenarios and reset        :mod:`.scenario_io` (files: ``scenario.scenario_file``)
export                     :mod:`.export_actions` (formats: ``specdec_desktop.export``)
measurements               :mod:`.measurement_io` (reading), :mod:`.measurement_use` (using)
settings                   :mod:`.settings_store`
undo                       :mod:`specdec_desktop.state.history`
=========================  ==================================================
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from .. import __version__
from ..launch import LaunchOptions
from ..model import DEFAULT_CONFIGURATION
from ..model.parameters import NAMES
from ..scenario.tour_file import TAB_IDS
from ..state import AppState
from ..state.debounce import Debounce
from ..text import _
from ..views.caption_banner import CaptionBanner
from ..views.cover import BlankScreen, HelpOverlay
from .accessibility import name_containers
from .actions import THEME_ACTIONS, build_actions, build_menu_bar
from .compare_export import CompareExport
from .export_actions import ExportActions
from .focus_order import apply_reading_order
from .language_menu import LanguageMenu
from .measurement_io import MeasurementIO
from .measurement_use import MeasurementUse
from .presenting import PresentingTools
from .scenario_io import ScenarioIO
from .settings_store import SettingsStore
from .shortcut_guard import ShortcutGuard
from .tour_controller import TourController
from .view_controller import ViewController

__all__ = ["SAVE_DELAY_MS", "WindowServices", "install_window_services"]

#: Settings are written this long after the last change (and when the window closes).
SAVE_DELAY_MS = 1000


class WindowServices(QObject):
    """Owns the service objects of one window and the actions that span several of them."""

    def __init__(self, window: QMainWindow, settings: SettingsStore) -> None:
        super().__init__(window)
        self.window = window
        app_state: AppState = window.app_state
        self.state = app_state.parameters
        self.settings = settings
        self.view = app_state.view
        self.history = app_state.history

        self.actions = build_actions(window)
        build_menu_bar(window.menuBar(), self.actions)
        self.language_menu = LanguageMenu(window, settings)  # View ▸ Language
        name_containers(window)  # focusable scroll areas and tabs: named for screen readers
        # The run's keys come from these actions: bound once, on the window, so they work from
        # anywhere in it (and bring the run's tab forward).
        window.token_run.install_shortcuts(window, self.actions)
        self.guard = ShortcutGuard(window, self.actions)
        self.banner = CaptionBanner()
        window.header.insertWidget(0, self.banner)
        self.blank = BlankScreen(window)
        # The keyboard help (a grid of every shortcut) is built when first shown: ~20 ms saved
        # before the first paint (docs/performance.md).
        self.view_controller = ViewController(
            window, self.view, self.actions, self.banner, self.blank, lambda: HelpOverlay(window)
        )
        self.tour = TourController(window, self.state, self.view, self.history, self.actions, self.banner)
        self.scenarios = ScenarioIO(window, self.state, self.view, self.history, self.tour, self.actions)
        self.exports = ExportActions(window, self.state, self.actions, self.view_controller.theme)
        self.compare_export = CompareExport(window)
        self.measurements = MeasurementIO(window, app_state, self.actions)
        self.measurement_use = MeasurementUse(window, app_state, self.actions["file.use_measured_costs"])
        self.presenting = PresentingTools(window, self.actions)
        self.presenting.follow_tour(self.tour)
        self._connect_simple_actions()
        self._set_tab_order()
        window.chart_installed.connect(self._set_tab_order)  # the chart arrives after the first paint
        self.actions["view.map"].toggled.connect(self._set_tab_order)  # the map is built when first shown

        self._save_timer = Debounce(SAVE_DELAY_MS, self.save_settings, self)
        #: A theme forced by --projector is for this session; the saved choice stays until the
        #: user picks a theme from the menu.
        self._saved_theme: str | None = None
        for action_id in THEME_ACTIONS:
            self.actions[action_id].triggered.connect(self._forget_session_theme)
        for owner in app_state.owners:  # every part of the configuration
            owner.changed.connect(self._save_timer)
        self.view.theme_changed.connect(self._save_timer)
        self.view.zoom_changed.connect(self._save_timer)
        window.installEventFilter(self)

    @property
    def help(self) -> HelpOverlay:
        """The keyboard-help overlay (built on first use)."""
        return self.view_controller.help

    def _connect_simple_actions(self) -> None:
        a, window, stack = self.actions, self.window, self.history.stack
        a["file.quit"].triggered.connect(window.close)
        a["edit.undo"].triggered.connect(stack.undo)
        a["edit.redo"].triggered.connect(stack.redo)
        stack.canUndoChanged.connect(a["edit.undo"].setEnabled)
        stack.canRedoChanged.connect(a["edit.redo"].setEnabled)
        # "&&": a file name in a step's text ("open a&b.json") must not become a mnemonic.
        # The frame in the active language; the step's own words are the history's (English).
        stack.undoTextChanged.connect(
            lambda text: a["edit.undo"].setText(
                _("&Undo {step}").format(step=text.replace("&", "&&")) if text else _("&Undo")
            )
        )
        stack.redoTextChanged.connect(
            lambda text: a["edit.redo"].setText(
                _("&Redo {step}").format(step=text.replace("&", "&&")) if text else _("&Redo")
            )
        )
        a["edit.undo"].setEnabled(False)
        a["edit.redo"].setEnabled(False)
        a["edit.restore_defaults"].triggered.connect(self.restore_defaults)
        for name in NAMES:
            a[f"edit.focus_{name}"].triggered.connect(lambda _=False, n=name: self.focus_entry(n))
            slider = window.controls[name].slider
            slider.sliderPressed.connect(self.history.begin_gesture)
            slider.sliderReleased.connect(self.history.end_gesture)
        for tab_id in TAB_IDS:
            action_id = f"view.tab_{tab_id.replace('-', '_')}"
            a[action_id].triggered.connect(lambda _=False, t=tab_id: self.show_tab(t))
        a["help.about"].triggered.connect(self.show_about)
        compare = window.compare
        a["view.map"].toggled.connect(compare.show_map)
        compare.map_button.toggled.connect(a["view.map"].setChecked)
        a["edit.pin"].triggered.connect(self._pin)
        window.token_run.player.playing_changed.connect(self._on_playing)

    def show_panel(self, tab_id: str) -> None:
        """Ctrl+1 to Ctrl+8: bring the tab forward; while presenting (or when the tabs have
        stepped aside for the chart) it takes the chart's place, whole, until Esc."""
        self.window.show_tab(tab_id)
        if self.window.panel_focus_applies():
            self.view.set_panel_focus("run" if tab_id == "token-run" else "panel")

    def _on_playing(self, playing: bool) -> None:
        """Presenting, a run that starts playing takes the chart's place, whole (Esc gives it back)."""
        if playing and not self.view.tour_active and self.window.panel_focus_applies():
            self.window.show_tab("token-run")
            self.view.set_panel_focus("run")

    def focus_entry(self, name: str) -> None:
        """Alt+K/P/C: the keyboard to the parameter's number box, its text selected, so a typed
        value replaces it ("0.9": the "." is the decimal point there, never "blank the screen").
        In a tour scene that hides the box, the scene's focus goes back to the chart first."""
        presentation = self.window.app_state.presentation
        if presentation.focus not in (None, "chart"):
            presentation.set_focus("chart")
        entry = self.window.controls[name].entry
        self.window.left_column.ensureWidgetVisible(entry)
        entry.setFocus(Qt.FocusReason.ShortcutFocusReason)
        entry.selectAll()

    def show_tab(self, tab_id: str) -> None:
        """Ctrl+1..8: show the tab (outside the tour, :meth:`show_panel`); in a tour scene the
        scene's focus follows it (the run, or the essay or panel whole), and the key of the tab
        already in focus gives the chart back."""
        window, presentation = self.window, self.window.app_state.presentation
        if presentation.focus is None:  # outside the tour
            self.show_panel(tab_id)
            return
        wanted = "run" if tab_id == "token-run" else "essay"
        if presentation.focus == wanted and window.current_tab() == tab_id:
            presentation.set_focus("chart")
            return
        window.show_tab(tab_id)
        presentation.set_focus(wanted)

    def _pin(self) -> None:
        """Pin the current configuration under the name in the Compare tab, and show the tab."""
        self.window.show_tab("compare")
        self.window.compare.pin(self.window.compare.panel.name_input.text())

    def _set_tab_order(self) -> None:
        """Tab walks the whole page as it reads, and round again (:mod:`.focus_order`)."""
        apply_reading_order(self.window)

    # -- actions spanning several owners --------------------------------------------------

    def restore_defaults(self) -> None:
        """Default parameters, theme and zoom; Reset targets the defaults; saved settings forgotten."""
        self.window.app_state.apply_configuration(DEFAULT_CONFIGURATION, _("restore defaults"))
        self.view.reset()
        self.scenarios.baseline = DEFAULT_CONFIGURATION
        self._saved_theme = None
        self.settings.clear()
        self._save_timer.cancel()
        self.window.statusBar().showMessage(_("Defaults restored; saved settings forgotten"), 6000)

    def show_about(self) -> QMessageBox:
        from ..licences import licence_summary  # importlib.metadata: not before the first paint
        from ..wording.sampling import TEXT_CREDIT

        box = QMessageBox(self.window)
        box.setObjectName("aboutBox")
        box.setWindowTitle(_("About SpecDec Desktop"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        about = _(
            "SpecDec Desktop {version}\n\nTeaches and calculates speculative decoding, offline.\n"
            "Press F1 for the keyboard shortcuts.\n\n"
            "Licences: MIT for the app, SIL OFL 1.1 for the Inter font; "
            "Show Details lists everything it runs on."
        ).format(version=__version__)
        credit = TEXT_CREDIT  # translated as it is read (wording.sampling)
        box.setText(f"{about}\n\n{credit[0].upper()}{credit[1:]}.")
        box.setDetailedText(licence_summary())
        box.open()
        return box

    def _forget_session_theme(self) -> None:
        self._saved_theme = None

    def save_settings(self) -> None:
        """Save the configuration, theme and zoom; during the tour, what was there before it
        (nothing a scene set is ever saved)."""
        theme = self._saved_theme if self._saved_theme is not None else self.view.theme_choice
        app_state = self.window.app_state
        before = app_state.presentation.before_tour
        configuration = before.configuration if before is not None else app_state.configuration()
        self.settings.save(configuration, theme, self.view.zoom)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self._save_timer.cancel()
            self.save_settings()
        return False

    # -- start-up -------------------------------------------------------------------------

    def launch(self, options: LaunchOptions) -> None:
        """Bring the window to its starting state (see :class:`~specdec_desktop.launch.LaunchOptions`
        for precedence)."""
        loaded = self.settings.load()
        self.window.app_state.owners.apply(loaded.configuration)
        self.view.set_theme_choice(loaded.theme_choice)
        self.view.set_zoom(loaded.zoom)
        if options.scenario is not None:
            self.scenarios.apply(options.scenario)
            if options.scenario.notice is not None:
                self.scenarios.announce(options.scenario)
        if options.parameters:
            self.state.set(**options.parameters)
        if options.assumptions:
            self.window.app_state.assumptions.set(**options.assumptions)
        if options.shape is not None:
            self.window.app_state.shape.set_shape(options.shape)
        if options.projector:
            self._saved_theme = self.view.theme_choice
            self.view.set_theme_choice("projector")
        if options.tour_scene is not None:
            self.tour.start(options.tour_scene - 1)  # start() keeps it within the tour
        elif options.tour and not self.view.tour_active:
            self.tour.start(self.view.tour_scene if options.scenario is not None else 0)
        if options.fullscreen:
            self.view.set_fullscreen(True)
        self.history.clear()
        self._save_timer.cancel()
        if loaded.notice:
            self.window.statusBar().showMessage(_(loaded.notice), 15000)  # N_-marked, or made with _()


def install_window_services(
    window: QMainWindow, options: LaunchOptions | None = None, settings: SettingsStore | None = None
) -> WindowServices:
    """Add the window services to ``window`` and start it as ``options`` say.

    ``settings`` is where saved settings are read and written (none by default).
    """
    services = WindowServices(window, settings if settings is not None else SettingsStore.disabled())
    window.services = services
    services.launch(options if options is not None else LaunchOptions())
    return services
