"""The shortcut table's rows of Tour ▸ …: the guided tour."""

from __future__ import annotations

from .shortcut import Shortcut as S

ROWS: tuple[S, ...] = (
    S("tour.start", ("F5",), "&Start tour", "Start the guided tour at its first scene", "Tour"),
    S("tour.resume", ("Shift+F5",), "&Resume tour", "Start the tour at the scene last shown", "Tour"),
    S(
        "tour.next",
        ("PgDown", "Right"),
        "&Next scene",
        "Next scene (clicker: forward)",
        "Tour",
        wins_over_widgets=True,
        separator_before=True,
    ),
    S(
        "tour.previous",
        ("PgUp", "Left"),
        "&Previous scene",
        "Previous scene (clicker: back)",
        "Tour",
        wins_over_widgets=True,
    ),
    S("tour.stop", ("Ctrl+F5",), "&End tour", "Leave the tour (Esc does too)", "Tour", separator_before=True),
    S(
        "tour.add_scene",
        ("Ctrl+Shift+N",),
        "&Add the current view as a scene",
        "Append a scene with the configuration, pins, tab and focus shown now",
        "Tour",
        separator_before=True,
    ),
    S(
        "tour.save",
        ("Ctrl+Shift+S",),
        "Sa&ve tour as…",
        "Write the tour, with added scenes, to a file",
        "Tour",
    ),
)
