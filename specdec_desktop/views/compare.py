"""Compare and map: wires the pinned configurations, the (p, c) map and the presets to the window.

:class:`CompareController` is made by the main window with its state bundle.  It adds

* the Compare tab (:class:`~.compare_panel.ComparePanel`) to the lower tabs;
* two buttons above the chart, "Speedup vs k" and "(p, c) map", that show the chart or the map
  (:class:`~.phase_map_view.PhaseMapView`) in the chart's place, so the map gets the chart's
  room at every size and in every theme;
* the pins drawn over the chart (:class:`~.chart.pinned_overlay.PinnedOverlay`) once the chart
  exists (:meth:`attach_chart`).

It forwards input to the state (pin, remove, clear, presets, a click or drag on the map) and
shows the state's changes; the map is computed only while shown, and again when the
assumptions change (when the state bundle has them).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QToolButton, QWidget

from ..first_paint import after_first_paint
from ..model import Parameters
from ..model.phase_map import grid_axis, phase_map
from ..model.pins import Pin, pin_figures
from ..text import N_, Phrase, _, error_text
from .compare_panel import ComparePanel
from .language import follow_language

__all__ = ["MAP_GRID", "CompareController", "pins_csv_text"]

#: Cells per axis of the map on screen (a 256 x 256 map takes a few ms: benchmarks/bench_phase_map.py).
MAP_GRID = 256


def pins_csv_text(pins: tuple[Pin, ...]) -> str:
    """The pinned table as CSV (numbers with ``repr``; best k empty when there is no peak)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "k", "p", "c", "accepted_over_drafted", "speedup", "best_k", "best_speedup"])
    for pin in pins:
        f = pin_figures(pin)
        writer.writerow(
            [
                pin.name,
                pin.params.k,
                repr(pin.params.p),
                repr(pin.params.c),
                repr(f.accepted_ratio),
                repr(f.speedup),
                "" if f.best_k is None else f.best_k,
                "" if f.best_speedup is None else repr(f.best_speedup),
            ]
        )
    return out.getvalue()


