"""The shortcut table's rows of Help ▸ …: the keyboard help, About."""

from __future__ import annotations

from .shortcut import Shortcut as S

ROWS: tuple[S, ...] = (
    S(
        "help.shortcuts",
        ("F1",),
        "&Keyboard shortcuts",
        "Show or hide this list",
        "Help",
        wins_over_widgets=True,
        checkable=True,
    ),
    S("help.about", ("Ctrl+F1",), "&About SpecDec Desktop", "Version and licence", "Help"),
)
