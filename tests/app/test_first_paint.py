"""first_paint.after_first_paint: callbacks run once, in order, only after the widget's first paint."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from specdec_desktop import first_paint
from specdec_desktop.first_paint import after_first_paint

from ..support.cli import run_python


def test_callbacks_wait_for_the_first_paint_then_run_once_in_order(qtbot):
    label = QLabel("hello")
    qtbot.addWidget(label)
    calls: list[str] = []
    after_first_paint(label, lambda: calls.append("first"))
    after_first_paint(label, lambda: calls.append("second"))
    qtbot.wait(50)  # hidden: no paint, so nothing may run
    assert calls == []

    label.show()
    qtbot.waitUntil(lambda: calls == ["first", "second"])
    label.repaint()
    label.update()
    qtbot.wait(50)
    assert calls == ["first", "second"]


def test_a_callback_sees_the_paint_finished(qtbot):
    label = QLabel("hello")
    qtbot.addWidget(label)
    painted_before: list[bool] = []
    after_first_paint(label, lambda: painted_before.append(label.isVisible()))
    label.show()
    qtbot.waitUntil(lambda: painted_before == [True])


def test_fallback_runs_the_callbacks_when_no_paint_comes(qtbot, monkeypatch):
    monkeypatch.setattr(first_paint, "FALLBACK_MS", 20)
    label = QLabel("never shown")
    qtbot.addWidget(label)
    calls: list[int] = []
    after_first_paint(label, lambda: calls.append(1))
    qtbot.waitUntil(lambda: calls == [1])


def test_the_first_paint_waits_for_nothing_it_does_not_show():
    """Before the window's first paint: no keyboard-help overlay built, numpy.random not imported."""

    script = (
        "import sys\n"
        "from specdec_desktop.app import create_application, create_main_window\n"
        "create_application()\n"
        "window = create_main_window([])\n"
        "presenter = window.services\n"
        "window.show()\n"
        "window.grab()\n"
        "print('numpy.random' in sys.modules, presenter.view_controller._help is None)\n"
        "presenter.help\n"  # built on demand
        "print(presenter.view_controller._help is not None)\n"
    )
    done = run_python(["-c", script])
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "True"]


#: Modules the first screen does not use: imported when first needed (the About box's licences,
#: an import of metrics, the presets when the Compare tab is shown, the first simulation, pyqtgraph
#: after the first paint).
_NOT_BEFORE_FIRST_PAINT = (
    "pyqtgraph",
    "specdec_desktop.licences",
    "importlib.metadata",
    "specdec_desktop.measured",
    "specdec_desktop.presets",
    "concurrent.futures",
    "html",
    "csv",
)


def test_the_first_paint_imports_nothing_it_does_not_show():
    """The launcher's path: none of the modules above is imported by the window's first paint, nor
    is the bundled tour read; each comes in when its feature is first used."""

    script = (
        "import sys\n"
        "from specdec_desktop.app import build_window, create_application\n"
        "from specdec_desktop.launch import LaunchOptions\n"
        "create_application()\n"
        "window = build_window(LaunchOptions(no_settings=True), interactive=True)\n"
        "window.show()\n"
        "window.grab()\n"
        f"names = {_NOT_BEFORE_FIRST_PAINT!r}\n"
        "print(*[n for n in names if n in sys.modules])\n"
        "tour = window.services.tour\n"
        "print(tour._tour is None)\n"  # the bundled tour is read when first needed
        "tour.start(0)\n"
        "print(len(tour.tour.scenes) > 1, window.services.banner.isVisible())\n"
        "tour.stop()\n"
        "window.install_chart()\n"
        "window.show_tab('compare')\n"
        "print(window.compare.panel.presets.count() > 1, 'specdec_desktop.presets' in sys.modules)\n"
        "window.services.show_about().close()\n"
        "print('specdec_desktop.licences' in sys.modules)\n"
    )
    done = run_python(["-c", script])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "", f"imported before the first paint: {lines[0]}"
    assert lines[1:] == ["True", "True True", "True True", "True"]


def test_the_launchers_window_shares_its_height_as_the_screenshots_does(qtbot):
    """The chart, installed after the first paint, gets the same room as in a screenshot (the
    splitter balances from the window's very first size, not only from its first resize)."""
    from PySide6.QtWidgets import QApplication

    from specdec_desktop.app import build_window
    from specdec_desktop.launch import LaunchOptions

    sizes = []
    for interactive in (True, False):
        window = build_window(LaunchOptions(no_settings=True), interactive=interactive)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        window.install_chart()
        QApplication.processEvents()
        sizes.append(window.vertical.sizes())
    assert sizes[0] == sizes[1]
    chart, tabs = sizes[0]
    assert chart >= tabs * 0.8, sizes  # the chart is not squashed to a strip above the run
