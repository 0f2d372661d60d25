"""The token strip: the speculative lane, painted token by token, row by row.

It shows the frame it is given (:meth:`TokenStrip.show_frame`: a trace stream
and a playhead) and keeps no figures of its own.  Each paint reads only the
cycles on the visible rows from the stream, so a run of any length costs the
same to draw and to hold.  Finished tokens are stamped from pre-rendered
pixmaps (:class:`~.glyphs.TokenSprites`); only the cycle in progress is
painted live.

View-only state lives here: the token under the mouse, the selected token
(click, or the arrow keys while the strip has focus) and how far the strip
is scrolled back (mouse wheel; starting playback follows the newest row again).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ...model import Playhead, TokenState, TraceStream, resolved_states, states_at
from ...theme import Theme
from ...wording.run_captions import describe_token
from .glyphs import TokenColours, TokenSprites, paint_token
from .strip_layout import StripLayout

__all__ = ["TokenStrip", "cell_size"]

Slot = tuple[int, int]


#: The strip shrinks its tokens (down to :data:`MIN_CELL_SHARE` of their size) to show this many rows.
MIN_ROWS = 3
MIN_CELL_SHARE = 0.7


def cell_size(theme: Theme) -> int:
    """Side of one token in pixels: it grows with the theme's text size (and so with zoom)."""
    return max(12, round(theme.font_px * 1.9))


def fitted_layout(width: int, height: int, cell: int, k: int, gutter: int = 0) -> StripLayout:
    """The grid with the largest tokens, from ``cell`` px down to :data:`MIN_CELL_SHARE` of it,
    that shows :data:`MIN_ROWS` rows and keeps each cycle on one row; failing that, the largest
    that shows the rows; failing that, the smallest."""
    smallest = max(12, round(cell * MIN_CELL_SHARE))
    candidates = [StripLayout(width, height, size, k, gutter) for size in range(cell, smallest - 1, -1)] or [
        StripLayout(width, height, cell, k, gutter)
    ]
    for layout in candidates:
        if layout.rows_visible >= MIN_ROWS and not layout.wraps:
            return layout
    for layout in candidates:
        if layout.rows_visible >= MIN_ROWS:
            return layout
    return candidates[-1]


class _FinishedCache:
    """The strip's image of its checked cycles (see :meth:`TokenStrip._finished_tokens`)."""

    def __init__(self) -> None:
        self.pixmap: QPixmap | None = None
        self.key: tuple | None = None
        self.first_row = 0
        self.done = 0  # cycles before this one that are on the image (if visible)


