"""What Qt needs from the system to start, and one line of advice when it is missing.

Qt ends the process (``qFatal``, exit 134) when its platform plugin cannot load: a
library of the X11 plugin is missing, or there is no display to connect to.  Its
own messages name neither the missing library nor what to do, and they came out
as several lines or, under a message handler that kept them, not at all.  Here:

* :data:`DEBIAN_PACKAGES`, the Debian/Ubuntu package of each system library the
  Qt platform plugins and Qt itself link to (``build.spec`` uses it too, to stop a
  build on a host that lacks one);
* :func:`missing_libraries`, the libraries ``ldd`` cannot find for a file;
* :func:`import_failure`, the line for ``import PySide6.QtWidgets`` failing on a
  missing library (a machine without libEGL or libfontconfig);
* :class:`StartupGuard`, a Qt message handler held while the QApplication is
  made: it keeps Qt's messages, and when Qt gives up it prints one line saying
  what went wrong and what to install or set, and exits with status 1.

This module imports no Qt at import time, so the command line can use it when Qt
itself will not load.  Its sentences go through the text layer (plain Python, already loaded
by the command line), so they follow ``--lang``; what a user types or installs (package names,
``apt-get install``, ``QT_QPA_PLATFORM=offscreen``, the flags) are placeholders, the same in
every language.  A catalogue that cannot be read leaves English active (``text.activate``);
should the text layer itself not import, the line is said in English all the same: on a broken
machine the advice must still come out.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

try:  # plain Python, no Qt: the command line has it loaded already
    from .text import _, error_line, ngettext
except Exception:  # pragma: no cover - a damaged install: the advice in English still comes out

    def _(message: str) -> str:
        return message

    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def error_line(prog: str, message: str) -> str:
        return f"{prog}: error: {message}"


__all__ = [
    "DEBIAN_PACKAGES",
    "EXIT_NO_PLATFORM",
    "StartupGuard",
    "debian_packages",
    "import_failure",
    "install_advice",
    "missing_libraries",
    "platform_failure",
]

PROG = "specdec-desktop"
#: Exit status when Qt cannot start (not 134, Qt's abort, and not 2, a bad argument).
EXIT_NO_PLATFORM = 1

#: The Debian (and Ubuntu) package that provides each system library Qt's platform plugins
#: and libraries link to (``ldd`` on PySide6's ``libqxcb.so``, ``libqwayland.so``,
#: ``libQt6XcbQpa``, ``libQt6Gui``, the xcb GL integrations; PySide6 6.11, Debian 12).
DEBIAN_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libOpenGL.so.0": "libopengl0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libexpat.so.1": "libexpat1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libgcc_s.so.1": "libgcc-s1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libpng16.so.16": "libpng16-16",
    "libstdc++.so.6": "libstdc++6",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libz.so.1": "zlib1g",
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_SHARED_OBJECT = re.compile(r"([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")
#: What to set to run without a display, and the commands that can (the same in every language).
_OFFSCREEN = {"setting": "QT_QPA_PLATFORM=offscreen", "commands": "--self-test, --screenshot"}


def _error(line: str) -> str:
    """The program's name and ``error:``, as argparse writes them, before ``line``."""
    return error_line(PROG, line)


def debian_packages(libraries: Iterable[str]) -> list[str]:
    """The Debian packages of ``libraries`` (sorted, each once); unknown names are left out."""
    return sorted({DEBIAN_PACKAGES[name] for name in libraries if name in DEBIAN_PACKAGES})


def install_advice(libraries: Iterable[str]) -> str:
    """``"libxcb-icccm.so.4 is missing: install it (Debian/Ubuntu: apt-get install libxcb-icccm4)"``."""
    libraries = sorted(set(libraries))
    packages = debian_packages(libraries)
    names = ", ".join(libraries)
    if not packages:
        said = ngettext(
            "{libraries} is missing: install it", "{libraries} are missing: install them", len(libraries)
        )
        return said.format(libraries=names)
    said = ngettext(
        "{libraries} is missing: install it (Debian/Ubuntu: {command})",
        "{libraries} are missing: install them (Debian/Ubuntu: {command})",
        len(libraries),
    )
    return said.format(libraries=names, command="apt-get install " + " ".join(packages))


