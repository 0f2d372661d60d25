"""Test set-up shared by every layer.

GUI tests run offscreen (set before any QApplication exists).  The model
tests never create one.

No test may read or write the real user's settings: persistence is off unless
a test builds its own store, and QSettings' user folder points at a temporary
folder for every test.
"""

from __future__ import annotations

import gc
import importlib
import itertools
import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# Seeded randomness everywhere: property tests draw the same examples on every run, so a
# failure in CI is a failure here too (run with --hypothesis-seed=random to explore).
settings.register_profile("seeded", derandomize=True, deadline=None)
settings.load_profile("seeded")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# As the app runs (app.create_application sets it before its QApplication): Qt's raster engine
# paints on this thread, not through its thread pool.  pytest-qt makes the QApplication before
# any test calls create_application, and with the pool a translucent grid line took 15 times
# as long to draw (a grid 1.5 ms in the app, 20-45 ms in the tests).
os.environ["QT_NO_GUI_THREADPOOL"] = "1"
# Every test runs with the model's and state's invariant checks on (off in normal use).
os.environ["SPECDEC_CHECK_INVARIANTS"] = "1"
os.environ["SPECDEC_NO_SETTINGS"] = "1"
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="specdec-test-config-")

# Compiled bytecode is kept between runs, also where the environment asks Python not to write it
# (PYTHONDONTWRITEBYTECODE: the project's machine sets it).  Without it each worker compiled the
# package and rewrote every test file again before its first test (10 s of CPU, 4 with the
# cache), and each app process the tests start compiled the package again (0.3 s of its 1.7).
# Kept in build/pycache (ignored by git, left out of the sdist and the wheel), not beside the
# sources; the workers and the app processes inherit the setting from here.
if sys.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE"):
    _pycache = str(Path(__file__).resolve().parent.parent / "build" / "pycache")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = _pycache
    sys.dont_write_bytecode = False
    sys.pycache_prefix = _pycache


def pytest_collection_modifyitems(config, items):
    """The long checks (marked ``slow``) first, each group in its own order.

    ``--dist worksteal`` hands each worker a contiguous half of this order and lets an idle worker
    take the tail of the other's queue: with the long checks at the front they start at once,
    and what is left to share at the end is short tests.  Last in file order, a 40 s soak or fuzz
    could start when the other worker had nothing left to take, and the run waited for it alone.
    """
    del config
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: False first


#: Modules a window imports lazily, and numpy.random (the simulations' first use).
_IMPORTED_BY_A_WINDOW = (
    "numpy.random",
    "pyqtgraph.exporters",
    "specdec_desktop.export.chart_image",
    "specdec_desktop.launch.arguments",
    "specdec_desktop.views.chart.measured_overlay",
    "specdec_desktop.views.chart.pinned_overlay",
    "specdec_desktop.views.chart.speedup_chart",
    "specdec_desktop.views.chart.tree_overlay",
    "specdec_desktop.views.phase_map_view",
    "specdec_desktop.views.qt_words",
    "specdec_desktop.window_services",
    "specdec_desktop.window_services.launch",
)


@pytest.fixture(scope="session", autouse=True)
def _views_imported_in_english():
    """Modules that copy a translated word at import (views/main_window.py's tab titles) are
    imported once, in English, before any test switches the language in this process."""
    import specdec_desktop.views.main_window  # noqa: F401

    # What a worker's first window imports on first use (pyqtgraph and the chart, the map, the
    # services, the command line's parser, the export), imported here so that it is frozen below:
    # left to that window, its 230 modules stayed in every later test's collection (9.5 ms each).
    for name in _IMPORTED_BY_A_WINDOW:
        importlib.import_module(name)

    # Every test ends with a full garbage collection (``_close_leftover_windows``).  With the
    # collected tests, the app, Qt, numpy and pyqtgraph loaded, one took 0.17 s of CPU: over a
    # third of the whole suite's time, spent walking objects that live as long as the process.
    # Frozen here, those are left out of every collection; what a test makes is still collected.
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _hypothesis_sees_an_unfrozen_heap(request):
    """Hypothesis at its floor (6.100, packaging/floors.py) fails a property test on a frozen heap
    ("Unreliable assumption: an example which satisfied assumptions on the first run now fails
    it", test_json_bulk.py and test_extreme_values.py; 6.170 does not): its tests run with the
    heap unfrozen, and it is frozen again after them."""
    if not getattr(request.node.function, "is_hypothesis_test", False):
        yield
        return
    gc.unfreeze()
    yield
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language (--lang, View ▸ Language) leaves English behind it."""
    yield
    from specdec_desktop import text

    text.activate(text.ENGLISH)


_settings_folders = itertools.count()


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path_factory):
    """A settings folder of this test's own, named but not made: QSettings makes it at its first
    write, and most tests write none (a folder made for each of the ~1,900 tests cost pytest's
    clean-up of old runs seconds of rmdir at the end of a run)."""
    from PySide6.QtCore import QSettings

    folder = str(tmp_path_factory.getbasetemp() / "settings" / str(next(_settings_folders)))
    for settings_format in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    yield folder


@pytest.fixture(autouse=True)
def _close_leftover_windows():
    """Close every top-level window a test left visible (message boxes, overlays, dialogs).

    Offscreen Qt activates one window at a time; a box left open by one test would keep the
    next test's window from becoming active.

    Then the test's windows are destroyed here, at a known point.  A window is usually kept
    alive by reference cycles (slots that capture it), and ``deleteLater`` outside an event
    loop waits for the next one: left alone, the window would be destroyed whenever the
    garbage collector or a later test's event loop happened to run, in the middle of another
    test's event handling (a CI run once crashed there, in a later test's teardown).

    A main window no one registered with qtbot is destroyed too: its language subscriptions
    would keep it for the rest of the run, retranslated at every language switch and walked by
    every later test's collection (22 such windows once made each teardown 0.2 s of CPU).
    """
    yield
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance()
    if app is None:
        return
    for widget in app.topLevelWidgets():
        if widget.isVisible():
            widget.close()
        if isinstance(widget, QMainWindow) and widget.parent() is None:
            widget.deleteLater()
    app.processEvents()
    gc.collect()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
