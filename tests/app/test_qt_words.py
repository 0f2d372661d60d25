"""Qt's own words follow the app's language: standard buttons, the keys' names in menus.

Qt translates them from its catalogue ``qtbase_<code>.qm`` (views/qt_words.py): in German the
question box says "&Ja"/"&Nein" and the File menu's Open "Strg+O"; a switch back to English
takes Qt's words back with it; the pseudo-locale leaves Qt's words English.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from specdec_desktop import text
from specdec_desktop.views.qt_words import qt_translator

from ..support.window import open_window


def _buttons() -> list[str]:
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    box = QMessageBox(QMessageBox.Icon.Question, "", "", buttons)
    return sorted(button.text() for button in box.buttons())


def _open_keys(window) -> str:
    action = window.findChild(QAction, "action:file.open_scenario")
    return action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)


def test_qts_own_words_follow_a_live_switch(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    try:
        assert qt_translator() is not None
        assert _buttons() == ["&Ja", "&Nein"]
        assert _open_keys(window) == "Strg+O"
        menu = window.services.language_menu
        assert menu.switch("es")
        assert _buttons() == ["&No", "&Sí"]
        assert menu.switch("zh_CN")
        assert _buttons() == ["否(&N)", "是(&Y)"]
        assert menu.switch("pseudo")  # no Qt catalogue: Qt's English, as in English
        assert qt_translator() is None and _buttons() == ["&No", "&Yes"]
        assert menu.switch("en")
        assert qt_translator() is None and _buttons() == ["&No", "&Yes"] and _open_keys(window) == "Ctrl+O"
    finally:
        text.activate(text.ENGLISH)
