"""How the token strip is drawn: colours, fonts, token sprites and the image of checked cycles.

:class:`StripPainter` draws one :class:`StripFrame` (what the strip shows at a moment: the
run, the playhead, the grid, the rows in view, the rings of the hovered and selected
tokens) and keeps only what makes drawing cheap: the theme's pens and fonts, the token
sprites (:class:`~.glyphs.TokenSprites`) and the image of the checked cycles, which never
change.  What is shown, and the input that changes it, belong to the widget
(:class:`~.strip.TokenStrip`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen, QPixmap

from ...model import Playhead, TokenState, TraceStream, states_at
from ...theme import Theme
from .glyphs import TokenColours, TokenSprites, paint_token
from .strip_layout import StripLayout

__all__ = ["MIN_CELL_SHARE", "StripFrame", "StripPainter", "cell_size"]

#: Tokens shrink down to this share of their size to fit the strip's rows (see strip.fitted_layout).
MIN_CELL_SHARE = 0.7


def cell_size(theme: Theme) -> int:
    """Side of one token in pixels: it grows with the theme's text size (and so with zoom)."""
    return max(12, round(theme.font_px * 1.9))


@dataclass(frozen=True)
class StripFrame:
    """What the strip shows at one moment, in the strip's own pixels."""

    width: int
    height: int
    device_pixel_ratio: float
    stream: TraceStream | None = None
    playhead: Playhead | None = None
    layout: StripLayout | None = None
    first_row: int = 0
    hint: str = ""
    #: (where, colour, width as a share of the token) of each ring to draw: hovered, selected.
    rings: tuple[tuple[QRectF, QColor, float], ...] = field(default_factory=tuple)


class _FinishedCache:
    """The image of the checked cycles (see :meth:`StripPainter._finished_tokens`)."""

    def __init__(self) -> None:
        self.pixmap: QPixmap | None = None
        self.key: tuple | None = None
        self.first_row = 0
        self.done = 0  # cycles before this one that are on the image (if visible)


