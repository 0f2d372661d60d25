"""The main window: lays out the controls, cards, chart and explanations and wires them to the state.

Flow of one change (docs/architecture.md draws it):

    slider / entry box --edited--> ParameterState.set --changed--> MainWindow._render
        -> model.readouts + model.speedup_curves (computed once)
        -> controls.show_value, cards.show_figure, chart.show_figures

The window holds no figures: it asks the model for them on every change.

The window is the assembly: it builds the widgets and wires them to the state.  What it shows
at each moment is decided elsewhere: :mod:`.window_layout` (the policy: plain values in, a
:class:`~.window_layout.Layout` out, no widgets) maps the moment (theme, full screen, the tour
scene's focus, the panel asked for) and the room to what is shown, and
:class:`~.window_fitting.LayoutFitting` (a mixin of this class) measures the room and applies the
decision.  Its other parts are mixins of their own modules: :class:`~.lower_tabs.LowerTabs` (the
lower tabs and showing one), :class:`~.window_state_flow.StateFlow` (edits to the state, the
state to the widgets) and :class:`~.reading_order.ReadingOrder` (Tab in reading order).
The chart imports pyqtgraph, the slowest import of the app; the launcher can
paint the window first and call :meth:`MainWindow.install_chart` right after.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from ..model import SPECS, readouts, speedup_curves
from ..model.parameters import DRAFT_LENGTH
from ..scenario.tour_file import SCENE_FOCI, TAB_IDS  # stable ids of the lower tabs, in display order
from ..state import AppState
from ..text import N_, _
from ..theme import LIGHT, Theme, fitted_to_window, widget_style
from ..wording.cards import CARDS, widest_values
from .assumptions_panel import AssumptionsPanel
from .explanations import FormulaPanel
from .language import follow_language
from .lower_tabs import LowerTabs, NarrowColumn, scrolled
from .parameter_control import ParameterControl
from .reading_order import ReadingOrder
from .readout_card import ReadoutCard
from .scroll_areas import keep_scroll_bar_hints
from .token_run import TokenRunView
from .window_fitting import ChartSplitter, LayoutFitting
from .window_layout import TABS, LayoutPolicy
from .window_state_flow import StateFlow
from .wrapped_label import WrappedLabel

__all__ = ["HOOK", "MINIMUM_SIZE", "SCENE_FOCI", "TAB_IDS", "MainWindow"]

#: The one-line hook the default view always shows (the opening of the original explainer,
#: in our words): more guessing is not always better.
HOOK = N_(
    "Guessing further ahead does not keep helping: past the best draft length, "
    "every extra guess costs more than it returns."
)
#: The window's title, its heading and the status bar's first word (English; shown with ``_()``).
WINDOW_TITLE = N_("SpecDec Desktop: speculative decoding, explained")
HEADING = N_("Speculative decoding")
READY = N_("Ready")

#: The window's least size, in logical pixels: below the smallest classroom screen (1024x768, and
#: 1280x720 for its height).
MINIMUM_SIZE = (960, 600)


class _ChartSlot(QFrame):
    """Holds the chart's place (and says so) until :meth:`MainWindow.install_chart` fills it."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("chartSlot")
        self.setProperty("role", "panel")
        self.setMinimumSize(300, 160)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.placeholder = QLabel(_("Drawing the chart…"))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setProperty("role", "hint")
        layout.addWidget(self.placeholder)


