"""Test set-up shared by every layer.

GUI tests run offscreen (set before any QApplication exists).  The model
tests never create one.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Every test runs with the model's and state's invariant checks on (off in normal use).
os.environ["SPECDEC_CHECK_INVARIANTS"] = "1"
