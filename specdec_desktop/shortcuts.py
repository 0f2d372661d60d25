"""Every keyboard shortcut of the app, in one table.

The menus, the window's actions and the F1 help overlay are all generated from
:data:`SHORTCUTS`; nothing else binds a key.  Adding an action is adding a row
(and connecting its id where it is handled).  Keys are written in Qt's portable
text form (``"Ctrl+Shift+Z"``) so this module needs no Qt.

``wins_over_widgets`` marks the keys that must work whatever has focus: a
focused entry box would otherwise keep PageUp/PageDown, Left/Right, B, Escape
or Ctrl+Z for itself (presentation clickers send the first five).  The
application-wide guard in :mod:`specdec_desktop.window_services.shortcut_guard`
reads this flag.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GROUPS", "SHORTCUTS", "Shortcut", "by_id"]


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

S = Shortcut
SHORTCUTS: tuple[Shortcut, ...] = (
    # File
    S("file.open_scenario", ("Ctrl+O",), "&Open scenario…", "Open a saved scenario file", "File"),
    S("file.save_scenario", ("Ctrl+S",), "&Save scenario…", "Save parameters, theme, zoom and tour", "File"),
    S("file.open_tour", ("Ctrl+Shift+O",), "Open &tour…", "Open your own tour file and start it", "File"),
    S(
        "file.export_png",
        ("Ctrl+E",),
        "Export chart as &PNG…",
        "Save the chart as a PNG image at twice screen resolution",
        "File",
        separator_before=True,
    ),
    S(
        "file.export_svg",
        ("Ctrl+Shift+E",),
        "Export chart as S&VG…",
        "Save the chart as a vector image",
        "File",
    ),
    S(
        "file.export_csv",
        ("Ctrl+Alt+E",),
        "Export curve &data as CSV…",
        "Save the speedup at every k for p and p ± 0.10",
        "File",
    ),
    S(
        "file.copy_readouts",
        ("Ctrl+Shift+C",),
        "&Copy readouts",
        "Copy the four readouts to the clipboard as text",
        "File",
    ),
    S(
        "file.import_measurements",
        ("Ctrl+I",),
        "&Import measurements…",
        "Read a serving engine's speculative-decoding metrics and fit them",
        "File",
        separator_before=True,
    ),
    S(
        "file.paste_measurements",
        ("Ctrl+Shift+V",),
        "Paste &measurements",
        "Read speculative-decoding metrics from the clipboard",
        "File",
    ),
    S(
        "file.use_measured_costs",
        ("Ctrl+Shift+M",),
        "&Use measured costs",
        "Set p, c, the overhead and the verify growth to what the imported runs at several k measured",
        "File",
    ),
    S(
        "file.export_report",
        ("Ctrl+Alt+H",),
        "Export &report…",
        "Save the imported measurement, fit and recommendation as one HTML file",
        "File",
    ),
    S("file.quit", ("Ctrl+Q",), "&Quit", "Close SpecDec Desktop", "File", separator_before=True),
    # Edit
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
    # View
    S(
        "view.theme_system",
        ("Ctrl+Shift+A",),
        "&Automatic theme",
        "Follow the system's light or dark setting",
        "View",
        checkable=True,
    ),
    S(
        "view.theme_light",
        ("Ctrl+Shift+L",),
        "&Light theme",
        "Dark text on a light page",
        "View",
        checkable=True,
    ),
    S(
        "view.theme_dark",
        ("Ctrl+Shift+D",),
        "&Dark theme",
        "Light text on a dark page",
        "View",
        checkable=True,
    ),
    S(
        "view.theme_projector",
        ("Ctrl+Shift+P",),
        "&Projector theme",
        "Black on white, large type and heavy lines for a lecture room",
        "View",
        checkable=True,
    ),
    S(
        "view.zoom_in",
        ("Ctrl+=", "Ctrl++"),
        "Zoom &in",
        "Make everything larger",
        "View",
        wins_over_widgets=True,
        separator_before=True,
    ),
    S("view.zoom_out", ("Ctrl+-",), "Zoom &out", "Make everything smaller", "View", wins_over_widgets=True),
    S("view.zoom_reset", ("Ctrl+0",), "&Actual size", "Back to 100 % zoom", "View", wins_over_widgets=True),
    S(
        "view.fullscreen",
        ("F11",),
        "&Full screen",
        "Fill the screen; Esc leaves",
        "View",
        wins_over_widgets=True,
        checkable=True,
        separator_before=True,
    ),
    S(
        "view.blank",
        ("B", "."),
        "&Blank screen",
        "Black out the screen and bring it back (clicker button)",
        "View",
        wins_over_widgets=True,
        checkable=True,
    ),
    S(
        "view.leave",
        ("Esc",),
        "Step &back",
        "Close help, end the blank screen, end the tour, then leave full screen: one per press",
        "View",
        wins_over_widgets=True,
    ),
    S(
        "view.tab_token_run",
        ("Ctrl+1",),
        "Show one &run, token by token",
        "Show the token-by-token panel",
        "View",
        separator_before=True,
    ),
    S("view.tab_why_peak", ("Ctrl+2",), "Show why the curve &peaks", "Show the essay on the peak", "View"),
    S(
        "view.tab_acceptance",
        ("Ctrl+3",),
        "Show why acceptance isn't the &goal",
        "Show the essay on acceptance",
        "View",
    ),
    S(
        "view.tab_model_limits",
        ("Ctrl+4",),
        "Show what the model &leaves out",
        "Show the essay on the model's limits",
        "View",
    ),
    S(
        "view.tab_compare",
        ("Ctrl+5",),
        "Show the pinned &configurations",
        "Show the table of pinned configurations and the published presets",
        "View",
    ),
    S(
        "view.map",
        ("Ctrl+M",),
        "Show the (p, c) &map",
        "Show the map of the best speedup in the chart's place, or the chart again",
        "View",
        checkable=True,
    ),
    S(
        "edit.pin",
        ("Ctrl+P",),
        "&Pin this configuration",
        "Keep the current configuration as a named curve on the chart (up to six)",
        "Edit",
    ),
    S(
        "view.tab_measured",
        ("Ctrl+6",),
        "Show the &measured panel",
        "Show what imported metrics gave: tau, fitted p, per-position acceptance, verdict",
        "View",
    ),
    S(
        "view.tab_trees",
        ("Ctrl+7",),
        "Show the draft &trees",
        "Show the Draft shape control, the rank vector and the tree diagram",
        "View",
    ),
    S(
        "view.tab_sampling",
        ("Ctrl+8",),
        "Show &where p comes from",
        "Show the target and draft distributions, the verification rules and the draws",
        "View",
    ),
    # Presenting: what a lecturer asked for (issue 21).
    S(
        "view.predict",
        ("Ctrl+Shift+H",),
        "Predict, then &reveal",
        "Hide the cards and the best-k star so the class predicts first (V reveals)",
        "View",
        checkable=True,
        separator_before=True,
    ),
    S("view.reveal", ("V",), "Re&veal the answer", "Show the hidden cards and best-k star", "View"),
    S(
        "view.laser",
        ("Ctrl+L",),
        "&Laser pointer",
        "A large high-contrast halo follows the mouse, so the back row sees what is pointed at",
        "View",
        checkable=True,
    ),
    S(
        "view.sweep_p",
        ("Ctrl+Alt+P",),
        "S&weep acceptance rate",
        "Animate p across its range while the best-k star walks; again to stop",
        "View",
        checkable=True,
    ),
    S(
        "view.sweep_c",
        ("Ctrl+Alt+C",),
        "Sweep draft &cost",
        "Animate c across its range while the best-k star walks; again to stop",
        "View",
        checkable=True,
    ),
    # Run: the token-by-token animation. Arrows, PageUp/PageDown and Home/End stay with the
    # sliders, and B, ".", F5 and Escape with the clicker, so the run takes letters and brackets.
    S("run.play_pause", ("Space",), "&Play or pause", "Play or pause the token-by-token run", "Run"),
    S("run.step", ("N",), "Single &step", "One draft step or one check of the run", "Run"),
    S("run.restart", ("R",), "&Restart run", "Restart the run from its first cycle", "Run"),
    S("run.slower", ("[",), "S&lower", "Play the run more slowly", "Run", separator_before=True),
    S("run.faster", ("]",), "&Faster", "Play the run faster", "Run"),
    S("run.new_seed", ("D",), "New see&d", "Draw a new seed: a different run", "Run", separator_before=True),
    # Tour
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
    # Help
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
del S

_BY_ID = {row.id: row for row in SHORTCUTS}


def by_id(action_id: str) -> Shortcut:
    """The row for ``action_id``; ``KeyError`` if there is none."""
    return _BY_ID[action_id]