class MainWindow(LowerTabs, StateFlow, ReadingOrder, LayoutFitting, QMainWindow):
    """SpecDec Desktop's main window.

    Signals
    -------
    chart_installed()
        The live chart took its place (:meth:`install_chart`).

    Parameters
    ----------
    app_state : AppState
        The window's state, made once by :class:`~specdec_desktop.state.AppState`;
        the window shows it and never makes state of its own.
    font_family : str
        Family of the interface font (the bundled one once registered).
    install_chart_now : bool
        Build the chart in the constructor (tests, screenshots) or leave it
        to :meth:`install_chart` (the launcher, to paint sooner).
    """

    chart_installed = Signal()

    def __init__(
        self,
        app_state: AppState,
        font_family: str = "Inter",
        theme: Theme = LIGHT,
        install_chart_now: bool = True,
    ) -> None:
        super().__init__()
        widget_style.dress_application(fitted_to_window(theme, self.width(), self.height()), font_family)
        self.setObjectName("mainWindow")
        self.setWindowTitle(_(WINDOW_TITLE))
        self.app_state = app_state
        if app_state.parent() is None:
            app_state.setParent(self)  # the state lives as long as its window, and no longer
        self.state = state = app_state.parameters
        self.theme = theme
        self.font_family = font_family
        self.chart = None
        self.render_count = 0
        #: The controls Tab visits, in order (set by the window services: focus_order.py).
        self.reading_order: Callable[[], list[QWidget]] | None = None

        central = QWidget()
        central.setObjectName("centralWidget")
        self.setCentralWidget(central)
        # The window's least size does not follow its content: the content follows the window
        # (the projector's type shrinks with it, panels step aside), so a window made for a
        # 1920x1080 screen can still be made small enough for 1024x768.
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setMinimumSize(*MINIMUM_SIZE)

        self.controls = {spec.name: ParameterControl(spec) for spec in SPECS}
        widest = widest_values(int(DRAFT_LENGTH.maximum))
        self.cards = {card.name: ReadoutCard(card.name, card.title, widest[card.name]) for card in CARDS}
        self._chart_slot = _ChartSlot()
        self.token_run = TokenRunView(app_state.run, app_state.player, theme, font_family)
        self.formulas = FormulaPanel()
        self.assumptions_panel = AssumptionsPanel()

        self.title_label = title = QLabel(_(HEADING))
        title.setProperty("role", "title")
        self.subtitle_label = subtitle = WrappedLabel(_(HOOK))
        subtitle.setObjectName("hook")
        subtitle.setProperty("role", "subtitle")
        self._full_screen_look = False  # full screen, or a screenshot previewing it
        #: What is shown, decided from the moment and the room (views/window_layout.py).
        self.layout_policy = LayoutPolicy()
        self._applying_theme = False
        self._laid_out_for: tuple | None = None  # the sizes and look the layout was last fitted to
        self._base_theme = theme

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        for control in self.controls.values():
            left_layout.addWidget(control)
        left_layout.addWidget(self.formulas)
        left_layout.addWidget(self.assumptions_panel)
        left_layout.addStretch(1)
        # The column scrolls rather than squeezing its controls when the type is large
        # (projector theme, zoom) and the window is not tall enough.
        self.left_column = scrolled(left, "leftColumn", NarrowColumn)

        # The cards stand in one row, or in two when one row is too narrow for their figures.
        self.cards_grid = QGridLayout()
        self.cards_grid.setContentsMargins(0, 0, 0, 0)
        self._card_columns = 0
        self._arrange_cards(4)

        # The run, the essays, Compare, Measured, Trees and Sampling (views/lower_tabs.py).
        self._build_lower_tabs(app_state, theme)

        self._right = right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(self.cards_grid)
        self.vertical = ChartSplitter(Qt.Orientation.Vertical)
        self.vertical.setChildrenCollapsible(False)
        self.vertical.addWidget(self._chart_slot)
        self.vertical.addWidget(self.tabs)
        self.vertical.setStretchFactor(0, 3)
        self.vertical.setStretchFactor(1, 2)
        self._split_moved_by_user = False
        self._run_in_focus = False  # a tour scene about the run: it gets its full height
        self.vertical.splitterMoved.connect(self._on_split_moved)
        self.vertical.resizing.connect(self._balance_split)
        right_layout.addWidget(self.vertical, 1)
        # The column's height also changes without the window's (the tour's caption appears, the
        # header wraps): what steps aside for the chart is measured again then.
        right.installEventFilter(self)
        self._fitting_room = False
        self._climb_timer = QTimer(self)
        self._climb_timer.setSingleShot(True)
        self._climb_timer.setInterval(0)
        self._climb_timer.timeout.connect(lambda: self._fit_room(climb_only=True))
        self._room_fitted_for = -1  # the column's height when what steps aside was last fitted
        # A scene about the run: the run grows as it plays, and what steps aside is fitted again.
        self._scene_page_timer = QTimer(self)
        self._scene_page_timer.setSingleShot(True)
        self._scene_page_timer.setInterval(0)
        self._scene_page_timer.timeout.connect(self._fit_scene_page)
        self.token_run.installEventFilter(self)

        # The header holds the title and subtitle; the guided tour adds its caption here.
        self.header = QVBoxLayout()
        self.header.setContentsMargins(0, 0, 0, 0)
        title_row = QHBoxLayout()
        title_row.setContentsMargins(0, 0, 0, 0)
        title_row.addWidget(title, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addSpacing(12)
        title_row.addWidget(subtitle, 1, Qt.AlignmentFlag.AlignVCenter)
        self.header.addLayout(title_row)
        grid = QGridLayout(central)
        grid.addLayout(self.header, 0, 0, 1, 2)
        grid.addWidget(self.left_column, 1, 0)
        grid.addWidget(right, 1, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(1, 1)

        for control in self.controls.values():
            control.edited.connect(self._on_edited)
        state.changed.connect(self._render)
        self.assumptions_state = app_state.assumptions
        self.assumptions_state.changed.connect(self._on_assumptions)
        self.assumptions_panel.edited.connect(self._on_assumption_edited)
        self.assumptions_panel.reset_requested.connect(self._on_assumptions_reset)
        self.assumptions_panel.expanded_changed.connect(lambda on: on and self._show_worked())
        self.simulation = app_state.simulation
        self.assumptions_panel.simulate_toggled.connect(self.simulation.set_enabled)
        self.simulation.enabled_changed.connect(self.assumptions_panel.set_simulating)
        self.simulation.finished.connect(self._on_simulated)
        app_state.measurement.changed.connect(self._show_measurement)
        app_state.shape.changed.connect(lambda _shape: self._render(self.state.params))
        self.token_run.reveal_requested.connect(lambda: self.show_tab("token-run"))
        # What a tour scene is about gets the room; the presentation state says what that is.
        app_state.presentation.focus_changed.connect(lambda _focus: self._apply_layout())
        app_state.presentation.reveal_changed.connect(lambda: self._render(self.state.params))
        self.statusBar().showMessage(_(READY))
        follow_language(self, self._retranslate)

        # Keys (Ctrl+Q, the run's keys, the rest) are bound once, by the window services, from shortcuts/.
        self.apply_theme(theme)
        if install_chart_now:
            self.install_chart()
        self._render(state.params)

    # -- building -------------------------------------------------------------------------

    def _retranslate(self) -> None:
        """The window's own words again in the active language (View ▸ Language): its title, the
        heading and the hook, the tabs' titles (the tier that fits is chosen again)."""
        self.setWindowTitle(_(WINDOW_TITLE))
        self.title_label.setText(_(HEADING))
        self.subtitle_label.setText(_(HOOK))
        for index, tab in enumerate(TABS[: self.tabs.count()]):
            self.tabs.setTabToolTip(index, tab.whole())
            self.tabs.setTabText(index, tab.whole())
        self._fit_tab_titles()
        placeholder = getattr(self._chart_slot, "placeholder", None)
        if placeholder is not None and self.chart is None:
            placeholder.setText(_("Drawing the chart…"))

    def install_chart(self) -> None:
        """Import pyqtgraph and put the live chart in its place (idempotent)."""
        if self.chart is not None:
            return
        from .chart.speedup_chart import SpeedupChart  # pyqtgraph is imported here, on purpose

        self.chart = SpeedupChart(self.theme, self.font_family)
        self.chart.setMinimumSize(300, 160)
        self.chart.set_title_shown(self.layout_decision().chart_title)
        self._chart_slot.placeholder.hide()
        self._chart_slot.layout().addWidget(self.chart)
        # On screen already (the launcher installs the chart after the first paint): the map,
        # hidden until asked for, is built after the chart's own first paint (chart live sooner).
        # The pins' overlay is attached before the first figures, so they are drawn once.
        self.compare.attach_chart(self.chart, defer_map=self.isVisible())
        from .chart.measured_overlay import MeasuredOverlay
        from .chart.tree_overlay import TreeOverlay

        self.tree_overlay = TreeOverlay(self.chart, self.app_state.shape)
        self.measured_overlay = MeasuredOverlay(
            self.chart, self.app_state.measurement, self.assumptions_state
        )
        params = self.state.params
        a = self.assumptions_state.assumptions
        figures = readouts(params, a)
        self.chart.show_figures(figures, speedup_curves(params, figures.best_k, a))
        keep_scroll_bar_hints(self)  # every scroll area is built now (the map's, if deferred, not)
        if self.isVisible():
            # On screen without a chart until now (the launcher's path): the room was fitted with
            # a placeholder. Where the plot falls short of its share (a 1024x768 projector's
            # framed 743 px left it at 292 px, under its 40 %), fit it again with the chart. The
            # split is shared again in any case: it counts the chart's frame (title row, axes),
            # which the placeholder did not have (313 px against the screenshot's 330 at 1280x800).
            self._activate_layouts()
            self._balance_split()
            self._activate_layouts()
            if self._plot_height_now() < self.layout_decision().chart_share * self.height():
                self._fit_room()
        self.chart_installed.emit()

    def apply_theme(self, theme: Theme) -> None:
        """Restyle the whole window from ``theme`` (already scaled for zoom), in one repaint.

        The projector theme's sizes then follow the window's size (:func:`fitted_to_window`).
        """
        self._base_theme = theme
        theme = fitted_to_window(theme, self.width(), self.height())
        self.theme = theme
        with self._restyling():  # no repaint; the chart laid out once, at the end
            # A palette and fonts, not a style sheet: Qt re-polishes no widget (theme/widget_style.py).
            widget_style.apply_theme(self, theme, self.font_family, later=self.pages_dressed_later())
            # The tour's caption takes its height for the new type before the window is laid
            # out: fitted after, it laid the window out (and resized the chart) once more.
            self._fit_banners()
            if self.chart is not None:
                self.chart.apply_theme(theme)
            self.token_run.apply_theme(theme)
            self.tree_panel.apply_theme(theme)
            if hasattr(self, "sampling_view"):
                self.sampling_view.apply_theme(theme)
            # The run scrolls in its tab rather than holding the chart under 40 % (presenting).
            for index in range(self.tabs.count()):
                self.tabs.widget(index).setMinimumHeight(3 * theme.font_px)
            if hasattr(self, "compare"):
                self.compare.apply_theme(theme)
            # A new size or the presenting layout: lay the window out now, top down, with every
            # new size known (left to the posted requests it settled in three or four passes,
            # each resizing the chart), then share the height out once.  A new colour alone
            # (light and dark) leaves the layout as it is.
            laid_out_for = (theme.sizes, theme.name == "projector")
            if laid_out_for != self._laid_out_for:
                self._laid_out_for = laid_out_for
                self.fit_left_width()
                self._activate_layouts()
                self.fit_scene_panel()
                self._apply_layout()

    def _fit_banners(self) -> None:
        """Fit the tour caption's height to the type (it is in the header; the window services
        put it there)."""
        for banner in self.findChildren(QFrame, "tourCaption"):
            if hasattr(banner, "fit_height"):
                banner.fit_height()

    def set_full_screen_look(self, on: bool) -> None:
        """Lay the window out as full screen (a screenshot previewing a full-screen lecture)."""
        self._full_screen_look = on
        self.menuBar().setVisible(not on)
        self.statusBar().setVisible(not on)
        self._apply_layout()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._applying_theme:
            return
        fitted = fitted_to_window(self._base_theme, self.width(), self.height())
        if fitted != self.theme:
            self.apply_theme(self._base_theme)  # the projector's type follows the window
        else:
            self._fit_tab_titles()
            self._fit_cards()
            self._apply_layout()
            self._fit_essays()
            self._fit_run()
            self._fit_scene_page()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not event.spontaneous() and self.chart is not None:
            # Shown with its chart (a screenshot, a test): the splitter shared its first height
            # with the chart not yet laid out (its frame measured 0, then 126 px at 1280x800);
            # laid out and visible now, the share is made as the launcher's window makes it.
            self._activate_layouts()
            self._balance_split()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._applying_theme:
            return  # repainted after its children (LayoutFitting._restyling), not before
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self._apply_layout()
