"""What every self-test check receives (:class:`SelfTestContext`) and how it reports a failure."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow

__all__ = ["SelfTestContext", "SelfTestFailure", "expect"]


class SelfTestFailure(Exception):
    """A check found something wrong; the message is the one-line reason shown to the user."""


def expect(condition: object, reason: str) -> None:
    """Raise :class:`SelfTestFailure` with ``reason`` unless ``condition`` holds."""
    if not condition:
        raise SelfTestFailure(reason)


@dataclass
class SelfTestContext:
    """The running app as the checks see it.

    Attributes
    ----------
    app : QApplication
        The application.
    window : QMainWindow
        The main window, shown (offscreen when there is no display).
    font_family : str
        The interface font family the app registered.
    temp_dir : Path
        A private folder, deleted after the run, for files the checks write.
    """

    app: QApplication
    window: QMainWindow
    font_family: str
    temp_dir: Path

    def settle(self) -> None:
        """Deliver pending events (layout, paint) before looking at the window."""
        self.app.processEvents()
