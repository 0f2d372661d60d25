"""Application start-up: the QApplication, the main window, and the windowed and offscreen runs.

:func:`build_window` is the one way to build a window from
:class:`~specdec_desktop.launch.LaunchOptions` (the self-test, the fuzzer and
:func:`run` all use it); :func:`create_main_window` does the same from
command-line style arguments, for scripts and tests.  :func:`run` is what the
command line calls to open the window, take a screenshot, or the like.
Nothing here imports the command line: it sits above this module.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QMainWindow

from . import __version__, resources, startup_gc, startup_probe
from .app_icon import app_icon
from .first_paint import after_first_paint
from .launch import EXIT_OK, EXIT_USAGE, LaunchOptions
from .qt_platform import StartupGuard
from .state import AppState
from .theme.fonts import register_fonts
from .theme.widget_style import AppStyle

__all__ = [
    "APP_NAME",
    "build_window",
    "close_for_good",
    "create_application",
    "create_main_window",
    "interface_font",
    "run",
    "start_application",
]

APP_NAME = "SpecDec Desktop"
_font_family: str | None = None


def use_offscreen_if_headless() -> None:
    """Render offscreen when there is no display (screenshots and exports work anywhere)."""
    if sys.platform.startswith("linux") and "QT_QPA_PLATFORM" not in os.environ:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"


#: Qt messages that say nothing to a user of this app (the offscreen platform has no window manager).
_QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)


def quiet_qt_messages(kind: QtMsgType, context: object, message: str) -> None:
    """Pass Qt's messages to stderr, less the known-harmless platform notes above."""
    if not message.startswith(_QUIET_QT_MESSAGES):
        print(message, file=sys.stderr)


def interface_font() -> str:
    """The interface font's family, registered from the bundled files on first use."""
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
        # Qt ends the process when its display plugin cannot load; say why in one line instead.
        guard = StartupGuard()
        try:
            app = QApplication([sys.argv[0] if sys.argv else "specdec-desktop", *(argv or [])])
        finally:
            guard.release()
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("SpecDec")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("specdec-desktop")  # links windows to packaging/linux/specdec-desktop.desktop
    app.setStyle(AppStyle())  # Fusion, dressed by role from the theme (theme/widget_style.py)
    try:
        app.setWindowIcon(app_icon())
    except resources.ResourceMissing:
        pass  # the icon is cosmetic; the packaging tests check it is bundled
    return app


def start_application(headless: bool = True) -> QApplication:
    """The QApplication with Qt's harmless notes quieted; offscreen when ``headless`` and no display."""
    qInstallMessageHandler(quiet_qt_messages)
    if headless:
        use_offscreen_if_headless()
    return create_application()


def build_window(
    options: LaunchOptions | None = None, *, interactive: bool = False, app_state: AppState | None = None
) -> QMainWindow:
    """Build the main window as ``options`` say (a QApplication must exist).

    This is where a window's state is made (one :class:`~specdec_desktop.state.AppState`,
    unless ``app_state`` is given) and handed to the window and its services.

    ``interactive`` is the windowed run of the app: it reads and writes saved
    settings (unless the options or the environment say not to), may start full
    screen, and leaves the chart to :meth:`MainWindow.install_chart` so the window
    paints sooner.  Otherwise (scripts, tests, screenshots, the self-test, the
    fuzzer) the same options always give the same window.
    """
    from .views.main_window import MainWindow
    from .views.qt_words import follow_in_qt
    from .window_services import install_window_services
    from .window_services.launch import settings_for

    if QApplication.instance() is None:
        raise RuntimeError("build_window needs a QApplication")
    follow_in_qt(QApplication.instance())  # Qt's own buttons and dialogs in the app's language
    options = options if options is not None else LaunchOptions()
    _choose_language(options, interactive)
    if not interactive and options.fullscreen:
        options = dataclasses.replace(options, fullscreen=False)
    state = (
        app_state
        if app_state is not None
        else AppState(
            options.start_parameters(), assumptions=options.start_assumptions(), shape=options.shape
        )
    )
    window = MainWindow(state, font_family=interface_font(), install_chart_now=not interactive)
    if options.shape is not None:
        window.show_tab("trees")  # a tree asked for on the command line: show it
    # Menus, shortcuts, themes, tour, undo, files and settings.
    install_window_services(window, options, settings_for(options, interactive))
    return window


