"""The chart of speedup against draft length (pyqtgraph).

Items are created once in :class:`SpeedupChart` and updated with ``setData``;
ranges are set deliberately from the data, never auto-ranged.  One change costs
one paint of the chart (benchmarks/bench_update_latency.py): the curves are
plain Qt path items (:mod:`.curve_item`), the band is one path built from the two
arrays, and a new range is applied before the paint rather than during it.
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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainterPath, QPen, QTextDocument
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem, QWidget

from ...model import Curves, Readouts
from ...text import N_, _, localize
from ...theme import Theme
from ...wording.chart_words import CHART_NAME, chart_description
from ...wording.numbers import format_parameter
from ..language import follow_language
from .axis import RangeCachedAxis
from .curve_item import ChartCurve
from .grid import GridLines
from .label_item import ChartLabel
from .labels import Box, LabelRequest, Obstacles, around, place_labels, sample_line
from .marker_item import ChartMarker

__all__ = ["CHART_TITLE", "SpeedupChart", "y_max_for"]

#: The chart's title (the legend follows it); English, shown with ``_()``.
CHART_TITLE = N_("Speedup against draft length")
#: The axes' titles (English; shown with ``_()``), and the shorter x-axis title a chart too
#: narrow for the long one shows (zoomed in, say).
X_TITLE = N_("draft length k (tokens guessed per check)")
X_TITLE_SHORT = N_("draft length k")
Y_TITLE = N_("speedup ×")

#: Where a registered label points, in data coordinates (None: the label is hidden).
Target = Callable[[], "tuple[float, float] | None"]


#: How long the curve must rest before a change counts as over (the ghost then waits for the next).
SETTLE_GHOST_MS = 700


def y_max_for(curves: Curves, readouts: Readouts, extra: float = 0.0, band: bool = True) -> float:
    """Top of the y-range: above the highest curve (and ``extra``), on a tidy value, never below 1.5.

    ``band=False``: above the curve at p alone (what a held range must keep on screen).
    """
    top = max(float(np.max(curves.upper)) if band else 0.0, float(np.max(curves.speedup)), 1.0, extra)
    if curves.reference is not None:
        top = max(top, float(np.max(curves.reference)))
    step = 0.5 if top < 4 else (1.0 if top < 10 else 5.0)
    return max(1.5, math.ceil(top * 1.1 / step) * step)


def _color(hex_color: str, alpha: int = 255) -> QColor:
    color = QColor(hex_color)
    color.setAlpha(alpha)
    return color


class SpeedupChart(pg.PlotWidget):
    """Speedup against draft length, objectName ``speedupPlot``."""

    def __init__(self, theme: Theme, font_family: str, parent: QWidget | None = None) -> None:
        axes = {side: RangeCachedAxis(side) for side in ("left", "bottom")}
        super().__init__(parent=parent, axisItems=axes)
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
        self._last: tuple[Readouts, Curves] | None = None
        #: The assumptions the assumptions label was written for (None: write it again).
        self._words_for: object | None = None
        self._marker_styles: dict[tuple[str, str, float], QPen | QBrush] = {}

        plot = self.getPlotItem()
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.setMouseEnabled(x=False, y=False)
        plot.setLabel("bottom", _(X_TITLE))
        plot.setLabel("left", _(Y_TITLE))
        # The grid is our own cached item (chart_grid.py), not pyqtgraph's axis grid, which
        # cost a third of every repaint; the axes keep their line and labels, no tick marks.
        self.grid = GridLines(plot)
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
        self.upper = _BandEdge(self.band_edges, 0)
        self.lower = _BandEdge(self.band_edges, 1)
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
        #: Labels in placing order (most important first), with the point each describes.
        self._labels: dict[str, tuple[pg.TextItem | ChartLabel, Target]] = {}
        self._label_boxes: dict[str, Box] = {}
        self._obstacle_curves: list[pg.PlotCurveItem | ChartCurve] = []
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
            item.setZValue(_LABEL_Z)
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
        _set_text(self.slower_label, _("slower than plain decoding"))
        _set_text(self.break_even_label, _("break-even: 1×"))

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

    def _marker_style(self, kind: str, color: str, width: float = 0.0) -> QPen | QBrush:
        """The same pen or brush object for the same style, every time.

        pyqtgraph's scatter items cache each rendered symbol under the identity of its pen and
        brush objects, so fresh objects on every theme change would grow that cache (measured:
        about 5 MB per 150 theme switches) without bound.
        """
        key = (kind, color, round(width, 3))
        if key not in self._marker_styles:
            self._marker_styles[key] = (
                pg.mkPen(_color(color), width=width) if kind == "pen" else pg.mkBrush(_color(color))
            )
        return self._marker_styles[key]

    @property
    def theme(self) -> Theme:
        """The theme the chart is drawn in."""
        return self._theme

    def apply_theme(self, theme: Theme) -> None:
        """Restyle every item from ``theme`` (colours, line widths, marker and text sizes)."""
        self._theme = theme
        # pyqtgraph's pens are cosmetic: their width is in device pixels, so on a screen with
        # device pixel ratio 2 they would be drawn at half the intended width.
        theme = replace(theme, curve_width=theme.curve_width * self.devicePixelRatioF())
        self.setBackground(_color(theme.chart_background))
        plot = self.getPlotItem()
        axis_pen = pg.mkPen(_color(theme.axis), width=max(1.0, theme.curve_width / 3))
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        label_style = {"color": theme.axis, "font-size": f"{theme.font_px}px"}
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setPen(axis_pen)
            axis.setTextPen(_color(theme.axis))
            axis.setTickFont(font)
            axis.setLabel(axis.labelText, **label_style)
            axis.showLabel(self._axis_titles_shown)  # setLabel shows it: a crowded chart has none
            axis.setTickPen(pg.mkPen(None))
        self.grid.set_color(_color(theme.axis), theme.grid_alpha)
        # pyqtgraph sizes the bottom axis from a 0.8 guess at the label's height, which at
        # projector sizes lets the label overlap the tick numbers: reserve two full lines.
        metrics = QFontMetrics(font)
        line = metrics.height()
        # Room above the plot for half the top number, which is centred on the top tick, and at
        # the right for half the last number ("20"), which pyqtgraph hides when it would stick out.
        right = max(1, metrics.horizontalAdvance("20") // 2)
        plot.layout.setContentsMargins(1, max(1, theme.font_px // 2), right, 1)
        bottom = plot.getAxis("bottom")
        lines = 2 if self._axis_titles_shown else 1
        bottom.setHeight(lines * line + max(6, theme.font_px // 3))
        # The height above is fixed: never re-measure. The last number may reach into the margin.
        bottom.setStyle(autoExpandTextSpace=False, hideOverlappingLabels=right)
        # The left axis is as wide as its widest possible numbers ("140", "2.5", "0.25"), not
        # as the numbers shown: a new y-range then neither shifts the plot sideways
        # nor lays it out again, and the axis pictures kept per range stay valid.
        widest = max(metrics.horizontalAdvance(text) for text in ("888", "8.88"))
        plot.getAxis("left").setStyle(autoExpandTextSpace=False, tickTextWidth=widest + 2)

        self.slower.setBrush(pg.mkBrush(_color(theme.slower_region, theme.slower_region_alpha)))
        self.break_even.setPen(
            pg.mkPen(_color(theme.break_even), width=theme.curve_width * 0.6, style=Qt.PenStyle.DashLine)
        )
        band_pen = pg.mkPen(_color(theme.band, min(255, theme.band_alpha * 2)), width=1)
        self.band_edges.setPen(band_pen)
        self.band.setBrush(pg.mkBrush(_color(theme.band, theme.band_alpha)))
        self.curve.setPen(pg.mkPen(_color(theme.curve), width=theme.curve_width))
        thin = max(1.0, theme.curve_width * 0.4)
        # Dotted, not dashed: break-even is the dashed line, and the legend must tell them apart.
        self.reference.setPen(pg.mkPen(_color(theme.text_muted), width=thin, style=Qt.PenStyle.DotLine))
        self.ghost.setPen(pg.mkPen(_color(theme.curve, 70), width=theme.curve_width))
        self.simulated.setPen(self._marker_style("pen", theme.text, 1.0))
        self.simulated.setBrush(self._marker_style("brush", theme.marker_current))
        self.simulated.setSize(max(5.0, theme.marker_size * 0.5))
        self.simulated_bars.setOpts(pen=pg.mkPen(_color(theme.text), width=thin))
        outline = self._marker_style("pen", theme.text, max(1.5, theme.curve_width * 0.5))
        self.current.setPen(outline)
        self.current.setBrush(self._marker_style("brush", theme.marker_current))
        self.current.setSize(theme.marker_size)
        self.best.setPen(outline)
        self.best.setBrush(self._marker_style("brush", theme.marker_best))
        self.best.setSize(theme.marker_size * 1.5)
        self.best_arrow.setStyle(pen=outline, brush=self._marker_style("brush", theme.marker_best))
        for item, color in (
            (self.slower_label, theme.slower_region),
            (self.break_even_label, theme.break_even),
            (self.current_label, theme.text),
            (self.best_label, theme.text),
            (self.band_label, theme.text_muted),
            (self.assumptions_label, theme.text),
        ):
            item.setColor(_color(theme.warning if item is self.slower_label else color))
            item.setFont(font)
        self._title_lines = ()  # the title's font changed: lay it out afresh
        self._update_title()
        self._fit_axis_title()
        if self._last is not None:
            self.show_figures(*self._last)

    # -- registering labels, obstacles and legend entries ------------------------------------

    def register_label(self, key: str, item: pg.TextItem | ChartLabel, target: Target) -> None:
        """Place ``item`` by the chart's rule, after the labels registered before it.

        ``target`` gives the data point the label describes (it is kept beside
        it), or None for a label without a point (placed where there is room).
        A ``pg.TextItem`` must already be in the plot (``ignoreBounds=True``); a
        :class:`.ChartLabel` must be a child of the plot's view box (its pixels).
        """
        if isinstance(item, pg.TextItem):
            item.setAnchor((0.0, 0.0))
        self._labels[key] = (item, target)

    def register_obstacle_curve(self, item: pg.PlotCurveItem | ChartCurve) -> None:
        """Keep every label off ``item``'s line (it must be in the plot)."""
        self._obstacle_curves.append(item)

    def add_overlay(self, update: Callable[[Readouts, Curves], float]) -> None:
        """Call ``update(readouts, curves)`` on every change, before the range and the labels.

        ``update`` draws its own items (made once, moved with ``setData``) and returns the
        highest speedup it drew (0 for none), which the y-range then includes.
        """
        self._overlays.append(update)
        self.refresh()

    def refresh(self) -> None:
        """Draw the last figures again (an overlay's data changed)."""
        if self._last is not None:
            self.show_figures(*self._last)

    def set_legend_entry(self, key: str, swatch: str, color_name: str, text: str | None) -> None:
        """Add (or replace, or with ``text`` None remove) a legend entry.

        ``swatch`` is ``"line"``, ``"thin"``, ``"dash"`` or ``"band"``; ``color_name`` names a
        :class:`~specdec_desktop.theme.Theme` colour field.
        """
        entry = None if text is None else (swatch, color_name, text)
        if self._legend.get(key) == entry:
            return  # as shown: no new title (an overlay says the same after every change)
        if entry is None:
            self._legend.pop(key, None)
        else:
            self._legend[key] = entry
        self._title_lines = ()
        self._update_title()

    def label_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each shown label's box in the plot's pixels (x0, y0, x1, y1), for the layout check."""
        return {
            key: (box.x0, box.y0, box.x1, box.y1)
            for key, box in self._label_boxes.items()
            if self._labels[key][0].isVisible() and self._labels[key][0].toPlainText()
        }

    def plot_size(self) -> tuple[float, float]:
        """Width and height of the plotting area in pixels."""
        view = self.getPlotItem().getViewBox()
        return float(view.width()), float(view.height())

    # -- title and legend -------------------------------------------------------------------

    def _legend_html(self) -> str:
        theme = self._theme
        parts = []
        for swatch, color_name, text in self._legend.values():
            color = getattr(theme, color_name)
            glyph = {"line": "━━", "thin": "──", "dash": "╌╌", "dot": "┈┈", "band": "██"}.get(swatch, "━━")
            if swatch == "band":
                base, paper = QColor(color), QColor(theme.chart_background)
                a = min(255, theme.band_alpha * 2) / 255
                mixed = QColor.fromRgbF(
                    base.redF() * a + paper.redF() * (1 - a),
                    base.greenF() * a + paper.greenF() * (1 - a),
                    base.blueF() * a + paper.blueF() * (1 - a),
                )
                color = mixed.name()
            weight = "font-weight:bold;" if swatch == "line" else ""
            parts.append(
                f'<span style="color:{color};{weight}">{glyph}</span>&nbsp;'
                f'<span style="color:{theme.text_muted}">{_escape(_legend_text(text))}</span>'
            )
        return _ENTRY_SEP.join(parts)

    def set_title_shown(self, on: bool) -> None:
        """Show the chart's title before its legend, or leave the legend alone (a tour scene's
        caption names what the chart shows, and the legend then keeps to one line)."""
        if on != self._title_shown:
            self._title_shown = on
            self._title_lines = ()
            self._update_title()

    def set_legend_shown(self, on: bool) -> None:
        """Show the legend, or let it step aside (crowded: the labels in the plot still name the
        band, break-even and the region below it)."""
        if on != self._legend_shown:
            self._legend_shown = on
            self._title_lines = ()
            self._update_title()

    def set_axis_titles_shown(self, on: bool) -> None:
        """Show the axes' titles, or let them step aside (crowded: the tick numbers stay; the
        chart's accessible name says what the axes are)."""
        if on == self._axis_titles_shown:
            return
        self._axis_titles_shown = on
        plot = self.getPlotItem()
        for side in ("left", "bottom"):
            plot.getAxis(side).showLabel(on)
        self.apply_theme(self._theme)  # the bottom axis's height follows

    def _legend_parts(self) -> list[tuple[str, str]]:
        """(HTML, plain text) of the title (when shown) and of each legend entry, in order."""
        theme = self._theme
        parts = []
        if self._title_shown:
            words = _(CHART_TITLE)
            title = f'<span style="color:{theme.text};font-weight:600">{_escape(words)}</span>'
            parts.append((title, words))
        if not self._legend_shown:
            return parts
        html = self._legend_html().split(_ENTRY_SEP)
        for entry_html, (_swatch, _color, text) in zip(html, self._legend.values(), strict=False):
            parts.append((entry_html, f"██ {_legend_text(text)}"))
        return parts

    def _title_layout(self) -> tuple[list[list[int]], int]:
        """The title and legend entries wrapped into lines that fit the chart; the widest line."""
        font = QFont(self._font_family)
        font.setPixelSize(self._theme.font_px)
        bold = QFont(font)
        bold.setWeight(QFont.Weight.DemiBold)
        gap = QFontMetrics(font).horizontalAdvance("\u00a0" * 3)
        # Each part as its HTML is drawn (the swatches' glyphs may come from a fallback font,
        # wider than the plain text's), and never narrower than its plain text.
        widths = [
            max(
                QFontMetrics(bold if i == 0 and self._title_shown else font).horizontalAdvance(plain) + 2,
                self._html_width(html, font),
            )
            for i, (html, plain) in enumerate(self._legend_parts())
        ]
        room = self._title_room()
        lines: list[list[int]] = [[]]
        used = 0
        for index, width in enumerate(widths):
            if lines[-1] and used + gap + width > room:
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + width
            lines[-1].append(index)
        widest = max((sum(widths[i] for i in line) + gap * (len(line) - 1) for line in lines), default=0)
        return lines, widest

    def _title_room(self) -> int:
        """The width the title row has: the plot's column, beside the y-axis (wide when zoomed)."""
        plot = self.getPlotItem()
        if plot is None:  # closing: pyqtgraph has let the plot go
            return max(1, self.width() - 24)
        beside = sum(
            plot.getAxis(side).minimumWidth() for side in ("left", "right") if plot.getAxis(side).isVisible()
        )
        return max(1, int(self.width() - beside - 24))

    def _html_width(self, html: str, font: QFont) -> int:
        """The width ``html`` takes drawn in ``font`` (cached: the legend changes rarely)."""
        key = (html, font.pixelSize(), font.family())
        cache = self.__dict__.setdefault("_html_widths", {})
        if key not in cache:
            document = QTextDocument()
            document.setDocumentMargin(0)
            document.setDefaultFont(font)
            document.setHtml(html)
            cache[key] = math.ceil(document.idealWidth()) + 2
        return cache[key]

    def _update_title(self) -> None:
        """Title and legend on as few lines as fit the chart's width."""
        theme = self._theme
        lines, _ = self._title_layout()
        key = tuple(tuple(line) for line in lines)
        if key == self._title_lines:
            return
        self._title_lines = key
        parts = self._legend_parts()
        html = "<br>".join(_ENTRY_SEP.join(parts[i][0] for i in line) for line in lines)
        plot = self.getPlotItem()
        if not parts:  # neither title nor legend: no row for them, nor their width
            plot.titleLabel.setText("")
            plot.titleLabel.setVisible(False)
            plot.titleLabel.setMaximumHeight(0)
            plot.layout.setRowFixedHeight(0, 0)
            return
        plot.titleLabel.setText(html, size=f"{theme.font_px}px", family=self._font_family)
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        height = len(lines) * QFontMetrics(font).height() + 8
        plot.titleLabel.setVisible(True)
        # pyqtgraph makes the label's least width its text's: never more than the chart's, or the
        # plot item would outgrow the view and be cut at the right.
        plot.titleLabel.setMinimumWidth(min(plot.titleLabel.minimumWidth(), self._title_room()))
        plot.titleLabel.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)

    def _fit_axis_title(self) -> None:
        """The long x-axis title where the plot's column has room for it, else the short one."""
        plot = self.getPlotItem()
        if plot is None:  # closing: pyqtgraph has let the plot go
            return
        axis = plot.getAxis("bottom")
        font = QFont(self._font_family)
        font.setPixelSize(self._theme.font_px)
        fits = QFontMetrics(font).horizontalAdvance(_(X_TITLE)) <= self._title_room() + 16
        text = _(X_TITLE) if fits else _(X_TITLE_SHORT)
        if axis.labelText != text:
            axis.setLabel(text, **axis.labelStyle)
            axis.showLabel(self._axis_titles_shown)  # setLabel shows it: a crowded chart has none

    def layout_problems(self) -> list[str]:
        """For the layout check (tests/support/layout_check.py): a title line wider than the chart."""
        problems = []
        _, widest = self._title_layout()
        if widest > self._title_room() + 24:
            problems.append(
                f"the title and legend need {widest} px, the plot's column is {self._title_room() + 24}"
            )
        plot = self.getPlotItem()
        right = plot.vb.geometry().right()
        if right > self.width() + 0.5:
            problems.append(f"the plot runs {right - self.width():.0f} px past the chart's right edge")
        axis = plot.getAxis("bottom")
        if axis.label.isVisible() and axis.label.boundingRect().width() > axis.geometry().width() + 0.5:
            problems.append("the x-axis title is wider than the plot")
        return problems

    def resizeEvent(self, event) -> None:
        # The plot item never outgrows the view: pyqtgraph's labels make their text's width their
        # least width, and a layout pass would otherwise widen the item past the view's right edge.
        central = getattr(self, "centralWidget", None)
        if event is not None and central is not None:  # pyqtgraph calls this with None itself
            central.setMaximumSize(QSizeF(event.size()))
        super().resizeEvent(event)
        if self.__dict__.get("_legend"):  # not while pyqtgraph's constructor is still running
            self._update_title()
            self._fit_axis_title()

    # -- placing labels ---------------------------------------------------------------------

    def _current_target(self) -> tuple[float, float] | None:
        if self._last is None:
            return None
        readouts = self._last[0]
        return float(readouts.params.k), readouts.speedup

    def _best_target(self) -> tuple[float, float] | None:
        if self._last is None:
            return None
        readouts, curves = self._last
        if readouts.best_k is None or readouts.best_speedup is None or readouts.best_k == readouts.params.k:
            return None
        if curves.beyond(readouts.best_k):  # the arrow at the right edge
            return float(curves.x_max), float(curves.speedup[-1])
        return float(readouts.best_k), readouts.best_speedup

    def _on_view_resized(self) -> None:
        self.place_labels()

    def place_labels(self) -> None:
        """Place every label by the one rule (:func:`.labels.place_labels`)."""
        view = self.getPlotItem().getViewBox()
        width, height = float(view.width()), float(view.height())
        if width < 20 or height < 20 or self._last is None:
            return
        (x0, x1), (y0, y1) = view.viewRange()
        sx, sy = width / (x1 - x0), height / (y1 - y0)

        def px(x: float, y: float) -> tuple[float, float]:
            return (x - x0) * sx, (y1 - y) * sy

        margin = 2.0
        plot_box = Box(margin, margin, width - margin, height - margin)
        theme = self._theme
        obstacles = Obstacles()
        view_key = (x0, x1, y0, y1, width, height)
        for curve in self._obstacle_curves:
            if not curve.isVisible():
                continue
            xs, ys = curve.getData()
            if xs is None or len(xs) == 0:
                continue
            # The same data in the same view (a change of k alone): the same pixels.
            cached = self._sampled.get(id(curve))
            if cached is not None and cached[0] is xs and cached[1] is ys and cached[2] == view_key:
                points = cached[3]
            else:
                points = sample_line((np.asarray(xs) - x0) * sx, (y1 - np.asarray(ys)) * sy)
                self._sampled[id(curve)] = (xs, ys, view_key, points)
            if points is not None:
                obstacles.add_sampled(points)
        break_even_y = (y1 - 1.0) * sy
        obstacles.add_line([0.0, width], [break_even_y, break_even_y])
        readouts = self._last[0]
        marker = theme.marker_size
        cx, cy = px(readouts.params.k, readouts.speedup)
        obstacles.boxes.append(Box(cx - marker / 2, cy - marker / 2, cx + marker / 2, cy + marker / 2))
        if self.best_arrow.isVisible():
            ax, ay = px(self._last[1].x_max, float(self._last[1].speedup[-1]))
            obstacles.boxes.append(Box(ax - 36, ay - 10, ax, ay + 10))
        elif readouts.best_k is not None and readouts.best_speedup is not None:
            bx, by = px(readouts.best_k, readouts.best_speedup)
            half = marker * 0.75
            obstacles.boxes.append(Box(bx - half, by - half, bx + half, by + half))

        requests: list[LabelRequest] = []
        for key, (item, target) in self._labels.items():
            # An empty label is hidden: a visible one, even empty, is moved and painted on every
            # change of range (pyqtgraph re-computes each text item's transform).
            shown = bool(item.toPlainText())
            if item.isVisible() != shown:
                item.setVisible(shown)
            if not shown:
                continue
            if isinstance(item, ChartLabel):
                w, h = item.size()
            else:
                rect = item.textItem.boundingRect()
                w, h = rect.width(), rect.height()
            requests.append(self._request(key, target, w, h, px, plot_box, break_even_y, marker))
        boxes = place_labels(plot_box, [r for r in requests if r is not None], obstacles)
        self._label_boxes = boxes
        for request in requests:
            if request is not None and request.key not in boxes:  # an optional label left out
                self._labels[request.key][0].setVisible(False)
        for key, box in boxes.items():
            item = self._labels[key][0]
            if isinstance(item, ChartLabel):  # in pixels: moved only when the placement moved it
                if (item.x(), item.y()) != (box.x0, box.y0):
                    item.setPos(box.x0, box.y0)
            else:
                item.setPos(x0 + box.x0 / sx, y1 - box.y0 / sy)

    def _request(
        self,
        key: str,
        target: Target,
        w: float,
        h: float,
        px: Callable[[float, float], tuple[float, float]],
        plot_box: Box,
        break_even_y: float,
        marker: float,
    ) -> LabelRequest | None:
        if key == "break_even":
            candidates = []
            for x in (plot_box.x0 + 6, plot_box.x1 - w - 6, (plot_box.x0 + plot_box.x1 - w) / 2):
                candidates.append(Box(x, break_even_y - h - 1, x + w, break_even_y - 1))
                candidates.append(Box(x, break_even_y + 1, x + w, break_even_y + h + 1))
            return LabelRequest(key, candidates)
        if key == "slower":
            region = Box(plot_box.x0, max(plot_box.y0, break_even_y + 1), plot_box.x1, plot_box.y1)
            area = region if region.height >= h and region.width >= w else None
            box = area or plot_box
            candidates = [
                Box(box.x1 - w - 4, box.y1 - h - 2, box.x1 - 4, box.y1 - 2),
                Box(box.x0 + 4, box.y1 - h - 2, box.x0 + 4 + w, box.y1 - 2),
                Box((box.x0 + box.x1 - w) / 2, box.y1 - h - 2, (box.x0 + box.x1 + w) / 2, box.y1 - 2),
                Box(box.x1 - w - 4, box.y0 + 1, box.x1 - 4, box.y0 + 1 + h),
            ]
            return LabelRequest(key, candidates, area)
        point = target()
        if point is None:
            # A free label: the plot's upper corners, then along its top and sides.
            b = plot_box
            candidates = [
                Box(b.x1 - w, b.y0, b.x1, b.y0 + h),
                Box(b.x0 + 4, b.y0, b.x0 + 4 + w, b.y0 + h),
                Box((b.x0 + b.x1 - w) / 2, b.y0, (b.x0 + b.x1 + w) / 2, b.y0 + h),
            ]
            for step in range(1, 6):
                dy = step * h
                candidates.append(Box(b.x1 - w, b.y0 + dy, b.x1, b.y0 + dy + h))
                candidates.append(Box(b.x0 + 4, b.y0 + dy, b.x0 + 4 + w, b.y0 + dy + h))
            # The band's label repeats the legend's "p ± 0.10": it steps aside rather than cover.
            return LabelRequest(key, candidates, optional=key == "band")
        x, y = px(*point)
        # Clear of the star (the larger marker) when the label is the best's, or when the current
        # k is the best and the two markers share the point: a smaller gap touched the star and
        # sent the label a whole ring further out, far from its marker (scene 2).
        readouts = self._last[0] if self._last is not None else None
        shared = readouts is not None and readouts.best_k == readouts.params.k
        gap = marker * (0.75 if key == "best" or shared else 0.5) + 2
        return LabelRequest(key, around(x, y, w, h, gap, rings=4))

    def show_figures(self, readouts: Readouts, curves: Curves) -> None:
        """Draw ``curves`` and mark the current and best k from ``readouts``."""
        previous = self._last[0] if self._last is not None else None
        previous_curves = self._last[1] if self._last is not None else None
        self._last = (readouts, curves)
        # The curves depend on p, c and the x-range only: when k alone changed they are the
        # same, and leaving them untouched lets Qt repaint just the markers and labels.
        if (
            previous is None
            or previous_curves is None
            or (previous.params.p, previous.params.c, previous_curves.x_max, previous.assumptions)
            != (readouts.params.p, readouts.params.c, curves.x_max, readouts.assumptions)
        ):
            x = curves.k.astype(np.float64)
            # A change of p, c or the assumptions moves the curve; a new x-range (a resize, a
            # zoom) or the first drawing does not, and starts no ghost.
            moved = previous is not None and (
                (previous.params.p, previous.params.c, previous.assumptions)
                != (readouts.params.p, readouts.params.c, readouts.assumptions)
            )
            if moved:
                if self._settled and previous_curves is not None:
                    # The curve before this change: kept, faint, until the next change begins.
                    self.ghost.setData(previous_curves.k.astype(np.float64), previous_curves.speedup)
                    self.ghost.setVisible(True)
                self._settled = False
                self._settle_timer.start()
            self.curve.setData(x, curves.speedup)
            self.band_edges.setPath(_edges_path(x, curves.upper, curves.lower))
            band = pg.arrayToQPath(
                np.concatenate((x, x[::-1])), np.concatenate((curves.upper, curves.lower[::-1]))
            )
            band.closeSubpath()
            self.band.setPath(band)
            if curves.reference is None:
                self.reference.setData([], [])
            else:
                self.reference.setData(x, curves.reference)
            self.reference.setVisible(curves.reference is not None)  # hidden when empty: no paint
            if (previous is None or previous.assumptions.is_default) != readouts.assumptions.is_default:
                entry = None if readouts.assumptions.is_default else N_("original model")
                self.set_legend_entry("reference", "dot", "text_muted", entry)
                self.set_legend_entry(
                    "curve",
                    "line",
                    "curve",
                    N_("this acceptance rate") if entry is None else N_("active model"),
                )
        if self._words_for != readouts.assumptions:
            # Only when the assumptions (or the language) changed: a slider drag keeps the words.
            self._words_for = readouts.assumptions
            named = readouts.assumptions.describe()
            _set_text(
                self.assumptions_label,
                _("assumptions: {named}").format(named=localize(named)) if named else "",
            )

        k = readouts.params.k
        self.current.setData([k], [readouts.speedup])
        best = (readouts.best_k, readouts.best_speedup)
        beyond = curves.beyond(readouts.best_k)
        if previous is None or best != (previous.best_k, previous.best_speedup):  # k alone keeps it
            if readouts.best_k is None or readouts.best_speedup is None or beyond or self._answer_hidden:
                self.best.setData([], [])
            else:
                self.best.setData([readouts.best_k], [readouts.best_speedup])
        self.best_arrow.setVisible(beyond and not self._answer_hidden)
        if beyond:
            # Off the chart to the right: point at it from the curve's last point.
            self.best_arrow.setPos(curves.x_max, float(curves.speedup[-1]))
        # One label says both when the current k is the best one.
        at_best = readouts.best_k == k and not self._answer_hidden
        current = _("k = {k}: {speedup:.2f}×, the best") if at_best else _("k = {k}: {speedup:.2f}×")
        _set_text(self.current_label, current.format(k=k, speedup=readouts.speedup))
        if readouts.best_k is None or at_best or self._answer_hidden:
            best_text = ""
        elif beyond:
            best_text = _("best k = {k:,} →").format(k=readouts.best_k)
        else:
            best_text = _("best k = {k}").format(k=readouts.best_k)
        _set_text(self.best_label, best_text)

        self._extra = max((update(readouts, curves) for update in self._overlays), default=0.0)
        self._set_ranges(readouts, curves)
        low, high = (format_parameter("p", round(edge, 10)) for edge in (curves.p_lower, curves.p_upper))
        _set_text(self.band_label, _("band: p = {low} to {high}").format(low=low, high=high))
        self.place_labels()
        self._describe()

    def _set_ranges(self, readouts: Readouts, curves: Curves) -> None:
        """The x-range from the curves; the y-range above them, or held (see :meth:`hold_y`)."""
        x_max = curves.x_max
        y_max = y_max_for(curves, readouts, self._extra)
        if self._y_held and self._y_max > 0:
            # Held: keep the range unless the curve itself would leave the top.
            needed = y_max_for(curves, readouts, 0.0, band=False)
            y_max = self._y_max if needed <= self._y_max else needed
        if x_max != self._x_max or y_max != self._y_max:
            self._x_max, self._y_max = x_max, y_max
            plot = self.getPlotItem()
            plot.setRange(xRange=(0, x_max), yRange=(0, y_max), padding=0.02)
            # pyqtgraph applies a new range at the start of the next paint, which moves every
            # item during that paint and so schedules a second full paint; apply it now.
            plot.getViewBox().updateMatrix()

    # -- presenting ---------------------------------------------------------------------------

    def _describe(self) -> None:
        """The chart in words for a screen reader (without the answer while it is hidden)."""
        if self._last is None:
            return
        readouts, curves = self._last
        if self._answer_hidden:
            text = _("The best draft length is hidden until the presenter reveals it.")
        else:
            text = chart_description(readouts, curves)
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    def hold_y(self, held: bool) -> None:
        """Hold the y-range (a drag, a tour scene) or let it settle to the figures shown now."""
        if held == self._y_held:
            return
        self._y_held = held
        if not held and self._last is not None:
            # Settle: the range the figures shown now would choose (nothing else is redrawn).
            y_max = self._y_max
            self._set_ranges(*self._last)
            if self._y_max != y_max:
                self.place_labels()

    def settle(self) -> None:
        """The change is over: the ghost stays as it is, and the next change starts a new one."""
        self._settled = True

    def clear_ghost(self) -> None:
        """No ghost now; the next change of the curve starts a new one."""
        self._settle_timer.stop()
        self.ghost.setData([], [])
        self.ghost.setVisible(False)
        self._settled = True

    def set_answer_hidden(self, hidden: bool) -> None:
        """Predict-then-reveal: hide the best-k star and its label (and say so), or show them."""
        if hidden == self._answer_hidden:
            return
        self._answer_hidden = hidden
        if self._last is not None:
            last, self._last = self._last, None  # redraw the markers from scratch
            self.show_figures(*last)

    def show_simulation(
        self, k: np.ndarray | None, speedup: np.ndarray | None, half_width: np.ndarray | None
    ) -> None:
        """Overlay simulated speedup at each ``k`` with ``± half_width`` (95 %); ``None`` clears it."""
        if k is None or speedup is None or half_width is None or len(k) == 0:
            self.simulated.setData([], [])
            self.simulated_bars.setData(x=np.zeros(0), y=np.zeros(0), height=np.zeros(0))
            self.simulated.setVisible(False)  # hidden, an empty item costs no paint
            self.simulated_bars.setVisible(False)
            if "simulated" in self._legend:
                self.set_legend_entry("simulated", "thin", "marker_current", None)
            return
        if "simulated" not in self._legend:
            self.set_legend_entry("simulated", "thin", "marker_current", "simulated, 95 %")
        x = np.asarray(k, dtype=np.float64)
        self.simulated.setData(x, np.asarray(speedup))
        self.simulated_bars.setData(x=x, y=np.asarray(speedup), height=2.0 * np.asarray(half_width))
        self.simulated.setVisible(True)
        self.simulated_bars.setVisible(True)


