"""Applies the layout policy to the main window: measures the room, shows what was decided.

:mod:`.window_layout` decides, from plain values, what the window shows; this mixin of
:class:`~.main_window.MainWindow` reads the moment from the view and presentation states
(:meth:`LayoutFitting.moment`, never a copy), applies the decision to the window's parts
(:meth:`LayoutFitting._show`) and measures what only the widgets know: whether the chart's plot
keeps its share (what no longer fits steps aside, :data:`~.window_layout.CROWD_STEPS`), which tier
of tab and card titles fits the width, how the chart and the lower tabs share the height, and
whether a run or an essay in focus shows whole.

It uses the parts :class:`~.main_window.MainWindow` builds: ``layout_policy``, ``theme``,
``controls``, ``cards``, ``title_label``, ``subtitle_label``, ``formulas``, ``left_column``,
``assumptions_panel``, ``compare``, ``chart``, ``_chart_slot``, ``tabs``, ``token_run`` and its
scroll area, ``sampling_view``, ``vertical`` (a :class:`ChartSplitter`) and ``_right`` (the
column that holds the cards, the chart and the tabs).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QFrame

from .page_fitting import PageFitting, needed_height, room_height
from .width_fitting import WidthFitting
from .window_layout import CROWD_STEPS, Layout, Moment
from .window_split import ChartSplitter, SplitSharing

__all__ = ["ChartSplitter", "LayoutFitting"]


class LayoutFitting(PageFitting, WidthFitting, SplitSharing):
    """The main window's layout, applied and fitted (see the module's docstring); a mixin of
    :class:`~.main_window.MainWindow`, listed before ``QMainWindow``.  The scene's page
    (:mod:`.page_fitting`), the titles' widths (:mod:`.width_fitting`) and the split's heights
    (:mod:`.window_split`) are fitted by the mixins it is made of."""

    # -- the decision -----------------------------------------------------------------------

    def moment(self) -> Moment:
        """The moment the layout is decided for, read from the view and presentation states (the
        window keeps no copy of either) and the window's own full-screen state."""
        return Moment(
            theme_name=self.theme.name,
            full_screen=self._full_screen_look or bool(self.windowState() & Qt.WindowState.WindowFullScreen),
            scene_focus=self.app_state.presentation.focus,
            panel_focus=self.app_state.view.panel_focus,
        )

    def layout_decision(self) -> Layout:
        """What the window shows now (:func:`~.window_layout.decide`)."""
        return self.layout_policy.decide(self.moment())

    def expand_assumptions_if_room(self) -> None:
        """Open the assumptions panel when the left column can show it whole (a tour scene asks).

        Measured as the room's fit measures the column (its height for the viewport's width, the
        worked numbers in place), from nothing stepped aside, so the answer is the same however
        the scene was reached.  The worked examples step aside first when that is what fits
        (:meth:`_fit_left_column`).  On a projector it rarely can: it stays closed, its heading
        names the assumptions in force, and so does the chart; a click still opens it.
        """
        panel = self.assumptions_panel
        if not self.layout_policy.keeps_crowding(self.moment()):
            self._set_crowding(0)
        panel.set_expanded(True)
        if self._left_column_scrolls():
            panel.set_expanded(False)
            panel.set_worked_shown(True)

    def fit_scene_panel(self) -> None:
        """A tour scene's Assumptions panel and the left column's width: open when the scene asks
        for it (:attr:`~specdec_desktop.state.presentation_state.PresentationState.assumptions_asked`)
        and the column shows it whole, closed in a scene about the original model.

        The tour calls it with each scene; :meth:`apply_theme` calls it at each new type size,
        before the one layout pass of a zoom step (fitted after the theme's pass, a zoom step in
        an assumption scene laid the window out twice, the first time with the panel as the old
        size had it)."""
        if not self.moment().in_scene:
            return
        if self.app_state.presentation.assumptions_asked:
            self.expand_assumptions_if_room()
        else:
            self.assumptions_panel.set_expanded(False)
        self.fit_left_width()

    def presenting(self) -> bool:
        """Whether the presenting layout applies: projector theme, full screen, or a tour."""
        return self.moment().presenting

    def scene_focus(self) -> str | None:
        """What the layout gives its room to now: a tour scene's focus; outside the tour, in the
        presenting layout (or with the lower tabs stepped aside), the run or the tab asked for
        (:attr:`ViewState.panel_focus`); else None (the default view)."""
        return self.layout_decision().focus

    def show_panel_focus(self) -> None:
        """Lay out again for the view state's panel focus (None, ``"run"`` or ``"panel"``)."""
        self._apply_layout()

    def panel_focus_applies(self) -> bool:
        """Whether asking for a panel gives it the chart's room (presenting, or crowded)."""
        return self.layout_decision().panel_focus_applies

    def _apply_layout(self) -> None:
        """Show what the moment needs and hide the rest (views/window_layout.py decides), then fit
        the room: what no longer fits steps aside again from nothing."""
        policy = self.layout_policy
        if not policy.keeps_crowding(self.moment()):
            policy.crowding = 0
        self._show(self.layout_decision())
        self._fit_tab_titles()
        self._fit_cards()
        self._balance_split()
        self._fit_room()
        self._fit_essays()
        self._fit_run()
        self._fit_scene_page()

    def _show(self, layout: Layout) -> None:
        """Apply ``layout``: each part shown or not as it says."""
        self.title_label.setVisible(layout.title)
        self.subtitle_label.setVisible(layout.hook)
        self.formulas.setVisible(layout.formulas)
        self.compare.switch.setVisible(layout.map_switch)
        for control in self.controls.values():
            control.set_meaning_shown(layout.explanations)
        for card in self.cards.values():
            card.set_detail_shown(layout.explanations)
            card.setVisible(layout.cards)
        self.left_column.setVisible(layout.left_column)
        self._chart_slot.setVisible(layout.chart)
        self.tabs.setVisible(layout.tabs)
        if self.chart is not None:
            self.chart.set_title_shown(layout.chart_title)
            self.chart.set_axis_titles_shown(layout.axis_titles)
            self.chart.set_legend_shown(layout.legend)
        for bar in (self.menuWidget(), self.statusBar()):
            if bar is not None and bar.isHidden() == layout.chrome:
                bar.setVisible(layout.chrome)
        caption = (layout.caption_room, layout.caption_headline)
        if caption != getattr(self, "_caption_look", (True, True)):
            self._caption_look = caption
            for banner in self.findChildren(QFrame, "tourCaption"):
                if hasattr(banner, "set_reserve_longest"):
                    banner.set_compact(not layout.caption_headline)
                    banner.set_reserve_longest(layout.caption_room)

    def _set_crowding(self, level: int) -> Layout:
        self.layout_policy.crowding = level
        layout = self.layout_decision()
        self._show(layout)
        return layout

    def _fit_room(self, *, climb_only: bool = False) -> None:
        """Let what no longer fits step aside (:data:`CROWD_STEPS`) until the plot has its share:
        at least 40 % of the window's height presenting, 25 % otherwise.  Measured, step by step,
        only when crowded (a roomy window stops at the first measure).

        ``climb_only``: start from what has stepped aside already and only add to it (the
        column's height changed under the layout, e.g. the tour's caption appeared): a fit that
        went back to nothing stepped aside would move the column again, and so on.
        """
        if self._fitting_room:
            return
        self._fitting_room = True
        self._left_fitted_for = None
        policy = self.layout_policy
        try:
            if policy.crowding and not climb_only and not policy.keeps_crowding(self.moment()):
                self._set_crowding(0)
                self._balance_split()
            if self.chart is None or not self._chart_slot.isVisibleTo(self) or not self.isVisible():
                return
            share = self.layout_decision().chart_share
            for level in range(policy.crowding, len(CROWD_STEPS) + 1):
                if level != policy.crowding and not self._set_crowding(level).chart:
                    break  # a panel asked for takes the chart's place once crowded: nothing to measure
                self._activate_layouts()
                self._balance_split()
                if self._room_enough(share, level):
                    break
            if self._left_fitted_for != self._left_column_key():
                # Not fitted as the column stands (the last measure of the plot's share fitted
                # it, and nothing in the column changed since: fitting it again toggled the
                # worked examples and laid the column out twice more per zoom step, for nothing).
                self._fit_left_column()
        finally:
            self._fitting_room = False
            self._room_fitted_for = self._right.height()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.token_run and event.type() == QEvent.Type.LayoutRequest:
            # The run grew as it played (a new row of cycles): in a scene about it, make room again.
            if self.app_state.presentation.focus == "run":
                self._scene_page_timer.start()
            return False
        if (
            watched is self._right
            and event.type() == QEvent.Type.Resize
            and self._right.height() < self._room_fitted_for  # less room than the fit had
            and not self._applying_theme
        ):
            # Not inside the layout pass that resized the column: right after it.
            self._climb_timer.start()
        return False

    def _fit_left_column(self) -> None:
        """Presenting, the left column makes room for the sliders without scrolling: the open
        Assumptions panel's worked examples step aside when they would make it scroll, then the
        sliders' names (their symbols stay), and the closed panel steps aside when the sliders
        would otherwise scroll (large type): the chart names the assumptions in force; the
        essay's link to the panel (or a roomier window) brings it back.

        Each step is measured from the whole column (:meth:`_reset_left_column`), never from what
        the last fit left: a closed panel that had stepped aside was reckoned in by an estimate,
        and the same scene walked to kept the sliders' names where opened directly it had not."""
        panel = self.assumptions_panel
        self._reset_left_column()
        if not (self.presenting() and self.left_column.isVisibleTo(self)):
            return
        if panel.expanded and self._column_cut():
            panel.set_worked_shown(False)
        if self._column_cut():
            # Still too tall (large type): the sliders take their symbols for titles.
            for control in self.controls.values():
                control.set_compact(True)
            # Laid out with the shorter titles (the scroll range follows); a closed panel steps
            # aside if the column still scrolls.
            if self._column_cut() and not panel.expanded:
                panel.setVisible(False)

    def _reset_left_column(self) -> None:
        """The left column whole: the sliders titled by name, the worked examples in, the panel
        shown (outside the presenting layout it always is).  Where each fit of the column starts,
        and what its width is measured from (:meth:`fit_left_width`)."""
        for control in self.controls.values():
            control.set_compact(False)
        panel = self.assumptions_panel
        panel.set_worked_shown(True)
        if panel.isHidden():
            panel.setVisible(True)

    def _column_cut(self) -> bool:
        """Whether the left column's content is taller than its viewport, laid out now."""
        # Layout requests still queued (the Assumptions panel just closed or opened) would leave
        # the column's height hint stale: a panel a scene had closed still measured open (898 px
        # against 306), and the room's fit stepped everything aside, the menus too.
        # One pass can leave it stale too: words just set in a wrapped label (the worked numbers)
        # reach the column's layout a request later (808 px measured, 883 after): lay out until
        # the height holds.
        needed = -1
        for _pass in range(4):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            self.left_column.widget().layout().activate()
            needed, before = needed_height(self.left_column), needed
            if needed == before:
                break
        return needed > room_height(self.left_column)

    def _room_enough(self, share: float, level: int) -> bool:
        """The plot has ``share`` of the height, no chart labels overlap, (before anything has
        stepped aside: only the tabs' row can narrow the content) the content fits the width, and
        in a tour scene the sliders show without scrolling."""
        if self._plot_height_now() < share * self.height():
            return False
        if self.moment().in_scene and self._left_column_scrolls():
            return False
        central = self.centralWidget()
        if level == 0 and central.minimumSizeHint().width() > central.width():
            return False
        chart = self.compare.shown_plot() or self.chart
        boxes = list(chart.label_boxes().values()) if hasattr(chart, "label_boxes") else []
        return not any(
            a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
        )

    def _left_column_scrolls(self) -> bool:
        """Whether the left column would scroll (a closed Assumptions panel stepping aside first)."""
        if not self.left_column.isVisibleTo(self):
            return False
        self._fit_left_column()
        cut = self._column_cut()
        self._left_fitted_for = self._left_column_key()
        return cut

    def _left_column_key(self) -> tuple:
        """What the left column's fit depends on besides its content: how crowded the window is
        (the sliders' meanings step aside), the presenting layout, the open panel, the type, and
        the column's room."""
        room = self.left_column.maximumViewportSize()  # with or without its scroll bar
        return (
            self.layout_policy.crowding,
            self.presenting(),
            self.assumptions_panel.expanded,
            self.theme.font_px,
            room.width(),
            room.height(),
        )

    def _activate_layouts(self) -> None:
        """Lay out now, top down, down to the column holding the chart (a child widget's layout
        otherwise waits for the event loop).

        Layout requests still queued go first: cards just given their short titles (zoomed in,
        the projector) still measured with the whole ones, two lines, 210 px against 108, and the
        room's fit stepped the cards aside for a plot that had its share with them."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        for widget in (self, self.centralWidget(), self._right):
            widget.layout().activate()

    @contextmanager
    def _restyling(self) -> Iterator[None]:
        """Within: a restyle (:meth:`apply_theme`), with no repaint, and the chart laid out once
        for its last size (chart/resize_hold.py: each layout pass of a zoom step or theme switch
        resized it, 3-5 times a step at 1920x1080), or when the plot is measured.

        Nothing paints within (no event loop runs); the window is painted once, after.  Qt paints
        a window twice in one update when the window is marked for repaint before its children
        (a window then a child: the whole window, then the child's part again).  Turning the
        window's updates off and on again did that (the window first, then each child), and so
        does a new palette (the window's change comes before its children's): so the window's
        own repaint is asked for here, after its children's (:meth:`changeEvent`).  A zoom step
        painted 206 widgets twice; 12 % of its instructions.
        """
        self._applying_theme = True
        try:
            with self.chart.resizes_held() if self.chart is not None else nullcontext():
                yield
        finally:
            self._applying_theme = False
            self.update()

    def _plot_height_now(self) -> float:
        """The plot's height once the chart has laid itself out for its present size."""
        chart = self.compare.shown_plot() or self.chart
        if hasattr(chart, "settle_size"):
            chart.settle_size()  # a held resize (:meth:`_restyling`): laid out now, measured
        chart.getPlotItem().layout.activate()
        return chart.getPlotItem().getViewBox().height()
