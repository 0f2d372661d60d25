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

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QSplitter

from ..wording.cards import CARDS
from .explanations import ExplanationView
from .sampling_view import CROWD_STEPS as SAMPLING_STEPS
from .token_run.view import CROWD_STEPS as RUN_STEPS
from .window_layout import (
    CHART_MIN_EMS,
    CROWD_STEPS,
    DEFAULT_CHART_SHARE,
    PRESENTING_CHART_SHARE,
    SCENE_STEPS,
    Layout,
    Moment,
    card_tier,
    split_heights,
    tab_title_tier,
)

__all__ = ["ChartSplitter", "LayoutFitting"]


class ChartSplitter(QSplitter):
    """A splitter that lets its owner share out a new height before it does so itself.

    ``resizing`` carries the height its children will share.  An owner that sets the sizes
    then (``setSizes``) has each child resized once; sharing out first and correcting after
    resized the chart twice per layout pass (about 1.3 ms each, a zoom step has several).
    """

    resizing = Signal(int)

    def resizeEvent(self, event: QResizeEvent) -> None:
        old, new = event.oldSize(), event.size()
        if self.count() and self.orientation() == Qt.Orientation.Vertical:
            if old.isValid():
                self.resizing.emit(sum(self.sizes()) + new.height() - old.height())
            else:  # the first size (the window's first show): the whole height less the handles
                self.resizing.emit(new.height() - self.handleWidth() * (self.count() - 1))
        super().resizeEvent(event)


def _needed_height(scroll: QScrollArea) -> int:
    """The height ``scroll``'s content needs at the viewport's width, as the scroll area itself
    reckons it (its least height, or its height for that width when that is more): more than the
    viewport's height and the scroll bar shows."""
    content = scroll.widget()
    needed = content.minimumSizeHint().height()
    layout = content.layout()
    if layout.hasHeightForWidth() if layout is not None else content.sizePolicy().hasHeightForWidth():
        needed = max(needed, content.heightForWidth(scroll.viewport().width()))
    return needed


