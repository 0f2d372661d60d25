"""The Assumptions panel: one entry box per assumption, collapsed by default.

Rows are read from :data:`~specdec_desktop.model.ASSUMPTION_SPECS` (label, symbol, range, step,
meaning).  The panel forwards user input as :attr:`AssumptionsPanel.edited` and shows values
pushed to it with :meth:`AssumptionsPanel.show_assumptions` without echoing them back; it holds
no figures (the window pushes each row's worked number as text).

The two assumptions that can be off (κ and n*) show "∞ (off)" / "off" at the bottom of their
box's range (the value 0, which is not a valid κ or n*, stands for off).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..model import ASSUMPTION_SPECS, Assumptions, AssumptionSpec
from ..text import _, localize
from .language import follow_language
from .number_box import NumberBox
from .wrapped_label import WrappedLabel

__all__ = ["INPUT_NAMES", "AssumptionsPanel"]

#: objectName of each entry box, as docs/interface.md lists them.
INPUT_NAMES = {
    "decay": "decayInput",
    "spread": "spreadInput",
    "verify_growth": "verifyGrowthInput",
    "batch": "batchInput",
    "knee": "kneeInput",
    "overhead": "overheadInput",
}


def _box(spec: AssumptionSpec) -> QAbstractSpinBox:
    if spec.integer:
        box: QAbstractSpinBox = QSpinBox()
        box.setRange(int(spec.minimum), int(spec.maximum))
        box.setSingleStep(int(spec.step))
    else:
        box = NumberBox()
        box.setDecimals(spec.decimals)
        low = 0.0 if spec.optional else spec.minimum
        if spec.minimum_open and not spec.optional:
            low = 10.0**-spec.decimals  # decay: (0, 1]
        box.setRange(low, spec.maximum)
        box.setSingleStep(spec.step)
    box.setObjectName(INPUT_NAMES[spec.name])
    box.setKeyboardTracking(False)  # a typed number counts when confirmed, not at every digit
    _name_box(box, spec)
    return box


def _name_box(box: QAbstractSpinBox, spec: AssumptionSpec) -> None:
    """The box's words in the active language: its name, its tip, its "off" text."""
    if spec.optional:
        off = _("off") if spec.off_text == "off" else _("{symbol} (off)").format(symbol=spec.off_text)
        box.setSpecialValueText(off)
    else:
        box.setSpecialValueText("")  # also writes the value again, in the language's way
    box.setAccessibleName(f"{_(spec.label)} ({spec.symbol})")
    box.setToolTip(_("{meaning} Valid: {range}.").format(meaning=_(spec.meaning), range=_range_text(spec)))


def _range_text(spec: AssumptionSpec) -> str:
    """``AssumptionSpec.range_text`` in the active language (the model's own is English)."""
    if spec.name == "decay":
        return _("above 0 and at most 1")
    low = localize(spec.format(spec.minimum))
    if spec.integer:
        return _("a whole number at least {low}").format(low=low)
    return (_("above {low}") if spec.minimum_open else _("at least {low}")).format(low=low)


