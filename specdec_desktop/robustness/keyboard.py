"""What the fuzzer's actions share to act as a user does: typing any text, and a menu action.

Keys go through Qt's event system (QTest or a sent key event), the same path a person's keys take.
"""

from __future__ import annotations

import random
import string

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QMainWindow, QWidget

__all__ = ["KEYS", "trigger", "type_junk", "type_text"]

#: Text a user might type into an entry box, wanted or not.
TYPED_ALPHABET = string.digits * 4 + ".,-+eE " + string.ascii_letters + "×∞π½\u200b"
#: The keys the monkey presses; the first eight step a slider.
KEYS = (
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
    Qt.Key.Key_Return,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Space,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Delete,
    Qt.Key.Key_0,
    Qt.Key.Key_5,
    Qt.Key.Key_Period,
    Qt.Key.Key_Minus,
    Qt.Key.Key_B,
    Qt.Key.Key_N,
    Qt.Key.Key_F1,
    Qt.Key.Key_F5,
    Qt.Key.Key_F11,
)


def type_text(widget: QWidget, text: str) -> None:
    """Type ``text`` as key events carrying each character.

    (QTest.keyClicks maps characters to keys through Latin-1 and crashes on others such as
    "×" or "∞", which a user can still type with a compose key or paste.)
    """
    for char in text:
        key = ord(char.upper()) if char.isascii() and char.isalnum() else Qt.Key.Key_unknown
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, char))


def type_junk(box: QAbstractSpinBox, rng: random.Random) -> None:
    """Select all of an entry box, type up to eight characters of any kind, and leave it by
    Return, Tab or Escape."""
    box.lineEdit().selectAll()
    text = "".join(rng.choice(TYPED_ALPHABET) for _ in range(rng.randint(0, 8)))
    type_text(box.lineEdit(), text)
    QTest.keyClick(box, rng.choice((Qt.Key.Key_Return, Qt.Key.Key_Tab, Qt.Key.Key_Escape)))


def trigger(window: QMainWindow, name: str) -> None:
    """Trigger the window's action of object name ``name``, as its menu item would (not when it
    is disabled)."""
    action = window.findChild(QAction, name)
    if action is not None and action.isEnabled():
        action.trigger()
