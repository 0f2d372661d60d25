"""One parameter's control: a slider, an exact-entry box and a line saying what it means.

The control reads its range, steps and wording from a
:class:`~specdec_desktop.model.ParameterSpec`.  It forwards user input as
:attr:`ParameterControl.edited` and shows values pushed to it with
:meth:`ParameterControl.show_value` without echoing them back.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QToolButton,
    QWidget,
)

from ..model import ParameterSpec
from ..model.parameters import MAX_DECIMALS
from ..text import delocalize, localize

__all__ = ["OBJECT_NAMES", "ParameterControl"]

#: objectNames of (slider, entry box) by parameter name, as docs/interface.md lists them.
OBJECT_NAMES = {
    "k": ("draftLengthSlider", "draftLengthInput"),
    "p": ("acceptanceSlider", "acceptanceInput"),
    "c": ("draftCostSlider", "draftCostInput"),
}

_HINT_SECONDS = 4


#: What may stand in a box while a number is being typed: a prefix of a plain ASCII number.
_TYPING = {
    True: re.compile(r"\d*", re.ASCII),  # whole numbers: digits only
    False: re.compile(r"[+-]?(?:\d+\.?\d*|\.\d*)?(?:[eE][+-]?\d*)?", re.ASCII),
}


class _EntryRules:
    """What both entry boxes share (mixed into the Qt box).

    Anything that may become a number can be typed; letters are refused as they are typed.
    On Enter (or leaving the box) a number out of range, or a part of one, changes nothing:
    the box says so through ``refused(text)`` and shows the value it had.
    """

    def _setup(self, spec: ParameterSpec, refused: Callable[[str], None]) -> None:
        self._spec = spec
        self._refused = refused

    def _number_text(self, text: str) -> str:
        text = text.strip()
        unit = self._spec.unit
        if unit:
            singular = unit[:-1] if unit.endswith("s") else unit
            text = text.removesuffix(unit).removesuffix(singular).strip()
        return delocalize(text)  # "0,75" and "0.75" alike, in every language

    def validate(self, text: str, position: int) -> object:
        number = self._number_text(text)
        if not _TYPING[self._spec.is_integer].fullmatch(number):
            return QValidator.State.Invalid, text, position  # a letter: refused as typed
        try:
            self._spec.validate(number)
        except ValueError:
            return QValidator.State.Intermediate, text, position  # not yet, or out of range
        return QValidator.State.Acceptable, text, position

    def valueFromText(self, text: str) -> float:
        try:
            return self._spec.validate(self._number_text(text))
        except ValueError:
            return self.value()

    def textFromValue(self, value: float) -> str:
        text = localize(self._spec.format(value))  # the language's decimal mark (0,750 in German)
        unit = self._spec.unit
        if unit and self._spec.is_integer:
            singular = unit[:-1] if unit.endswith("s") else unit
            return f"{text} {singular if int(value) == 1 else unit}"
        return text

    def _check_typed(self) -> None:
        """Report typed text that will not be applied (Qt then shows the previous value)."""
        text = self.lineEdit().text()
        state = self.validate(text, len(text))[0]
        if state != QValidator.State.Acceptable and text != self.textFromValue(self.value()):
            self._refused(self._number_text(text))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._check_typed()
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._check_typed()
        super().focusOutEvent(event)


class _CountBox(_EntryRules, QSpinBox):
    """The whole-number box; its unit agrees with the number: "1 token", "6 tokens"."""

    def __init__(self, spec: ParameterSpec, refused: Callable[[str], None]) -> None:
        super().__init__()
        self._setup(spec, refused)
        self.setRange(int(spec.minimum), int(spec.maximum))
        self.setSingleStep(int(spec.step))


class _NumberBox(_EntryRules, QDoubleSpinBox):
    """The box of a real parameter: written as :meth:`ParameterSpec.format` writes it."""

    def __init__(self, spec: ParameterSpec, refused: Callable[[str], None]) -> None:
        super().__init__()
        self._setup(spec, refused)
        self.setDecimals(MAX_DECIMALS)  # keep what a file or the command line gave (0.7512)
        self.setRange(spec.minimum, spec.maximum)
        self.setSingleStep(spec.step)
        if spec.unit:
            self.setSuffix(f" {spec.unit}")


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
        # The title wraps before the number box beside it is squeezed (large type, zoom).
        self.title.setWordWrap(True)

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName(slider_name)
        self.slider.setRange(0, spec.slider_steps)
        self.slider.setSingleStep(1)
        self.slider.setPageStep(max(1, round(spec.page_step / spec.step)))
        self.slider.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.entry: QSpinBox | QDoubleSpinBox
        if spec.is_integer:
            self.entry = _CountBox(spec, self._on_refused)
        else:
            self.entry = _NumberBox(spec, self._on_refused)
        self.entry.setObjectName(input_name)
        self.entry.setKeyboardTracking(False)  # commit on Enter or focus loss, not per keystroke
        self.entry.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self.entry.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.entry.setMinimumWidth(96)

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
        #: ▶ sweeps a real-valued parameter across its range (the window services wire it to the
        #: sweep action); None for k.
        self.sweep_button: QToolButton | None = None
        if not spec.is_integer:
            self.sweep_button = QToolButton()
            self.sweep_button.setObjectName(f"{spec.name}Sweep")
            self.sweep_button.setText("▶")
            self.sweep_button.setCheckable(True)
            self.sweep_button.setToolTip(f"Sweep {spec.symbol} across its range while the best-k star walks")
            self.sweep_button.setAccessibleName(f"Sweep {spec.label.lower()}")
            # Under the entry box (its column is wider than the button): the control gets no wider.
            layout.removeWidget(self.slider)
            layout.addWidget(self.slider, 1, 0)
            layout.addWidget(self.sweep_button, 1, 1, Qt.AlignmentFlag.AlignRight)
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
        self.error.hide()  # a value applied: an earlier refusal no longer applies
        self.edited.emit(self.spec.name, int(value) if self.spec.is_integer else round(value, 10))

    def _range_text(self) -> str:
        spec = self.spec
        kind = "whole numbers" if spec.is_integer else "numbers"
        bounds = f"{spec.format(spec.minimum)} to {spec.format(spec.maximum)}"
        return f"{spec.label} ({spec.symbol}) takes {kind} from {bounds}"

    def _on_rejected(self) -> None:
        self.show_error(f"{self._range_text()}.")

    def _on_refused(self, typed: str) -> None:
        shown = typed if len(typed) <= 20 else typed[:17] + "..."
        self.show_error(f"{self._range_text()}; {shown or 'nothing'} was not applied.")

    def show_error(self, message: str) -> None:
        """Show a short message under the control for a few seconds."""
        self.error.setText(message)
        self.error.show()
        self._error_timer.start()

    def set_meaning_shown(self, shown: bool) -> None:
        """Show or hide the line saying what the parameter means (the tooltip keeps it)."""
        self.meaning.setVisible(shown)
