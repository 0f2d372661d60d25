"""The owner of view-only state: theme, zoom, full screen, blank screen, help overlay, tour position.

Kept apart from :class:`~.parameter_state.ParameterState` (as PhET keeps view
properties apart from the model): resetting the parameters never changes how
the window looks, and :meth:`ViewState.reset` restores the look without
touching the parameters.  Each setter validates, stores, and emits its own
signal only when the value really changes.

The theme shown is derived, never stored: :attr:`ViewState.theme_name` is the
chosen theme, or light/dark from the operating system when the choice is
``"system"``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..view_options import DEFAULT_THEME_CHOICE, validate_theme_choice, validate_zoom, zoom_in, zoom_out

__all__ = ["ViewState"]


class ViewState(QObject):
    """View-only state of the main window.

    Signals
    -------
    theme_changed()
        The theme choice, or the theme shown, changed.
    zoom_changed(float)
    full_screen_changed(bool)
    blanked_changed(bool)
    help_changed(bool)
    tour_changed()
        The tour started, stopped or moved to another scene.
    panel_focus_changed(object)
        What the presenting layout gives its room to outside the tour: None (the chart),
        ``"run"`` (the token run, whole, as it plays) or ``"panel"`` (the lower tab asked for,
        whole: an essay, the formulas' tab, the compare table).
    """

    theme_changed = Signal()
    zoom_changed = Signal(float)
    full_screen_changed = Signal(bool)
    blanked_changed = Signal(bool)
    help_changed = Signal(bool)
    tour_changed = Signal()
    panel_focus_changed = Signal(object)

    #: What :meth:`set_panel_focus` accepts besides None.
    PANEL_FOCI = ("run", "panel")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._theme_choice = DEFAULT_THEME_CHOICE
        self._system_dark = False
        self._zoom = 1.0
        self._fullscreen = False
        self._blanked = False
        self._help = False
        self._tour_active = False
        self._tour_scene = 0
        self._panel_focus: str | None = None

    # -- theme ----------------------------------------------------------------------------

    @property
    def theme_choice(self) -> str:
        """``"system"``, ``"light"``, ``"dark"`` or ``"projector"``."""
        return self._theme_choice

    @property
    def follows_system(self) -> bool:
        return self._theme_choice == "system"

    @property
    def theme_name(self) -> str:
        """The theme to show: the choice, or the system's light/dark when following it."""
        if self.follows_system:
            return "dark" if self._system_dark else "light"
        return self._theme_choice

    def set_theme_choice(self, choice: str) -> None:
        """Choose a theme (``ValueError`` naming it if unknown)."""
        choice = validate_theme_choice(choice)
        if choice != self._theme_choice:
            self._theme_choice = choice
            # Emitted even when the theme shown stays the same (choosing "light" while the
            # system is light): the menu shows the choice, so it must hear of it.
            self.theme_changed.emit()

    def set_system_dark(self, dark: bool) -> None:
        """Record the operating system's scheme (the theme changes only when following it)."""
        dark = bool(dark)
        if dark != self._system_dark:
            self._system_dark = dark
            if self.follows_system:
                self.theme_changed.emit()

    # -- zoom -----------------------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        """Set the zoom factor (``ValueError`` naming it if out of range)."""
        zoom = validate_zoom(zoom)
        if zoom != self._zoom:
            self._zoom = zoom
            self.zoom_changed.emit(zoom)

    def zoom_in(self) -> None:
        self.set_zoom(zoom_in(self._zoom))

    def zoom_out(self) -> None:
        self.set_zoom(zoom_out(self._zoom))

    # -- modes ----------------------------------------------------------------------------

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    def set_fullscreen(self, on: bool) -> None:
        on = bool(on)
        if on != self._fullscreen:
            self._fullscreen = on
            self.full_screen_changed.emit(on)

    @property
    def blanked(self) -> bool:
        return self._blanked

    def set_blanked(self, on: bool) -> None:
        on = bool(on)
        if on != self._blanked:
            self._blanked = on
            self.blanked_changed.emit(on)

    @property
    def help_visible(self) -> bool:
        return self._help

    def set_help_visible(self, on: bool) -> None:
        on = bool(on)
        if on != self._help:
            self._help = on
            self.help_changed.emit(on)

    # -- tour position --------------------------------------------------------------------

    @property
    def tour_active(self) -> bool:
        return self._tour_active

    @property
    def tour_scene(self) -> int:
        """Index (from 0) of the scene shown, or last shown."""
        return self._tour_scene

    def set_tour(self, active: bool, scene: int) -> None:
        """Start, stop or move the tour in one change (``scene`` counts from 0)."""
        if isinstance(scene, bool) or not isinstance(scene, int) or scene < 0:
            raise ValueError(f"tour scene must be a whole number from 0, got {scene!r}")
        active = bool(active)
        if (active, scene) != (self._tour_active, self._tour_scene):
            self._tour_active, self._tour_scene = active, scene
            self.tour_changed.emit()

    # -- what the presenting layout shows whole (outside the tour) -------------------------

    @property
    def panel_focus(self) -> str | None:
        return self._panel_focus

    def set_panel_focus(self, focus: str | None) -> None:
        """Give the presenting layout's room to the run or the lower tab (None: to the chart)."""
        if focus is not None and focus not in self.PANEL_FOCI:
            raise ValueError(
                f"panel focus must be one of {', '.join(self.PANEL_FOCI)} or None, got {focus!r}"
            )
        if focus != self._panel_focus:
            self._panel_focus = focus
            self.panel_focus_changed.emit(focus)

    # -- reset ----------------------------------------------------------------------------

    def reset(self) -> None:
        """The default look: theme following the system, zoom 100 %.

        Full screen, the blank screen and the tour are what the presenter is doing
        right now, not preferences, so they are left as they are.
        """
        self.set_theme_choice(DEFAULT_THEME_CHOICE)
        self.set_zoom(1.0)
