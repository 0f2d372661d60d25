"""A wrapped label's kept heights are the ones QLabel gives, and follow its text, type and margins."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel

from specdec_desktop.views.wrapped_label import WrappedLabel

RICH = "The <i>draft</i> model proposes <b>k</b> tokens; the <i>target</i> checks them " * 4
PLAIN = "With p = 0.8 and k = 4, about 3.4 tokens are accepted per cycle of the target. " * 3


def _font(px: int) -> QFont:
    font = QFont()
    font.setPixelSize(px)
    return font


def _pair(qtbot, text: str, rich: bool) -> tuple[WrappedLabel, QLabel]:
    labels = WrappedLabel(text), QLabel(text)
    for label in labels:
        qtbot.addWidget(label)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    return labels


@pytest.mark.parametrize("rich", [True, False])
def test_heights_are_qlabels(qtbot, rich: bool) -> None:
    wrapped, plain = _pair(qtbot, RICH if rich else PLAIN, rich)
    for px in (14, 21):
        for label in (wrapped, plain):
            label.setFont(_font(px))
        for width in (120, 200, 120, 333, 200):  # asked again: answered from what was kept
            assert wrapped.heightForWidth(width) == plain.heightForWidth(width)


def test_kept_heights_follow_text_type_and_margins(qtbot) -> None:
    wrapped, plain = _pair(qtbot, RICH, True)
    before = wrapped.heightForWidth(150)
    for label in (wrapped, plain):
        label.setText(RICH * 2)
    assert wrapped.heightForWidth(150) == plain.heightForWidth(150) > before
    for label in (wrapped, plain):
        label.setFont(_font(30))
    assert wrapped.heightForWidth(150) == plain.heightForWidth(150)
    for label in (wrapped, plain):
        label.setContentsMargins(10, 12, 10, 12)
        label.setIndent(8)
    assert wrapped.heightForWidth(150) == plain.heightForWidth(150)


def test_the_kept_answers_are_bounded(qtbot) -> None:
    wrapped, _plain = _pair(qtbot, PLAIN, False)
    for width in range(100, 400):
        wrapped.heightForWidth(width)
    assert len(wrapped._heights) <= 48