class CompareController(QObject):
    """See the module docstring."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        app_state = window.app_state
        self.state = app_state.parameters
        self.pinned = app_state.pinned
        self.history = app_state.history
        self.assumptions_state = getattr(app_state, "assumptions", None)
        self.panel = ComparePanel()
        self.overlay = None
        self.map_view = None
        self._map_theme_stale = False  # a theme came while the map was hidden
        self._map_stale = True
        self._grid = grid_axis(MAP_GRID)

        # The chart / map switch above the chart.
        self.chart_button = QToolButton()
        self.chart_button.setObjectName("chartViewButton")
        self.map_button = QToolButton()
        self.map_button.setObjectName("mapViewButton")
        self._retranslate_switch()
        follow_language(self, self._retranslate_switch)
        group = QButtonGroup(self)
        for button in (self.chart_button, self.map_button):
            button.setCheckable(True)  # drawn as buttons (not flat): the one not chosen is a button too
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            group.addButton(button)
        self.chart_button.setChecked(True)
        self.switch = QWidget()
        self.switch.setObjectName("chartSwitch")
        row = QHBoxLayout(self.switch)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.chart_button)
        row.addWidget(self.map_button)
        row.addStretch(1)
        slot = window._chart_slot
        slot.layout().insertWidget(0, self.switch)
        self.chart_button.toggled.connect(lambda on: on and self.show_map(False))
        self.map_button.toggled.connect(lambda on: on and self.show_map(True))

        self.panel.pin_requested.connect(self.pin)
        self.panel.remove_requested.connect(self.remove)
        self.panel.clear_requested.connect(self.clear)
        self.panel.preset_chosen.connect(self.apply_preset)
        self.pinned.changed.connect(self._show_pins)
        self.state.changed.connect(self._show_point)
        if self.assumptions_state is not None:
            self.assumptions_state.changed.connect(self._on_assumptions)
        self.panel.suggest_name(self.pinned.next_name())
        self._show_pins(self.pinned.pins)

    # -- the chart and the map --------------------------------------------------------------

    def _retranslate_switch(self) -> None:
        """The chart / map switch's words in the active language (at start and after a switch)."""
        self.chart_button.setText(_("Speedup vs k"))
        self.chart_button.setToolTip(_("The chart of speedup against draft length"))
        self.chart_button.setAccessibleName(_("Show the chart of speedup against draft length"))
        self.map_button.setText(_("(p, c) map"))
        self.map_button.setToolTip(_("The best speedup over every acceptance rate and draft cost"))
        self.map_button.setAccessibleName(_("Show the map of the best speedup over p and c"))

    def attach_chart(self, chart, defer_map: bool = False) -> None:
        """Draw the pins over ``chart`` (called when the window installs it).

        ``defer_map``: build the (hidden) map view only after the chart's first paint, so the
        chart goes live sooner (about 45 ms here); otherwise build it now.
        """
        from .chart.pinned_overlay import PinnedOverlay  # pyqtgraph: only once the chart exists

        self.overlay = PinnedOverlay(chart, self.window.font_family)
        self.overlay.show_pins(self.pinned.pins)
        chart.setVisible(not self.map_button.isChecked())
        if defer_map and not self.map_button.isChecked():
            after_first_paint(chart.viewport(), self._make_map_view)
        else:
            self._make_map_view()  # hidden, and computed only when first shown

    def _make_map_view(self) -> None:
        if self.map_view is not None:
            return
        from .phase_map_view import PhaseMapView  # pyqtgraph

        self.map_view = PhaseMapView(self.window.theme, self.window.font_family)
        self._map_theme_stale = False
        self.map_view.setMinimumSize(300, 160)
        self.map_view.setVisible(self.map_button.isChecked())
        self.window._chart_slot.layout().addWidget(self.map_view, 1)
        self.map_view.picked.connect(self._on_picked)
        self.map_view.gesture_started.connect(self.history.begin_gesture)
        self.map_view.gesture_finished.connect(self.history.end_gesture)
        self.map_view.show_pins(self.pinned.pins)

    def shown_plot(self):
        """The plot in the chart's place now: the chart, the map, or None before either is drawn."""
        if self.map_button.isChecked():
            return self.map_view
        return self.window.chart

    def map_shown(self) -> bool:
        return self.map_view is not None and self.map_view.isVisibleTo(self.window)

    def show_map(self, on: bool) -> None:
        """Show the (p, c) map in the chart's place (or the chart again)."""
        if on:
            self._make_map_view()
        if self.map_button.isChecked() != on:
            (self.map_button if on else self.chart_button).setChecked(True)
        if self.window.chart is not None:
            self.window.chart.setVisible(not on)
        if on:
            self._restyle_map()
        if self.map_view is not None:
            self.map_view.setVisible(on)
        if on:
            self._refresh_map()

    def apply_theme(self, theme) -> None:
        self.panel.show_pins(self.pinned.pins, theme)
        # A hidden map is restyled when it is next shown (a theme switch or zoom step saves ~1 ms).
        self._map_theme_stale = True
        if self.map_shown():
            self._restyle_map()

    def _restyle_map(self) -> None:
        if self.map_view is not None and self._map_theme_stale:
            self._map_theme_stale = False
            self.map_view.apply_theme(self.window.theme)

    def _keywords(self) -> dict:
        if self.assumptions_state is None:
            return {}
        return dict(self.assumptions_state.assumptions.keywords())

    def _refresh_map(self) -> None:
        if self.map_view is None:
            return
        if self._map_stale:
            self._map_stale = False
            self.map_view.show_map(phase_map(self._grid, self._grid, **self._keywords()))
        params = self.state.params
        self.map_view.show_point(params.p, params.c)

    def _on_assumptions(self, *_args) -> None:
        self._map_stale = True
        if self.map_shown():
            self._refresh_map()

    def _show_point(self, params: Parameters) -> None:
        # A hidden map is not touched on every slider move; showing it marks the point.
        if self.map_shown():
            self.map_view.show_point(params.p, params.c)

    def _on_picked(self, p: float, c: float) -> None:
        self.state.set(p=p, c=c)

    # -- pins ------------------------------------------------------------------------------

    def pin(self, name: str) -> bool:
        """Pin the current configuration as ``name``; a refusal is said in the panel, nothing changes."""
        try:
            pin = self.pinned.pin(name, self.window.app_state.configuration())
        except ValueError as error:
            self.panel.show_message(lambda refusal=error: error_text(refusal), error=True)
            return False
        self.panel.show_message(Phrase(N_("Pinned {name}."), name=pin.name))
        return True

    def remove(self, name: str) -> None:
        try:
            self.pinned.remove(name)
        except ValueError as error:
            self.panel.show_message(lambda refusal=error: error_text(refusal), error=True)

    def clear(self) -> None:
        if self.pinned.pins:
            self.pinned.clear()
            self.panel.show_message(Phrase(N_("Cleared the pins (Undo brings them back).")))

    def _show_pins(self, pins: tuple[Pin, ...]) -> None:
        self.panel.show_pins(pins, self.window.theme)
        if not self.panel.name_input.text().strip() or any(
            pin.name == self.panel.name_input.text().strip() for pin in pins
        ):
            self.panel.suggest_name(self.pinned.next_name())
        if self.overlay is not None:
            self.overlay.show_pins(pins)
        if self.map_view is not None:
            self.map_view.show_pins(pins)

    # -- presets ---------------------------------------------------------------------------

    def apply_preset(self, index: int) -> None:
        """Set k, p and c from preset ``index`` (one undo step) and show its citation."""
        from ..presets import PRESETS  # solved from the papers on first use (not at start-up)

        preset = PRESETS[index]
        with self.history.step(_("preset {name}").format(name=_(preset.name))):
            self.state.set_params(Parameters(k=preset.k, p=preset.p, c=preset.c))
        self.panel.show_preset(preset)
