"""The legend of a pair of distribution bars: each mark's swatch, drawn as the bars draw it.

A swatch is a small image painted with the bars' own pen and brush
(:func:`~.distribution_bars.set_mark_style`): the target outlined, the draft dashed, the overlap
filled and the target's correction hatched.  A text glyph could show neither the hatching nor
the dashes (the bundled font has no hatched square).  The images go into the legend's rich
text as ``data:`` addresses, at the size of the legend's type, and are made once per theme and
size.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from ..theme import Theme
from ..theme.roles import Metrics
from ..wording import sampling as words
from .distribution_bars import MARKS, set_mark_style

__all__ = ["legend_entry", "legend_markup", "swatch"]


def legend_markup(theme: Theme, ratio: float = 1.0) -> str:
    """The legend's rich text in the active language: each mark's swatch and its words."""
    px = Metrics.of(theme).small
    return " &nbsp; ".join(
        legend_entry(_swatch_markup(mark, theme, px, ratio), words.LEGEND[mark]) for mark in MARKS
    )


def legend_entry(swatch_markup: str, text: str) -> str:
    """One legend entry as markup: its swatch glued to its first word, and a formula's sign to
    both sides ("p − q"), so a wrapped legend never leaves a swatch or half a formula alone at
    the end of a line (seen zoomed in: the swatch and "p" then "− q where p is larger" on the
    next)."""
    # Escaped by hand: the legend is written before the first paint, which imports no html module.
    words_html = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    words_html = words_html.replace(" − ", "&nbsp;−&nbsp;").replace(" – ", "&nbsp;–&nbsp;")
    first, _space, rest = words_html.partition(" ")
    glued = f"{first}&nbsp;{rest}" if rest and len(first) <= 2 else words_html
    return f"{swatch_markup}&nbsp;{glued}"


def swatch(mark: str, theme: Theme, px: int, ratio: float = 1.0) -> QPixmap:
    """A ``px``-pixel square of ``mark`` (one of :data:`~.distribution_bars.MARKS`), drawn as the
    bars draw it, at ``ratio`` device pixels per pixel."""
    image = QPixmap(max(1, round(px * ratio)), max(1, round(px * ratio)))
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        set_mark_style(painter, mark, theme)
        if painter.pen().style() == Qt.PenStyle.DashLine:
            # The bars' dashes (4 and 2 line widths) would leave a corner or two on a swatch:
            # shorter ones read as dashed at the size of a letter.
            pen = painter.pen()
            pen.setDashPattern([1.5, 1.5])
            painter.setPen(pen)
        inset = max(1.0, painter.pen().widthF() / 2) if painter.pen().style() != Qt.PenStyle.NoPen else 0.0
        painter.drawRect(QRectF(inset, inset, px - 2 * inset, px - 2 * inset))
    finally:
        painter.end()
    return image


@lru_cache(maxsize=64)
def _swatch_markup(mark: str, theme: Theme, px: int, ratio: float) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    swatch(mark, theme, px, ratio).save(buffer, "PNG")
    encoded = bytes(data.toBase64()).decode("ascii")
    size = f'width="{px}" height="{px}"'
    return f'<img src="data:image/png;base64,{encoded}" {size} style="vertical-align: middle">'
