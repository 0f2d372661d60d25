"""The Compare tab: pin the current configuration, the table of pins, and the cited presets.

Widgets only show state and forward input (the window's compare controller acts on it):

* ``pinNameInput`` and ``pinButton`` ("Pin"), ``removePinButton``, ``clearPinsButton``,
  ``exportPinsButton``; ``pinMessage`` says what happened or what was refused;
* ``pinnedTable``: one row per pin: its glyph and name, k, p, c, accepted/drafted
  (``(E - 1)/k``), speedup at its k, best k, speedup there; click a header to sort;
* ``presetsBox``: configurations from published results; ``presetCitation`` shows the chosen
  one's citation, the published speedup beside the model's, and why they differ.  The presets
  (solved from the papers' figures when imported) are listed when the tab is first shown, not
  before the window's first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..model.figures import MAX_X_MAX
from ..model.pins import MAX_PINS, Pin, pin_figures
from ..text import N_, _, localize, said
from ..theme import Theme
from ..theme.palette import PIN_COLOR_NAMES, PIN_GLYPHS
from ..theme.widget_style import restyle
from ..wording.numbers import format_count
from .combo_box import ComboBox
from .language import follow_language

if TYPE_CHECKING:
    from ..presets import Preset

__all__ = ["COLUMNS", "ComparePanel", "preset_text"]

#: The table's columns.
COLUMNS = (
    N_("Pin"),
    "k",
    "p",
    "c",
    N_("Accepted / drafted"),
    N_("Speedup at its k"),
    N_("Best k"),
    N_("Speedup at best k"),
)


def _two_lines(title: str) -> str:
    """``title`` broken at its middle space when it has several words ("Speedup\nat best k")."""
    words = title.split(" ")
    if len(words) < 3:
        return title
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


_HELP = N_(
    "Accepted / drafted is what serving engines report as their acceptance rate: accepted "
    "guesses over drafted guesses at that k, (E − 1)/k. Sort by it, then by speedup: the "
    "configuration with the highest acceptance can be the slowest."
)


class _Header(QHeaderView):
    """The table's header, each column as wide as its title and the sort arrow.

    Qt reserves room for the sort arrow as wide as the section is tall: with two-line titles
    (and a projector's type) that made every column some 30 px wider than its title, and the
    table wider than a 1024 px screen's tab.  Here the arrow keeps the room of one line.
    """

    def sectionSizeFromContents(self, logical_index: int) -> QSize:
        size = super().sectionSizeFromContents(logical_index)
        if self.isSortIndicatorShown() and self.orientation() == Qt.Orientation.Horizontal:
            line = self.fontMetrics().height()
            size.setWidth(size.width() - max(0, size.height() - line))
        return size


class _Item(QTableWidgetItem):
    """A cell that sorts by its number (text sorts "10" before "9"); None sorts last."""

    def __init__(self, text: str, number: float | None) -> None:
        super().__init__(text)
        self.number = number
        self.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _Item) and (self.number is None or other.number is None):
            return other.number is None and self.number is not None
        if isinstance(other, _Item):
            return self.number < other.number  # type: ignore[operator]
        return super().__lt__(other)


def _best_text(best: int | None) -> str:
    """The best k as the table says it: past the chart's reach, in words (as the chart's arrow)."""
    if best is None:
        return _("no peak")
    if best > MAX_X_MAX:
        return _("{count}, beyond the chart").format(count=format_count(best))
    return str(best)


def preset_text(preset: Preset) -> str:
    """What the screen says about a preset: figures, citation, derivation, why they differ."""
    published = (
        _("none") if preset.published_speedup is None else localize(f"{preset.published_speedup:.2f}×")
    )
    best = _("no peak") if preset.best_k is None else f"k = {preset.best_k}"
    return _(
        "p = {p:g}, c = {c:g}, k = {k}.  Published: {published} ({note}).  "
        "Model: {model:.2f}× at k = {k}; its best {best}.\n"
        "Source: {source}.\n"
        "How: {how}\n"
        "Why they differ: {why}"
    ).format(
        p=preset.p,
        c=preset.c,
        k=preset.k,
        published=published,
        note=_(preset.published_note),
        model=preset.predicted_speedup,
        best=best,
        source=_(preset.source),
        how=_(preset.derivation),
        why=_(preset.why),
    )


class ComparePanel(QWidget):
    """The Compare tab (see the module docstring)."""

    pin_requested = Signal(str)
    remove_requested = Signal(str)
    clear_requested = Signal()
    export_requested = Signal()
    preset_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparePanel")
        self.name_input = QLineEdit()
        self.name_input.setObjectName("pinNameInput")
        self.pin_button = QPushButton()
        self.pin_button.setObjectName("pinButton")
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("removePinButton")
        self.clear_button = QPushButton()
        self.clear_button.setObjectName("clearPinsButton")
        self.export_button = QPushButton()
        self.export_button.setObjectName("exportPinsButton")
        self._say_message: Callable[[], str] = str
        self.message = QLabel("")
        self.message.setObjectName("pinMessage")
        self.message.setWordWrap(True)
        self.message.setProperty("role", "hint")

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("pinnedTable")
        self.table.setHorizontalHeader(_Header(Qt.Orientation.Horizontal, self.table))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setMinimumHeight(120)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # pin order until a header is clicked
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)

        self.presets = ComboBox()
        self.presets.setObjectName("presetsBox")
        # Sized by a short text, not by the longest preset name: the tab must fit 1024 px.
        self.presets.setSizeAdjustPolicy(ComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.presets.setMinimumContentsLength(16)
        self.presets.addItem("")  # "Published configurations…"; the presets follow: fill_presets
        self._preset: Preset | None = None
        self.citation = QLabel("")
        self.citation.setObjectName("presetCitation")
        self.citation.setWordWrap(True)
        self.citation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.citation.setProperty("role", "hint")
        self.citation.setVisible(False)

        row = QHBoxLayout()
        row.addWidget(self.name_input, 1)
        for button in (self.pin_button, self.remove_button, self.clear_button, self.export_button):
            row.addWidget(button)
        presets_row = QHBoxLayout()
        self.presets_caption = QLabel()
        presets_row.addWidget(self.presets_caption)
        presets_row.addWidget(self.presets, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addLayout(presets_row)
        layout.addWidget(self.citation)

        self.pin_button.clicked.connect(lambda: self.pin_requested.emit(self.name_input.text()))
        self.name_input.returnPressed.connect(lambda: self.pin_requested.emit(self.name_input.text()))
        self.remove_button.clicked.connect(self._on_remove)
        self.clear_button.clicked.connect(self.clear_requested)
        self.export_button.clicked.connect(self.export_requested)
        self.presets.activated.connect(self._on_preset)
        self._pins: tuple[Pin, ...] = ()
        self._theme: Theme | None = None
        self._update_buttons()
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word again in the active language (at start and after View ▸ Language): the
        buttons, the table's titles and names, the presets' box, the message and the citation."""
        self.name_input.setPlaceholderText(_("name of the pin"))
        self.name_input.setAccessibleName(_("Name of the pin"))
        self.pin_button.setText(_("Pin"))
        self.pin_button.setToolTip(
            _("Keep the current configuration as a named curve (up to {n})").format(n=MAX_PINS)
        )
        self.remove_button.setText(_("Remove"))
        self.clear_button.setText(_("Clear"))
        self.export_button.setText(_("Export…"))
        self.export_button.setToolTip(_("The table as CSV, or the chart with the pins as PNG or SVG"))
        self.table.setAccessibleName(_("Pinned configurations"))
        # The long titles on two lines: the table fits a projector's narrower tab, not sideways.
        self.table.setHorizontalHeaderLabels([_two_lines(_(title)) for title in COLUMNS])
        for column, title in enumerate(COLUMNS):
            self.table.horizontalHeaderItem(column).setToolTip(_(title))
        self.table.horizontalHeaderItem(4).setToolTip(_(_HELP))
        self.table.setToolTip(_(_HELP))
        self.presets.setAccessibleName(_("Published configurations"))
        self.presets.setItemText(0, _("Published configurations…"))
        if self.presets.count() > 1:
            from ..presets import PRESETS

            for row, preset in enumerate(PRESETS, start=1):
                self.presets.setItemText(row, _(preset.name))
        self.presets_caption.setText(_("Preset:"))
        self.message.setText(self._say_message())
        self.show_preset(self._preset)
        if self._theme is not None:
            self.show_pins(self._pins, self._theme)  # "no peak", "beyond the chart", the numbers

    def showEvent(self, event) -> None:
        self.fill_presets()
        super().showEvent(event)

    def fill_presets(self) -> None:
        """List the presets in ``presetsBox`` (once; the tab's first showing does it)."""
        if self.presets.count() > 1:
            return
        from ..presets import PRESETS

        for preset in PRESETS:
            self.presets.addItem(_(preset.name))

    # -- showing state ---------------------------------------------------------------------

    def show_pins(self, pins: tuple[Pin, ...], theme: Theme) -> None:
        """Fill the table from ``pins`` (sorting is kept)."""
        self._pins, self._theme = pins, theme
        sorting = self.table.isSortingEnabled()
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(pins))
        for row, pin in enumerate(pins):
            figures = pin_figures(pin)
            glyph = PIN_GLYPHS[row][1]
            first = _Item(f"{glyph} {pin.name}", float(row))
            first.setForeground(QColor(getattr(theme, PIN_COLOR_NAMES[row])))
            first.setData(Qt.ItemDataRole.UserRole, pin.name)
            tip = pin.name
            if pin.assumptions:
                tip += " (" + ", ".join(f"{k} = {v}" for k, v in pin.assumptions.items()) + ")"
            first.setToolTip(tip)
            best = figures.best_k
            cells = [
                first,
                _Item(str(pin.params.k), pin.params.k),
                _Item(localize(f"{pin.params.p:.3f}"), pin.params.p),
                _Item(localize(f"{pin.params.c:.3f}"), pin.params.c),
                _Item(localize(f"{figures.accepted_ratio:.1%}"), figures.accepted_ratio),
                _Item(localize(f"{figures.speedup:.2f}×"), figures.speedup),
                _Item(_best_text(best), None if best is None else float(best)),
                _Item(
                    "—" if figures.best_speedup is None else localize(f"{figures.best_speedup:.2f}×"),
                    figures.best_speedup,
                ),
            ]
            for column, item in enumerate(cells):
                self.table.setItem(row, column, item)
        self.table.setSortingEnabled(sorting)
        self._update_buttons()

    def show_message(self, text: str | Callable[[], str], *, error: bool = False) -> None:
        """Say ``text`` in the message line: a phrase (or a function giving the text) is said
        again after a language switch; other text stays as it is."""
        self._say_message = text if callable(text) else lambda: said(text)
        self.message.setText(self._say_message())
        self.message.setProperty("role", "warning" if error else "hint")
        restyle(self.message)

    def show_preset(self, preset: Preset | None) -> None:
        self._preset = preset
        self.citation.setVisible(preset is not None)
        self.citation.setText("" if preset is None else preset_text(preset))

    def suggest_name(self, name: str) -> None:
        """Put a free default name in the entry box (the user may overwrite it)."""
        self.name_input.setText(name)

    def selected_name(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    # -- input -----------------------------------------------------------------------------

    def _on_remove(self) -> None:
        name = self.selected_name()
        if name is None and self._pins:
            name = self._pins[-1].name
        if name is not None:
            self.remove_requested.emit(name)

    def _on_preset(self, index: int) -> None:
        if index > 0:
            self.preset_chosen.emit(index - 1)

    def _update_buttons(self) -> None:
        has = bool(self._pins)
        self.remove_button.setEnabled(has)
        self.clear_button.setEnabled(has)
