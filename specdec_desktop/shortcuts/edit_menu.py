"""The shortcut table's rows of Edit ▸ …: undo, redo, reset, copy, pins."""

from __future__ import annotations

from .shortcut import Shortcut as S

ROWS: tuple[S, ...] = (
    S("edit.undo", ("Ctrl+Z",), "&Undo", "Undo the last parameter change", "Edit", wins_over_widgets=True),
    S(
        "edit.redo",
        ("Ctrl+Shift+Z", "Ctrl+Y"),
        "&Redo",
        "Redo the change just undone",
        "Edit",
        wins_over_widgets=True,
    ),
    S(
        "edit.reset",
        ("Ctrl+R",),
        "R&eset parameters",
        "Back to the defaults, the opened scenario, or the current tour scene",
        "Edit",
        wins_over_widgets=True,
        separator_before=True,
    ),
    S(
        "edit.restore_defaults",
        ("Ctrl+Shift+R",),
        "Restore &defaults",
        "Default parameters, theme and zoom, and forget saved settings",
        "Edit",
    ),
    S(
        "edit.focus_k",
        ("Alt+K",),
        "Go to draft length (&k)",
        "Move keyboard focus to the draft-length box (type a value)",
        "Edit",
        separator_before=True,
    ),
    S(
        "edit.focus_p",
        ("Alt+P",),
        "Go to acceptance rate (&p)",
        "Move keyboard focus to the acceptance-rate box (type a value)",
        "Edit",
    ),
    S(
        "edit.focus_c",
        ("Alt+C",),
        "Go to draft cost (&c)",
        "Move keyboard focus to the draft-cost box (type a value)",
        "Edit",
    ),
)
