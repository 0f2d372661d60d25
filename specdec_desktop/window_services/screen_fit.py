"""The window fits the screen it is on: at start, after leaving full screen, after a change of screen.

A lecture room's projector is often 1280x800 or 1024x768; a window opened at 1600x1000 there
hides the best draft length, the legend and the tabs off-screen.  :class:`ScreenFit` keeps the
window's frame (title bar and borders included) inside the screen's available geometry (less
the panels and docks), at most the size asked for; the window then lays itself out for the size
it got (``MainWindow.resizeEvent``).  Full screen and maximised windows are the window manager's.

The arithmetic is :func:`fitted_geometry`, a pure function (tests give it any screen).  The
window manager adds the frame only after the window is shown, so the fit runs again on the
moves and resizes that follow a show, a return from full screen or a change of screen, until
the frame is known (:data:`SETTLE_MS` at the most).  A window the user later drags partly off
the screen is left where they put it.

Only the interactive window is fitted: screenshots, tests and the fuzzer lay the window out at
the size they ask for (the offscreen platform's screen is a nominal 800x600).
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QMainWindow

__all__ = ["SETTLE_MS", "ScreenFit", "fitted_geometry"]

#: How long after a show, a return from full screen or a change of screen the fit keeps
#: following the window manager's moves (it adds the frame after the window is mapped).
SETTLE_MS = 1500


def fitted_geometry(
    frame: QRect, inner: QSize, available: QRect, wanted: QSize | None = None, least: QSize | None = None
) -> tuple[QSize, QRect]:
    """The window's inner size and frame rectangle that fit ``available``.

    Parameters
    ----------
    frame : QRect
        The window's frame now (title bar and borders included; the inner geometry before
        the window manager has added a frame).
    inner : QSize
        The window's inner size now (its ``size()``).
    available : QRect
        The screen's available geometry.
    wanted : QSize, optional
        The size asked for (``--size`` or the default); the window grows back up to it when a
        screen has the room.  None: the inner size now.
    least : QSize, optional
        The window's least size: never below it, even on a screen smaller than that.
    """
    extra_w = max(0, frame.width() - inner.width())
    extra_h = max(0, frame.height() - inner.height())
    goal = wanted if wanted is not None else inner
    width = min(goal.width(), available.width() - extra_w)
    height = min(goal.height(), available.height() - extra_h)
    if least is not None:
        width, height = max(width, least.width()), max(height, least.height())
    outer_w, outer_h = width + extra_w, height + extra_h
    x = min(max(frame.x(), available.x()), available.x() + available.width() - outer_w)
    y = min(max(frame.y(), available.y()), available.y() + available.height() - outer_h)
    x, y = max(x, available.x()), max(y, available.y())  # a screen smaller than the least size
    return QSize(width, height), QRect(x, y, outer_w, outer_h)


class ScreenFit(QObject):
    """Keeps ``window`` within its screen's available geometry (see the module's docstring)."""

    def __init__(self, window: QMainWindow, wanted: tuple[int, int]) -> None:
        super().__init__(window)
        self.window = window
        self.wanted = QSize(*wanted)
        self._since = QElapsedTimer()
        self._screen_connected = False
        self.fit_count = 0
        window.installEventFilter(self)

    def start(self) -> None:
        """Size the window for its screen before it is shown (the frame is added after): the size
        asked for, or less."""
        self._settle()
        self.fit(wanted=self.wanted)

    def _settle(self) -> None:
        self._since.start()

    def _settling(self) -> bool:
        return self._since.isValid() and self._since.elapsed() < SETTLE_MS

    def fit(self, screen: QScreen | None = None, wanted: QSize | None = None) -> None:
        """Resize and move the window so that its frame fits ``screen`` (its own by default),
        at most ``wanted`` (by default the size it has: it only ever shrinks to fit)."""
        window = self.window
        if window.windowState() & (Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMaximized):
            return
        screen = screen or window.screen()
        if screen is None:
            return
        size, frame = fitted_geometry(
            window.frameGeometry(), window.size(), screen.availableGeometry(), wanted, window.minimumSize()
        )
        if size != window.size():
            window.resize(size)
        if frame.topLeft() != window.frameGeometry().topLeft():
            window.move(frame.topLeft())  # move() places the frame's corner
        self.fit_count += 1

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.window:
            return False
        kind = event.type()
        if kind == QEvent.Type.Show:
            handle = self.window.windowHandle()
            if handle is not None and not self._screen_connected:
                handle.screenChanged.connect(self._on_screen_changed)
                self._screen_connected = True
            self._settle()
            self.fit(wanted=self.wanted if self.fit_count <= 1 else None)
        elif kind == QEvent.Type.WindowStateChange:
            if not self.window.windowState() & Qt.WindowState.WindowFullScreen:
                self._settle()  # back from full screen: the normal geometry comes next
                self.fit()
        elif kind in (QEvent.Type.Move, QEvent.Type.Resize) and self._settling():
            self.fit()  # the window manager has added the frame, or placed the window
        return False

    def _on_screen_changed(self, screen: QScreen) -> None:
        self._settle()
        self.fit(screen)
