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
settings                   :mod:`.settings_store`
undo                       :mod:`specdec_desktop.state.history`
=========================  ==================================================
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from .. import __version__
from ..launch import LaunchOptions
from ..model import Parameters
from ..model.parameters import NAMES
from ..scenario.tour_file import TAB_IDS
from ..state import AppState
from ..views.caption_banner import CaptionBanner
from ..views.cover import BlankScreen, HelpOverlay
from .actions import THEME_ACTIONS, build_actions, build_menu_bar
from .compare_export import CompareExport
from .export_actions import ExportActions
from .measurement_io import MeasurementIO
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
        self._connect_simple_actions()
        self._set_tab_order()

        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(SAVE_DELAY_MS)
        self._save_timer.timeout.connect(self.save_settings)
        #: A theme forced by --projector is for this session; the saved choice stays until the
        #: user picks a theme from the menu.
        self._saved_theme: str | None = None
        for action_id in THEME_ACTIONS:
            self.actions[action_id].triggered.connect(self._forget_session_theme)
        self.state.changed.connect(self._save_timer.start)
        app_state.assumptions.changed.connect(self._save_timer.start)
        self.view.theme_changed.connect(self._save_timer.start)
        self.view.zoom_changed.connect(self._save_timer.start)
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
        stack.undoTextChanged.connect(
            lambda text: a["edit.undo"].setText(f"&Undo {text.replace('&', '&&')}".rstrip())
        )
        stack.redoTextChanged.connect(
            lambda text: a["edit.redo"].setText(f"&Redo {text.replace('&', '&&')}".rstrip())
        )
        a["edit.undo"].setEnabled(False)
        a["edit.redo"].setEnabled(False)
        a["edit.restore_defaults"].triggered.connect(self.restore_defaults)
        for name in NAMES:
            a[f"edit.focus_{name}"].triggered.connect(window.controls[name].slider.setFocus)
            slider = window.controls[name].slider
            slider.sliderPressed.connect(self.history.begin_gesture)
            slider.sliderReleased.connect(self.history.end_gesture)
        for tab_id in TAB_IDS:
            action_id = f"view.tab_{tab_id.replace('-', '_')}"
            a[action_id].triggered.connect(lambda _=False, t=tab_id: window.show_tab(t))
        a["help.about"].triggered.connect(self.show_about)
        compare = window.compare
        a["view.map"].toggled.connect(compare.show_map)
        compare.map_button.toggled.connect(a["view.map"].setChecked)
        a["edit.pin"].triggered.connect(self._pin)

    def _pin(self) -> None:
        """Pin the current configuration under the name in the Compare tab, and show the tab."""
        self.window.show_tab("compare")
        self.window.compare.pin(self.window.compare.panel.name_input.text())

    def _set_tab_order(self) -> None:
        """Tab walks the page as it reads: each slider then its entry box, the cards, the tabs."""
        window = self.window
        chain: list = []
        for name in NAMES:
            chain += [window.controls[name].slider, window.controls[name].entry]
        chain += list(window.cards.values())
        chain.append(window.tabs.tabBar())
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # -- actions spanning several owners --------------------------------------------------

    def restore_defaults(self) -> None:
        """Default parameters, theme and zoom; Reset targets the defaults; saved settings forgotten."""
        with self.history.step("restore defaults"):
            self.state.set_params(Parameters())
            self.window.app_state.assumptions.reset()
        self.view.reset()
        self.scenarios.baseline = Parameters()
        self._saved_theme = None
        self.settings.clear()
        self._save_timer.stop()
        self.window.statusBar().showMessage("Defaults restored; saved settings forgotten", 6000)

    def show_about(self) -> QMessageBox:
        from ..licences import licence_summary  # importlib.metadata: not before the first paint

        box = QMessageBox(self.window)
        box.setObjectName("aboutBox")
        box.setWindowTitle("About SpecDec Desktop")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(
            f"SpecDec Desktop {__version__}\n\nTeaches and calculates speculative decoding, offline.\n"
            "Press F1 for the keyboard shortcuts.\n\n"
            "Licences: MIT for the app, SIL OFL 1.1 for the Inter font; "
            "Show Details lists everything it runs on."
        )
        box.setDetailedText(licence_summary())
        box.open()
        return box

    def _forget_session_theme(self) -> None:
        self._saved_theme = None

    def save_settings(self) -> None:
        theme = self._saved_theme if self._saved_theme is not None else self.view.theme_choice
        assumptions = self.window.app_state.assumptions.assumptions
        self.settings.save(self.state.params, theme, self.view.zoom, assumptions)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self._save_timer.stop()
            self.save_settings()
        return False

    # -- start-up -------------------------------------------------------------------------

    def launch(self, options: LaunchOptions) -> None:
        """Bring the window to its starting state (see :class:`~specdec_desktop.launch.LaunchOptions`
        for precedence)."""
        loaded = self.settings.load()
        self.state.set_params(loaded.parameters)
        self.window.app_state.assumptions.set_assumptions(loaded.assumptions)
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
        self._save_timer.stop()
        if loaded.notice:
            self.window.statusBar().showMessage(loaded.notice, 15000)


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
