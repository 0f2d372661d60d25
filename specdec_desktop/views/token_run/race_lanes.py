"""The race: tokens of speculative and of plain decoding on the same clock, as two bars.

Both bars share one scale, so their lengths compare directly and the ratio
of lengths is the speedup achieved so far.  The speculative bar is split into
the big model's own tokens (one per checked cycle: blue) and the accepted
guesses (green), each labelled in words when there is room; the plain bar
grows by one token per pass, the token in progress shown as a partial cell.
While a token is still 6 pixels wide or more, thin gaps mark each token; the
scale then shrinks by whole pixels per token, and, past one pixel per token,
to a round number of tokens for the full width.  The lanes' words are marked with ``N_`` and
translated as they are painted, so a live language switch repaints them (and measures them again).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...model import RaceTotals
from ...text import N_, _, localize, ngettext
from ...theme import Theme
from ...wording.numbers import format_count
from ..language import follow_language
from .glyphs import TokenColours

__all__ = ["LANE_NAMES", "RaceLanes", "lane_scale"]

#: The two lanes' names, speculative first.
LANE_NAMES = (N_("Speculative"), N_("Plain decoding"))
#: The speculative bar's two parts, longest wording first (the first that fits is shown).
OWN_WORDS = (N_("★ {n} from the big model"), N_("★ {n} big model"))
ACCEPTED_WORDS = (N_("✓ {n} accepted guesses"), N_("✓ {n} accepted"))


def count_words(count: int | str, n: int) -> str:
    """A lane's count: "1 token", "36,633 tokens" (``n`` picks the plural form)."""
    return ngettext("{n} token", "{n} tokens", n).format(n=count)


#: Room kept to the right of the longer bar, as a share of its length.
_HEADROOM = 1.12
#: The scale never shows fewer tokens than this over the full width.
_MIN_TOKENS = 24


