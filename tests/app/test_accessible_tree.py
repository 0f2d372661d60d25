"""The window as assistive technology sees it: Qt's accessibility tree, walked in-process.

Every control that can take the keyboard focus must have a name and a role a screen reader can
say; the cards must say their figure, and tell a change politely once the figure rests.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from ..support.window import open_window

#: Roles that say nothing about what a control does.
_NO_ROLE = {QAccessible.Role.NoRole}


def focusable_controls(window) -> list[tuple[str, QAccessible.Role, str]]:
    """(name, role, objectName) of every focusable, visible interface under the window."""
    found = []

    def walk(iface, depth: int) -> None:
        if iface is None or not iface.isValid() or depth > 60:
            return
        state = iface.state()
        if state.focusable and not state.invisible:
            widget = iface.object()
            what = (widget.objectName() or type(widget).__name__) if widget is not None else "item"
            found.append((iface.text(QAccessible.Text.Name).strip(), iface.role(), what))
        for i in range(iface.childCount()):
            walk(iface.child(i), depth + 1)

    walk(QAccessible.queryAccessibleInterface(window), 0)
    return found


@pytest.mark.parametrize("argv", [[], ["--lang", "de"], ["--lang", "zh_CN"]])
def test_every_focusable_control_has_a_name_and_a_role(qtbot, argv):
    window = open_window(qtbot, argv, active=False)
    for tab in ("compare", "trees", "measured"):
        window.show_tab(tab)
        controls = focusable_controls(window)
        assert len(controls) > 20  # the walk reaches the controls, not only the frame
        unnamed = [(role, name) for text, role, name in controls if not text]
        roleless = [name for text, role, name in controls if role in _NO_ROLE]
        assert (unnamed, roleless) == ([], [])


def test_the_walk_would_catch_an_unnamed_control(qtbot):
    from PySide6.QtWidgets import QToolButton

    window = open_window(qtbot, [], active=False)
    window.assumptions_panel.set_expanded(True)
    icon_only = QToolButton(window.assumptions_panel)  # no text, no name: a screen reader says "button"
    icon_only.setObjectName("iconOnly")
    icon_only.show()
    qtbot.waitUntil(icon_only.isVisible)
    assert ("", QAccessible.Role.Button, "iconOnly") in focusable_controls(window)


def test_cards_say_their_figure_in_the_language_and_announce_politely(qtbot, monkeypatch):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    card = window.findChild(QWidget, "speedupCard")
    iface = QAccessible.queryAccessibleInterface(card)
    assert iface.text(QAccessible.Text.Name) == "Beschleunigung 1,82-fach"
    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    window.state.set(p=0.85)
    assert card.last_announcement == ""  # not at once: a dragged slider would flood the reader
    qtbot.waitUntil(lambda: card.last_announcement == "Beschleunigung 2,38-fach", timeout=3000)


def test_the_chart_gets_a_name_when_it_arrives_after_the_first_paint(qtbot):
    from specdec_desktop.app import build_window
    from specdec_desktop.launch import LaunchOptions

    window = build_window(LaunchOptions(no_settings=True), interactive=True)
    qtbot.addWidget(window)
    assert window.findChild(QWidget, "speedupPlot") is None
    window.install_chart()
    qtbot.waitUntil(lambda: bool(window.findChild(QWidget, "speedupPlot").viewport().accessibleName()))


def test_the_runs_state_and_what_it_measured_are_announced_politely(qtbot, monkeypatch):
    from specdec_desktop.model import race_totals
    from specdec_desktop.wording.numbers import format_times

    window = open_window(qtbot, ["--lang", "de"], active=False)
    view = window.findChild(QWidget, "tokenRun")
    player = window.app_state.player
    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    for _event in range(view.run.stream.k + 2):  # through the first check, one event at a time
        player.step()
    assert view.announcer.last_announcement == ""  # not at once: stepping on would flood the reader
    qtbot.waitUntil(lambda: view.announcer.last_announcement == view.caption.text(), timeout=3000)
    player.toggle()
    qtbot.waitUntil(lambda: view.announcer.last_announcement == "Der Lauf wird abgespielt.", timeout=3000)
    player.toggle()
    totals = race_totals(view.run.stream, player.playhead)
    paused = (
        f"Der Lauf ist angehalten. Gemessene Beschleunigung {format_times(totals.achieved_speedup)}, "
        f"vom Modell erwartet {format_times(totals.expected_speedup)}."
    )
    qtbot.waitUntil(lambda: view.announcer.last_announcement == paused, timeout=3000)


def test_an_import_is_announced_politely_in_the_language(qtbot, monkeypatch):
    from ..support.paths import TEST_DATA

    window = open_window(qtbot, ["--lang", "de"], active=False)
    panel = window.findChild(QWidget, "measuredPanel")
    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    assert window.services.measurements.import_paths([TEST_DATA / "metrics" / "llama_reference.log"])
    assert panel.announcer.last_announcement == ""
    qtbot.waitUntil(lambda: bool(panel.announcer.last_announcement), timeout=3000)
    said = panel.announcer.last_announcement
    assert ": Tokens pro Schritt " in said and ", angepasstes p " in said, said
    assert panel.recommendation.text() in said  # what to do, as the panel says it
