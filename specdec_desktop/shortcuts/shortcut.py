"""One row of the shortcut table: an action's id, keys, menu text, description and group (no Qt)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GROUPS", "Shortcut"]


@dataclass(frozen=True)
class Shortcut:
    """One action: its id, keys, menu text, one-line description and group.

    Attributes
    ----------
    id : str
        Stable name (``"tour.next"``); code connects to actions by it.
    keys : tuple of str
        Key sequences, first one shown in menus.
    text : str
        Menu text; ``&`` marks the mnemonic.
    description : str
        What it does, for the help overlay, status tips and screen readers.
    group : str
        Menu and help section, one of :data:`GROUPS`.
    wins_over_widgets : bool
        Keep working when a focused widget would take the key for itself.
    checkable : bool
        A menu item with a check mark (a mode that is on or off).
    separator_before : bool
        Start a new section of its menu.
    """

    id: str
    keys: tuple[str, ...]
    text: str
    description: str
    group: str
    wins_over_widgets: bool = False
    checkable: bool = False
    separator_before: bool = False

    @property
    def label(self) -> str:
        """Menu text without the mnemonic marker."""
        return self.text.replace("&&", "\0").replace("&", "").replace("\0", "&")


#: Menus and help sections, in order.
GROUPS = ("File", "Edit", "View", "Run", "Tour", "Help")
