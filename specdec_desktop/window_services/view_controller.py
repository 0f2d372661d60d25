"""Applies the view state to the window: theme and zoom, full screen, blank screen, help overlay.

It also feeds the view state: the operating system's colour scheme (read at
start and followed live through ``styleHints().colorSchemeChanged``), the
View menu's actions, and full-screen changes the window manager makes itself.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from ..state.view_state import ViewState
from ..text import _
from ..theme import THEMES, Theme
from ..view_options import ZOOM_LEVELS
from ..views.caption_banner import CaptionBanner
from ..views.cover import BlankScreen, HelpOverlay
from .actions import THEME_ACTIONS

__all__ = ["ViewController"]


class ViewController(QObject):
    """Keeps the window's look in step with a :class:`ViewState`."""

    def __init__(
        self,
        window: QMainWindow,
        view: ViewState,
        actions: dict[str, QAction],
        banner: CaptionBanner,
        blank: BlankScreen,
        make_help: Callable[[], HelpOverlay],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.view = view
        self.actions = actions
        self.banner = banner
        self.blank = blank
        self._make_help = make_help
        self._help: HelpOverlay | None = None
        self._focus_before_cover: QWidget | None = None

        hints = QGuiApplication.styleHints()
        view.set_system_dark(hints.colorScheme() == Qt.ColorScheme.Dark)
        hints.colorSchemeChanged.connect(self._on_color_scheme)

        for action_id, choice in THEME_ACTIONS.items():
            actions[action_id].triggered.connect(lambda _=False, c=choice: view.set_theme_choice(c))
        actions["view.zoom_in"].triggered.connect(view.zoom_in)
        actions["view.zoom_out"].triggered.connect(view.zoom_out)
        actions["view.zoom_reset"].triggered.connect(lambda: view.set_zoom(1.0))
        actions["view.fullscreen"].triggered.connect(lambda: view.set_fullscreen(not view.fullscreen))
        actions["view.blank"].triggered.connect(lambda: view.set_blanked(not view.blanked))
        actions["help.shortcuts"].triggered.connect(lambda: view.set_help_visible(not view.help_visible))
        actions["view.leave"].triggered.connect(self.step_back)

        view.theme_changed.connect(self.apply_theme)
        view.zoom_changed.connect(self.apply_theme)
        view.full_screen_changed.connect(self._apply_fullscreen)
        view.blanked_changed.connect(self._apply_blank)
        view.help_changed.connect(self._apply_help)
        view.tour_changed.connect(self._on_tour)
        view.panel_focus_changed.connect(self._apply_panel_focus)
        window.installEventFilter(self)
        self.apply_theme()
        self._sync_actions()

    @property
    def help(self) -> HelpOverlay:
        """The keyboard-help overlay, built the first time it is needed (not before the first paint)."""
        if self._help is None:
            self._help = self._make_help()
            self._help.close_button.clicked.connect(lambda: self.view.set_help_visible(False))
        return self._help

    def _help_shown(self) -> bool:
        return self._help is not None and self._help.isVisible()

    # -- derived --------------------------------------------------------------------------

    def theme(self) -> Theme:
        """The theme to draw with: the view state's theme at its zoom."""
        return THEMES[self.view.theme_name].scaled(self.view.zoom)

    # -- view state -> window -------------------------------------------------------------

    def apply_theme(self) -> None:
        self.window.apply_theme(self.theme())  # the tour caption's height too
        self._sync_actions()
        percent = round(self.view.zoom * 100)
        self.actions["view.zoom_reset"].setText(_("&Actual size (now {percent} %)").format(percent=percent))

    def _apply_fullscreen(self, on: bool) -> None:
        state = self.window.windowState()
        if on:
            self.window.setWindowState(state | Qt.WindowState.WindowFullScreen)
        else:
            self.window.setWindowState(state & ~Qt.WindowState.WindowFullScreen)
        # Full screen is for presenting: every menu action still works from the keyboard.
        self.window.menuBar().setVisible(not on)
        self.window.statusBar().setVisible(not on)
        self._sync_actions()

    def _on_tour(self) -> None:
        if self.view.tour_active:  # the scenes say what has the room
            self.view.set_panel_focus(None)
        self._sync_actions()

    def _apply_panel_focus(self, _focus: str | None) -> None:
        self.window.show_panel_focus()
        self._sync_actions()

    def _apply_blank(self, on: bool) -> None:
        self._cover(self.blank, on)
        self._sync_actions()

    def _apply_help(self, on: bool) -> None:
        if on or self._help is not None:  # hiding a help never built needs no help
            self._cover(self.help, on)
        self._sync_actions()

    def _cover(self, cover: BlankScreen | HelpOverlay, on: bool) -> None:
        if on:
            if not (self.blank.isVisible() or self._help_shown()):
                self._focus_before_cover = QApplication.focusWidget()
            cover.cover(True)
            if self.blank.isVisible():
                self.blank.raise_()  # a blank screen stays on top of the help
        else:
            cover.cover(False)
            if not (self.blank.isVisible() or self._help_shown()) and self._focus_before_cover is not None:
                self._focus_before_cover.setFocus(Qt.FocusReason.OtherFocusReason)
                self._focus_before_cover = None

    def _sync_actions(self) -> None:
        view = self.view
        checks = {action_id: view.theme_choice == choice for action_id, choice in THEME_ACTIONS.items()}
        checks |= {
            "view.fullscreen": view.fullscreen,
            "view.blank": view.blanked,
            "help.shortcuts": view.help_visible,
        }
        for action_id, checked in checks.items():
            with QSignalBlocker(self.actions[action_id]):
                self.actions[action_id].setChecked(checked)
        self.actions["view.zoom_in"].setEnabled(view.zoom < ZOOM_LEVELS[-1])
        self.actions["view.zoom_out"].setEnabled(view.zoom > ZOOM_LEVELS[0])
        self.actions["view.leave"].setEnabled(
            view.help_visible
            or view.blanked
            or view.tour_active
            or view.panel_focus is not None
            or view.fullscreen
        )

    # -- the world -> view state ----------------------------------------------------------

    def _on_color_scheme(self, scheme: Qt.ColorScheme) -> None:
        self.view.set_system_dark(scheme == Qt.ColorScheme.Dark)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.WindowStateChange:
            # The window manager (or a double-click on the title) may leave full screen itself.
            self.view.set_fullscreen(bool(self.window.windowState() & Qt.WindowState.WindowFullScreen))
        return False

    def step_back(self) -> None:
        """Escape: close the help, else end the blank screen, else end the tour, else give the
        chart back its room (a run or a tab shown whole while presenting), else leave full screen."""
        view = self.view
        if view.help_visible:
            view.set_help_visible(False)
        elif view.blanked:
            view.set_blanked(False)
        elif view.tour_active:
            view.set_tour(False, view.tour_scene)
        elif view.panel_focus is not None:
            view.set_panel_focus(None)
        elif view.fullscreen:
            view.set_fullscreen(False)
