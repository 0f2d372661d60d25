"""The split between the chart and the lower tabs: how the main window shares its height.

:class:`ChartSplitter` lets the window share a new height out before the splitter does so
itself; :class:`SplitSharing`, a mixin of :class:`~.main_window.MainWindow` (through
:class:`~.window_fitting.LayoutFitting`), shares it: the plot keeps its share of the window's
height (:data:`~.window_layout.PRESENTING_CHART_SHARE`, :data:`~.window_layout.DEFAULT_CHART_SHARE`),
the run its natural or compact height when there is room (:func:`~.window_layout.split_heights`),
until the user drags the handle.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter

from .window_layout import CHART_MIN_EMS, DEFAULT_CHART_SHARE, PRESENTING_CHART_SHARE, split_heights

__all__ = ["ChartSplitter", "SplitSharing"]


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


class SplitSharing:
    """Shares the height between the chart and the lower tabs (the module's docstring); uses the
    window's ``vertical`` (a :class:`ChartSplitter`), ``compare``, ``_chart_slot``, ``tabs``,
    ``token_run``, ``theme`` and its layout passes (``_activate_layouts``)."""

    def _chart_frame_px(self) -> int:
        """Height of the chart's place around its plot (chart/map switch, title, legend, axis)."""
        shown = self.compare.shown_plot()
        if shown is None or shown.height() <= 0:
            return 6 * self.theme.font_px
        if hasattr(shown, "settle_layout"):
            shown.settle_layout()  # a new type's axes, laid out (chart/resize_hold.py)
        # As the plot was last laid out: the chart's place less the chart, plus the plot item
        # less its view (the same while the chart is laid out for its size; while it holds its
        # resizes through a restyle, chart/resize_hold.py, the item keeps an older size).
        plot = shown.getPlotItem()
        frame = self._chart_slot.height() - shown.height() + plot.size().height() - plot.getViewBox().height()
        return max(0, round(frame))

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
