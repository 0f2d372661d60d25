"""QActions and the menu bar, generated from the one shortcut table.

Every action is added to the window itself (not only to a menu), so its keys
work with the menu bar hidden in full screen.  Code connects behaviour by id:
``actions["tour.next"].triggered.connect(...)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMenuBar

from ..shortcuts import GROUPS, SHORTCUTS
from ..text import _
from ..views.language import follow_language

__all__ = ["THEME_ACTIONS", "build_actions", "build_menu_bar", "key_text", "retranslate_actions"]

#: Theme choice of each theme action (an exclusive group in the View menu).
THEME_ACTIONS = {
    "view.theme_system": "system",
    "view.theme_light": "light",
    "view.theme_dark": "dark",
    "view.theme_projector": "projector",
}


def key_text(keys: tuple[str, ...]) -> str:
    """Keys as the platform writes them (``Ctrl+Shift+Z``, ``⌘⇧Z`` on macOS)."""
    return ", ".join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in keys)


def build_actions(window: QMainWindow) -> dict[str, QAction]:
    """One QAction per table row, owned by and added to ``window``."""
    actions: dict[str, QAction] = {}
    themes = QActionGroup(window)
    themes.setExclusive(True)
    for row in SHORTCUTS:
        action = QAction(window)
        action.setObjectName(f"action:{row.id}")
        action.setShortcuts([QKeySequence(k) for k in row.keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setCheckable(row.checkable)
        if row.id in THEME_ACTIONS:
            themes.addAction(action)
        window.addAction(action)
        actions[row.id] = action
    retranslate_actions(actions)
    follow_language(window, lambda: retranslate_actions(actions, window.menuBar()))
    return actions


def _label(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def retranslate_actions(actions: dict[str, QAction], menu_bar: QMenuBar | None = None) -> None:
    """Set every action's words (and the menus' titles) from the text layer: the shortcut table
    holds the English, the catalogue its translations (docs/i18n.md)."""
    for row in SHORTCUTS:
        action = actions[row.id]
        text, description = _(row.text), _(row.description)
        # One "changed" per action (from setText), not four: each one makes its menus update.
        blocked = action.blockSignals(True)
        action.setStatusTip(description)
        action.setToolTip(f"{_label(text)} ({key_text(row.keys)})")
        action.setWhatsThis(description)
        action.blockSignals(blocked)
        action.setText(text)
    if menu_bar is not None:
        for group in GROUPS:
            menu = menu_bar.findChild(QMenu, f"menu{group}")
            if menu is not None:
                menu.setTitle(_(f"&{group}"))


def build_menu_bar(menu_bar: QMenuBar, actions: dict[str, QAction]) -> None:
    """Fill ``menu_bar`` with one menu per group, in table order."""
    for group in GROUPS:
        menu = menu_bar.addMenu(_(f"&{group}"))
        menu.setObjectName(f"menu{group}")
        for row in SHORTCUTS:
            if row.group != group:
                continue
            if row.separator_before and not menu.isEmpty():
                menu.addSeparator()
            menu.addAction(actions[row.id])
