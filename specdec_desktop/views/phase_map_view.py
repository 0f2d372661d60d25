"""The (p, c) map (objectName ``phaseMap``): the best speedup over every acceptance rate and draft cost.

What it draws, made once and updated with ``setData``/``setImage``:

* the best speedup at each of 256 x 256 cells, coloured by viridis on a log scale (1x dark to
  8x or more light) with its colour bar (:mod:`specdec_desktop.theme.colormap`);
* the lines where the best draft length reaches 2, 3, 4, 6, 8, 12, 16 and 32, each labelled,
  and the break-even line where it reaches 1 (p = c in the original model: below it, do not
  speculate), drawn dark over a light halo so they read on every colour;
* the current (p, c) and the pinned configurations' points (their colours and glyphs).

Clicking or dragging on the map asks for that p and c (:attr:`PhaseMapView.picked`), between
:attr:`gesture_started` and :attr:`gesture_finished`, so the window makes the drag one undo step.
The map follows the assumptions: the window calls :meth:`show_map` with a new
:func:`~specdec_desktop.model.phase_map.phase_map` when they change (a few milliseconds), and
only :meth:`show_point` when p or c moves.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QWidget

from ..model.phase_map import PhaseMap, best_k_boundary, best_k_line
from ..model.pins import Pin
from ..text import N_, _
from ..theme import Theme
from ..theme.colormap import viridis, viridis_lut
from ..theme.palette import PIN_COLOR_NAMES, PIN_GLYPHS
from .chart.axis import LocalizedAxis
from .chart.idle_menus import hold_idle_menus
from .chart.labels import Box, LabelRequest, Obstacles, place_labels
from .language import follow_language

__all__ = ["CONTOUR_LEVELS", "MAP_TITLE", "SPEEDUP_TOP", "PhaseMapView"]

#: Best draft lengths the map draws a line for (1 is the break-even line).
CONTOUR_LEVELS = (1, 2, 3, 4, 6, 8, 12, 16, 32)
#: The colour scale runs from 1x to this speedup (log scale); above it, the lightest colour.
SPEEDUP_TOP = 8.0
#: The map's title (English; shown with ``_()``).
MAP_TITLE = N_("Best speedup (colour) and best draft length (lines) for every p and c")
_TOP_EXPONENT = float(np.log2(SPEEDUP_TOP))
_INK = "#111111"
#: Draft costs the exact lines are traced at: dense near 0, where the lines bend most.
_LINE_C = np.unique(np.concatenate((np.geomspace(1e-4, 0.05, 120), np.linspace(0.05, 0.999, 240))))
_HALO = "#FFFFFF"


def speedup_colors(best_speedup: np.ndarray) -> np.ndarray:
    """RGB (uint8) of each cell: log2 of the speedup from 0 (1x) to 4 (16x), through viridis."""
    values = np.nan_to_num(best_speedup, nan=SPEEDUP_TOP, posinf=SPEEDUP_TOP)
    t = np.log2(np.clip(values, 1.0, SPEEDUP_TOP)) / _TOP_EXPONENT
    return np.round(viridis(t) * 255).astype(np.uint8)


class PhaseMapView(pg.PlotWidget):
    """The (p, c) map; see the module docstring."""

    #: The user clicked or dragged to (p, c).
    picked = Signal(float, float)
    gesture_started = Signal()
    gesture_finished = Signal()

    def __init__(self, theme: Theme, font_family: str, parent: QWidget | None = None) -> None:
        axes = {side: LocalizedAxis(side) for side in ("left", "bottom")}  # 0,25 in German
        # No context menus (the plot is not pyqtgraph's to configure): not built either, where
        # they were built and then switched off (5 ms of each window's build).
        super().__init__(parent=parent, axisItems=axes, enableMenu=False)
        self.setObjectName("phaseMap")
        self._theme = theme
        self._font_family = font_family
        self._map: PhaseMap | None = None
        self._point: tuple[float, float] | None = None
        self._dragging = False

        plot = self.getPlotItem()
        plot.hideButtons()
        plot.setMouseEnabled(x=False, y=False)
        plot.setLabel("bottom", _("acceptance rate p"))
        plot.setLabel("left", _("draft cost c"))
        plot.setRange(xRange=(0, 1), yRange=(0, 1), padding=0.0)
        plot.getViewBox().setLimits(xMin=-0.01, xMax=1.01, yMin=-0.01, yMax=1.01)

        self.image = pg.ImageItem(axisOrder="col-major")
        self.image.setZValue(-20)
        plot.addItem(self.image)
        lut = viridis_lut(256)
        self.color_map = pg.ColorMap(np.linspace(0.0, 1.0, len(lut)), lut)
        self.color_bar = pg.ColorBarItem(
            values=(0.0, _TOP_EXPONENT), colorMap=self.color_map, interactive=False, width=18
        )
        self.color_bar.axis.setTicks([[(0.0, "1×"), (1.0, "2×"), (2.0, "4×"), (_TOP_EXPONENT, "8×+")]])
        plot.layout.addItem(self.color_bar, 2, 5)

        self.halos: dict[int, pg.PlotCurveItem] = {}
        self.contours: dict[int, pg.PlotCurveItem] = {}
        self.labels: dict[int, pg.TextItem] = {}
        for level in CONTOUR_LEVELS:
            halo, line = pg.PlotCurveItem(), pg.PlotCurveItem()
            halo.setZValue(-5)
            line.setZValue(-4)
            plot.addItem(halo)
            plot.addItem(line)
            label = pg.TextItem(anchor=(0.0, 0.0))
            label.setZValue(5)
            plot.addItem(label, ignoreBounds=True)
            self.halos[level], self.contours[level], self.labels[level] = halo, line, label
        self.pins = pg.ScatterPlotItem()
        self.pins.setZValue(8)
        self.current = pg.ScatterPlotItem(symbol="o")
        self.current.setZValue(10)
        plot.addItem(self.pins)
        plot.addItem(self.current)
        self._label_boxes: dict[str, Box] = {}
        plot.getViewBox().sigResized.connect(self.place_labels)
        hold_idle_menus(self)
        self._set_words()
        self.apply_theme(theme)
        follow_language(self, self.retranslate)

    def _set_words(self) -> None:
        self.setAccessibleName(_("Map of the best speedup over acceptance rate and draft cost"))
        self.setToolTip(
            _(
                "Click or drag to set p and c. Colour: the best speedup any draft length reaches; "
                "lines: where the best draft length reaches 2, 3, 4, 6, 8, 12, 16, 32."
            )
        )
        plot = self.getPlotItem()
        plot.getAxis("bottom").labelText = _("acceptance rate p")
        plot.getAxis("left").labelText = _("draft cost c")

    def retranslate(self) -> None:
        """The map's words again in the active language (View ▸ Language)."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops its plot), not yet deleted
            return
        self._set_words()
        self.apply_theme(self._theme)  # the title and the axes' titles in their style
        label = self.labels[1]  # break-even, the one line named in words
        if self._map is not None and label.toPlainText():
            label.setText(_("break-even: p = c") if not self._map.assumptions else _("break-even"))
            self.place_labels()

    # -- showing ---------------------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        """Axes, text and markers from ``theme`` (the map's own colours do not change)."""
        self._theme = theme
        self.setBackground(QColor(theme.chart_background))
        plot = self.getPlotItem()
        font = QFont(self._font_family)
        font.setPixelSize(theme.font_px)
        axis_pen = pg.mkPen(QColor(theme.axis), width=max(1.0, theme.curve_width / 3))
        style = {"color": theme.axis, "font-size": f"{theme.font_px}px"}
        for axis in (plot.getAxis("left"), plot.getAxis("bottom"), self.color_bar.axis):
            axis.setPen(axis_pen)
            axis.setTextPen(QColor(theme.axis))
            axis.setTickFont(font)
            if axis.labelText:
                axis.setLabel(axis.labelText, **style)
        # The colour bar's numbers get the room they need at every type size.
        self.color_bar.axis.setWidth(QFontMetrics(font).horizontalAdvance("8×+") + 14)
        plot.setTitle(
            f'<span style="color:{theme.text};font-weight:600">{_(MAP_TITLE)}</span>',
            size=f"{theme.font_px}px",
            family=self._font_family,
        )
        width = max(2.0, theme.curve_width * 0.6)
        for level in CONTOUR_LEVELS:
            dash = Qt.PenStyle.DashLine if level == 1 else Qt.PenStyle.SolidLine
            scale = 1.5 if level == 1 else 1.0
            self.halos[level].setPen(pg.mkPen(QColor(_HALO), width=width * scale + 3))
            self.contours[level].setPen(pg.mkPen(QColor(_INK), width=width * scale, style=dash))
            label = self.labels[level]
            label.setFont(font)
            label.setColor(QColor(_INK))
            label.fill = pg.mkBrush(QColor(255, 255, 255, 215))
            label.border = pg.mkPen(None)
        self.current.setSize(theme.marker_size * 1.3)
        self.current.setPen(pg.mkPen(QColor(_INK), width=max(1.5, theme.curve_width * 0.6)))
        self.current.setBrush(pg.mkBrush(QColor(theme.marker_current)))
        if self._pins_shown is not None:
            self.show_pins(self._pins_shown)
        self.place_labels()

    _pins_shown: tuple[Pin, ...] | None = None

    def show_map(self, result: PhaseMap) -> None:
        """Draw ``result`` (a map on evenly spaced p and c from 0 to 1)."""
        self._map = result
        p, c = result.p, result.c
        dp = (p[-1] - p[0]) / max(1, p.size - 1)
        dc = (c[-1] - c[0]) / max(1, c.size - 1)
        self.image.setImage(speedup_colors(result.best_speedup), levels=(0, 255))
        self.image.setRect(QRectF(p[0] - dp / 2, c[0] - dc / 2, p[-1] - p[0] + dp, c[-1] - c[0] + dc))
        for level in CONTOUR_LEVELS:
            line = best_k_line(level, _LINE_C, **result.assumptions)
            xs, ys = line if line is not None else best_k_boundary(result, level)
            self.halos[level].setData(xs, ys)
            self.contours[level].setData(xs, ys)
            text = (
                (_("break-even: p = c") if not result.assumptions else _("break-even"))
                if level == 1
                else f"k = {level}"
            )
            self.labels[level].setText(text if xs.size >= 2 else "")
        self.place_labels()

    def show_point(self, p: float, c: float) -> None:
        """Mark the current acceptance rate and draft cost."""
        if self._point == (p, c):
            return
        self._point = (p, c)
        self.current.setData([p], [c])

    def show_pins(self, pins: tuple[Pin, ...]) -> None:
        """Mark each pinned configuration in its colour and glyph."""
        self._pins_shown = pins
        theme = self._theme
        spots = []
        for index, pin in enumerate(pins):
            symbol = PIN_GLYPHS[index % len(PIN_GLYPHS)][0]
            color = QColor(getattr(theme, PIN_COLOR_NAMES[index % len(PIN_COLOR_NAMES)]))
            spots.append(
                {
                    "pos": (pin.params.p, pin.params.c),
                    "symbol": symbol,
                    "size": theme.marker_size * 1.2,
                    "brush": pg.mkBrush(color),
                    "pen": pg.mkPen(QColor(_HALO), width=1.5),
                    "data": pin.name,
                }
            )
        self.pins.setData(spots)

    # -- labels ----------------------------------------------------------------------------

    def label_boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each shown label's box in plot pixels (for the layout check)."""
        return {key: (b.x0, b.y0, b.x1, b.y1) for key, b in self._label_boxes.items()}

    def place_labels(self) -> None:
        """Each line's label on its line, clear of the other labels and the markers."""
        view = self.getPlotItem().getViewBox()
        width, height = float(view.width()), float(view.height())
        if width < 40 or height < 40 or self._map is None:
            return
        (x0, x1), (y0, y1) = view.viewRange()
        sx, sy = width / (x1 - x0), height / (y1 - y0)
        plot_box = Box(2.0, 2.0, width - 2.0, height - 2.0)
        obstacles = Obstacles()
        marker = self._theme.marker_size * 1.3
        points = [] if self._point is None else [self._point]
        points += [(pin.params.p, pin.params.c) for pin in (self._pins_shown or ())]
        for p, c in points:
            x, y = (p - x0) * sx, (y1 - c) * sy
            obstacles.boxes.append(Box(x - marker / 2, y - marker / 2, x + marker / 2, y + marker / 2))
        requests = []
        for level in CONTOUR_LEVELS:
            label = self.labels[level]
            xs, ys = self.contours[level].getData()
            if not label.toPlainText() or xs is None or len(xs) < 2:
                continue
            rect = label.textItem.boundingRect()
            w, h = rect.width(), rect.height()
            px = (np.asarray(xs) - x0) * sx
            py = (y1 - np.asarray(ys)) * sy
            candidates = []
            # Where the line crosses a common guide across the fan of lines (from p = 0.5,
            # c = 0.8 down to p = 1, c = 0), then along the line away from it: the labels read
            # in the lines' order (k = 2, 3, 4, ... from the upper left), not where each line's
            # middle happens to fall (k = 8's was left of k = 4's, down in the crowd).
            guide = _guide_distance(np.asarray(xs), np.asarray(ys))
            along = np.concatenate(([0.0], np.cumsum(np.hypot(np.diff(px), np.diff(py)))))
            crossing = int(np.argmin(np.abs(guide)))
            start = along[crossing]
            # Crowded there, a label slides a little along its line, up first (toward higher c),
            # where the lines part; never far (a label far up its line, k = 32 at the top edge or
            # k = 12 above k = 6, read as another line's), else it steps aside with its line.
            up = 1.0 if np.asarray(ys)[-1] >= np.asarray(ys)[0] else -1.0
            for offset in _LABEL_OFFSETS:
                offset *= up
                i = int(np.searchsorted(along, start + offset * w).clip(0, len(px) - 1))
                candidates.append(Box(px[i] - w / 2, py[i] - h / 2, px[i] + w / 2, py[i] + h / 2))
            requests.append(LabelRequest(f"k{level}", candidates))
        for level in CONTOUR_LEVELS:  # the lines are what labels keep off, after other labels
            xs, ys = self.contours[level].getData()
            if xs is not None and len(xs) >= 2:
                obstacles.add_line((np.asarray(xs) - x0) * sx, (y1 - np.asarray(ys)) * sy, step_px=6.0)
        boxes = _place_in_order(plot_box, requests, obstacles)
        self._label_boxes = boxes
        for level in CONTOUR_LEVELS:
            box = boxes.get(f"k{level}")
            label = self.labels[level]
            label.setVisible(box is not None)
            # A line whose label found no room in its place steps aside with it (the colour
            # still gives the speedup there); the break-even line always shows.
            shown = box is not None or level == 1 or not label.toPlainText()
            self.contours[level].setVisible(shown)
            self.halos[level].setVisible(shown)
            if box is not None:
                label.setPos(x0 + box.x0 / sx, y1 - box.y0 / sy)

    # -- input -----------------------------------------------------------------------------

    def _value_at(self, event) -> tuple[float, float] | None:
        view = self.getPlotItem().getViewBox()
        point = view.mapSceneToView(self.mapToScene(event.position().toPoint()))
        p, c = float(point.x()), float(point.y())
        if not (-0.02 <= p <= 1.02 and -0.02 <= c <= 1.02):
            return None
        return min(1.0, max(0.0, round(p, 3))), min(1.0, max(0.0, round(c, 3)))

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        value = self._value_at(event)
        if value is None:
            return
        self._dragging = True
        self.gesture_started.emit()
        self.picked.emit(*value)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if not self._dragging:
            super().mouseMoveEvent(event)
            return
        value = self._value_at(event)
        if value is not None:
            self.picked.emit(*value)
        event.accept()

    def mouseReleaseEvent(self, event) -> None:
        if not self._dragging:
            super().mouseReleaseEvent(event)
            return
        self._dragging = False
        self.gesture_finished.emit()
        event.accept()


