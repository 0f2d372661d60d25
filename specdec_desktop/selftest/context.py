"""What every self-test check receives (:class:`SelfTestContext`) and how it reports a failure.

A check's reason for failing is a :class:`~specdec_desktop.text.Phrase`: ``str(failure)`` is the
English (what CI reads), and the runner says it in the ``--lang`` language with
:func:`~specdec_desktop.text.error_text`, numbers included::

    expect(shown == want, N_("{card} shows {shown!r}, not {want!r}"), card=name, shown=shown, want=want)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QMainWindow

from ..text import Phrase

__all__ = ["SelfTestContext", "SelfTestFailure", "expect", "failure"]


class SelfTestFailure(Exception):
    """A check found something wrong; the message is the one-line reason shown to the user (a
    :class:`~specdec_desktop.text.Phrase`, so it is said in the self-test's language)."""


def failure(reason: str, /, **values: Any) -> SelfTestFailure:
    """The failure whose reason is the message ``reason`` (marked ``N_``) with ``values``."""
    return SelfTestFailure(Phrase(reason, **values))


def expect(condition: object, reason: str, /, **values: Any) -> None:
    """Raise :class:`SelfTestFailure` unless ``condition`` holds; its reason is the message
    ``reason`` (marked ``N_``, with ``{placeholders}``) filled with ``values``, made only then."""
    if not condition:
        raise failure(reason, **values)


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
