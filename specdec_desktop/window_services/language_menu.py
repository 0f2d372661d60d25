"""View ▸ Language: switch the window's language live, and remember it for the next start.

One checkable action per language this build can show (``text.language_names()``: English,
the shipped catalogues, the pseudo-locale).  Choosing one activates it in the text layer; every
widget that follows the language (``views.language.follow_language``) sets its words again, the
cards and the narration are drawn again, and the choice is kept in the settings file
(``[view] language``), unless settings are off.  A catalogue that cannot be read leaves
English, says so in the status bar, and remembers nothing.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from .. import text
from ..text import _
from ..views.language import follow_language
from .notices import STATUS_SECONDS
from .settings_store import SettingsStore

__all__ = ["LanguageMenu"]


class LanguageMenu(QObject):
    """The View ▸ Language submenu (objectName ``menuLanguage``) and what a choice does."""

    def __init__(self, window: QMainWindow, settings: SettingsStore) -> None:
        super().__init__(window)
        self.setObjectName("languageMenu")
        self._window = window
        self._settings = settings
        #: How long the last switch took, in milliseconds (benchmarks/bench_language.py reads it).
        self.last_switch_ms = 0.0
        view = window.menuBar().findChild(QMenu, "menuView")
        self.menu = QMenu(window)
        self.menu.setObjectName("menuLanguage")
        if view is not None:
            view.addSeparator()
            view.addMenu(self.menu)
        group = QActionGroup(self.menu)
        group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for code, name in text.language_names().items():
            action = QAction(name, self.menu)
            action.setObjectName(f"action:view.language.{code}")
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, code=code: self.switch(code))
            group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action
        self._retranslate()
        follow_language(self, self._retranslate)

    def _retranslate(self) -> None:
        self.menu.setTitle(_("&Language"))
        active = self.actions.get(text.current().code)
        if active is not None:
            active.setChecked(True)

    def switch(self, code: str) -> bool:
        """Show the window in ``code`` now; return whether that language is active."""
        started = time.perf_counter()
        warning = text.activate(code)
        render = getattr(self._window, "_render", None)
        state = getattr(self._window, "state", None)
        if render is not None and state is not None:
            render(state.params)  # cards, chart labels and the run's words in the new language
        self.last_switch_ms = (time.perf_counter() - started) * 1000
        if warning is not None:
            self._window.statusBar().showMessage(warning, STATUS_SECONDS * 1000)
            self._retranslate()
            return False
        self._settings.remember_language(code)
        return True