def _choose_language(options: LaunchOptions, interactive: bool) -> None:
    """The window's language: ``--lang``, else (the windowed run) View ▸ Language's last choice,
    else the system's.  Scripts, screenshots and tests without ``--lang`` keep the active one
    (English unless set), so the same options give the same window."""
    from . import text

    if options.lang is not None:
        text.activate(options.lang)  # cli.main has said a bad code in one line already
    elif interactive:
        from .window_services.launch import settings_for

        remembered = settings_for(options, interactive).language()
        if remembered is None or text.activate(remembered) is not None:
            text.activate(None)


def close_for_good(window: QMainWindow) -> None:
    """Close a window built for one job (a screenshot, the self-test, the fuzz) and destroy it at
    the next event loop.  Closed alone it lived on as long as the process did: its language
    subscriptions (views/language.py) end only with the widgets, so a process that goes on (the
    tests run these jobs in-process) kept every such window, retranslated it at each language
    switch and walked it at each garbage collection."""
    window.close()
    window.deleteLater()


def create_main_window(argv: Sequence[str] | None = None) -> QMainWindow:
    """Build the main window from command-line style arguments (a QApplication must exist).

    It never reads or writes saved settings, so scripts and tests get the same
    window from the same arguments.

    Raises
    ------
    launch.UsageError
        If ``argv`` holds a bad argument.
    """
    from .launch.arguments import parse_options

    if QApplication.instance() is None:
        raise RuntimeError("create_main_window needs a QApplication")
    return build_window(parse_options(argv))


def _screenshot(window: QMainWindow, path: Path, size: tuple[int, int]) -> int:
    window.resize(*size)
    window.show()
    window.settle()
    # What was posted while the window laid itself out (a crowded scene's steps, the column's
    # new width) is applied before the picture, as a live window would show it a moment later.
    for _round in range(3):
        QApplication.processEvents()
    from .atomic_write import reason, write_atomically
    from .export.chart_image import png_bytes
    from .plain_text import printable
    from .text import _, error_line, said

    try:
        write_atomically(path, png_bytes(window.grab().toImage()))
    except OSError as error:
        # An output that cannot be written is a bad argument: one line, exit 2 (README).
        shown = printable(str(path))
        problem = _("could not write {shown}: {reason}").format(shown=shown, reason=said(reason(error)))
        print(error_line("specdec-desktop", problem), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def run(options: LaunchOptions) -> int:
    """Open the window (or render it offscreen, or export, or reset) as ``options`` ask; return the status."""
    qInstallMessageHandler(quiet_qt_messages)
    if options.reset_settings or options.export_chart is not None or options.screenshot is not None:
        startup_gc.resume()  # only the window keeps the collector off until its chart is live
    if options.reset_settings:
        from .window_services.launch import reset_settings

        return reset_settings()
    if options.export_chart is not None:
        from .window_services.launch import export_chart

        if options.export_chart.suffix.lower() == ".csv":
            return export_chart(options, None)  # data only: no Qt needed
        start_application(headless=True)
        return export_chart(options, interface_font())
    if options.screenshot is not None:
        start_application(headless=True)
        window = build_window(options)
        if options.fullscreen:  # preview the lecture: the --size is the screen, no menus
            window.set_full_screen_look(True)
        status = _screenshot(window, options.screenshot, options.size)
        close_for_good(window)
        return status

    app = create_application()
    window = build_window(options, interactive=True)
    startup_probe.install_if_requested(window)  # SPECDEC_EXIT_AFTER_FIRST_PAINT=1, for benchmarks
    window.resize(*options.size)
    from .window_services.screen_fit import ScreenFit

    # The window fits the screen it opens on (and after full screen, and on another screen).
    window.screen_fit = ScreenFit(window, options.size)
    window.screen_fit.start()
    window.show()
    startup_probe.attach(window)  # only with SPECDEC_STARTUP_PROBE=1 (benchmarks/bench_startup.py)
    # Paint the window first, then import pyqtgraph and bring the chart in (a zero timer would
    # run before the first paint; see first_paint.py).  Once the chart has painted, start-up is
    # over: the garbage collector comes back, start-up's objects frozen out of its way.
    after_first_paint(window, lambda: _install_chart(window))
    return app.exec()


def _install_chart(window: QMainWindow) -> None:
    try:
        window.install_chart()
    except BaseException:
        startup_gc.resume()  # no chart will paint: the collector must not wait for it
        raise
    after_first_paint(window.chart.viewport(), lambda: startup_gc.resume(freeze=True))