class StripPainter:
    """Draws :class:`StripFrame` s in one theme (see the module docstring)."""

    def __init__(self, theme: Theme, font_family: str = "Inter") -> None:
        self._font_family = font_family
        self._sprites: TokenSprites | None = None
        self._cache = _FinishedCache()
        self._frame: StripFrame | None = None
        self.apply_theme(theme)

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.colours = TokenColours.from_theme(theme)
        self.cell = cell_size(theme)
        self.font = QFont(self._font_family)
        self.font.setPixelSize(max(9, round(theme.font_px * 0.9)))
        self._small_font = QFont(self._font_family)
        self._small_font.setPixelSize(max(8, round(theme.font_px * 0.8)))
        #: Room at the strip's left for the rows' cycle numbers ("#1–3").
        self.gutter = QFontMetrics(self._small_font).horizontalAdvance("#8888–8888") + 6
        self._muted = QColor(theme.text_muted)
        self._band = QColor(theme.surface_alt)
        self._sprites = None

    def _ensure_sprites(self, cell: int, ratio: float) -> TokenSprites:
        if self._sprites is None or not self._sprites.matches(cell, ratio):
            self._sprites = TokenSprites(self.colours, cell, ratio, self.font)
        return self._sprites

    def paint(self, painter: QPainter, frame: StripFrame) -> None:
        """Paint ``frame`` whole with ``painter``."""
        self._frame = frame
        colours = self.colours
        layout, head, stream = frame.layout, frame.playhead, frame.stream
        if layout is None or head is None or stream is None:
            painter.fillRect(QRectF(0, 0, frame.width, frame.height), colours.background)
            return
        first_row = frame.first_row
        start, stop = layout.visible_cycles(first_row)
        stop = min(stop, head.cycle + 1)
        sprites = self._ensure_sprites(layout.cell, frame.device_pixel_ratio)
        painter.drawPixmap(
            0, 0, self._finished_tokens(layout, sprites, first_row, start, min(stop, head.cycle))
        )
        if start <= head.cycle < stop and head.position > 0.0:  # before Play nothing is drafting
            # The current cycle is not checked yet: its outcome does not show, so it is not drawn.
            states = states_at(np.zeros(1, dtype=np.int64), head.cycle, stream.k, head)
            xs, ys = layout.positions(head.cycle, 1, first_row)
            if layout.row_of(head.cycle, 0) >= first_row:
                self._paint_row_numbers(painter, layout, first_row, head.cycle, head.cycle + 1)
            self._paint_bands(painter, layout, first_row, head.cycle, head.cycle + 1)
            self._paint_current(
                painter, layout, xs[0].tolist(), ys[0].tolist(), states[0].tolist(), sprites.pixmaps
            )
        if head.position == 0.0:
            self._paint_hint(painter)
        for rect, colour, width in frame.rings:
            self._paint_ring(painter, rect, colour, width)

    def _finished_tokens(
        self, layout: StripLayout, sprites: TokenSprites, first_row: int, start: int, stop: int
    ) -> QPixmap:
        """The background and every checked cycle on the visible rows, kept between frames.

        Checked cycles never change, so each is stamped once: a frame stamps
        only the cycles checked since the last one, and when the strip scrolls
        on by a row the image is moved up instead of redrawn.  Anything else
        (a new run, a resize, a theme, scrolling back, going back in time)
        redraws it whole.
        """
        frame = self._frame
        assert frame is not None
        cache = self._cache
        ratio = sprites.device_pixel_ratio
        key = (frame.stream, layout, sprites)
        rebuild = (
            cache.pixmap is None
            or cache.key != key
            or stop < cache.done
            or first_row < cache.first_row
            or first_row - cache.first_row >= layout.rows_visible
        )
        if rebuild:
            pixmap = QPixmap(max(1, round(frame.width * ratio)), max(1, round(frame.height * ratio)))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(self.colours.background)
            cache.pixmap, cache.key, cache.first_row, cache.done = pixmap, key, first_row, start
        pixmap = cache.pixmap
        assert pixmap is not None
        if first_row > cache.first_row:
            shift = (first_row - cache.first_row) * layout.row_pitch
            pixmap.scroll(0, -round(shift * ratio), pixmap.rect())
            painter = QPainter(pixmap)
            painter.fillRect(
                QRectF(0, frame.height - shift - layout.margin, frame.width, shift + layout.margin),
                self.colours.background,
            )
            painter.end()
            cache.first_row = first_row
        begin = max(cache.done, start)
        if begin < stop:
            painter = QPainter(pixmap)
            self._stamp(painter, layout, sprites, first_row, begin, stop)
            painter.end()
        cache.done = max(cache.done, stop)
        return pixmap

    def _stamp(
        self,
        painter: QPainter,
        layout: StripLayout,
        sprites: TokenSprites,
        first_row: int,
        start: int,
        stop: int,
    ) -> None:
        """Stamp the checked cycles ``start .. stop - 1`` and the numbers of the rows they begin."""
        stream = self._frame.stream if self._frame is not None else None
        assert stream is not None
        self._paint_row_numbers(painter, layout, first_row, start, stop)
        self._paint_bands(painter, layout, first_row, start, stop)
        states = stream.checked_states(start, stop)
        xs, ys = layout.positions(start, stop - start, first_row)
        pixmaps = sprites.pixmaps
        draw = painter.drawPixmap
        for x, y, state in zip(
            xs.ravel().tolist(), ys.ravel().tolist(), states.ravel().tolist(), strict=True
        ):
            if state != TokenState.EMPTY:  # after a correction the cycle is k long: nothing here
                draw(x, y, pixmaps[state])

    def _paint_current(
        self,
        painter: QPainter,
        layout: StripLayout,
        xs: list[int],
        ys: list[int],
        states: list[int],
        sprites: dict,
    ) -> None:
        head = self._frame.playhead if self._frame is not None else None
        assert head is not None
        cell = layout.cell
        for x, y, state in zip(xs, ys, states, strict=True):
            if state == TokenState.DRAFTING:
                painter.setOpacity(0.2 + 0.8 * head.fraction)
                painter.drawPixmap(x, y, sprites[TokenState.PENDING])
                painter.setOpacity(1.0)
            elif state == TokenState.CHECKING:
                paint_token(
                    painter, QRectF(x, y, cell, cell), TokenState.CHECKING, self.colours, head.fraction
                )
            else:
                painter.drawPixmap(x, y, sprites[state])
        if head.checking:
            # One pass checks every guess at once: a bar under the whole cycle fills as it runs.
            bar = max(3, round(layout.row_gap * 0.35))
            offset = max(2, (layout.row_gap - bar) // 2)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            total = len(xs)
            filled = head.fraction * total
            for index, (x, y) in enumerate(zip(xs, ys, strict=True)):
                top = y + cell + offset
                width = cell + (layout.spacing if index + 1 < total and ys[index + 1] == y else 0)
                painter.fillRect(QRectF(x, top, width, bar), self.colours.pending_tint)
                share = min(1.0, max(0.0, filled - index))
                if share > 0:
                    painter.fillRect(QRectF(x, top, width * share, bar), self.colours.target)
            painter.restore()

    def _paint_bands(
        self, painter: QPainter, layout: StripLayout, first_row: int, start: int, stop: int
    ) -> None:
        """When cycles wrap over several rows, shade every other cycle so each reads as one block."""
        if not layout.wraps:
            return
        pad = layout.row_gap // 3
        width = layout.slots_per_row * layout.pitch - layout.spacing + 2 * pad
        for cycle in range(start + (start % 2 == 0), stop, 2):
            top = layout.slot_y(cycle, 0, first_row) - pad
            height = layout.rows_per_cycle * layout.row_pitch - layout.row_gap + 2 * pad
            painter.fillRect(QRectF(layout.left - pad, top, width, height), self._band)

    def _paint_row_numbers(
        self, painter: QPainter, layout: StripLayout, first_row: int, start: int, stop: int
    ) -> None:
        """Number each row that one of cycles ``start..stop-1`` begins (in the margin, if there is room)."""
        room = layout.left - layout.margin
        painter.save()
        painter.setFont(self._small_font)
        painter.setPen(self._muted)
        row = layout.row_of(start, 0)
        if layout.first_cycle_on_row(row) < start or (layout.wraps and row % layout.rows_per_cycle):
            row += 1
        while True:
            cycle = layout.first_cycle_on_row(row)
            if cycle >= stop:
                break
            if layout.row_of(cycle, 0) == row and row >= first_row:
                y = layout.slot_y(cycle, 0, first_row)
                last = layout.first_cycle_on_row(row + 1) if not layout.wraps else cycle + 1
                label = f"#{cycle + 1}" if last <= cycle + 1 else f"#{cycle + 1}–{last}"
                painter.drawText(
                    QRectF(layout.margin, y, room - layout.spacing * 2, layout.cell),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    label,
                )
            row += 1
        painter.restore()

    def _paint_ring(self, painter: QPainter, rect: QRectF, colour: QColor, width: float) -> None:
        pen_width = max(2.0, width * rect.width())
        grow = pen_width / 2 + 1
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(colour, pen_width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = 0.25 * rect.width()
        painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), radius, radius)
        painter.restore()

    def _paint_hint(self, painter: QPainter) -> None:
        frame = self._frame
        if frame is None or not frame.hint:
            return
        painter.save()
        painter.setFont(self.font)
        painter.setPen(self.colours.text)
        layout = frame.layout
        top = (layout.top + layout.row_pitch) if layout is not None else 0
        margin = self.cell / 4
        area = QRectF(
            margin, top, max(self.cell, frame.width - 2 * margin), max(self.cell, frame.height - top)
        )
        # Word-wrapped: a narrow strip (1024 px wide, large type) would cut a single line at both ends.
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        painter.drawText(area, flags, frame.hint)
        painter.restore()
