"""What lecturers asked for (issue 21, point 6), wired from the shortcut table to the state.

* A steady picture: the chart's y-range is held while a slider is dragged or swept, and in a
  tour scene (set once for the scene, then held); it settles when the drag ends.  The chart
  keeps a faint ghost of the curve from before a change (``views/chart/speedup_chart.py``).
* A slider animated: ▶ (or Ctrl+Alt+P / Ctrl+Alt+C) sweeps p or c across its range while the
  best-k star walks.  The :class:`~specdec_desktop.state.sweep_player.SweepPlayer` owns only
  the time; :func:`~specdec_desktop.model.sweep.sweep_value` says what it means; the whole
  sweep is one undo step.
* Predict, then reveal (Ctrl+Shift+H, then V): the cards and the best-k star hide until the
  presenter reveals them; a new configuration (or scene) hides them again.
* A laser pointer (Ctrl+L): a large high-contrast halo follows the mouse.

The presentation state (``state/presentation_state.py``) holds the modes; this module only
connects keys to it and it to the window.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from ..model.parameters import NAMES, SPECS
from ..model.sweep import sweep_value
from ..views.laser import LaserHalo

__all__ = ["PresentingTools"]

_SPECS = {spec.name: spec for spec in SPECS}


class PresentingTools(QObject):
    """Connects the presenting actions of one window."""

    def __init__(self, window: QMainWindow, actions: dict[str, QAction]) -> None:
        super().__init__(window)
        self.window = window
        self.actions = actions
        app_state = window.app_state
        self.presentation = presentation = app_state.presentation
        self.sweep = sweep = app_state.sweep
        self.view = app_state.view
        self.history = app_state.history
        self.laser = LaserHalo(window, window.theme.font_px)

        actions["view.predict"].toggled.connect(presentation.set_predicting)
        actions["view.reveal"].triggered.connect(presentation.reveal)
        actions["view.laser"].toggled.connect(presentation.set_laser)
        presentation.reveal_changed.connect(self._sync_checks)
        presentation.laser_changed.connect(self._show_laser)
        for owner in app_state.owners:  # a new configuration is a new question
            owner.changed.connect(lambda _value: presentation.hide_answer())

        for name in ("p", "c"):
            actions[f"view.sweep_{name}"].triggered.connect(lambda _=False, n=name: sweep.toggle(n))
            button = window.controls[name].sweep_button
            if button is not None:
                button.clicked.connect(lambda _=False, n=name: sweep.toggle(n))
        sweep.sweeping_changed.connect(self._on_sweeping)
        sweep.ticked.connect(self._on_tick)

        for name in NAMES:
            slider = window.controls[name].slider
            slider.sliderPressed.connect(lambda: self._hold(True))
            slider.sliderReleased.connect(self._settle)
        window.chart_installed.connect(self._on_scene)
        # The tour ended: the range settles (a scene shown is followed by follow_tour's signal).
        self.view.tour_changed.connect(lambda: None if self.view.tour_active else self._on_scene())

    def follow_tour(self, tour) -> None:
        """Each scene shown (also again, by Ctrl+R) sets its own range, then holds it."""
        tour.scene_shown.connect(self._on_scene)

    # -- a steady picture -------------------------------------------------------------------

    def _hold(self, held: bool) -> None:
        if self.window.chart is not None:
            self.window.chart.hold_y(held)

    def _settle(self) -> None:
        """The drag (or sweep) ended: the range settles, unless a tour scene holds it."""
        self._hold(self.view.tour_active or self.sweep.sweeping is not None)

    def _on_scene(self) -> None:
        """A scene was shown (or the tour ended): its own range, held while it is on."""
        self._hold(False)
        self._hold(self.view.tour_active)

    # -- the sweep --------------------------------------------------------------------------

    def _on_sweeping(self, name: str | None) -> None:
        if name is not None:
            self.history.begin_gesture()  # the whole sweep is one undo step
            self._hold(True)
        else:
            self.history.end_gesture()
            self._settle()
        self._sync_checks()

    def _on_tick(self, name: str, seconds: float) -> None:
        self.window.app_state.parameters.set(**{name: sweep_value(_SPECS[name], seconds)})

    # -- modes ------------------------------------------------------------------------------

    def _show_laser(self, on: bool) -> None:
        self.laser.set_font_px(self.window.theme.font_px)
        self.laser.set_on(on)
        self._sync_checks()

    def _sync_checks(self, *_args: object) -> None:
        checks = {
            "view.predict": self.presentation.predicting,
            "view.laser": self.presentation.laser,
            "view.sweep_p": self.sweep.sweeping == "p",
            "view.sweep_c": self.sweep.sweeping == "c",
        }
        for action_id, checked in checks.items():
            with QSignalBlocker(self.actions[action_id]):
                self.actions[action_id].setChecked(checked)
        for name in ("p", "c"):
            button = self.window.controls[name].sweep_button
            if button is not None:
                with QSignalBlocker(button):
                    button.setChecked(self.sweep.sweeping == name)
                    button.setText("■" if self.sweep.sweeping == name else "▶")
        self.actions["view.reveal"].setEnabled(self.presentation.answer_hidden)
