"""Collects what must never happen while the app runs: exceptions escaping into Qt's event
loop and Qt critical (or fatal) messages.

PySide6 reports an exception raised in a slot through ``sys.excepthook`` and carries on;
:class:`FailureGuard` swaps that hook (and Qt's message handler) for the duration of a
``with`` block and records every such event, so a fuzz run or a soak can fail on it.
"""

from __future__ import annotations

import sys
import traceback
from dataclasses import dataclass, field
from types import TracebackType

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

__all__ = ["FailureGuard"]

_SERIOUS = (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
# Qt messages that are not faults of the app (the offscreen platform has no window manager).
_HARMLESS = ("This plugin does not support propagateSizeHints",)


@dataclass
class FailureGuard:
    """Records escaped exceptions and serious Qt messages inside a ``with`` block.

    Parameters
    ----------
    fail_on_warnings : bool
        Also record Qt warnings (not only criticals).
    """

    fail_on_warnings: bool = False
    failures: list[str] = field(default_factory=list)

    def __enter__(self) -> FailureGuard:
        self._previous_hook = sys.excepthook
        sys.excepthook = self._on_exception
        self._previous_handler = qInstallMessageHandler(self._on_message)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        sys.excepthook = self._previous_hook
        qInstallMessageHandler(self._previous_handler)

    def _on_exception(
        self, kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        text = "".join(traceback.format_exception(kind, value, tb)).strip()
        self.failures.append(f"exception escaped into Qt: {text}")

    def _on_message(self, kind: QtMsgType, context: object, message: str) -> None:
        if message.startswith(_HARMLESS):
            return
        if kind in _SERIOUS or (self.fail_on_warnings and kind == QtMsgType.QtWarningMsg):
            self.failures.append(f"Qt {kind.name}: {message}")

    @property
    def ok(self) -> bool:
        return not self.failures
