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
    QSlider,
    QSpinBox,
    QToolButton,
    QWidget,
)

from ..model import ParameterSpec
from ..model.parameters import MAX_DECIMALS
from ..text import N_, _, delocalize, localize, ngettext
from .language import follow_language
from .wrapped_label import WrappedLabel

__all__ = ["OBJECT_NAMES", "ParameterControl"]

#: objectNames of (slider, entry box) by parameter name, as docs/interface.md lists them.
OBJECT_NAMES = {
    "k": ("draftLengthSlider", "draftLengthInput"),
    "p": ("acceptanceSlider", "acceptanceInput"),
    "c": ("draftCostSlider", "draftCostInput"),
}

_HINT_SECONDS = 4

#: A unit the count box writes with its number, as singular and plural messages (English: the
#: unit's own word, "1 token", "6 tokens").
_UNIT_FORMS = {"tokens": ("{n} token", "{n} tokens")}

#: The sweep button's accessible name by parameter (English: "Sweep " + the label in lower case).
_SWEEP_NAMES = {"p": N_("Sweep acceptance rate"), "c": N_("Sweep draft cost")}


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
            forms = _UNIT_FORMS.get(unit)
            if forms is not None:  # the unit as the active language writes it ("6 Tokens", "6 个 token")
                for count in (2, 1):
                    before, _sep, after = ngettext(*forms, count).partition("{n}")
                    if _sep and text.startswith(before.strip()) and text.endswith(after.strip()):
                        text = text[len(before.strip()) : len(text) - len(after.strip())].strip()
                        break
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
            forms = _UNIT_FORMS.get(unit)
            if forms is not None:
                return ngettext(*forms, int(value)).format(n=text)
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

        self._compact = False
        self.title = WrappedLabel()
        self.title.setProperty("role", "heading")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        # The title wraps before the number box beside it is squeezed (large type, zoom).

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

        self.meaning = WrappedLabel()
        self.meaning.setProperty("role", "hint")

        self.error = WrappedLabel("")
        self.error.setProperty("role", "error")
        self.error.hide()
        self._error_timer = QTimer(self)
        self._error_timer.setSingleShot(True)
        self._error_timer.setInterval(_HINT_SECONDS * 1000)
        self._error_timer.timeout.connect(self.error.hide)

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
            # Under the entry box (its column is wider than the button): the control gets no wider.
            layout.removeWidget(self.slider)
            layout.addWidget(self.slider, 1, 0)
            layout.addWidget(self.sweep_button, 1, 1, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.meaning, 2, 0, 1, 2)
        layout.addWidget(self.error, 3, 0, 1, 2)
        layout.setColumnStretch(0, 1)
        # The style's spacing, fixed now: a grid with none of its own asks the style (a call into
        # Python) at each of its measures, about 1,300 times a zoom step for the three sliders.
        layout.setHorizontalSpacing(layout.horizontalSpacing())
        layout.setVerticalSpacing(layout.verticalSpacing())

        self.slider.valueChanged.connect(self._on_slider)
        self.entry.valueChanged.connect(self._on_entry)
        self.entry.lineEdit().inputRejected.connect(self._on_rejected)
        self.retranslate()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word of the control in the active language (at start and after a switch); the
        entry box writes its number again (the language's decimal mark, its unit)."""
        spec = self.spec
        label, meaning = _(spec.label), _(spec.meaning)
        self.title.setText(f"<i>{spec.symbol}</i>" if self._compact else f"{label}  <i>{spec.symbol}</i>")
        self.title.setToolTip(label if self._compact else "")
        self.meaning.setText(meaning)
        self.setToolTip(meaning)  # also when the line steps aside (presenting)
        range_text = self._bounds()
        for widget in (self.slider, self.entry):
            widget.setAccessibleName(label)
            widget.setAccessibleDescription(
                _("{meaning} Range {range}.").format(meaning=meaning, range=range_text)
            )
            widget.setToolTip(_("{meaning}\nRange {range}.").format(meaning=meaning, range=range_text))
        if self.sweep_button is not None:
            self.sweep_button.setToolTip(
                _("Sweep {symbol} across its range while the best-k star walks").format(symbol=spec.symbol)
            )
            self.sweep_button.setAccessibleName(
                _(_SWEEP_NAMES[spec.name]) if spec.name in _SWEEP_NAMES else f"Sweep {label.lower()}"
            )
        with QSignalBlocker(self.entry):
            self.entry.setValue(self.entry.value())  # the text again, in the language's way

    def _bounds(self) -> str:
        spec = self.spec
        return _("{low} to {high}").format(
            low=localize(spec.format(spec.minimum)), high=localize(spec.format(spec.maximum))
        )

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
        if spec.is_integer:
            text = _("{label} ({symbol}) takes whole numbers from {bounds}")
        else:
            text = _("{label} ({symbol}) takes numbers from {bounds}")
        return text.format(label=_(spec.label), symbol=spec.symbol, bounds=self._bounds())

    def _on_rejected(self) -> None:
        self.show_error(_("{limits}.").format(limits=self._range_text()))

    def _on_refused(self, typed: str) -> None:
        shown = typed if len(typed) <= 20 else typed[:17] + "..."
        self.show_error(
            _("{limits}; {typed} was not applied.").format(
                limits=self._range_text(), typed=shown or _("nothing")
            )
        )

    def show_error(self, message: str) -> None:
        """Show a short message under the control for a few seconds."""
        self.error.setText(message)
        self.error.show()
        self._error_timer.start()

    def set_compact(self, on: bool) -> None:
        """Title the control with its symbol alone (k, p, c), its name then in the tooltip: a
        presenting column that large type would make scroll (zoomed x2 in the projector theme,
        "Draft length k" took three lines beside its box)."""
        if on != self._compact:
            self._compact = on
            self.retranslate()

    @property
    def compact(self) -> bool:
        return self._compact

    def set_meaning_shown(self, shown: bool) -> None:
        """Show or hide the line saying what the parameter means (the tooltip keeps it)."""
        self.meaning.setVisible(shown)