class TokenStrip(QWidget):
    """Custom-painted strip of the speculative lane.

    Signals
    -------
    focus_changed(object)
        The token the caption should describe changed: a ``(cycle, slot)``
        pair (hovered or selected) or ``None``.
    """

    focus_changed = Signal(object)

    def __init__(self, theme: Theme, font_family: str = "Inter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenStrip")
        self.setAccessibleName("Token strip")
        self.setAccessibleDescription(
            "The speculative lane, one square per guessed token; "
            "hover or select a token to hear what happened to it."
        )
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self._font_family = font_family
        self._stream: TraceStream | None = None
        self._playhead: Playhead | None = None
        self._hovered: Slot | None = None
        self._selected: Slot | None = None
        self._scroll_back = 0
        self._hint = ""
        self._layout: StripLayout | None = None
        self._layout_key: tuple[int, int, int, int] | None = None
        self._sprites: TokenSprites | None = None
        self._cache = _FinishedCache()
        self.apply_theme(theme)

    # -- input from the view ----------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._colours = TokenColours.from_theme(theme)
        self._cell = cell_size(theme)
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(theme.font_px * 0.9)))
        self._small_font = QFont(self._font_family)
        self._small_font.setPixelSize(max(8, round(theme.font_px * 0.8)))
        self._muted = QColor(theme.text_muted)
        self._band = QColor(theme.surface_alt)
        self._sprites = None
        self._layout = None
        smallest = max(12, round(self._cell * MIN_CELL_SHARE))
        self.setMinimumHeight(2 * smallest + 2 * max(5, round(smallest * 0.45)))
        self.updateGeometry()
        self.update()

    def show_frame(self, stream: TraceStream, playhead: Playhead) -> None:
        """Show ``stream`` as it stands at ``playhead``."""
        if stream is not self._stream:
            self._hovered = self._selected = None
            self._scroll_back = 0
            self._layout = None
        self._stream = stream
        self._playhead = playhead
        if self._selected is not None and self._selected > self._current_slot():
            self.select(None)  # back in time (a restart): that token has not happened yet
        self.update()

    def set_hint(self, text: str) -> None:
        """A line shown in the empty strip before the run starts."""
        if text != self._hint:
            self._hint = text
            self.update()

    def follow(self) -> None:
        """Scroll back to the newest row (playback does this when it starts)."""
        if self._scroll_back:
            self._scroll_back = 0
            self.update()

    @property
    def selected(self) -> Slot | None:
        return self._selected

    @property
    def hovered(self) -> Slot | None:
        return self._hovered

    def select(self, slot: Slot | None) -> None:
        if slot != self._selected:
            self._selected = slot
            self.focus_changed.emit(self.described)
            self.update()

    @property
    def described(self) -> Slot | None:
        """The token the caption describes: the selected one, else the one under the mouse."""
        return self._selected if self._selected is not None else self._hovered

    # -- geometry ---------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(40 * self._cell, 5 * self._cell)

    def strip_layout(self) -> StripLayout | None:
        """The grid for the current size and run (``None`` before a run is shown)."""
        if self._stream is None:
            return None
        # Every row names its cycles ("#1–3") in a gutter at the left.
        gutter = QFontMetrics(self._small_font).horizontalAdvance("#8888–8888") + 6
        key = (self.width(), self.height(), self._cell, self._stream.params.k, gutter)
        if self._layout is None or self._layout_key != key:
            self._layout = fitted_layout(*key)
            self._layout_key = key
        return self._layout

    def _current_slot(self) -> Slot:
        assert self._playhead is not None and self._stream is not None
        return self._playhead.cycle, min(self._playhead.events_done, self._stream.params.k)

    def first_row(self) -> int:
        """The first row shown (following the token in flight, less any scrolling back)."""
        layout = self.strip_layout()
        if layout is None or self._playhead is None:
            return 0
        return max(0, layout.first_row(*self._current_slot()) - self._scroll_back)

    def token_rect(self, cycle: int, slot: int) -> QRectF | None:
        """Where ``(cycle, slot)`` is painted now, or ``None`` if it is off the strip."""
        layout = self.strip_layout()
        if layout is None:
            return None
        first = self.first_row()
        row = layout.row_of(cycle, slot) - first
        if not 0 <= row < layout.rows_visible:
            return None
        return QRectF(layout.slot_x(cycle, slot), layout.slot_y(cycle, slot, first), layout.cell, layout.cell)

    def slot_at(self, point: QPointF) -> Slot | None:
        """The visible, non-empty token at ``point`` (widget coordinates)."""
        layout = self.strip_layout()
        if layout is None or self._playhead is None:
            return None
        slot = layout.slot_at(point.x(), point.y(), self.first_row())
        if slot is None or slot > self._current_slot():
            return None  # off the grid, or a guess still to come
        return slot

    # -- painting ---------------------------------------------------------------------------

    def _ensure_sprites(self, cell: int) -> TokenSprites:
        ratio = self.devicePixelRatioF()
        if self._sprites is None or not self._sprites.matches(cell, ratio):
            self._sprites = TokenSprites(self._colours, cell, ratio, self._font)
        return self._sprites

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter)
        finally:
            painter.end()

    def paint(self, painter: QPainter) -> None:
        """Paint the whole strip with ``painter`` (also used by the benchmark)."""
        colours = self._colours
        layout = self.strip_layout()
        if layout is None or self._playhead is None or self._stream is None:
            painter.fillRect(self.rect(), colours.background)
            return
        stream, head = self._stream, self._playhead
        first_row = self.first_row()
        start, stop = layout.visible_cycles(first_row)
        stop = min(stop, head.cycle + 1)
        sprites = self._ensure_sprites(layout.cell)
        painter.drawPixmap(
            0, 0, self._finished_tokens(layout, sprites, first_row, start, min(stop, head.cycle))
        )
        if start <= head.cycle < stop and head.position > 0.0:  # before Play nothing is drafting
            # The current cycle is not checked yet: its outcome does not show, so it is not drawn.
            states = states_at(np.zeros(1, dtype=np.int64), head.cycle, stream.params.k, head)
            xs, ys = layout.positions(head.cycle, 1, first_row)
            if layout.row_of(head.cycle, 0) >= first_row:
                self._paint_row_numbers(painter, layout, first_row, head.cycle, head.cycle + 1)
            self._paint_bands(painter, layout, first_row, head.cycle, head.cycle + 1)
            self._paint_current(
                painter, layout, xs[0].tolist(), ys[0].tolist(), states[0].tolist(), sprites.pixmaps
            )
        if head.position == 0.0:
            self._paint_hint(painter)
        for slot, colour, width in (
            (self._hovered, colours.text, 0.06),
            (self._selected, QColor(self._theme.accent), 0.12),
        ):
            rect = self.token_rect(*slot) if slot is not None else None
            if rect is not None:
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
        cache = self._cache
        ratio = sprites.device_pixel_ratio
        key = (self._stream, layout, sprites)
        rebuild = (
            cache.pixmap is None
            or cache.key != key
            or stop < cache.done
            or first_row < cache.first_row
            or first_row - cache.first_row >= layout.rows_visible
        )
        if rebuild:
            pixmap = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(self._colours.background)
            cache.pixmap, cache.key, cache.first_row, cache.done = pixmap, key, first_row, start
        pixmap = cache.pixmap
        assert pixmap is not None
        if first_row > cache.first_row:
            shift = (first_row - cache.first_row) * layout.row_pitch
            pixmap.scroll(0, -round(shift * ratio), pixmap.rect())
            painter = QPainter(pixmap)
            painter.fillRect(
                QRectF(0, self.height() - shift - layout.margin, self.width(), shift + layout.margin),
                self._colours.background,
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
        stream = self._stream
        assert stream is not None
        self._paint_row_numbers(painter, layout, first_row, start, stop)
        self._paint_bands(painter, layout, first_row, start, stop)
        states = resolved_states(stream.accepted(start, stop), stream.params.k)
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
        head = self._playhead
        assert head is not None
        cell = layout.cell
        for x, y, state in zip(xs, ys, states, strict=True):
            if state == TokenState.DRAFTING:
                painter.setOpacity(0.2 + 0.8 * head.fraction)
                painter.drawPixmap(x, y, sprites[TokenState.PENDING])
                painter.setOpacity(1.0)
            elif state == TokenState.CHECKING:
                paint_token(
                    painter, QRectF(x, y, cell, cell), TokenState.CHECKING, self._colours, head.fraction
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
                painter.fillRect(QRectF(x, top, width, bar), self._colours.pending_tint)
                share = min(1.0, max(0.0, filled - index))
                if share > 0:
                    painter.fillRect(QRectF(x, top, width * share, bar), self._colours.target)
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
        if not self._hint:
            return
        painter.save()
        painter.setFont(self._font)
        painter.setPen(self._colours.text)
        layout = self.strip_layout()
        top = (layout.top + layout.row_pitch) if layout is not None else 0
        area = QRectF(0, top, self.width(), max(self._cell, self.height() - top))
        painter.drawText(area, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self._hint)
        painter.restore()

    # -- input ------------------------------------------------------------------------------

    def _set_hovered(self, slot: Slot | None) -> None:
        if slot != self._hovered:
            self._hovered = slot
            if self._selected is None:
                self.focus_changed.emit(slot)
            self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._set_hovered(self.slot_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hovered(None)
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            slot = self.slot_at(event.position())
            self.select(None if slot == self._selected else slot)
        super().mousePressEvent(event)

    def event(self, event) -> bool:
        if isinstance(event, QHelpEvent) and self._stream is not None and self._playhead is not None:
            slot = self.slot_at(QPointF(event.pos()))
            text = describe_token(self._stream, self._playhead, *slot) if slot is not None else None
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Scroll back through earlier rows (playback scrolls forward again)."""
        layout = self.strip_layout()
        if layout is None or self._playhead is None:
            return
        rows = round(event.angleDelta().y() / 120) or (1 if event.angleDelta().y() > 0 else 0)
        newest = layout.first_row(*self._current_slot())
        self._scroll_back = min(newest, max(0, self._scroll_back + rows))
        self.update()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Left/Right move the selection token by token (from the newest one)."""
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self._playhead is not None:
            self.select(self._neighbour(-1 if key == Qt.Key.Key_Left else 1))
            event.accept()
            return
        super().keyPressEvent(event)

    def _neighbour(self, direction: int) -> Slot | None:
        assert self._stream is not None and self._playhead is not None
        width = self._stream.params.k + 1
        newest = self._playhead.cycle * width + min(self._playhead.events_done, width - 1)
        current = self._selected
        index = newest if current is None else current[0] * width + current[1] + direction
        index = min(max(0, index), newest)
        cycle, slot = divmod(index, width)
        if slot == width - 1 and cycle < self._playhead.cycle and self._is_empty_target(cycle):
            # After a rejection the slot past the guesses is empty: step over it.
            index = min(max(0, index + (direction or -1)), newest)
            cycle, slot = divmod(index, width)
        return cycle, slot

    def _is_empty_target(self, cycle: int) -> bool:
        assert self._stream is not None
        return int(self._stream.accepted(cycle, cycle + 1)[0]) < self._stream.params.k
