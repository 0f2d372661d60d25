"""The speedup chart's look: every item restyled from a theme (colours, line widths, sizes).

:class:`ChartStyle` is a part of :class:`~.speedup_chart.SpeedupChart` (a mixin: it reads and
sets the items the chart made, and the chart's ``_theme``, ``_font_family``,
``_axis_titles_shown``, ``_marker_styles`` and ``_last``).  A theme change restyles the items
in place and draws the last figures again; pens and brushes for markers are made once per
style (:meth:`ChartStyle._marker_style`), never per change.
"""

from __future__ import annotations

from dataclasses import replace

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPen

from ...theme import Theme

__all__ = ["ChartStyle", "theme_color"]


def theme_color(hex_color: str, alpha: int = 255) -> QColor:
    color = QColor(hex_color)
    color.setAlpha(alpha)
    return color


class ChartStyle:
    """Restyling the chart from a theme (part of :class:`~.speedup_chart.SpeedupChart`)."""

    def _marker_style(self, kind: str, color: str, width: float = 0.0) -> QPen | QBrush:
        """The same pen or brush object for the same style, every time.

        pyqtgraph's scatter items cache each rendered symbol under the identity of its pen and
        brush objects, so fresh objects on every theme change would grow that cache (measured:
        about 5 MB per 150 theme switches) without bound.
        """
        key = (kind, color, round(width, 3))
        if key not in self._marker_styles:
            self._marker_styles[key] = (
                pg.mkPen(theme_color(color), width=width) if kind == "pen" else pg.mkBrush(theme_color(color))
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
        self.setBackground(theme_color(theme.chart_background))
        plot = self.getPlotItem()
        axis_pen = pg.mkPen(theme_color(theme.axis), width=max(1.0, theme.curve_width / 3))
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        label_style = {"color": theme.axis, "font-size": f"{theme.font_px}px"}
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            axis.setPen(axis_pen)
            axis.setTextPen(theme_color(theme.axis))
            axis.setTickFont(font)
            axis.setLabel(axis.labelText, **label_style)
            axis.showLabel(self._axis_titles_shown)  # setLabel shows it: a crowded chart has none
            axis.setTickPen(pg.mkPen(None))
        self.grid.set_color(theme_color(theme.axis), theme.grid_alpha)
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

        self.slower.setBrush(pg.mkBrush(theme_color(theme.slower_region, theme.slower_region_alpha)))
        self.break_even.setPen(
            pg.mkPen(theme_color(theme.break_even), width=theme.curve_width * 0.6, style=Qt.PenStyle.DashLine)
        )
        band_pen = pg.mkPen(theme_color(theme.band, min(255, theme.band_alpha * 2)), width=1)
        self.band_edges.setPen(band_pen)
        self.band.setBrush(pg.mkBrush(theme_color(theme.band, theme.band_alpha)))
        self.curve.setPen(pg.mkPen(theme_color(theme.curve), width=theme.curve_width))
        thin = max(1.0, theme.curve_width * 0.4)
        # Dotted, not dashed: break-even is the dashed line, and the legend must tell them apart.
        self.reference.setPen(pg.mkPen(theme_color(theme.text_muted), width=thin, style=Qt.PenStyle.DotLine))
        self.ghost.setPen(pg.mkPen(theme_color(theme.curve, 70), width=theme.curve_width))
        self.simulated.setPen(self._marker_style("pen", theme.text, 1.0))
        self.simulated.setBrush(self._marker_style("brush", theme.marker_current))
        self.simulated.setSize(max(5.0, theme.marker_size * 0.5))
        self.simulated_bars.setOpts(pen=pg.mkPen(theme_color(theme.text), width=thin))
        outline = self._marker_style("pen", theme.text, max(1.5, theme.curve_width * 0.5))
        self.current.setPen(outline)
        self.current.setBrush(self._marker_style("brush", theme.marker_current))
        self.current.setSize(theme.marker_size)
        self.best.setPen(outline)
        self.best.setBrush(self._marker_style("brush", theme.marker_best))
        self.best.setSize(theme.marker_size * 1.5)
        self.leaders.setPen(pg.mkPen(theme_color(theme.text_muted), width=max(1.0, theme.curve_width * 0.3)))
        self.best_arrow.setStyle(pen=outline, brush=self._marker_style("brush", theme.marker_best))
        for item, color in (
            (self.slower_label, theme.slower_region),
            (self.break_even_label, theme.break_even),
            (self.current_label, theme.text),
            (self.best_label, theme.text),
            (self.band_label, theme.text_muted),
            (self.assumptions_label, theme.text),
        ):
            item.setColor(theme_color(theme.warning if item is self.slower_label else color))
            item.setFont(font)
        self._title_lines = ()  # the title's font changed: lay it out afresh
        self._update_title()
        self._fit_axis_title()
        self.redraw()