def _nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is >= ``value``."""
    power = 10 ** math.floor(math.log10(max(value, 1.0)))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value:
            return step * power
    return 10 * power


def lane_scale(bar_width: float, tokens: float, max_cell: int) -> tuple[float, bool]:
    """Pixels per token for bars ``bar_width`` wide whose longer one holds ``tokens``.

    Returns
    -------
    pixels_per_token : float
    separated : bool
        Whether tokens are wide enough to draw a gap between them.
    """
    wanted = max(tokens * _HEADROOM, _MIN_TOKENS)
    whole = math.floor(bar_width / wanted)
    if whole >= 1:
        whole = min(whole, max_cell)
        return float(whole), whole >= 6
    return bar_width / _nice_ceiling(wanted), False


class RaceLanes(QWidget):
    """Two bars, speculative and plain, on one scale."""

    def __init__(self, theme: Theme, font_family: str = "Inter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("raceLanes")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._font_family = font_family
        self._totals: RaceTotals | None = None
        self._fraction = 0.0
        self._compact = False
        self.apply_theme(theme)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Name, description and painted words in the active language (measured again)."""
        self.setAccessibleName(_("Race against plain decoding"))
        if self._totals is not None:
            self.show_totals(self._totals)
        self.updateGeometry()
        self.update()

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._colours = TokenColours.from_theme(theme)
        self._font = QFont(self._font_family)
        self._font.setPixelSize(max(9, round(theme.font_px * 0.9)))
        self._bold = QFont(self._font)
        self._bold.setWeight(QFont.Weight.DemiBold)
        self._size_lanes()

    #: A lane's height, in lines of its type: whole, and compact (a crowded scene about the run).
    LANE_LINES = 1.45
    COMPACT_LANE_LINES = 1.15

    def set_compact(self, on: bool) -> None:
        """Thinner lanes (their words still inside them): a crowded scene about the run."""
        if on != self._compact:
            self._compact = on
            self._size_lanes()

    def _size_lanes(self) -> None:
        metrics = QFontMetrics(self._font)
        lines = self.COMPACT_LANE_LINES if self._compact else self.LANE_LINES
        self._lane = max(14, round(metrics.height() * lines))
        self._gap = max(4, round(self._lane * 0.3))
        self.setFixedHeight(2 * self._lane + 3 * self._gap)
        self.updateGeometry()
        self.update()

    def show_totals(self, totals: RaceTotals) -> None:
        self._totals = totals
        self._fraction = totals.passes - totals.plain_tokens
        self.setAccessibleDescription(
            _(
                "Speculative decoding {spec} tokens, plain decoding {plain} tokens, after {passes} passes"
            ).format(
                spec=format_count(totals.speculative_tokens),
                plain=format_count(totals.plain_tokens),
                passes=localize(f"{totals.passes:.1f}"),
            )
        )
        self.update()

    def lane_labels(self) -> tuple[str, str]:
        """The two lanes' names as painted, in the active language."""
        return (_(LANE_NAMES[0]), _(LANE_NAMES[1]))

    def _text_widths(self) -> tuple[int, int]:
        """Widths of the lane names and of the counts ("00000 tokens"), with their gaps."""
        metrics = QFontMetrics(self._bold)
        label_width = max(metrics.horizontalAdvance(name) for name in self.lane_labels()) + self._gap * 2
        return label_width, metrics.horizontalAdvance(count_words("00000", 2)) + self._gap * 2

    def sizeHint(self) -> QSize:
        return QSize(600, self.height())

    def minimumSizeHint(self) -> QSize:
        # The names, the counts and a bar long enough to race on.
        label_width, count_width = self._text_widths()
        return QSize(label_width + count_width + 4 * self._lane, self.height())

    def layout_problems(self) -> list[str]:
        """What the layout check (tests/support/layout_check.py) should know: counts cut short."""
        label_width, count_width = self._text_widths()
        if self.width() < label_width + count_width + 10:
            return [f"{self.width()} px leaves no room for the names and the counts"]
        return []

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter)
        finally:
            painter.end()

    def paint(self, painter: QPainter) -> None:
        colours = self._colours
        painter.fillRect(self.rect(), colours.background)
        totals = self._totals
        if totals is None:
            return
        labels = self.lane_labels()
        bar_left, bar_width, per_token, separated = self._scale(totals)

        tops = (self._gap, 2 * self._gap + self._lane)
        painter.setFont(self._bold)
        painter.setPen(colours.text)
        for text, top in zip(labels, tops, strict=True):
            painter.drawText(
                QRectF(0, top, bar_left - self._gap, self._lane),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
        # Track behind each bar.
        track = QColor(colours.border)
        track.setAlpha(70)
        for top in tops:
            painter.fillRect(QRectF(bar_left, top, bar_width, self._lane), track)

        own = totals.target_tokens * per_token
        accepted = totals.accepted_tokens * per_token
        plain_done = totals.plain_tokens * per_token
        own_count, accepted_count = format_count(totals.target_tokens), format_count(totals.accepted_tokens)
        segments = (
            (
                QRectF(bar_left, tops[0], own, self._lane),
                colours.target,
                # The star is the big model's own token in the strip below: the segment is named
                # even when only its count fits, and tells itself from the green in greyscale.
                (*(_(words).format(n=own_count) for words in OWN_WORDS), f"★ {own_count}", "★"),
            ),
            (
                QRectF(bar_left + own, tops[0], accepted, self._lane),
                colours.accepted,
                (*(_(words).format(n=accepted_count) for words in ACCEPTED_WORDS), f"✓ {accepted_count}"),
            ),
            (QRectF(bar_left, tops[1], plain_done, self._lane), colours.plain, ()),
        )
        for rect, colour, _texts in segments:
            painter.fillRect(rect, colour)
        partial = QColor(colours.plain)
        partial.setAlpha(90)
        painter.fillRect(
            QRectF(bar_left + plain_done, tops[1], self._fraction * per_token, self._lane), partial
        )
        if separated:
            self._paint_separators(painter, bar_left, tops, per_token, (own + accepted, plain_done))
        # The big model's part is hatched and set off from the accepted guesses by a gap of the
        # background's colour: the two stay apart on a washed-out projector or in greyscale.
        if own >= 1:
            hatch = QColor(colours.on_fill)
            hatch.setAlpha(110)
            painter.fillRect(segments[0][0], QBrush(hatch, Qt.BrushStyle.BDiagPattern))
            if accepted >= 1:
                divider = max(2.0, self._gap / 2)
                painter.fillRect(
                    QRectF(bar_left + own - divider / 2, tops[0], divider, self._lane), colours.background
                )

        # Name the two parts of the speculative bar, on a pill of their colour over the token gaps.
        painter.setFont(self._font)
        inner = QFontMetrics(self._font)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for rect, colour, texts in segments:
            fitting = [t for t in texts if inner.horizontalAdvance(t) + 3 * self._gap <= rect.width()]
            if not fitting:
                continue
            text = fitting[0]
            width = inner.horizontalAdvance(text) + 2 * self._gap
            pill = QRectF(rect.center().x() - width / 2, rect.top() + 2, width, rect.height() - 4)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            painter.setPen(colours.on_fill)
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
        painter.setFont(self._bold)
        painter.setPen(colours.text)
        for words, box in self.count_boxes():
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, words)

    def _scale(self, totals: RaceTotals) -> tuple[float, float, float, bool]:
        """Where the bars start (after the names), the tracks' width, pixels per token, and
        whether the tokens are set apart."""
        label_width, count_width = self._text_widths()
        bar_width = max(10, self.width() - label_width - count_width)
        longest = max(totals.speculative_tokens, totals.plain_tokens + self._fraction)
        per_token, separated = lane_scale(bar_width, longest, max(4, round(self._lane * 0.7)))
        return float(label_width), float(bar_width), per_token, separated

    def count_boxes(self) -> list[tuple[str, QRectF]]:
        """Each lane's count ("12 tokens") and the box it is drawn in: just after its bar, or past
        the end of the track when it would otherwise lie half on the track and half off it."""
        totals = self._totals
        if totals is None:
            return []
        bar_left, bar_width, per_token, _separated = self._scale(totals)
        bold = QFontMetrics(self._bold)
        track_end = bar_left + bar_width
        boxes = []
        lanes = (
            (totals.speculative_tokens, self._gap),
            (totals.plain_tokens, 2 * self._gap + self._lane),
        )
        for count, top in lanes:
            words = count_words(format_count(count), count)
            left = bar_left + count * per_token + self._gap
            if left < track_end < left + bold.horizontalAdvance(words):
                left = track_end + self._gap
            boxes.append((words, QRectF(left, top, max(0.0, self.width() - left), self._lane)))
        return boxes

    def _paint_separators(
        self,
        painter: QPainter,
        left: float,
        tops: tuple[int, int],
        per_token: float,
        ends: tuple[float, float],
    ) -> None:
        step = round(per_token)
        tile = QPixmap(step, 1)
        tile.fill(Qt.GlobalColor.transparent)
        tile_painter = QPainter(tile)
        tile_painter.fillRect(step - 1, 0, 1, 1, self._colours.background)
        tile_painter.end()
        brush = QBrush(tile)
        painter.save()
        painter.setBrushOrigin(round(left), 0)
        for top, end in zip(tops, ends, strict=True):
            if end >= 1:
                painter.fillRect(QRectF(left, top, end, self._lane), brush)
        painter.restore()