def _edges_path(x: np.ndarray, upper: np.ndarray, lower: np.ndarray) -> QPainterPath:
    """The band's upper edge, then its lower edge, as two lines in one path."""
    path = pg.arrayToQPath(x, upper)
    path.addPath(pg.arrayToQPath(x, lower))
    return path


class _BandEdge:
    """One edge of the band as drawn, read from (and written to) the edges' one path item.

    ``getData()`` gives the points the chart draws, like ``PlotCurveItem.getData``: the
    self-test and the export checks compare them with the model.
    """

    def __init__(self, edges: QGraphicsPathItem, index: int) -> None:
        self._edges, self._index = edges, index

    def _both(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        path = self._edges.path()
        count = path.elementCount() // 2
        if count == 0:
            return None
        points = np.array([(e.x, e.y) for e in (path.elementAt(i) for i in range(2 * count))])
        return points[:count, 0], points[:count, 1], points[count:, 1]

    def getData(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        both = self._both()
        if both is None:
            return None, None
        x, upper, lower = both
        return x, (upper if self._index == 0 else lower)

    def setData(self, x: np.ndarray, y: np.ndarray) -> None:
        both = self._both()
        upper, lower = (y, both[2]) if self._index == 0 else (both[1], y)  # type: ignore[index]
        self._edges.setPath(_edges_path(np.asarray(x, dtype=np.float64), upper, lower))


def _set_text(item: pg.TextItem | ChartLabel, text: str) -> None:
    """Set a label's text only when it changes (a new text lays the label out again)."""
    if item.toPlainText() != text:
        item.setText(text)


#: Further left and right than any x-range reaches (the "slower" region spans it).
_FAR = 1.0e6

#: The chart's own labels are drawn above everything in the plot's data.
_LABEL_Z = 1000.0

#: Between the title and the legend's entries.
_ENTRY_SEP = "&nbsp;&nbsp;&nbsp;"


def _legend_text(text: str) -> str:
    """A legend entry (English, as registered) in the active language (a translation writes its
    own numbers: "p ± 0,10")."""
    return _(text)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
