"""Every keyboard shortcut of the app, in one table.

The menus, the window's actions and the F1 help overlay are all generated from
:data:`SHORTCUTS`; nothing else binds a key.  Adding an action is adding a row
(and connecting its id where it is handled), in the module of its menu
(``file_menu.py``, ``edit_menu.py``, ``view_menu.py``, ``run_menu.py``, ``tour_menu.py``,
``help_menu.py``).  Keys are written in Qt's portable
text form (``"Ctrl+Shift+Z"``) so this module needs no Qt.

``wins_over_widgets`` marks the keys that must work whatever has focus: a
focused entry box would otherwise keep PageUp/PageDown, Left/Right, B, Escape
or Ctrl+Z for itself (presentation clickers send the first five).  The
application-wide guard in :mod:`specdec_desktop.window_services.shortcut_guard`
reads this flag.
"""

from __future__ import annotations

from . import edit_menu, file_menu, help_menu, run_menu, tour_menu, view_menu
from .shortcut import GROUPS, Shortcut

__all__ = ["GROUPS", "SHORTCUTS", "Shortcut", "by_id"]

#: Every action, menu by menu in the order of :data:`GROUPS`.
SHORTCUTS: tuple[Shortcut, ...] = (
    *file_menu.ROWS,
    *edit_menu.ROWS,
    *view_menu.ROWS,
    *run_menu.ROWS,
    *tour_menu.ROWS,
    *help_menu.ROWS,
)

_BY_ID = {row.id: row for row in SHORTCUTS}


def by_id(action_id: str) -> Shortcut:
    """The row for ``action_id``; ``KeyError`` if there is none."""
    return _BY_ID[action_id]
