"""Application start-up: the QApplication, the main window, and the windowed and offscreen runs.

:func:`create_main_window` is the public way to build the window (CONTRACT.md);
:func:`run` is what the command line calls to open it, take a screenshot, or
the like.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QMainWindow

from . import __version__, resources, startup_probe
from .app_icon import app_icon
from .cli import EXIT_OK, EXIT_USAGE, parameters_from, parse_args
from .first_paint import after_first_paint
from .state import ParameterState
from .theme.fonts import register_fonts

__all__ = ["APP_NAME", "create_application", "create_main_window", "run"]

APP_NAME = "SpecDec Desktop"
_font_family: str | None = None


def _use_offscreen_if_headless() -> None:
    """Render offscreen when there is no display (screenshots and exports work anywhere)."""
    if sys.platform.startswith("linux") and "QT_QPA_PLATFORM" not in os.environ:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"


#: Qt messages that say nothing to a user of this app (the offscreen platform has no window manager).
_QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)


def _quiet_qt_messages(kind: QtMsgType, context: object, message: str) -> None:
    """Pass Qt's messages to stderr, less the known-harmless platform notes above."""
    if not message.startswith(_QUIET_QT_MESSAGES):
        print(message, file=sys.stderr)


def _interface_font() -> str:
    global _font_family
    if _font_family is None:
        _font_family = register_fonts()
    return _font_family


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication, created once with the app's name, icon and font."""
    # Qt's raster engine hands big fills to a thread pool and waits for it; for chart-sized
    # paints the hand-off costs more than the fill (measured: a slider move repainted 1.5-2x
    # slower with the pool, docs/performance.md).  Qt reads this once, at the pool's first use.
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "specdec-desktop", *(argv or [])])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("SpecDec")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("specdec-desktop")  # links windows to packaging/linux/specdec-desktop.desktop
    app.setStyle("Fusion")
    try:
        app.setWindowIcon(app_icon())
    except resources.ResourceMissing:
        pass  # the icon is cosmetic; the packaging tests check it is bundled
    return app


def _build(args: argparse.Namespace, install_chart_now: bool = True, headless: bool = True) -> QMainWindow:
    from .presenter import install_presenter
    from .presenter.launch import launch_options
    from .views.main_window import MainWindow

    state = ParameterState(parameters_from(args))
    window = MainWindow(state, font_family=_interface_font(), install_chart_now=install_chart_now)
    # Menus, shortcuts, themes, tour, undo, files and settings (headless: no settings).
    install_presenter(window, launch_options(args, headless=headless))
    return window


def create_main_window(argv: Sequence[str] | None = None) -> QMainWindow:
    """Build the main window from command-line style arguments (a QApplication must exist).

    It never reads or writes saved settings, so scripts and tests get the same
    window from the same arguments.

    Raises
    ------
    cli.UsageError
        If ``argv`` holds a bad argument.
    """
    if QApplication.instance() is None:
        raise RuntimeError("create_main_window needs a QApplication")
    return _build(parse_args(argv))


def _screenshot(window: QMainWindow, path: Path, size: tuple[int, int]) -> int:
    window.resize(*size)
    window.show()
    window.settle()
    QApplication.processEvents()
    from .atomic_write import reason, write_atomically
    from .export.chart_image import png_bytes
    from .plain_text import printable

    try:
        write_atomically(path, png_bytes(window.grab().toImage()))
    except OSError as error:
        # An output that cannot be written is a bad argument: one line, exit 2 (README).
        shown = printable(str(path))
        print(f"specdec-desktop: error: could not write {shown}: {reason(error)}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Open the window (or render it offscreen) as ``args`` ask; return the exit status."""
    qInstallMessageHandler(_quiet_qt_messages)
    if args.reset_settings:
        from .presenter.launch import reset_settings

        return reset_settings()
    if args.export_chart is not None:
        from .presenter.launch import export_chart

        if args.export_chart.suffix.lower() == ".csv":
            return export_chart(args, None)  # data only: no Qt needed
        _use_offscreen_if_headless()
        create_application()
        return export_chart(args, _interface_font())
    if args.screenshot is not None:
        _use_offscreen_if_headless()
        app = create_application()
        window = _build(args)
        status = _screenshot(window, args.screenshot, args.size)
        window.close()
        return status

    app = create_application()
    window = _build(args, install_chart_now=False, headless=False)
    startup_probe.install_if_requested(window)  # SPECDEC_EXIT_AFTER_FIRST_PAINT=1, for benchmarks
    window.resize(*args.size)
    window.show()
    startup_probe.attach(window)  # only with SPECDEC_STARTUP_PROBE=1 (benchmarks/bench_startup.py)
    # Paint the window first, then import pyqtgraph and bring the chart in (a zero timer would
    # run before the first paint; see first_paint.py).
    after_first_paint(window, window.install_chart)
    return app.exec()
