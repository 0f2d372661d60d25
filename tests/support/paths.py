"""Where things are in the checkout."""

from __future__ import annotations

from pathlib import Path

#: The checkout's root folder.
ROOT = Path(__file__).resolve().parents[2]
#: The package's source folder.
PACKAGE = ROOT / "specdec_desktop"
#: Files the tests read (sample metrics logs, ...).
TEST_DATA = ROOT / "tests" / "data"
