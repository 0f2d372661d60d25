"""Regression guard for the PySide6 6.12.0 reference leak on ``Signal.emit``.

Measured on this machine: with PySide6 6.12.0 on Python 3.11 the reference count of ``True``
fell by one per emit, and a pyqtgraph window aborted with "Fatal Python error: none_dealloc"
after about 50 slider moves.  pyproject.toml pins below 6.12; this test fails on any build that
brings the leak back.  It runs on Python 3.10 and 3.11 (CI runs both): from 3.12 on, True and None
are immortal, so the crash cannot happen, and their counts drift by design (measured on 3.13 with
PySide6 6.11.3: None +2995 per 3000 emits, since the stable-ABI extension counts references the
interpreter no longer does), so the count no longer tells a leak.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    flag = Signal(bool)
    anything = Signal(object)
    nothing = Signal()


@pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="True and None are immortal from Python 3.12: counts drift, no crash"
)
def test_emitting_does_not_leak_references_to_true_and_none(qtbot):
    emitter = _Emitter()
    received = []
    emitter.flag.connect(received.append)
    emitter.anything.connect(received.append)
    emitter.nothing.connect(lambda: received.append(None))
    for _ in range(10):  # warm up caches
        emitter.flag.emit(True)
        emitter.anything.emit(None)
        emitter.nothing.emit()
    received.clear()
    true_before, none_before = sys.getrefcount(True), sys.getrefcount(None)
    for _ in range(1000):
        emitter.flag.emit(True)
        emitter.anything.emit(None)
        emitter.nothing.emit()
    received.clear()
    # The leak loses one reference per emit (-1000 here); allow a little drift from unrelated interpreter
    # bookkeeping while the loop runs.
    assert abs(sys.getrefcount(True) - true_before) <= 50
    assert abs(sys.getrefcount(None) - none_before) <= 50
