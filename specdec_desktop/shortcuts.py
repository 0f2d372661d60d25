"""Every keyboard shortcut of the app, in one table.

Widgets install their shortcuts from :data:`SHORTCUTS` by action id and the
help overlay lists the same table, so a key is declared once and the help
can never disagree with the app.  Key sequences use Qt's portable text form
(``QKeySequence(text)``); this module itself imports no Qt.

Keys kept free on purpose: the arrows, PageUp/PageDown and Home/End move a
focused slider, and presentation clickers send PageDown/PageUp, B, ".",
F5 and Escape.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SHORTCUTS", "Shortcut", "shortcut"]


@dataclass(frozen=True)
class Shortcut:
    """One action's keys.

    Attributes
    ----------
    action : str
        Stable id, ``"<area>.<verb>"``.
    keys : tuple of str
        Key sequences in ``QKeySequence`` text form; the first is the one shown.
    description : str
        What the keys do, as the help overlay shows it.
    group : str
        Heading the help overlay files it under.
    """

    action: str
    keys: tuple[str, ...]
    description: str
    group: str


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("app.quit", ("Ctrl+Q",), "Quit", "Application"),
    Shortcut("run.play_pause", ("Space",), "Play or pause the token-by-token run", "One run, token by token"),
    Shortcut("run.step", ("N",), "Single step: one draft step or one check", "One run, token by token"),
    Shortcut("run.restart", ("R",), "Restart the run from the first cycle", "One run, token by token"),
    Shortcut("run.slower", ("[",), "Play the run more slowly", "One run, token by token"),
    Shortcut("run.faster", ("]",), "Play the run faster", "One run, token by token"),
    Shortcut("run.new_seed", ("D",), "Draw a new seed (a different run)", "One run, token by token"),
)


def shortcut(action: str) -> Shortcut:
    """The table entry of ``action``.

    Raises
    ------
    KeyError
        If no shortcut has that action id.
    """
    for entry in SHORTCUTS:
        if entry.action == action:
            return entry
    raise KeyError(action)
