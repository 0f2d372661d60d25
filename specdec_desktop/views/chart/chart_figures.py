"""Drawing figures on the speedup chart: the curves, the band, the markers and the ranges.

:class:`ChartFigures` is a part of :class:`~.speedup_chart.SpeedupChart` (a mixin: it moves
the items the chart made with ``setData``, and keeps ``_last``, the ghost's state and the
ranges).  The curves are drawn again only when p, c, the assumptions or the x-range changed
(k alone moves the markers and labels); the overlays draw next, then the ranges are set from
the data (:func:`y_max_for`) before the labels are placed.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg

from ...model import Curves, Readouts, speedup_curves
from ...text import N_, _, localize
from ...wording.numbers import format_parameter
from .band import edges_path
from .label_layout import set_text

__all__ = ["RANGE_REST_MS", "ChartFigures", "y_max_for"]

#: Changes closer together than this are one burst (a drag, a held arrow key, a sweep's steps):
#: the ranges only grow during it and settle to the figures' own once it has rested this long.
RANGE_REST_MS = 400


def y_max_for(curves: Curves, readouts: Readouts, extra: float = 0.0, band: bool = True) -> float:
    """Top of the y-range: above the highest curve (and ``extra``), on a tidy value, never below 1.5.

    ``band=False``: above the curve at p alone (what a held range must keep on screen).
    """
    top = max(float(np.max(curves.upper)) if band else 0.0, float(np.max(curves.speedup)), 1.0, extra)
    if curves.reference is not None:
        top = max(top, float(np.max(curves.reference)))
    step = 0.5 if top < 4 else (1.0 if top < 10 else 5.0)
    return max(1.5, math.ceil(top * 1.1 / step) * step)


class ChartFigures:
    """Drawing the figures and setting the ranges (part of :class:`~.speedup_chart.SpeedupChart`)."""

    def show_figures(self, readouts: Readouts, curves: Curves) -> None:
        """Draw ``curves`` and mark the current and best k from ``readouts``.

        A change that follows the last within :data:`RANGE_REST_MS` continues a burst (a drag,
        a held key): the ranges then only grow, and settle to these figures' own once the
        burst has rested (:meth:`rest_ranges`), so the axes hold still while the class watches
        the curve move.
        """
        bursting = self._range_rest.isActive()
        self._range_rest.start()
        self._given = (readouts, curves)
        self._draw_figures(bursting)

    def redraw(self) -> None:
        """Draw the figures last shown again (an overlay's data, the theme or the answer changed)."""
        if self._given is not None:
            self._draw_figures(self._range_rest.isActive())

    def in_burst(self) -> bool:
        """Whether the last change came less than :data:`RANGE_REST_MS` ago (the ranges hold)."""
        return self._range_rest.isActive()

    def held_x_max(self) -> int:
        """The right end of the x-range shown now (-1 before the first figures)."""
        return self._x_max

    def curves_reach(self) -> int | None:
        """How far the next figures' curves should run (``speedup_curves(..., reach=)``): the
        held x-range's edge while a burst lasts, else None (the figures' own).  Given so, the
        chart need not compute the curves a second time."""
        return self._x_max if self._range_rest.isActive() and self._x_max > 0 else None

    def rest_ranges(self) -> None:
        """The burst is over: the ranges (and the curves' reach) become the figures' own."""
        self._range_rest.stop()
        if self._given is not None and (
            self._bursting or self._last is None or self._last[1] is not self._given[1]
        ):
            self._draw_figures(False)

    def _draw_figures(self, bursting: bool) -> None:
        assert self._given is not None
        readouts, curves = self._given
        self._bursting = bursting
        if bursting and self._x_max > curves.x_max:
            # The x-range stays wide while the burst lasts: the curves run to its edge.
            curves = speedup_curves(readouts.params, readouts.best_k, readouts.assumptions, self._x_max)
        elif not bursting:
            # At rest the curves are the figures' own, whatever reach they were given (the same
            # call as the window's: a cache hit unless they were given reaching further).
            own = speedup_curves(readouts.params, readouts.best_k, readouts.assumptions)
            if own.x_max != curves.x_max:
                curves = own
                self._given = (readouts, own)
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
            self.band_edges.setPath(edges_path(x, curves.upper, curves.lower))
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
            set_text(
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
        set_text(self.current_label, current.format(k=k, speedup=readouts.speedup))
        if readouts.best_k is None or at_best or self._answer_hidden:
            best_text = ""
        elif beyond:
            best_text = _("best k = {k:,} →").format(k=readouts.best_k)
        else:
            best_text = _("best k = {k}").format(k=readouts.best_k)
        set_text(self.best_label, best_text)

        self._extra = max((update(readouts, curves) for update in self._overlays), default=0.0)
        self._set_ranges(readouts, curves)
        low, high = (format_parameter("p", round(edge, 10)) for edge in (curves.p_lower, curves.p_upper))
        set_text(self.band_label, _("band: p = {low} to {high}").format(low=low, high=high))
        self.place_labels()
        self._describe()

    def _set_ranges(self, readouts: Readouts, curves: Curves) -> None:
        """The x-range from the curves; the y-range above them, or held (see :meth:`hold_y`, and
        a burst of changes: :meth:`show_figures`)."""
        x_max = curves.x_max
        y_max = y_max_for(curves, readouts, self._extra)
        if (self._y_held or self._bursting) and self._y_max > 0:
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
