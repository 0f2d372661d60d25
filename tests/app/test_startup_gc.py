"""startup_gc: the collector is off while the window starts, back (start-up frozen) once the chart is live."""

from __future__ import annotations

import gc

import pytest

from specdec_desktop import startup_gc
from specdec_desktop.cli import main

from ..support.cli import run_python


@pytest.fixture
def collector_on():
    """The test process's collector on before and after (what the test changed is undone)."""
    was = gc.isenabled()
    gc.enable()
    yield
    startup_gc.resume()
    if not was:
        gc.disable()


def test_pause_and_resume(collector_on):
    startup_gc.pause()
    assert not gc.isenabled() and startup_gc.paused()
    startup_gc.pause()  # idempotent
    startup_gc.resume()
    assert gc.isenabled() and not startup_gc.paused()
    startup_gc.resume()
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off(collector_on):
    gc.disable()
    startup_gc.pause()
    startup_gc.resume()
    assert not gc.isenabled()


def test_commands_other_than_the_window_run_with_the_collector_on(collector_on, capsys, monkeypatch):
    seen = []
    monkeypatch.setattr("specdec_desktop.cli._calc", lambda parsed: seen.append(gc.isenabled()) or 0)
    frozen = gc.get_freeze_count()
    assert main(["calc"]) == 0
    assert seen == [True] and gc.isenabled() and gc.get_freeze_count() == frozen
    assert main(["--k", "nonsense"]) == 2  # a usage error also leaves it on
    assert gc.isenabled()


def test_the_window_starts_without_the_collector_and_turns_it_on_once_the_chart_is_live():
    """The launcher's path (``python -m specdec_desktop``), watched by the start-up probe."""
    script = (
        "import gc, runpy, sys\n"
        "from specdec_desktop import startup_probe\n"
        "report = startup_probe._Probe._report\n"
        "def _report(self, name):\n"
        "    print(name, gc.isenabled(), gc.get_freeze_count() > 10000, flush=True)\n"
        "startup_probe._Probe._report = _report\n"
        "sys.argv = ['specdec_desktop', '--size', '1024x768', '--no-settings']\n"
        "runpy.run_module('specdec_desktop', run_name='__main__')\n"
    )
    done = run_python(["-c", script], env={"SPECDEC_STARTUP_PROBE": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["first-paint False False", "chart-live True True"]


def test_a_chart_that_fails_to_install_does_not_leave_the_collector_off(qtbot, collector_on, monkeypatch):
    from specdec_desktop.app import _install_chart, build_window
    from specdec_desktop.launch import LaunchOptions

    window = build_window(LaunchOptions(no_settings=True), interactive=True)
    qtbot.addWidget(window)

    def broken() -> None:
        raise RuntimeError("no chart")

    monkeypatch.setattr(window, "install_chart", broken)
    startup_gc.pause()
    with pytest.raises(RuntimeError):
        _install_chart(window)
    assert gc.isenabled() and not startup_gc.paused()
