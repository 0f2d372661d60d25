"""The chart of speedup against draft length (pyqtgraph).

Items are created once in :class:`SpeedupChart` and updated with ``setData``;
ranges are set deliberately from the data, never auto-ranged.  One change costs
one paint of the chart (benchmarks/bench_update_latency.py): the curves are
plain Qt path items (:mod:`.curve_item`), the band is one path built from the two
arrays (:mod:`.band`), and a new range is applied before the paint rather than during it.
What it draws:

* the curve at the current p and a shaded band between p - 0.10 and p + 0.10;
* a break-even line at speedup 1 with the region below it marked "slower";
* a marker at the current k and one at the best k (when there is a peak); a best k past the
  x-range's cap (``model.figures.MAX_X_MAX``) is an arrow at the right edge with its number;
* a title and a legend naming the thick line, the band and break-even;
* under non-default assumptions (issue 11), the original model's curve as a thin dashed
  reference behind the active model's curve (a legend entry), and a label naming the
  assumptions;
* when asked, simulated speedup at each k with its 95 % interval (:meth:`show_simulation`).

Every label is placed by one rule (:mod:`.labels`): clear of the other
labels, the markers and the curves, inside the plot.  Other parts add their own
labels, obstacle curves and legend entries with :meth:`SpeedupChart.register_label`,
:meth:`SpeedupChart.register_obstacle_curve` and :meth:`SpeedupChart.set_legend_entry`.

This module makes the items and wires them; the chart's other concerns are its parts, one
module each: drawing the figures and the ranges (:mod:`.chart_figures`), placing the labels
(:mod:`.label_layout`), the title row and legend (:mod:`.chart_legend`), the theme
(:mod:`.chart_style`) and presenting (:mod:`.chart_presenting`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem, QWidget

from ...model import Curves, Readouts
from ...text import N_, _
from ...theme import Theme
from ...wording.chart_words import CHART_NAME
from ..language import follow_language
from .axis import RangeCachedAxis
from .band import BandEdge
from .chart_figures import RANGE_REST_MS, ChartFigures, y_max_for
from .chart_legend import CHART_TITLE, X_TITLE, X_TITLE_SHORT, Y_TITLE, ChartLegend
from .chart_presenting import ChartPresenting
from .chart_style import ChartStyle
from .curve_item import ChartCurve
from .grid import GridLines
from .idle_menus import hold_idle_menus
from .label_item import ChartLabel
from .label_layout import LABEL_Z, ChartLabelLayout, Target, set_text
from .labels import Box
from .marker_item import ChartMarker
from .resize_hold import ResizeHold

__all__ = ["CHART_TITLE", "X_TITLE", "X_TITLE_SHORT", "Y_TITLE", "SpeedupChart", "y_max_for"]

#: How long the curve must rest before a change counts as over (the ghost then waits for the next).
SETTLE_GHOST_MS = 700


#: Further left and right than any x-range reaches (the "slower" region spans it).
_FAR = 1.0e6


class SpeedupChart(
    ResizeHold, ChartFigures, ChartLabelLayout, ChartLegend, ChartStyle, ChartPresenting, pg.PlotWidget
):
    """Speedup against draft length, objectName ``speedupPlot``."""

    def __init__(self, theme: Theme, font_family: str, parent: QWidget | None = None) -> None:
        axes = {side: RangeCachedAxis(side) for side in ("left", "bottom")}
        # No context menus (the plot is not pyqtgraph's to configure): not built either, where
        # they were built and then switched off (5 ms of each window's build).
        super().__init__(parent=parent, axisItems=axes, enableMenu=False)
        self.setObjectName("speedupPlot")
        self._font_family = font_family
        self._theme = theme
        self._title_lines: tuple = ()
        self._title_shown = True
        self._legend_shown = True
        self._axis_titles_shown = True
        self._legend: dict[str, tuple[str, str, str]] = {}
        self._x_max = -1
        self._y_max = -1.0
        self._extra = 0.0  # the top of what the overlays drew last (the range stays above it)
        #: The figures last given (``_last``: as drawn, their curves reaching further in a burst).
        self._given: tuple[Readouts, Curves] | None = None
        self._last: tuple[Readouts, Curves] | None = None
        self._bursting = False  # the ranges only grow until the burst rests (show_figures)
        self._range_rest = QTimer(self)
        self._range_rest.setSingleShot(True)
        self._range_rest.setInterval(RANGE_REST_MS)
        self._range_rest.timeout.connect(self.rest_ranges)
        #: The assumptions the assumptions label was written for (None: write it again).
        self._words_for: object | None = None
        self._marker_styles: dict[tuple[str, str, float], QPen | QBrush] = {}

        plot = self.getPlotItem()
        plot.hideButtons()
        plot.setMouseEnabled(x=False, y=False)
        plot.setLabel("bottom", _(X_TITLE))
        plot.setLabel("left", _(Y_TITLE))
        # The grid is our own cached item (chart_grid.py), not pyqtgraph's axis grid, which
        # cost a third of every repaint; the axes keep their line and labels, no tick marks.
        self.grid = GridLines(plot)
        hold_idle_menus(self)
        plot.addItem(self.grid, ignoreBounds=True)
        for side in ("left", "bottom"):
            plot.getAxis(side).setStyle(tickLength=0)

        # The region below break-even: a plain Qt rectangle from speedup 0 to 1, wider than any
        # x-range (the view clips it).  pyqtgraph's LinearRegionItem re-computed its bounds
        # and its two (invisible) edge lines in Python on every new range.
        self.slower = QGraphicsRectItem(QRectF(-_FAR, 0.0, 2 * _FAR, 1.0))
        self.slower.setPen(pg.mkPen(None))
        self.break_even = pg.InfiniteLine(pos=1.0, angle=0, movable=False)
        # Every label is placed by place_labels, in the plot's pixels (label_item.py).
        self.slower_label = ChartLabel()
        self.break_even_label = ChartLabel()

        # The band's two edges (p - 0.10 and p + 0.10) in one plain Qt path item: two
        # PlotCurveItems re-computed their bounds in Python on every new range and paint.
        self.band_edges = QGraphicsPathItem()
        self.band_edges.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        #: Each edge as drawn (``getData``/``setData`` read and write its part of the path).
        self.upper = BandEdge(self.band_edges, 0)
        self.lower = BandEdge(self.band_edges, 1)
        # The band between them, rebuilt once per change in show_figures (pyqtgraph's
        # FillBetweenItem would rebuild it on each of the two curves' changes).
        self.band = QGraphicsPathItem()
        self.band.setPen(pg.mkPen(None))
        # The curve and, while assumptions are active (issue 11), the original model's curve,
        # thin and dashed: plain Qt path items drawn as pyqtgraph's curves are (curve_item.py).
        self.curve = ChartCurve()
        self.reference = ChartCurve()
        # A faint ghost of the curve from before the latest change, so the class sees how far
        # it moved (show_figures keeps it; empty until the first change of p, c or assumptions).
        self.ghost = ChartCurve()
        self.ghost.setVisible(False)
        self._settled = True  # the next change of the curve starts a new ghost
        #: A change has settled when the curve has not moved for this long (a drag pauses, a
        #: key is let go); the ghost then stays until the next change starts a new one.
        self._settle_timer = QTimer(self)
        self._settle_timer.setSingleShot(True)
        self._settle_timer.setInterval(SETTLE_GHOST_MS)
        self._settle_timer.timeout.connect(self.settle)
        #: While held (a drag, a tour scene), the y-range does not shrink, and grows only when the
        #: curve itself would leave the top: the axis never jumps under the class.
        self._y_held = False
        #: Predict-then-reveal: the best-k star and its label are hidden until revealed.
        self._answer_hidden = False
        self.assumptions_label = ChartLabel()
        # Simulated speedup and its 95 % intervals (show_simulation), empty until asked.
        self.simulated = pg.ScatterPlotItem(symbol="s")
        self.simulated_bars = pg.ErrorBarItem(x=np.zeros(0), y=np.zeros(0), height=np.zeros(0), beam=0.0)
        # The two markers: light items of our own (marker_item.py), drawn in pixels at their point.
        self.current = ChartMarker("o")
        self.best = ChartMarker("star")
        self.current_label = ChartLabel()
        self.best_label = ChartLabel()
        # A best k beyond the x-range's cap: an arrow at the right edge, pointing right.
        self.best_arrow = pg.ArrowItem(angle=180, headLen=16, tailLen=18, tailWidth=4, pxMode=True)
        self.best_arrow.hide()
        self.band_label = ChartLabel()
        #: Leader lines from labels placed away from their markers (label_layout.py), in pixels.
        self.leaders = QGraphicsPathItem()
        self.leaders.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        self._leader_segments: list[tuple[float, float, float, float]] = []
        #: Labels in placing order (most important first), with the point each describes.
        self._labels: dict[str, tuple[pg.TextItem | ChartLabel, Target]] = {}
        self._label_boxes: dict[str, Box] = {}
        self._obstacle_curves: list[pg.PlotCurveItem | ChartCurve] = []
        #: Scatter items whose every point the labels keep off (an overlay's marker series).
        self._obstacle_points: list[pg.ScatterPlotItem] = []
        #: Each obstacle curve's sampled line in pixels, with the data and view it was made for.
        self._sampled: dict[int, tuple[object, object, tuple[float, ...], np.ndarray | None]] = {}
        #: Called with (readouts, curves) on every change; each returns the top of what it drew.
        self._overlays: list[Callable[[Readouts, Curves], float]] = []
        #: Legend entries in order: key -> (swatch kind, theme colour name, text); the text is
        #: English and shown with ``_()`` (:func:`_legend_text`), so a language switch redraws it.
        self._legend: dict[str, tuple[str, str, str]] = {
            "curve": ("line", "curve", N_("this acceptance rate")),
            "band": ("band", "band", N_("p ± 0.10")),
            "break_even": ("dash", "break_even", N_("break-even")),
        }
        self._title_lines = ()

        plot.addItem(self.slower, ignoreBounds=True)
        for item in (
            self.band,
            self.band_edges,
            self.break_even,
            self.reference,
            self.ghost,
            self.curve,
            self.simulated_bars,
            self.simulated,
        ):
            plot.addItem(item)
        for item in (self.current, self.best):
            plot.addItem(item, ignoreBounds=True)
        plot.addItem(self.best_arrow, ignoreBounds=True)
        for item in (
            self.slower_label,
            self.break_even_label,
            self.current_label,
            self.best_label,
            self.band_label,
            self.assumptions_label,
        ):
            # Children of the view box, not of its data: a new range leaves them alone.
            item.setParentItem(plot.getViewBox())
            item.setZValue(LABEL_Z)
        self.leaders.setParentItem(plot.getViewBox())
        self.leaders.setZValue(LABEL_Z - 1)
        self.slower.setZValue(-20)
        self.grid.setZValue(-15)
        self.band.setZValue(-10)
        self.reference.setZValue(4)
        self.ghost.setZValue(3)
        self.curve.setZValue(5)
        self.simulated_bars.setZValue(6)
        self.simulated.setVisible(False)
        self.simulated_bars.setVisible(False)
        self.simulated.setZValue(7)
        self.current.setZValue(10)
        self.best.setZValue(11)  # the star stays visible when it sits on the current k
        self.register_label("current", self.current_label, self._current_target)
        self.register_label("best", self.best_label, self._best_target)
        self.register_label("break_even", self.break_even_label, lambda: None)
        self.register_label("slower", self.slower_label, lambda: None)
        self.register_label("band", self.band_label, lambda: None)
        self.register_label("assumptions", self.assumptions_label, lambda: None)
        self.register_obstacle_curve(self.curve)
        self.register_obstacle_curve(self.reference)
        plot.getViewBox().sigResized.connect(self._on_view_resized)
        self._set_fixed_words()
        self.apply_theme(theme)
        follow_language(self, self.retranslate)

    def _set_fixed_words(self) -> None:
        """The words that do not follow the figures, in the active language."""
        self.setAccessibleName(_(CHART_NAME))
        plot = self.getPlotItem()
        plot.getAxis("bottom").labelText = _(X_TITLE)
        plot.getAxis("left").labelText = _(Y_TITLE)
        set_text(self.slower_label, _("slower than plain decoding"))
        set_text(self.break_even_label, _("break-even: 1×"))

    def retranslate(self) -> None:
        """Every word of the chart again in the active language (View ▸ Language): the axes'
        titles, the title and legend, the labels and the description."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops its plot), not yet deleted
            return
        self._set_fixed_words()
        # The axes' titles in their style (the rest of apply_theme does not change with words).
        theme = self._theme
        style = {"color": theme.axis, "font-size": f"{theme.font_px}px"}
        plot = self.getPlotItem()
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setLabel(axis.labelText, **style)
            axis.showLabel(self._axis_titles_shown)  # setLabel shows it: a crowded chart has none
        self._title_lines = ()
        self._update_title()
        self._fit_axis_title()  # the long or the short x-axis title, as this language's words fit
        self._words_for = None  # the labels that follow the figures are written again
        self.refresh()

    def event(self, event: QEvent) -> bool:
        # Moved to a screen with another device pixel ratio: pen widths must follow.
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.apply_theme(self._theme)
        return super().event(event)

    # -- overlays and refreshing -------------------------------------------------------------

    def add_overlay(self, update: Callable[[Readouts, Curves], float]) -> None:
        """Call ``update(readouts, curves)`` on every change, before the range and the labels.

        ``update`` draws its own items (made once, moved with ``setData``) and returns the
        highest speedup it drew (0 for none), which the y-range then includes.
        """
        self._overlays.append(update)
        self.refresh()

    def refresh(self) -> None:
        """Draw the last figures again (an overlay's data changed)."""
        self.redraw()

    def resizeEvent(self, event) -> None:
        if self._resize_held(event):  # a window restyling: laid out once, for the last size
            return
        # The plot item never outgrows the view: pyqtgraph's labels make their text's width their
        # least width, and a layout pass would otherwise widen the item past the view's right edge.
        central = getattr(self, "centralWidget", None)
        if event is not None and central is not None:  # pyqtgraph calls this with None itself
            central.setMaximumSize(QSizeF(event.size()))
        super().resizeEvent(event)
        if self.__dict__.get("_legend"):  # not while pyqtgraph's constructor is still running
            self._update_title()
            self._fit_axis_title()
