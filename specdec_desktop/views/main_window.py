"""The main window: lays out the controls, cards, chart and explanations and wires them to the state.

Flow of one change (docs/architecture.md draws it):

    slider / entry box --edited--> ParameterState.set --changed--> MainWindow._render
        -> model.readouts + model.speedup_curves (computed once)
        -> controls.show_value, cards.show_figure, chart.show_figures

The window holds no figures: it asks the model for them on every change.
The chart imports pyqtgraph, the slowest import of the app; the launcher can
paint the window first and call :meth:`MainWindow.install_chart` right after.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..model import SPECS, Parameters, readouts, speedup_curves
from ..state import ParameterState
from ..theme import LIGHT, Theme
from ..theme.stylesheet import style_sheet
from .card_text import card_texts
from .explanations import ESSAYS, ExplanationView, FormulaPanel
from .parameter_control import ParameterControl
from .readout_card import ReadoutCard
from .token_run import TokenRunView

__all__ = ["CARD_TITLES", "MainWindow"]

#: objectName and title of each card, in display order.
CARD_TITLES = (
    ("tokensCard", "Tokens per cycle"),
    ("costCard", "Cost per cycle"),
    ("speedupCard", "Speedup"),
    ("bestCard", "Best draft length"),
)


class _ChartSlot(QFrame):
    """Holds the chart's place (and says so) until :meth:`MainWindow.install_chart` fills it."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("chartSlot")
        self.setProperty("role", "panel")
        self.setMinimumSize(300, 160)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.placeholder = QLabel("Drawing the chart…")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setProperty("role", "hint")
        layout.addWidget(self.placeholder)


class MainWindow(QMainWindow):
    """SpecDec Desktop's main window.

    Parameters
    ----------
    state : ParameterState
        The owner of the parameters; the window subscribes to it.
    font_family : str
        Family of the interface font (the bundled one once registered).
    install_chart_now : bool
        Build the chart in the constructor (tests, screenshots) or leave it
        to :meth:`install_chart` (the launcher, to paint sooner).
    """

    #: Emitted after cards and chart show a new state (tests and benchmarks listen).
    rendered = Signal()

    def __init__(
        self,
        state: ParameterState,
        font_family: str = "Inter",
        theme: Theme = LIGHT,
        install_chart_now: bool = True,
    ) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("SpecDec Desktop: speculative decoding, explained")
        self.state = state
        self.theme = theme
        self.font_family = font_family
        self.chart = None
        self.render_count = 0

        central = QWidget()
        central.setObjectName("centralWidget")
        self.setCentralWidget(central)

        self.controls = {spec.name: ParameterControl(spec) for spec in SPECS}
        self.cards = {name: ReadoutCard(name, title) for name, title in CARD_TITLES}
        self._chart_slot = _ChartSlot()
        self.token_run = TokenRunView(state, theme, font_family)
        self.formulas = FormulaPanel()

        title = QLabel("Speculative decoding")
        title.setProperty("role", "title")
        subtitle = QLabel(
            "A small draft model guesses k tokens; the big model checks them all in one pass "
            "and keeps them up to the first disagreement, plus one token of its own."
        )
        subtitle.setProperty("role", "subtitle")
        subtitle.setWordWrap(True)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        for control in self.controls.values():
            left_layout.addWidget(control)
        left_layout.addWidget(self.formulas)
        left_layout.addStretch(1)
        left.setMinimumWidth(240)
        left.setMaximumWidth(420)

        cards_row = QHBoxLayout()
        for card in self.cards.values():
            cards_row.addWidget(card, 1)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("lowerTabs")
        self.tabs.addTab(self.token_run, "One run, token by token")
        for tab_title, html in ESSAYS:
            self.tabs.addTab(ExplanationView(tab_title, html), tab_title)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(cards_row)
        self.vertical = QSplitter(Qt.Orientation.Vertical)
        self.vertical.setChildrenCollapsible(False)
        self.vertical.addWidget(self._chart_slot)
        self.vertical.addWidget(self.tabs)
        self.vertical.setStretchFactor(0, 3)
        self.vertical.setStretchFactor(1, 2)
        right_layout.addWidget(self.vertical, 1)

        grid = QGridLayout(central)
        grid.addWidget(title, 0, 0, 1, 2)
        grid.addWidget(subtitle, 1, 0, 1, 2)
        grid.addWidget(left, 2, 0)
        grid.addWidget(right, 2, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(2, 1)

        for control in self.controls.values():
            control.edited.connect(self._on_edited)
        state.changed.connect(self._render)
        self.token_run.install_shortcuts(self)  # the run's keys work from anywhere in the window
        self.token_run.reveal_requested.connect(lambda: self.tabs.setCurrentWidget(self.token_run))
        self.statusBar().showMessage("Ready")

        QShortcut(QKeySequence.StandardKey.Quit, self, activated=self.close)
        self.apply_theme(theme)
        if install_chart_now:
            self.install_chart()
        self._render(state.params)

    # -- building -------------------------------------------------------------------------

    def install_chart(self) -> None:
        """Import pyqtgraph and put the live chart in its place (idempotent)."""
        if self.chart is not None:
            return
        from .speedup_chart import SpeedupChart  # pyqtgraph is imported here, on purpose

        self.chart = SpeedupChart(self.theme, self.font_family)
        self.chart.setMinimumSize(300, 160)
        self._chart_slot.placeholder.hide()
        self._chart_slot.layout().addWidget(self.chart)
        params = self.state.params
        figures = readouts(params)
        self.chart.show_figures(figures, speedup_curves(params, figures.best_k))

    def apply_theme(self, theme: Theme) -> None:
        """Restyle the whole window from ``theme``."""
        self.theme = theme
        self.setStyleSheet(style_sheet(theme, self.font_family))
        if self.chart is not None:
            self.chart.apply_theme(theme)
        self.token_run.apply_theme(theme)

    # -- state flow -----------------------------------------------------------------------

    def _on_edited(self, name: str, value: float) -> None:
        try:
            self.state.set(**{name: value})
        except ValueError as error:  # out of range: say so, change nothing
            self.controls[name].show_error(str(error))
            self.controls[name].show_value(getattr(self.state.params, name))

    def _render(self, params: Parameters) -> None:
        """Show ``params`` everywhere: controls, cards and chart, from one computation."""
        figures = readouts(params)
        for spec in SPECS:
            self.controls[spec.name].show_value(getattr(params, spec.name))
        for name, text in card_texts(figures).items():
            self.cards[name].show_figure(text.value, text.detail, text.spoken)
        if self.chart is not None:
            self.chart.show_figures(figures, speedup_curves(params, figures.best_k))
        self.render_count += 1
        self.rendered.emit()
