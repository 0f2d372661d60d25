"""Self-test check of the three parameter controls: slider, keyboard and entry box each drive the state.

Every control is found by its objectName (docs/interface.md) and operated the way a
user would (setting the slider, arrow/Page/Home/End keys, typing a value and
Enter); after each action the state, the other widget of the pair and the
cards must agree.  The parameters are put back as they were at the end.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QLabel, QSlider, QWidget

from ..model import SPECS, ParameterSpec, readouts
from ..text import N_, Phrase, _
from ..views.parameter_control import OBJECT_NAMES
from ..wording.cards import card_texts
from .context import SelfTestContext, expect

__all__ = ["check_controls"]


def _find(ctx: SelfTestContext, kind: type, name: str):
    widget = ctx.window.findChild(kind, name)
    expect(widget is not None, N_("no {kind} named {name!r}"), kind=kind.__name__, name=name)
    return widget


def _agree(
    ctx: SelfTestContext, spec: ParameterSpec, slider: QSlider, entry, want: float, action: str
) -> None:
    """``action`` (a phrase, or code such as ``acceptanceSlider.setValue(33)``) left the state,
    both widgets and the speedup card at ``want``."""
    params = ctx.window.state.params
    have = getattr(params, spec.name)
    name = spec.name
    expect(
        math.isclose(have, want, abs_tol=1e-9),
        N_("{action}: state {name} = {have}, expected {want}"),
        action=action,
        name=name,
        have=have,
        want=want,
    )
    expect(
        slider.value() == spec.to_slider(want),
        N_("{action}: slider at {position} for {name} = {want}"),
        action=action,
        position=slider.value(),
        name=name,
        want=want,
    )
    expect(
        math.isclose(entry.value(), want, abs_tol=1e-9),
        N_("{action}: entry box shows {value}"),
        action=action,
        value=entry.value(),
    )
    speed = _find(ctx, QWidget, "speedupCard").findChild(QLabel, "value")
    shown = speed.text() if speed is not None else ""
    expect(
        shown == card_texts(readouts(params))["speedupCard"].value,
        N_("{action}: speedup card shows {shown!r}"),
        action=action,
        shown=shown,
    )


def _on(key: Phrase, slider: str) -> Phrase:
    """The action "``key`` (the key's name on the keyboard) pressed on ``slider``"."""
    return Phrase(N_("{key} on {slider}"), key=key, slider=slider)


def _exercise(ctx: SelfTestContext, spec: ParameterSpec) -> int:
    slider_name, entry_name = OBJECT_NAMES[spec.name]
    slider: QSlider = _find(ctx, QSlider, slider_name)
    entry = _find(ctx, QAbstractSpinBox, entry_name)
    steps = 0

    def value_at(position: int) -> float:
        return spec.from_slider(max(0, min(spec.slider_steps, position)))

    # The slider, set directly.
    position = spec.slider_steps // 3
    slider.setValue(position)
    _agree(ctx, spec, slider, entry, value_at(position), f"{slider_name}.setValue({position})")
    # The keyboard on the slider.
    for key, delta, label in (
        (Qt.Key.Key_Right, 1, Phrase(N_("Right"))),
        (Qt.Key.Key_PageUp, slider.pageStep(), Phrase(N_("PageUp"))),
        (Qt.Key.Key_Left, -1, Phrase(N_("Left"))),
        (Qt.Key.Key_PageDown, -slider.pageStep(), Phrase(N_("PageDown"))),
    ):
        position = slider.value() + delta
        QTest.keyClick(slider, key)
        _agree(ctx, spec, slider, entry, value_at(position), _on(label, slider_name))
        steps += 1
    QTest.keyClick(slider, Qt.Key.Key_End)
    _agree(ctx, spec, slider, entry, spec.maximum, _on(Phrase(N_("End")), slider_name))
    QTest.keyClick(slider, Qt.Key.Key_Home)
    _agree(ctx, spec, slider, entry, spec.minimum, _on(Phrase(N_("Home")), slider_name))
    # The entry box, set directly and typed into.
    middle = value_at(spec.slider_steps // 2)
    entry.setValue(middle)
    _agree(ctx, spec, slider, entry, middle, f"{entry_name}.setValue({middle})")
    typed = value_at(2 * spec.slider_steps // 3)
    entry.selectAll()
    QTest.keyClicks(entry, spec.format(typed))
    QTest.keyClick(entry, Qt.Key.Key_Return)
    typing = Phrase(N_("typing {typed} into {box}"), typed=spec.format(typed), box=entry_name)
    _agree(ctx, spec, slider, entry, typed, typing)
    # Text that is not a number is refused and changes nothing.
    before = ctx.window.state.params
    entry.selectAll()
    QTest.keyClicks(entry, "x")
    QTest.keyClick(entry, Qt.Key.Key_Return)
    expect(
        ctx.window.state.params == before, N_("typing a letter into {box} changed the state"), box=entry_name
    )
    _agree(ctx, spec, slider, entry, typed, Phrase(N_("after a refused entry in {box}"), box=entry_name))
    return steps + 7


def check_controls(ctx: SelfTestContext) -> str:
    """Operate every slider and entry box; the state, the paired widget and the cards follow."""
    start = ctx.window.state.params
    actions = 0
    try:
        for spec in SPECS:
            actions += _exercise(ctx, spec)
    finally:
        ctx.window.state.set_params(start)
    return _("{count} parameters, {actions} actions").format(count=len(SPECS), actions=actions)