class LayoutFitting:
    """The main window's layout, applied and fitted (see the module's docstring); a mixin of
    :class:`~.main_window.MainWindow`, listed before ``QMainWindow``."""

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
        essay's link to the panel (or a roomier window) brings it back."""
        panel = self.assumptions_panel
        inner = self.left_column.widget().layout()
        presenting = self.presenting() and self.left_column.isVisibleTo(self)
        for control in self.controls.values():
            control.set_compact(False)
        worked = True
        if presenting and panel.expanded:
            panel.set_worked_shown(True)
            worked = not self._column_cut()
        panel.set_worked_shown(worked)
        if presenting and self._column_cut():
            # Still too tall (large type): the sliders take their symbols for titles.
            for control in self.controls.values():
                control.set_compact(True)
            self._column_cut()  # laid out with the shorter titles (the scroll range follows)
        show = True
        if presenting and not panel.expanded:
            own = 0 if panel.isHidden() else panel.sizeHint().height() + inner.spacing()
            without = inner.minimumSize().height() - own
            room = self.left_column.viewport().height()
            show = without + panel.sizeHint().height() + inner.spacing() <= room
        if panel.isHidden() == show:
            panel.setVisible(show)

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
            needed, before = _needed_height(self.left_column), needed
            if needed == before:
                break
        return needed > self.left_column.viewport().height()

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
        return self._column_cut()

    def _fit_scene_page(self) -> None:
        """A tour scene about the run or an essay shows its page whole: while it would still
        scroll (after the run's buttons and the essay's type have done what they can), or the
        window's content would not fit its height, the caption's reserved room, its headline
        size and then the menu and status bars step aside (``SCENE_STEPS``); then the run's own
        parts (:meth:`_fit_run`)."""
        if not self.moment().in_scene or self.scene_focus() not in ("run", "essay") or not self.isVisible():
            return
        policy = self.layout_policy
        first = CROWD_STEPS.index(SCENE_STEPS[0]) + 1
        if self.sampling_view.crowding:  # the window's own steps are measured first
            self.sampling_view.set_crowding(0)
        # Measured as laid out now: the caption may just have taken its scene's height, and a
        # page measured in the room it had before fitted (an essay at x2 measured 502 px of room;
        # the caption then left it 120; at 100 % a run scene walked to kept the longest caption's
        # room and cut its totals, where the same scene opened directly gave that room up).
        self._lay_out_now()
        self._fit_essays()
        self._fit_run()
        while policy.crowding < len(CROWD_STEPS) and (self._page_cut() or self._content_squeezed()):
            self._set_crowding(max(policy.crowding + 1, first))
            self._activate_layouts()
            self._fit_essays()
            self._fit_run()
        if self.app_state.view.zoom <= 1.0:
            return  # at 100 % every scene's page fits with the window's steps (the layout check)
        if self.scene_focus() == "run" and self._page_cut():
            # Still taller than all the room the window gives (zoomed in): the run's own parts
            # step aside further (the strip's rows, the totals' table, the legend's long names,
            # the narration).
            self._fit_run(whole=True)
        elif self.tabs.currentWidget() is self.sampling_scroll and self._page_cut():
            self._fit_sampling()  # the same for the sampling tab (its controls, legends, draws)

    def _lay_out_now(self) -> None:
        """Apply the layouts now, until the tabs' height holds: the caption fits its height to its
        new width as it is laid out, which asks for one more pass."""
        for _pass in range(3):
            before = self.tabs.height()
            self._activate_layouts()
            if self.tabs.height() == before:
                break

    def _content_squeezed(self) -> bool:
        """Whether the window's content needs more height than it has (a caption reserving the
        room of the tour's longest, in headline type, above a page at x2)."""
        central = self.centralWidget()
        return central.minimumSizeHint().height() > central.height()

    def _activate_layouts(self) -> None:
        """Lay out now, top down, down to the column holding the chart (a child widget's layout
        otherwise waits for the event loop).

        Layout requests still queued go first: cards just given their short titles (zoomed in,
        the projector) still measured with the whole ones, two lines, 210 px against 108, and the
        room's fit stepped the cards aside for a plot that had its share with them."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        for widget in (self, self.centralWidget(), self._right):
            widget.layout().activate()

    def _plot_height_now(self) -> float:
        """The plot's height once the chart has laid itself out for its present size."""
        chart = self.compare.shown_plot() or self.chart
        chart.getPlotItem().layout.activate()
        return chart.getPlotItem().getViewBox().height()

    def _fit_run(self, *, whole: bool = False) -> None:
        """In a run focus the whole run shows: what does not fit steps aside, in the run's own
        order (:data:`~.token_run.view.CROWD_STEPS`), measured step by step; elsewhere the run is
        whole.  Only the simulate buttons and the row of Play/Step/Speed/Seed, unless ``whole``:
        the rest of the run steps aside only once the window's own steps have not made room
        (:meth:`_fit_scene_page`)."""
        view = self.token_run
        if self.scene_focus() != "run":
            if view.crowding:
                view.set_crowding(0)
            return
        last = len(RUN_STEPS) if whole else RUN_STEPS.index("controls") + 1
        view.set_crowding(0)
        self.layout().activate()
        for level in range(1, last + 1):
            if _needed_height(self.token_run_scroll) <= self.token_run_scroll.viewport().height():
                break
            view.set_crowding(level)
            view.layout().activate()

    def _fit_essays(self) -> None:
        """In an essay scene the essay shows whole (its type shrinks a little if it must).

        The sampling tab is read the same way: in a scene about it, what the scene is not about
        (the real-text run) steps aside, so the distributions and the rules show whole.
        """
        essay_scene = self.scene_focus() == "essay"
        self.sampling_view.set_scene_mode(essay_scene and self.current_tab() == "sampling")
        if essay_scene:
            self.layout().activate()
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if isinstance(page, ExplanationView):
                page.fit_whole(essay_scene and index == self.tabs.currentIndex(), self.app_state.view.zoom)
        self._fit_tab_bar()

    def refit_sampling_scene(self) -> None:
        """The sampling tab's draws came or went: in a scene about the tab, fit its page again
        (the empty histogram steps aside, the draws do not)."""
        if self.moment().in_scene and self.tabs.currentWidget() is self.sampling_scroll:
            self._scene_page_timer.start()

    def _fit_sampling(self) -> None:
        """A scene about the sampling tab taller than all the room the window gives (zoomed in):
        the tab's own parts step aside (:data:`~.sampling_view.CROWD_STEPS`), measured step by
        step from none; elsewhere the tab is whole."""
        view = self.sampling_view
        if view.crowding:
            view.set_crowding(0)
        if self.scene_focus() != "essay" or self.tabs.currentWidget() is not self.sampling_scroll:
            return
        view.layout().activate()
        for level in range(1, len(SAMPLING_STEPS) + 1):
            if not self._page_cut():
                break
            view.set_crowding(level)
            view.layout().activate()
        self._fit_tab_bar()

    def _fit_tab_bar(self) -> None:
        """In a run or essay focus, the tab bar steps aside when the page would not show whole
        with it (large type): the scene's caption, or Esc, says where the page came from."""
        bar = self.tabs.tabBar()
        focused = self.scene_focus() in ("run", "essay")
        if focused and bar.isHidden():
            # Measured with the bar shown and laid out: reckoned from a page laid out without it,
            # a scene reached from one whose tabs had stepped aside kept the bar away where the
            # same scene opened directly showed it (an essay scene at x1.5).
            bar.setVisible(True)
            self._activate_layouts()
        hide = focused and self._page_cut()
        if bar.isHidden() != hide:
            bar.setVisible(not hide)

    def _page_cut(self, less: int = 0) -> bool:
        """Whether the page shown would scroll (part of it below the fold) with ``less`` px of room."""
        page = self.tabs.currentWidget()
        if isinstance(page, ExplanationView):
            return page.document().size().height() > page.viewport().height() - less
        return _needed_height(page) > page.viewport().height() - less

    def _arrange_cards(self, columns: int) -> None:
        if columns == self._card_columns:
            return
        self._card_columns = columns
        for card in self.cards.values():
            self.cards_grid.removeWidget(card)
        for index, card in enumerate(self.cards.values()):
            self.cards_grid.addWidget(card, index // columns, index % columns)
        for column in range(4):
            self.cards_grid.setColumnStretch(column, 1 if column < columns else 0)

    def _fit_cards(self) -> None:
        """One row of cards when their figures fit the width, else two (checked at each render)."""
        left = self.left_column.minimumWidth() if self.left_column.isVisibleTo(self) else 0
        available = self.width() - left - 3 * self.theme.font_px
        spacing = max(0, self.cards_grid.horizontalSpacing())
        titles = {
            "whole": {card.name: card.title for card in CARDS},  # read here, in the active language
            "short": {card.name: card.short_title or card.title for card in CARDS},
        }

        def needed(tier: str) -> int:
            row = titles[tier].items()
            return sum(self.cards[name].minimum_width_with(title) for name, title in row) + 3 * spacing

        tier, columns = card_tier(available, needed)
        for name, title in titles[tier].items():
            self.cards[name].set_title_text(title)
        self._arrange_cards(columns)

    def _fit_tab_titles(self) -> None:
        """The whole tab titles when they fit the width, else the short ones, else the shortest
        (measured, not tried); the whole title is always the tab's tooltip."""
        bar = self.tabs.tabBar()
        metrics = bar.fontMetrics()
        count = self.tabs.count()
        whole = [self.tabs.tabToolTip(i) for i in range(count)]
        left = self.left_column.minimumWidth() if self.left_column.isVisibleTo(self) else 0
        available = self.width() - left - 4 * self.theme.font_px

        def needed(titles: list[str]) -> int:
            total = 0
            for index, title in enumerate(titles):
                # A tab is its text plus the style's padding; bold (the current tab) is wider.
                padding = bar.tabSizeHint(index).width() - metrics.horizontalAdvance(bar.tabText(index))
                total += padding + round(metrics.horizontalAdvance(title) * 1.08)
            return total

        titles, fits = tab_title_tier(available, needed, whole)
        for index, title in enumerate(titles):
            if self.tabs.tabText(index) != title:
                self.tabs.setTabText(index, title)
        # Even the shortest titles too wide (large type, a narrow screen): the tabs share the bar,
        # each elided, rather than the bar pushing the window wider than the screen.
        elide = Qt.TextElideMode.ElideNone if fits else Qt.TextElideMode.ElideRight
        if bar.elideMode() != elide:
            bar.setElideMode(elide)

    # -- the split between the chart and the lower tabs ---------------------------------

    def _chart_frame_px(self) -> int:
        """Height of the chart's place around its plot (chart/map switch, title, legend, axis)."""
        shown = self.compare.shown_plot()
        if shown is None or shown.height() <= 0:
            return 6 * self.theme.font_px
        plot_height = shown.getPlotItem().getViewBox().height()
        return max(0, self._chart_slot.height() - round(plot_height))

    def _on_split_moved(self, _position: int, _index: int) -> None:
        self._split_moved_by_user = True

    def _balance_split(self, total: int | None = None) -> None:
        """Share the height between the chart and the lower tabs (until the user drags the handle),
        counting the chart's frame as the chart is laid out at the share it gets.

        ``total`` is the height the splitter is about to share out (its ``resizing`` signal, from
        inside its resize event): one share, as the frame stands. Otherwise the frame (title row,
        legend, axes) is measured again once the chart is laid out at its share: a share made
        from a frame measured before (the launcher's placeholder, a legend about to wrap) differs
        from the share made after (313 px against 330 at 1280x800), so the share is made again
        until the frame it counted holds.
        """
        before = self.vertical.sizes()
        frame = self._share_split(total)
        if total is not None or self.vertical.sizes() == before:
            return  # inside a resize, or nothing moved: the chart keeps the frame it was measured at
        for _pass in range(2):
            if frame is None:
                return
            self._activate_layouts()
            shown = self.compare.shown_plot()
            if shown is not None:
                shown.getPlotItem().layout.activate()
            if self._chart_frame_px() == frame:
                return
            frame = self._share_split()

    def _share_split(self, total: int | None = None) -> int | None:
        """One share of ``total``, else of the height the two share now (:meth:`_balance_split`);
        the chart frame it counted, or None when nothing was shared.

        The run gets its natural height while the chart keeps half the split; else its compact
        height while the chart keeps :data:`CHART_MIN_EMS`; else the chart keeps
        :data:`CHART_SHARE` and the run scrolls in its tab.  Left to itself, Qt's splitter would
        honour the run's minimum first and squash the chart, the centre of the app, to a strip
        on a projector with large type.
        """
        if self._split_moved_by_user:
            return None
        if not (self._chart_slot.isVisibleTo(self) and self.tabs.isVisibleTo(self)):
            return None  # one of them has the whole height
        if total is None:
            total = sum(self.vertical.sizes())
        if total <= 0:
            return None
        bar = self.tabs.tabBar().sizeHint().height() + 12  # tab bar plus the pane's frame
        presenting = self.presenting()
        # The chart's plot keeps at least 40 % of the window's height presenting, 25 % otherwise.
        share = PRESENTING_CHART_SHARE if presenting else DEFAULT_CHART_SHARE
        frame = self._chart_frame_px()
        least_plot = share * self.height() + frame + 4
        chart_min = max(CHART_MIN_EMS * self.theme.font_px, least_plot)
        tabs = split_heights(
            total,
            natural=self.token_run.sizeHint().height() + bar,
            compact=self.token_run.minimumSizeHint().height() + bar,
            chart_min=chart_min,
            chart_least=self._chart_slot.minimumSizeHint().height(),
            run_in_focus=self._run_in_focus,
            presenting=presenting,
            font_px=self.theme.font_px,
        )
        self.vertical.setSizes([total - tabs, tabs])
        return frame
