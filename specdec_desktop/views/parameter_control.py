"""One parameter's control: a slider, an exact-entry box and a line saying what it means.

The control reads its range, steps and wording from a
:class:`~specdec_desktop.model.ParameterSpec`.  It forwards user input as
:attr:`ParameterControl.edited` and shows values pushed to it with
:meth:`ParameterControl.show_value` without echoing them back.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QWidget,
)

from ..model import ParameterSpec

__all__ = ["OBJECT_NAMES", "ParameterControl"]

#: objectNames of (slider, entry box) by parameter name, as CONTRACT.md fixes them.
OBJECT_NAMES = {
    "k": ("draftLengthSlider", "draftLengthInput"),
    "p": ("acceptanceSlider", "acceptanceInput"),
    "c": ("draftCostSlider", "draftCostInput"),
}

_HINT_SECONDS = 4


class _CountBox(QSpinBox):
    """A whole-number box whose unit agrees with the number: "1 token", "6 tokens"."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self._plural = unit
        self._singular = unit[:-1] if unit.endswith("s") else unit

    def textFromValue(self, value: int) -> str:
        return f"{value} {self._singular if value == 1 else self._plural}"

    def valueFromText(self, text: str) -> int:
        digits = text.strip().split(" ")[0]
        return int(digits) if digits.isdigit() else self.value()

    def validate(self, text: str, position: int) -> object:
        # Accept the number with or without its unit (as typed, or as shown).
        number = text.strip().removesuffix(self._plural).removesuffix(self._singular).strip()
        if number == "":
            return QValidator.State.Intermediate, text, position
        if not number.isdigit():
            return QValidator.State.Invalid, text, position
        if self.minimum() <= int(number) <= self.maximum():
            return QValidator.State.Acceptable, text, position
        return QValidator.State.Intermediate, text, position


class ParameterControl(QFrame):
    """Slider + entry box + meaning for one parameter.

    Signals
    -------
    edited(str, object)
        The user asked for a new value: parameter name and value in real units.
    """

    edited = Signal(str, object)

    def __init__(self, spec: ParameterSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        slider_name, input_name = OBJECT_NAMES[spec.name]
        self.setObjectName(f"{spec.name}Control")
        self.setProperty("role", "panel")

        self.title = QLabel(f"{spec.label}  <i>{spec.symbol}</i>")
        self.title.setProperty("role", "heading")
        self.title.setTextFormat(Qt.TextFormat.RichText)

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName(slider_name)
        self.slider.setRange(0, spec.slider_steps)
        self.slider.setSingleStep(1)
        self.slider.setPageStep(max(1, round(spec.page_step / spec.step)))
        self.slider.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.entry: QSpinBox | QDoubleSpinBox
        if spec.is_integer:
            self.entry = _CountBox(spec.unit) if spec.unit else QSpinBox()
            self.entry.setRange(int(spec.minimum), int(spec.maximum))
            self.entry.setSingleStep(int(spec.step))
        else:
            self.entry = QDoubleSpinBox()
            self.entry.setDecimals(spec.decimals)
            self.entry.setRange(spec.minimum, spec.maximum)
            self.entry.setSingleStep(spec.step)
        self.entry.setObjectName(input_name)
        self.entry.setKeyboardTracking(False)  # commit on Enter or focus loss, not per keystroke
        self.entry.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self.entry.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.entry.setMinimumWidth(96)
        if spec.unit and not spec.is_integer:
            self.entry.setSuffix(f" {spec.unit}")

        self.meaning = QLabel(spec.meaning)
        self.meaning.setProperty("role", "hint")
        self.meaning.setWordWrap(True)
        self.setToolTip(spec.meaning)  # also when the line steps aside (presenting)

        self.error = QLabel("")
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.error.hide()
        self._error_timer = QTimer(self)
        self._error_timer.setSingleShot(True)
        self._error_timer.setInterval(_HINT_SECONDS * 1000)
        self._error_timer.timeout.connect(self.error.hide)

        range_text = f"{spec.format(spec.minimum)} to {spec.format(spec.maximum)}"
        for widget in (self.slider, self.entry):
            widget.setAccessibleName(spec.label)
            widget.setAccessibleDescription(f"{spec.meaning} Range {range_text}.")
            widget.setToolTip(f"{spec.meaning}\nRange {range_text}.")

        layout = QGridLayout(self)
        layout.addWidget(self.title, 0, 0)
        layout.addWidget(self.entry, 0, 1)
        layout.addWidget(self.slider, 1, 0, 1, 2)
        layout.addWidget(self.meaning, 2, 0, 1, 2)
        layout.addWidget(self.error, 3, 0, 1, 2)
        layout.setColumnStretch(0, 1)

        self.slider.valueChanged.connect(self._on_slider)
        self.entry.valueChanged.connect(self._on_entry)
        self.entry.lineEdit().inputRejected.connect(self._on_rejected)

    def show_value(self, value: float) -> None:
        """Show ``value`` in both widgets without emitting :attr:`edited`."""
        position = self.spec.to_slider(value)
        if self.slider.value() == position and self.entry.value() == value:
            return  # unchanged: a spin box repaints on setValue even to the same value
        with QSignalBlocker(self.slider), QSignalBlocker(self.entry):
            self.slider.setValue(position)
            self.entry.setValue(value)

    def _on_slider(self, position: int) -> None:
        self.edited.emit(self.spec.name, self.spec.from_slider(position))

    def _on_entry(self, value: float) -> None:
        self.edited.emit(self.spec.name, int(value) if self.spec.is_integer else round(value, 10))

    def _on_rejected(self) -> None:
        spec = self.spec
        kind = "whole numbers" if spec.is_integer else "numbers"
        self.show_error(
            f"{spec.label} ({spec.symbol}) takes {kind} from "
            f"{spec.format(spec.minimum)} to {spec.format(spec.maximum)}."
        )

    def show_error(self, message: str) -> None:
        """Show a short message under the control for a few seconds."""
        self.error.setText(message)
        self.error.show()
        self._error_timer.start()

    def set_meaning_shown(self, shown: bool) -> None:
        """Show or hide the line saying what the parameter means (the tooltip keeps it)."""
        self.meaning.setVisible(shown)
