"""The speedup chart's title row and legend, and its axes' titles.

:class:`ChartLegend` is a part of :class:`~.speedup_chart.SpeedupChart` (a mixin: it reads the
chart's ``_theme``, ``_font_family``, ``_legend``, ``_title_shown``, ``_legend_shown``,
``_axis_titles_shown`` and ``_title_lines``).  The title and the legend's entries share one
row of the plot item, wrapped onto as few lines as fit the chart's width; entries are kept
in English (``set_legend_entry``) and shown in the active language.  The x-axis title is the
long one where it fits, else the short one.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QColor, QFont, QFontMetrics, QTextDocument

from ...text import N_, _

__all__ = ["CHART_TITLE", "X_TITLE", "X_TITLE_SHORT", "Y_TITLE", "ChartLegend"]

#: The chart's title (the legend follows it); English, shown with ``_()``.
CHART_TITLE = N_("Speedup against draft length")
#: The axes' titles (English; shown with ``_()``), and the shorter x-axis title a chart too
#: narrow for the long one shows (zoomed in, say).
X_TITLE = N_("draft length k (tokens guessed per check)")
X_TITLE_SHORT = N_("draft length k")
Y_TITLE = N_("speedup ×")


#: The legend's entries in the order they are shown (keys of ``set_legend_entry``); a key not
#: listed goes last.
LEGEND_ORDER = ("curve", "band", "break_even", "reference", "tree", "measured", "simulated")
#: Each legend swatch kind's glyph (a marker series: its marker's shape).
_SWATCH_GLYPHS = {"line": "━━", "thin": "──", "dash": "╌╌", "dot": "┈┈", "band": "██", "triangle": "△"}

#: Between the title and the legend's entries.
_ENTRY_SEP = "&nbsp;&nbsp;&nbsp;"


def _legend_text(text: str) -> str:
    """A legend entry (English, as registered) in the active language (a translation writes its
    own numbers: "p ± 0,10")."""
    return _(text)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ChartLegend:
    """The title row, the legend and the axes' titles (part of :class:`~.speedup_chart.SpeedupChart`)."""

    def set_legend_entry(self, key: str, swatch: str, color_name: str, text: str | None) -> None:
        """Add (or replace, or with ``text`` None remove) a legend entry.

        ``swatch`` is ``"line"``, ``"thin"``, ``"dash"``, ``"dot"``, ``"band"`` or ``"triangle"`` (a
        marker series); ``color_name`` names a
        :class:`~specdec_desktop.theme.Theme` colour field.
        """
        entry = None if text is None else (swatch, color_name, text)
        if self._legend.get(key) == entry:
            return  # as shown: no new title (an overlay says the same after every change)
        if entry is None:
            self._legend.pop(key, None)
        else:
            self._legend[key] = entry
            # Always in one order, whatever came first: a tour scene showing the tree's curve and
            # the original model drew them in the order the scenes before had added them.
            rank = {name: i for i, name in enumerate(LEGEND_ORDER)}
            ordered = sorted(self._legend.items(), key=lambda item: rank.get(item[0], len(rank)))
            self._legend.clear()
            self._legend.update(ordered)
        self._title_lines = ()
        self._update_title()

    def _legend_html(self) -> str:
        theme = self._theme
        parts = []
        for swatch, color_name, text in self._legend.values():
            color = getattr(theme, color_name)
            glyph = _SWATCH_GLYPHS.get(swatch, "━━")
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