def missing_libraries(binary: Path, extra_paths: Iterable[str] = ()) -> list[str]:
    """The libraries ``ldd`` cannot find for ``binary`` (``[]`` when there is no ldd)."""
    ldd = shutil.which("ldd")
    if ldd is None or not binary.is_file():
        return []
    env = dict(os.environ)
    paths = [*extra_paths, *filter(None, env.get("LD_LIBRARY_PATH", "").split(os.pathsep))]
    if paths:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(paths)
    try:
        result = subprocess.run(
            [ldd, str(binary)], capture_output=True, text=True, env=env, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted(set(_NOT_FOUND.findall(result.stdout)))


def import_failure(error: ImportError) -> str | None:
    """One line for Qt failing to import because a system library is missing, else None."""
    match = _SHARED_OBJECT.search(str(error))
    if match is None:
        return None
    return _error(_("Qt cannot load: {advice}").format(advice=install_advice([match.group(1)])))


def _requested_platform() -> str:
    """The platform plugin Qt will try first: QT_QPA_PLATFORM, or what Qt picks on Linux."""
    name = os.environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if name:
        return name
    if sys.platform.startswith("linux"):
        wayland = os.environ.get("WAYLAND_DISPLAY") and os.environ.get("XDG_SESSION_TYPE") == "wayland"
        return "wayland" if wayland else "xcb"
    return ""


def _plugin_folders() -> list[Path]:
    from PySide6.QtCore import QLibraryInfo

    folders = [Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"]
    folders += [Path(p) / "platforms" for p in os.environ.get("QT_PLUGIN_PATH", "").split(os.pathsep) if p]
    return folders


def _plugin_file(platform: str) -> Path | None:
    for folder in _plugin_folders():
        for candidate in (f"libq{platform}.so", f"libq{platform}.dylib", f"q{platform}.dll"):
            if (folder / candidate).is_file():
                return folder / candidate
    return None


def platform_failure(messages: Iterable[str]) -> str:
    """The one line to print when Qt could not start its platform plugin.

    ``messages`` are what Qt logged while trying; the line says what went wrong and what
    to install (the Debian packages of the plugin's missing libraries) or to set.
    """
    messages = list(messages)
    text = "\n".join(messages)
    platform = _requested_platform()
    plugin = _plugin_file(platform) if platform else None
    if platform and plugin is None and "Could not find the Qt platform plugin" in text:
        said = _(
            "Qt has no display plugin called {platform} ({variable}); use {xcb} on an X11 desktop, "
            "{wayland}, or {offscreen} to run without a display"
        )
        return _error(
            said.format(
                platform=repr(platform),
                variable="QT_QPA_PLATFORM",
                xcb="xcb",
                wayland="wayland",
                offscreen="offscreen",
            )
        )
    if plugin is not None and sys.platform.startswith("linux"):
        extra = [getattr(sys, "_MEIPASS", "")] if getattr(sys, "frozen", False) else []
        missing = missing_libraries(plugin, [p for p in extra if p])
        if missing:
            said = _("Qt cannot load its {platform} display plugin: {advice}")
            return _error(said.format(platform=platform, advice=install_advice(missing)))
    if "could not connect to display" in text or (platform == "xcb" and not os.environ.get("DISPLAY")):
        return _error(_no_display(os.environ.get("DISPLAY")))
    first = next((m.strip() for m in messages if m.strip()), "")
    reason = " ".join(first.split())[:300] if first else _("no reason given")
    if platform:
        said = _(
            "Qt could not start its {platform} plugin ({reason}); on Linux install the X11 packages "
            "listed in the README, or set {setting} to run without a display ({commands})"
        )
    else:
        said = _(
            "Qt could not start its display plugin ({reason}); on Linux install the X11 packages "
            "listed in the README, or set {setting} to run without a display ({commands})"
        )
    return _error(said.format(platform=platform, reason=reason, **_OFFSCREEN))


def _no_display(display: str | None) -> str:
    """Qt found no X display to connect to: the one DISPLAY names, or none at all."""
    if display:
        said = _(
            "cannot open a window: Qt could not connect to the X display {display}; start it from "
            "a desktop session, or set {setting} to run without a display ({commands})"
        )
        return said.format(display=repr(display), **_OFFSCREEN)
    said = _(
        "cannot open a window: Qt could not connect to an X display ({variable} is not set); start "
        "it from a desktop session, or set {setting} to run without a display ({commands})"
    )
    return said.format(variable="DISPLAY", **_OFFSCREEN)


class StartupGuard:
    """Hold Qt's messages while the QApplication is made; turn a fatal one into one line.

    Install it just before ``QApplication(...)`` and call :meth:`release` just after:
    the messages it kept then go to the handler that was installed before (nothing is
    lost when start-up works).  When Qt gives up instead (``QtFatalMsg``), it prints the
    line from :func:`platform_failure` to stderr and ends the process with status
    :data:`EXIT_NO_PLATFORM`, before Qt would abort.
    """

    def __init__(self, exit: Callable[[int], object] = os._exit) -> None:
        from PySide6.QtCore import qInstallMessageHandler

        self._exit = exit
        self._kept: list[tuple[object, object, str]] = []
        self._previous = qInstallMessageHandler(self._on_message)

    def _on_message(self, kind, context, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        if kind == QtMsgType.QtFatalMsg:
            line = platform_failure([m for _, _, m in self._kept] + [message])
            print(line, file=sys.stderr, flush=True)
            self._exit(EXIT_NO_PLATFORM)
            return
        self._kept.append((kind, context, message))

    def release(self) -> None:
        """Put the previous handler back and give it the messages kept meanwhile."""
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(self._previous)
        kept, self._kept = self._kept, []
        for kind, context, message in kept:
            if self._previous is not None:
                self._previous(kind, context, message)
            else:
                print(message, file=sys.stderr)
