"""QActions and the menu bar, generated from the one shortcut table.

Every action is added to the window itself (not only to a menu), so its keys
work with the menu bar hidden in full screen.  Code connects behaviour by id:
``actions["tour.next"].triggered.connect(...)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenuBar

from ..shortcuts import GROUPS, SHORTCUTS

__all__ = ["THEME_ACTIONS", "build_actions", "build_menu_bar", "key_text"]

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
        action = QAction(row.text, window)
        action.setObjectName(f"action:{row.id}")
        action.setShortcuts([QKeySequence(k) for k in row.keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setStatusTip(row.description)
        action.setToolTip(f"{row.label} ({key_text(row.keys)})")
        action.setWhatsThis(row.description)
        action.setCheckable(row.checkable)
        if row.id in THEME_ACTIONS:
            themes.addAction(action)
        window.addAction(action)
        actions[row.id] = action
    return actions


def build_menu_bar(menu_bar: QMenuBar, actions: dict[str, QAction]) -> None:
    """Fill ``menu_bar`` with one menu per group, in table order."""
    for group in GROUPS:
        menu = menu_bar.addMenu(f"&{group}")
        menu.setObjectName(f"menu{group}")
        for row in SHORTCUTS:
            if row.group != group:
                continue
            if row.separator_before and not menu.isEmpty():
                menu.addSeparator()
            menu.addAction(actions[row.id])