class AssumptionsPanel(QFrame):
    """objectName ``assumptionsPanel``: the six assumptions, a reset, the simulation toggle.

    Signals
    -------
    edited(str, object)
        The user asked for a new value: keyword and value (``None`` = off).
    reset_requested()
        "Original model" was pressed.
    simulate_toggled(bool)
        The simulated-speedup overlay was switched.
    expanded_changed(bool)
        The panel opened or closed (by its toggle or by the window): whoever fills the worked
        numbers fills them now, so the panel is measured with its words in place.
    """

    edited = Signal(str, object)
    reset_requested = Signal()
    simulate_toggled = Signal(bool)
    expanded_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assumptionsPanel")
        self.setProperty("role", "panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)

        self.toggle = QToolButton()
        self.toggle.setObjectName("assumptionsToggle")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.summary = WrappedLabel()
        self.summary.setObjectName("assumptionsSummary")
        self.summary.setProperty("role", "hint")
        head = QHBoxLayout()
        head.addWidget(self.toggle)
        head.addWidget(self.summary, 1)
        outer.addLayout(head)

        self.body = QWidget()
        self.body.setObjectName("assumptionsBody")
        grid = QGridLayout(self.body)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        # The style's horizontal spacing, fixed now (asked of the style at each measure otherwise).
        grid.setHorizontalSpacing(grid.horizontalSpacing())
        self.boxes: dict[str, QAbstractSpinBox] = {}
        self.worked: dict[str, QLabel] = {}
        formula = WrappedLabel(
            "<i>E</i> = 1 + Σ<sub><i>i</i>=1..<i>k</i></sub> <i>d</i><sup><i>i</i>(<i>i</i>−1)/2</sup>"
            " E[<i>P</i><sup><i>i</i></sup>]<br><i>C</i> = <i>o</i> + <i>k·c</i> + (1 + β<i>k</i>)"
            " · max(1, <i>B</i>(<i>k</i>+1)/<i>n*</i>) / max(1, <i>B</i>/<i>n*</i>)"
        )
        formula.setObjectName("assumptionsFormula")
        formula.setTextFormat(Qt.TextFormat.RichText)
        formula.setProperty("role", "formula")
        self._formula = formula
        grid.addWidget(formula, 0, 0, 1, 2)
        row = 1
        self._labels: dict[str, QLabel] = {}
        for spec in ASSUMPTION_SPECS:
            label = WrappedLabel()
            self._labels[spec.name] = label
            label.setTextFormat(Qt.TextFormat.RichText)
            box = _box(spec)
            label.setBuddy(box)
            self.boxes[spec.name] = box
            # Label above its box: the column stays narrow enough for large type (projector).
            grid.addWidget(label, row, 0, 1, 2)
            grid.addWidget(box, row + 1, 0, 1, 2)
            worked = WrappedLabel()
            worked.setObjectName(f"{INPUT_NAMES[spec.name].removesuffix('Input')}Worked")
            worked.setProperty("role", "hint")
            worked.setTextFormat(Qt.TextFormat.PlainText)
            self.worked[spec.name] = worked
            grid.addWidget(worked, row + 2, 0, 1, 2)
            row += 3
            if isinstance(box, QSpinBox):
                box.valueChanged.connect(lambda value, n=spec.name: self._on_value(n, value))
            else:
                box.valueChanged.connect(lambda value, n=spec.name: self._on_value(n, value))
        self.error = WrappedLabel()
        self.error.setObjectName("assumptionsError")
        self.error.setProperty("role", "error")
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.hide()
        grid.addWidget(self.error, row, 0, 1, 2)
        self.simulate = QCheckBox()
        self.simulate.setObjectName("simulateToggle")
        self.simulate.toggled.connect(self.simulate_toggled)
        self.reset = QPushButton()
        self.reset.setObjectName("assumptionsReset")
        self.reset.clicked.connect(self.reset_requested)
        grid.addWidget(self.simulate, row + 1, 0, 1, 2)
        grid.addWidget(self.reset, row + 2, 0, 1, 2, Qt.AlignmentFlag.AlignLeft)
        outer.addWidget(self.body)
        self._shown: Assumptions | None = None
        self._worked_shown = True
        self.body.hide()  # collapsed by default
        self.toggle.toggled.connect(self.set_expanded)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Set every word again from the text layer (at start and after a language switch)."""
        self.toggle.setText(_("Assumptions"))
        self.toggle.setAccessibleName(_("Show the assumptions the simple model makes"))
        self._formula.setAccessibleName(_("The model under the assumptions"))
        for spec in ASSUMPTION_SPECS:
            self._labels[spec.name].setText(f"{_(spec.label)} <b>{spec.symbol}</b>")
            _name_box(self.boxes[spec.name], spec)
        self.simulate.setText(_("Check by simulation"))
        self.simulate.setToolTip(
            _(
                "Overlay the speedup measured over 100,000 simulated cycles at each k, under the "
                "active model, with 95 % intervals."
            )
        )
        self.reset.setText(_("Original model"))
        self.reset.setToolTip(_("Set every assumption back to the original model"))
        shown, self._shown = self._shown, None
        self.show_assumptions(shown if shown is not None else Assumptions())

    # -- showing ------------------------------------------------------------------------------

    def set_expanded(self, on: bool) -> None:
        """Open or close the panel (closed by default: the original model needs no controls)."""
        if on == self.expanded and self.toggle.isChecked() == on:
            return
        with QSignalBlocker(self.toggle):
            self.toggle.setChecked(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)
        self.expanded_changed.emit(on)

    @property
    def expanded(self) -> bool:
        return self.body.isVisibleTo(self)

    def set_worked_shown(self, on: bool) -> None:
        """Show or hide the worked example under each box (a tour scene's column steps them aside
        when they would make it scroll: the scene's caption says what the example would)."""
        if on == self._worked_shown:
            return
        self._worked_shown = on
        body = self.body
        focus = (QApplication.focusWidget(), self.window().focusWidget())
        if on and body.isVisible() and not any(w is not None and body.isAncestorOf(w) for w in focus):
            # Qt lays out every layout up to the window before a child of a visible widget shows:
            # shown one by one, the examples laid the column out once each.  Shown while their
            # grid is hidden, it is laid out once, as the grid shows again.  (Not with the focus
            # in a box: hiding the grid would move it.)
            body.hide()
            for label in self.worked.values():
                label.setVisible(True)
            body.show()
            return
        for label in self.worked.values():
            label.setVisible(on)

    @property
    def worked_shown(self) -> bool:
        return self._worked_shown

    def show_assumptions(self, a: Assumptions) -> None:
        """Show ``a`` in every box (signals blocked: no echo) and in the one-line summary.

        Cheap when nothing changed (the window calls it at every render, a slider move included).
        """
        if a == self._shown and not self.error.isVisible():
            return
        self._shown = a
        for spec in ASSUMPTION_SPECS:
            value = getattr(a, spec.name)
            box = self.boxes[spec.name]
            shown = 0 if value is None else value
            with QSignalBlocker(box):
                box.setValue(int(shown) if spec.integer else float(shown))
        self.summary.setText(localize(a.describe()) or _("original model"))
        self.error.hide()

    def show_worked(self, texts: dict[str, str]) -> None:
        """Each row's worked number (the effect of that assumption alone, computed by the window)."""
        for name, label in self.worked.items():
            text = texts.get(name, "")
            if label.text() != text:
                label.setText(text)

    def show_error(self, message: str) -> None:
        """Say what was wrong with a value (nothing changed)."""
        self.error.setText(message)
        self.error.show()
        self.set_expanded(True)

    def set_simulating(self, on: bool) -> None:
        with QSignalBlocker(self.simulate):
            self.simulate.setChecked(on)

    # -- input --------------------------------------------------------------------------------

    def _on_value(self, name: str, value: float) -> None:
        spec = next(s for s in ASSUMPTION_SPECS if s.name == name)
        if spec.optional and value <= 0:
            self.edited.emit(name, None)
        else:
            self.edited.emit(name, int(value) if spec.integer else float(value))
