"""Qt's own words follow the app's language: the standard buttons (OK, Yes, No, Cancel), the file
dialog, the entry boxes' context menu, and the keys' names in menus (German "Strg+O").

Qt translates these from its own catalogue, ``qtbase_<code>.qm``, which PySide6 ships in Qt's
translations folder (``QLibraryInfo``'s ``TranslationsPath``; the frozen bundle keeps the three
the app speaks, 0.5 MiB: packaging/bundle_rules.py).  :func:`follow_in_qt` installs it for the
active language on the application and swaps it at each switch (View ▸ Language); English and
the pseudo-locale use none.  A language Qt has no catalogue for (one added by its ``.po`` file
alone) keeps Qt's English; nothing else changes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

from ..text import ENGLISH, PSEUDO, current, on_change

__all__ = ["QT_CATALOGUE", "follow_in_qt", "qt_translator"]

#: Qt's catalogue of its own widgets' words.
QT_CATALOGUE = "qtbase"

_installed: list[QTranslator] = []
#: The application's property that says it follows already.
_FOLLOWING = "specdecQtWords"


def qt_translator() -> QTranslator | None:
    """The translator of Qt's own words installed now (None: Qt speaks English)."""
    return _installed[0] if _installed else None


def _install(app: QCoreApplication, code: str) -> None:
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    if code in (ENGLISH, PSEUDO):
        return
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"{QT_CATALOGUE}_{code}", folder):
        app.installTranslator(translator)
        _installed.append(translator)


def follow_in_qt(app: QCoreApplication) -> None:
    """Qt's own words in the active language now and after every switch (call once per app)."""
    if app.property(_FOLLOWING):
        return
    app.setProperty(_FOLLOWING, True)
    _install(app, current().code)
    on_change(lambda code: _install(app, code))
