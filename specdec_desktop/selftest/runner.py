"""Runs the self-test checks in order against one shown main window; prints progress, returns the exit status.

Each check gets a :class:`~.context.SelfTestContext` and returns a short summary.
The first check that raises stops the run: one line on stderr,
``specdec-desktop: self-test failed: <check>: <reason>``, and exit status 1.
A Qt warning logged while a check runs fails that check too (Qt says
something is wrong even when nothing raised), except for the notes in
:data:`IGNORED_QT_MESSAGES`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

from ..atomic_write import clean_stale_folders
from ..launch import LaunchOptions
from ..text import N_, _, error_text
from .context import SelfTestContext, SelfTestFailure

__all__ = ["IGNORED_QT_MESSAGES", "Check", "run_checks"]

Check = Callable[[SelfTestContext], str]

#: Qt messages that say nothing about the app (the offscreen platform has no window manager).
IGNORED_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)
_MAX_REASON = 400
_PROG = "specdec-desktop"
#: The name a failure to build or show the window goes under (before any check runs).
_WINDOW = N_("window")


def _one_line(text: str) -> str:
    line = " / ".join(part.strip() for part in text.strip().splitlines() if part.strip()) or _(
        "no reason given"
    )
    return line if len(line) <= _MAX_REASON else line[: _MAX_REASON - 1] + "…"


def _reason(error: BaseException) -> str:
    """Why a check failed, in the active language: a :class:`~.context.SelfTestFailure`'s reason
    (a phrase) said again; any other exception's class, and its message as it was raised."""
    if isinstance(error, SelfTestFailure):
        return error_text(error)
    return f"{type(error).__name__}: {error_text(error)}"


def run_checks(options: LaunchOptions, checks: Sequence[tuple[str, Check]]) -> int:
    """Build the window from ``options``, run ``checks`` in order, return 0 or 1."""
    from ..app import build_window, close_for_good, create_application, use_offscreen_if_headless

    started = time.perf_counter()
    qt_messages: list[str] = []

    def on_qt_message(kind: QtMsgType, _context: object, message: str) -> None:
        if kind != QtMsgType.QtDebugMsg and kind != QtMsgType.QtInfoMsg:
            if not any(ignored in message for ignored in IGNORED_QT_MESSAGES):
                qt_messages.append(message)

    def fail(name: str, reason: str) -> int:
        line = _("{prog}: self-test failed: {check}: {reason}").format(
            prog=_PROG, check=_(name), reason=_one_line(reason)
        )
        print(line, file=sys.stderr, flush=True)
        return 1

    use_offscreen_if_headless()
    previous_handler = qInstallMessageHandler(on_qt_message)
    window = None
    try:
        clean_stale_folders("specdec-self-test-")  # left by a run that was killed
        with tempfile.TemporaryDirectory(prefix="specdec-self-test-") as temp:
            try:
                app = create_application()
                window = build_window(options)
                font_family = window.font_family
                window.resize(1400, 900)
                window.show()
                app.processEvents()
            except Exception as error:  # the window itself would not build
                return fail(_WINDOW, _reason(error))
            if qt_messages:
                return fail(_WINDOW, _("Qt warning: {message}").format(message=qt_messages[0]))
            context = SelfTestContext(app=app, window=window, font_family=font_family, temp_dir=Path(temp))
            for name, check in checks:
                try:
                    summary = check(context)
                    context.settle()
                except Exception as error:
                    return fail(name, _reason(error))
                if qt_messages:
                    return fail(name, _("Qt warning: {message}").format(message=qt_messages[0]))
                line = _("self-test: {check}: ok ({summary})").format(check=_(name), summary=summary)
                print(line, flush=True)
    finally:
        if window is not None:
            close_for_good(window)
        qInstallMessageHandler(previous_handler)
    seconds = time.perf_counter() - started
    # One form for every count: English stays byte for byte what scripts read ("passed 1 checks"
    # only in tests that run one check; the command runs all of CHECKS).
    passed = _("self-test: passed {count} checks in {seconds:.1f} s")
    print(passed.format(count=len(checks), seconds=seconds), flush=True)
    return 0
