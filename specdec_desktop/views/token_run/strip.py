"""The token strip: the speculative lane, token by token, row by row (the widget).

It shows the frame it is given (:meth:`TokenStrip.show_frame`: a trace stream
and a playhead) and keeps no figures of its own.  Each paint reads only the
cycles on the visible rows from the stream, so a run of any length costs the
same to draw and to hold.  Drawing is :class:`~.strip_painter.StripPainter`'s
(finished tokens stamped from pre-rendered sprites, only the cycle in progress
painted live); this widget holds what is shown and turns input into it.

View-only state lives here: the token under the mouse, the selected token
(click, or the arrow keys while the strip has focus) and how far the strip
is scrolled back (mouse wheel; starting playback follows the newest row again).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ...model import Playhead, TraceStream
from ...text import _
from ...theme import Theme
from ...wording.run_captions import describe_token
from ..language import follow_language
from .strip_layout import StripLayout
from .strip_painter import MIN_CELL_SHARE, StripFrame, StripPainter, cell_size

__all__ = ["TokenStrip", "cell_size"]

Slot = tuple[int, int]


#: The strip shrinks its tokens (down to :data:`MIN_CELL_SHARE` of their size) to show this many rows.
MIN_ROWS = 3


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
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.painter = StripPainter(theme, font_family)
        self._stream: TraceStream | None = None
        self._playhead: Playhead | None = None
        self._hovered: Slot | None = None
        self._selected: Slot | None = None
        self._scroll_back = 0
        self._hint = ""
        self._compact = False
        self._layout: StripLayout | None = None
        self._layout_key: tuple[int, int, int, int] | None = None
        self.apply_theme(theme)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """The strip's name and description in the active language (the hint is set by the view)."""
        self.setAccessibleName(_("Token strip"))
        self.setAccessibleDescription(
            _(
                "The speculative lane, one square per guessed token; "
                "hover or select a token to hear what happened to it."
            )
        )

    # -- input from the view ----------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        self.painter.apply_theme(theme)
        self._layout = None
        smallest = max(12, round(self.painter.cell * MIN_CELL_SHARE))
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
        if self._compact:  # a crowded scene: asks for its least rows, and takes what room is left
            return QSize(40 * self.painter.cell, self.minimumHeight())
        return QSize(40 * self.painter.cell, 5 * self.painter.cell)

    def set_compact(self, on: bool) -> None:
        """Ask for no more height than the strip's least (its tokens shrink to fit the room it
        gets) rather than five rows: a crowded scene about the run, where the rest must show too."""
        if on != self._compact:
            self._compact = on
            self.updateGeometry()

    def strip_layout(self) -> StripLayout | None:
        """The grid for the current size and run (``None`` before a run is shown)."""
        if self._stream is None:
            return None
        # Every row names its cycles ("#1–3") in a gutter at the left.
        key = (self.width(), self.height(), self.painter.cell, self._stream.k, self.painter.gutter)
        if self._layout is None or self._layout_key != key:
            self._layout = fitted_layout(*key)
            self._layout_key = key
        return self._layout

    def _current_slot(self) -> Slot:
        assert self._playhead is not None and self._stream is not None
        return self._playhead.cycle, min(self._playhead.events_done, self._stream.k)

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

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter)
        finally:
            painter.end()

    def paint(self, painter: QPainter) -> None:
        """Paint the whole strip with ``painter`` (also used by the benchmark)."""
        self.painter.paint(painter, self.frame())

    def frame(self) -> StripFrame:
        """What the strip shows now, for :class:`~.strip_painter.StripPainter`."""
        rings = []
        for slot, colour, width in (
            (self._hovered, self.painter.colours.text, 0.06),
            (self._selected, QColor(self.painter.theme.accent), 0.12),
        ):
            rect = self.token_rect(*slot) if slot is not None else None
            if rect is not None:
                rings.append((rect, colour, width))
        return StripFrame(
            width=self.width(),
            height=self.height(),
            device_pixel_ratio=self.devicePixelRatioF(),
            stream=self._stream,
            playhead=self._playhead,
            layout=self.strip_layout() if self._playhead is not None else None,
            first_row=self.first_row(),
            hint=self._hint,
            rings=tuple(rings),
        )

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
        width = self._stream.k + 1
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
        return int(self._stream.accepted(cycle, cycle + 1)[0]) < self._stream.k
