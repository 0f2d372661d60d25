"""An axis of the speedup chart that keeps the images of the ranges it has shown.

pyqtgraph's ``AxisItem`` records its numbers and line into a ``QPicture`` and
replays it on every paint: a new view range throws the picture away, drawing the
next one costs 1 to 2 ms of Python, and even replaying it lays every number's
text out again (about 0.7 ms per axis here) -- and an axis is repainted whenever
the plot next to it is, because their outlines touch.  The chart's ranges come
from a short list of tidy values (``speedup_chart.y_max_for``,
``model.figures.chart_x_max``) and a slider dragged to and fro returns to the
same ones, so on screen this axis draws each range once into an image, keeps it
under the range, its size and its look, and afterwards only copies it.  The look
(:meth:`RangeCachedAxis.look`) is every setting pyqtgraph draws the axis from (pens,
fonts, the label, the style), so a presenter zooming in and back out, or switching
themes to and fro, finds the images of the looks already shown (a zoom step repaints
both axes: about 4 ms a step at 1920x1080).  The tick numbers follow the
language's decimal mark (German ``0,5``).  Painting to
anything but the chart's view (an SVG or PNG export) draws the vector picture as
pyqtgraph does.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFont, QPainter, QPen, QPicture, QPixmap
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from ...text import decimal_point, localize

__all__ = ["LocalizedAxis", "RangeCachedAxis"]

#: Bytes of images kept per axis, the least recently used dropped first: at 1600x1000 a bottom
#: axis image is about 0.3 MB (1.2 MB at device pixel ratio 2), so this keeps the dozen or two
#: tidy ranges a session moves between.
BUDGET_BYTES = 8 * 2**20

_Key = tuple[float, float, float, float, float, str, tuple]


class LocalizedAxis(pg.AxisItem):
    """A ``pyqtgraph.AxisItem`` whose tick numbers follow the language (German ``0,5``; issue 27)."""

    def tickStrings(self, values, scale, spacing) -> list[str]:
        return [localize(text) for text in super().tickStrings(values, scale, spacing)]


class RangeCachedAxis(LocalizedAxis):
    """A ``pyqtgraph.AxisItem`` that copies the image of a range it has drawn before."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self._images: OrderedDict[_Key, tuple[QPointF, QPixmap]] = OrderedDict()
        self._setting_range = False
        super().__init__(*args, **kwargs)
        self.enableAutoSIPrefix(False)  # plain numbers: no "x1e3" relabelling on a new range

    # pyqtgraph sets ``self.picture = None`` wherever its drawing becomes stale: the look is
    # worked out again at the next paint (a new range changes the key, not the look).
    @property
    def picture(self) -> QPicture | None:
        return self.__dict__.get("_picture")

    @picture.setter
    def picture(self, value: QPicture | None) -> None:
        if value is None and not self._setting_range:
            self.__dict__["_look"] = None
        self.__dict__["_picture"] = value

    def look(self) -> tuple:
        """Every setting pyqtgraph draws this axis from, besides its range and size: two axes
        whose looks are equal draw the same pixels for the same range and size."""
        look = self.__dict__.get("_look")
        if look is None:
            label = self.label
            look = self.__dict__["_look"] = (
                tuple((name, _plain(value)) for name, value in sorted(self.style.items())),
                _plain(self._pen),
                _plain(self._textPen),
                _plain(self._tickPen),
                (self.labelText, self.labelUnits, self.labelUnitPrefix),
                repr(sorted(self.labelStyle.items())),
                (label.isVisible(), label.toHtml(), _plain(label.font())),
                (self.fixedWidth, self.fixedHeight),  # textWidth/Height: what drawing measured
                (self.logMode, self.grid, self.scale, self.autoSIPrefix, self.autoSIPrefixScale),
                (self._tickDensity, repr(self._tickLevels), repr(self._tickSpacing), self.unitPower),
                (self.orientation, self.isVisible()),
            )
        return look

    @property
    def kept_images(self) -> int:
        """How many ranges' images are kept."""
        return len(self._images)

    @property
    def kept_bytes(self) -> int:
        """Memory held by the kept images."""
        return sum(image.width() * image.height() * 4 for _, image in self._images.values())

    def setRange(self, mn: float, mx: float) -> None:
        self._setting_range = True
        try:
            super().setRange(mn, mx)
        finally:
            self._setting_range = False

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: QWidget | None) -> None:
        if widget is None:  # an export, not the screen: vector drawing, as pyqtgraph does
            super().paint(p, opt, widget)
            return
        ratio = widget.devicePixelRatioF()
        size = self.size()
        # The decimal mark too: a language switch that keeps every label (none does today) still
        # draws its own numbers, not a kept image of the last language's.
        key = (
            float(self.range[0]),
            float(self.range[1]),
            size.width(),
            size.height(),
            ratio,
            decimal_point(),
            self.look(),
        )
        kept = self._images.get(key)
        if kept is None:
            kept = self._images[key] = self._draw_image(p.renderHints(), opt, widget, ratio)
            while len(self._images) > 1 and self.kept_bytes > BUDGET_BYTES:
                self._images.popitem(last=False)
        else:
            self._images.move_to_end(key)
        p.drawPixmap(*kept)

    def _draw_image(
        self, hints: QPainter.RenderHint, opt: QStyleOptionGraphicsItem, widget: QWidget, ratio: float
    ) -> tuple[QPointF, QPixmap]:
        """The axis drawn by pyqtgraph into a transparent image of its bounding rectangle."""
        rect = self.boundingRect()
        image = QPixmap(max(1, math.ceil(rect.width() * ratio)), max(1, math.ceil(rect.height() * ratio)))
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        try:
            painter.setRenderHints(hints)  # the view's: the same pixels as drawing on screen
            painter.translate(-rect.topLeft())
            super().paint(painter, opt, widget)
        finally:
            painter.end()
        return rect.topLeft(), image


def _plain(value: object) -> object:
    """A font or pen as plain values (their ``repr`` names an address, not a look)."""
    if isinstance(value, QFont):
        return value.toString()
    if isinstance(value, QPen):
        return (value.color().rgba(), value.widthF(), int(value.style().value), value.isCosmetic())
    return repr(value)
