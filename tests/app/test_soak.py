"""Soak: an hour of the run at top speed (accelerated clock), 100 resets and 100 theme/zoom
changes on the whole window.  Resident memory must not grow by 10 MB after warm-up, and the
live QObjects, timers and top-level widgets must come back to their starting counts."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QEventLoop, QObject, QPropertyAnimation, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from specdec_desktop.state.player import MAX_TICK_SECONDS, SPEEDS

from ..support.window import LAPTOP, open_window

THEME_ACTIONS = ("view.theme_light", "view.theme_dark", "view.theme_projector", "view.theme_system")
ZOOM_ACTIONS = ("view.zoom_in", "view.zoom_out", "view.zoom_reset")


def _resident_mib() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def _counts(window) -> dict[str, int]:
    # Let deleteLater() and queued events finish, as the event loop would between frames: a
    # running loop deletes what asked to be deleted outside one (such as the zero-length geometry
    # animation QMainWindow's layout makes when the central widget moves).
    for _ in range(3):
        loop = QEventLoop()
        QTimer.singleShot(0, loop.quit)
        loop.exec()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
    gc.collect()
    return {
        # Qt makes a QPropertyAnimation at the first use of some helpers (a tab bar that must
        # scroll its tabs at one theme and zoom): those are bounded apart, at the end.
        "QObjects under the window": len(window.findChildren(QObject))
        - len(window.findChildren(QPropertyAnimation)),
        "timers": len(window.findChildren(QTimer)),
        "top-level widgets": len(QApplication.topLevelWidgets()),
        "widgets": len(QApplication.allWidgets()),
    }


def _trigger(window, action_id: str) -> None:
    action = window.findChild(QAction, f"action:{action_id}")
    assert action is not None, action_id
    if action.isEnabled():
        action.trigger()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/statm")
def test_an_hour_at_top_speed_with_resets_and_theme_changes(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    window.resize(1600, 1000)
    player = window.token_run.player
    window.show_tab("token-run")
    player.set_speed(SPEEDS[-1])
    hour_ticks = round(3600 / MAX_TICK_SECONDS)
    changes = 100  # resets, and theme or zoom changes, spread over the hour
    every = hour_ticks // changes

    # One change of each kind first: Qt creates some helpers on first use (the status bar makes
    # its message timer at the first timed message) and those are not leaks.
    _trigger(window, "edit.reset")
    for action_id in (*THEME_ACTIONS, *ZOOM_ACTIONS):
        _trigger(window, action_id)
    _trigger(window, "view.zoom_reset")
    before = _counts(window)
    warm = None
    played = 0.0  # target passes played in all, across the restarts the changes cause
    for tick in range(hour_ticks):
        start = player.passes
        player.advance(MAX_TICK_SECONDS)  # the accelerated clock: one tick of wall time at a time
        played += player.passes - start
        if tick % every == every // 2:
            change = tick // every
            window.state.set(k=1 + change % 12, p=0.5 + (change % 5) / 10)
            _trigger(window, "edit.reset")
            _trigger(window, THEME_ACTIONS[change % len(THEME_ACTIONS)])
            _trigger(window, ZOOM_ACTIONS[change % len(ZOOM_ACTIONS)])
        if tick % 200 == 0:
            window.token_run.repaint()  # paint now, as the screen would
            QApplication.processEvents()
        if tick == hour_ticks // 10:
            _counts(window)
            warm = _resident_mib()
    _trigger(window, "view.theme_system")
    _trigger(window, "view.zoom_reset")
    after = _counts(window)

    assert played == pytest.approx(3600 * SPEEDS[-1], rel=1e-6)  # the run went on for the hour
    assert _resident_mib() - warm < 10
    assert after == before
    assert len(window.findChildren(QPropertyAnimation)) <= 2  # Qt's helpers, made once