def _place_in_order(plot: Box, requests: list[LabelRequest], obstacles: Obstacles) -> dict[str, Box]:
    """The lines' labels, placed one by one down the fan (k = 2, 3, 4, ... from the upper left):
    each clear of the labels before it and never above or left of the previous one on the fan
    (so they read in the lines' order); a label with no such place is left out (None)."""
    placed: dict[str, Box] = {}
    previous: tuple[float, float] | None = None  # centre of the last label on the fan
    for request in requests:
        candidates = [candidate.clamped_into(plot) for candidate in request.candidates]
        if previous is not None and request.key != "k1":
            x, y = previous
            candidates = [
                b for b in candidates if (b.x0 + b.x1) / 2 >= x - (b.x1 - b.x0) / 2 and (b.y0 + b.y1) / 2 >= y
            ]
        if not candidates:
            continue
        box = place_labels(plot, [LabelRequest(request.key, candidates)], obstacles).get(request.key)
        if box is None or any(
            box.x0 < o.x1 and o.x0 < box.x1 and box.y0 < o.y1 and o.y0 < box.y1 for o in placed.values()
        ):
            continue
        placed[request.key] = box
        obstacles.boxes.append(box)
        if request.key != "k1":
            previous = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    return placed


#: How far a line's label may slide along its line from the guide, in label widths, in the order tried.
_LABEL_OFFSETS = (0.0, 0.6, 1.2, -0.6, 1.8, -1.2)

#: The guide the lines' labels sit on: from (p, c) = (0.5, 0.8) to (1, 0), across the fan.
_GUIDE = ((0.5, 0.8), (1.0, 0.0))


def _guide_distance(p: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Signed distance (in data units) of each point (p, c) from the labels' guide line."""
    (p0, c0), (p1, c1) = _GUIDE
    dp, dc = p1 - p0, c1 - c0
    return ((p - p0) * dc - (c - c0) * dp) / float(np.hypot(dp, dc))
