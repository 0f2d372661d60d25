"""The main window's lower tabs: what they hold, and bringing one to the front.

:class:`LowerTabs` is a part of :class:`~.main_window.MainWindow` (a mixin): it builds the tabs in
the order :data:`~.window_layout.TABS` declares them (the run, the essays, Compare, Measured,
Trees, Sampling), each page that can be taller than its room in a scroll area, and gives the
window's calls to show a tab and the token run.  It reads the window's ``token_run``,
``state``, ``_run_in_focus`` and its fitting (``_fit_essays``, ``_balance_split``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget, QWidget

from ..scenario.tour_file import TAB_IDS
from ..state import AppState
from ..theme import Theme, widget_style
from .compare import CompareController
from .explanations import ESSAYS, ExplanationView
from .measured_panel import MeasuredPanel
from .sampling_view import SamplingView
from .scroll_areas import NarrowColumn, scrolled
from .tree_panel import TreePanel
from .window_layout import TABS

__all__ = ["LowerTabs", "NarrowColumn", "scrolled"]


class LowerTabs:
    """The lower tabs of :class:`~.main_window.MainWindow` (a part of it)."""

    def _build_lower_tabs(self, app_state: AppState, theme: Theme) -> None:
        """Make the tabs and their pages (once, from the window's constructor)."""
        self.tabs = QTabWidget()
        self.tabs.setObjectName("lowerTabs")
        # The run scrolls inside its tab when the window is too short for it (large type on a
        # projector), rather than squeezing the chart: see _balance_split.
        self.token_run_scroll = scrolled(self.token_run, "tokenRunScroll")
        self._add_tab("token-run", self.token_run_scroll)
        self.essays = {}
        for tab_id, (tab_title, html) in zip(TAB_IDS[1:], ESSAYS, strict=False):
            essay = ExplanationView(tab_title, html)
            essay.anchorClicked.connect(self._on_essay_link)
            self.essays[tab_id] = essay
            self._add_tab(tab_id, essay)
        # Pins, their table, the presets, and the (p, c) map beside the chart (views/compare.py).
        self.compare = CompareController(self)
        # The panel scrolls in its tab when the window is short (presenting), like the run.
        self.compare_scroll = scrolled(self.compare.panel, "compareScroll")
        self._add_tab("compare", self.compare_scroll)
        # What imported metrics gave (empty until an import); it scrolls rather than squeezing.
        self.measured_panel = MeasuredPanel()
        self.measured_scroll = scrolled(self.measured_panel, "measuredScroll")
        self._add_tab("measured", self.measured_scroll)
        # Draft trees: the Draft shape control, the rank vector and the tree diagram (issue 25).
        self.tree_panel = TreePanel(app_state, theme)
        self.tree_scroll = scrolled(self.tree_panel, "treeScroll")
        self._add_tab("trees", self.tree_scroll)
        # Where p comes from: two distributions, the rules, the draws (views/sampling_view.py).
        self.sampling_view = SamplingView(app_state.sampling, app_state.text_run)
        self.text_run_state = app_state.text_run
        self.sampling_view.text_panel.use_p_requested.connect(lambda p, k: self.state.set(p=p, k=k))
        self.sampling_scroll = scrolled(self.sampling_view, "samplingScroll")
        app_state.sampling.changed.connect(lambda _setup: self.refit_sampling_scene())
        self._add_tab("sampling", self.sampling_scroll)
        #: Pages a theme or zoom change left undressed while hidden (:meth:`pages_dressed_later`).
        self._undressed_pages: list[QWidget] = []
        self.tabs.currentChanged.connect(self._dress_shown_page)
        self.tabs.tabBar().setElideMode(Qt.TextElideMode.ElideNone)
        self.tabs.tabBar().setExpanding(False)
        self.tabs.tabBar().setUsesScrollButtons(False)

    def pages_dressed_later(self) -> list[QWidget]:
        """The lower tabs' pages a new theme or type size may leave as they are until they are
        shown (:func:`~specdec_desktop.theme.widget_style.apply_theme`'s ``later``): every page
        but the one in front, which the window measures even with the tabs stepped aside, and
        the run's, whose height the split counts.  A zoom step dressed about 470 widgets, 330 of
        them on these pages (a third of the step's time in the style, before the repaint)."""
        if not hasattr(self, "tabs"):
            return []  # the first theme, before the tabs are built
        keep = (self.tabs.currentWidget(), self.token_run_scroll)
        later = [page for index in range(self.tabs.count()) if (page := self.tabs.widget(index)) not in keep]
        self._undressed_pages = later
        return later

    def _dress_shown_page(self, index: int) -> None:
        """A page left undressed comes to the front: dressed in the theme it missed."""
        page = self.tabs.widget(index)
        if any(page is undressed for undressed in self._undressed_pages):
            self._undressed_pages = [other for other in self._undressed_pages if other is not page]
            widget_style.dress_tree(page)

    def _add_tab(self, tab_id: str, page: QWidget) -> None:
        """Add the lower tab ``tab_id`` (the next of :data:`TABS`) with its whole title, which
        stays its tooltip whatever tier of title shows."""
        tab = TABS[self.tabs.count()]
        assert tab.tab_id == tab_id, f"tabs are added in TABS order: {tab.tab_id} before {tab_id}"
        index = self.tabs.addTab(page, tab.whole())
        self.tabs.setTabToolTip(index, self.tabs.tabText(index))

    def show_tab(self, tab_id: str) -> None:
        """Bring the lower tab ``tab_id`` (one of :data:`TAB_IDS`) to the front."""
        self.tabs.setCurrentIndex(TAB_IDS.index(tab_id))
        self._fit_essays()
        if tab_id != "token-run":
            self.release_run_focus()

    def release_run_focus(self) -> None:
        """Share the height by the usual rule again after :meth:`show_token_run` gave it to the run."""
        if self._run_in_focus:
            self._run_in_focus = False
            self._balance_split()

    def current_tab(self) -> str:
        return TAB_IDS[self.tabs.currentIndex()]

    def settle(self) -> None:
        """Apply now what waits for the parameters to rest (the token run's restart, the trees
        panel's figures): before a render."""
        self.token_run.run.flush()
        self.tree_panel.settle()

    def show_token_run(self, play: bool, seed: int | None = None, speed: float = 1.0) -> None:
        """Show the token-by-token run, as a tour scene asks.

        Brings the tab to the front, restarts the run with ``seed`` (when given) at
        ``speed``, and starts playing when ``play`` is true.
        """
        self.show_tab("token-run")
        self._run_in_focus = True  # until another tab is shown: the run needs all of its height
        self._balance_split()
        player = self.token_run.player
        if seed is not None:
            self.token_run.run.set_seed(seed)
        player.restart()
        player.set_speed(speed)
        if play:
            player.play()
