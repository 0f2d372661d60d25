"""What the frozen bundle keeps and drops: the trimming rules that ``build.spec`` applies.

PyInstaller's Qt hooks collect every plugin, translation and library a Qt
module *might* use (219-260 MB for this app).  The rules here cut that to what
the app uses, in four steps, all on PyInstaller's TOC entries
``(destination, source, typecode)``:

1. :data:`EXCLUDED_MODULES` keeps unused Python packages out of the analysis
   (pyqtgraph's optional parts, matplotlib, Tk, the Qt modules nobody imports).
2. :func:`keep_entry` drops Qt's translations but :data:`KEEP_TRANSLATIONS` (Qt's own words
   in the languages the app speaks), every Qt plugin not named in :data:`KEEP_PLUGINS`, and the
   translators' sources :func:`is_translator_source` (the app reads only the compiled ``.mo``).
3. :func:`prune_unreferenced` drops shared libraries that nothing kept links to
   (the libraries the dropped plugins had pulled in: GTK, Qt Network, EGLFS...).
4. :data:`HOST_SYSTEM_LIBRARIES` (libstdc++, libgcc_s, libexpat) are left to the user's
   system on Linux, so the build host's copies do not raise the glibc floor.

:func:`strip_selected` strips libpython and ``lib-dynload`` only: stripping
numpy's OpenBLAS breaks it ("ELF load command address/offset not
page-aligned"), so ``strip=True`` must never be used for the whole bundle.

This file is plain Python so that tests can check the rules without building.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

__all__ = [
    "EXCLUDED_MODULES",
    "EXCLUDED_WITH_FALLBACK",
    "HIDDEN_IMPORTS",
    "HOST_SYSTEM_LIBRARIES",
    "KEEP_LIBRARIES",
    "KEEP_PLUGINS",
    "KEEP_TRANSLATIONS",
    "is_host_system_library",
    "is_translator_source",
    "keep_entry",
    "plugin_of",
    "prune_unreferenced",
    "strip_selected",
    "trim",
]

#: Excluded although something imports them, because the importer falls back to Python's own
#: code when they are missing: numpy.random imports ``secrets``, hence ``hashlib``, which uses
#: OpenSSL's ``_hashlib`` when present and its built-in hashes otherwise.  The frozen self-test
#: (CI runs it) proves the fallback works.
EXCLUDED_WITH_FALLBACK = ("_hashlib",)

#: Imported at run time by pyqtgraph (``pyqtgraph.Qt``) in a way the analysis can miss.
HIDDEN_IMPORTS = ("PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSvg", "PySide6.QtTest")

#: Python packages left out of the bundle.  pyqtgraph's optional parts (3D, flowchart, console,
#: examples, canvas, notebook support) and the optional libraries it would pull in; Qt modules the app
#: never imports (checked: after a window and a screenshot, ``sys.modules`` holds only QtCore, QtGui,
#: QtWidgets, QtSvg, QtTest, QtOpenGL and QtOpenGLWidgets); Tk; SSL and OpenSSL's hashes, which an
#: offline app has no use for.
EXCLUDED_MODULES = (
    "pyqtgraph.opengl",
    "pyqtgraph.flowchart",
    "pyqtgraph.console",
    "pyqtgraph.examples",
    "pyqtgraph.canvas",
    "pyqtgraph.jupyter",
    "OpenGL",
    "matplotlib",
    "PIL",
    "contourpy",
    "kiwisolver",
    "scipy",
    "h5py",
    "numba",
    "cupy",
    "IPython",
    "jupyter_rfb",
    "ipykernel",
    "metaarray",
    "tkinter",
    "_tkinter",
    "ssl",
    "_ssl",
    "_hashlib",  # OpenSSL's hashes (libcrypto, 4.6 MB); hashlib falls back to Python's own
    "readline",  # line editing for an interactive prompt the app never shows
    "numpy._core._multiarray_tests",
    "PySide6.QtNetwork",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickTest",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtSql",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtUiTools",
    "PySide6.QtXml",
    "PySide6.QtConcurrent",
    "PySide6.QtDBus",
    "PySide6.QtPrintSupport",
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtMultimedia",
    "PySide6.scripts",
)

#: Qt's translations kept: its own widgets' words (standard buttons, the file dialog, the keys'
#: names) in each language the app ships a catalogue for (views/qt_words.py; a new
#: ``resources/locale/<code>.po`` adds its ``qtbase_<code>.qm``; German, Spanish and Chinese: 0.5 MiB).
_CATALOGUES = Path(__file__).resolve().parent.parent / "resources" / "locale"
KEEP_TRANSLATIONS = frozenset(f"qtbase_{po.stem}.qm" for po in _CATALOGUES.glob("*.po"))


def is_translator_source(dest: str) -> bool:
    """Whether ``dest`` is a translation's source, ``resources/locale/<code>.po`` (left out).

    The text layer reads the compiled ``<code>.mo`` only; the ``.po`` files (0.85 MiB for three
    languages) are for translators and the compiler.  The template ``specdec.pot`` stays: the
    self-test's ``languages`` check reads it as the list of the messages the app uses.

    >>> is_translator_source("resources/locale/de.po"), is_translator_source("resources/locale/de.mo")
    (True, False)
    """
    parts = _parts(dest)
    return parts[:2] == ("resources", "locale") and len(parts) == 3 and parts[-1].endswith(".po")


#: Qt plugins kept, by plugin folder; a folder not named here is dropped whole.  Names are without
#: the ``lib`` prefix and the extension, so one table serves Linux, Windows and macOS.
KEEP_PLUGINS: dict[str, frozenset[str]] = {
    # offscreen: screenshots, self-test, CI; xcb: X11 (and XWayland); wayland; Windows; macOS.
    "platforms": frozenset({"qoffscreen", "qxcb", "qwayland", "qwindows", "qcocoa", "qdirect2d"}),
    # The icon is an SVG; PNG and the rest of the common formats are built into QtGui.
    "imageformats": frozenset({"qsvg", "qico"}),
    "iconengines": frozenset({"qsvgicon"}),
    # X11 loads one of these when anything asks for OpenGL (QtOpenGLWidgets is imported by pyqtgraph).
    "xcbglintegrations": frozenset({"qxcb-glx-integration", "qxcb-egl-integration"}),
    # Typing into the entry boxes with compose keys and input methods.
    "platforminputcontexts": frozenset(
        {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
    ),
    # A Wayland window needs a shell integration and draws its own title bar.
    "wayland-shell-integration": frozenset({"xdg-shell"}),
    # (No wayland-graphics-integration-client: the app draws with the raster engine, not OpenGL.)
    "wayland-decoration-client": frozenset({"bradient", "adwaita"}),
}

#: Shared libraries kept even though no kept binary links to them (libraries opened with
#: ``ctypes`` or ``dlopen`` by name).  None today; add here rather than switch pruning off.
KEEP_LIBRARIES: frozenset[str] = frozenset()

#: Linux libraries never bundled (rule 4): PyInstaller copies them from the build host, where a
#: Debian 12 copy needs glibc 2.36 (``arc4random``) and would lift the bundle's glibc floor
#: above what Qt needs (packaging/check_glibc.py).  Every glibc desktop has its own: the C++
#: runtime and libgcc_s come with the compiler runtime every C++ desktop program needs, and
#: libexpat with fontconfig.  The user's copy is then used, as for libc itself.
HOST_SYSTEM_LIBRARIES: frozenset[str] = frozenset({"libstdc++.so.6", "libgcc_s.so.1", "libexpat.so.1"})

_LIBRARY_SUFFIX = re.compile(r"(\.so(\.[0-9]+)*|\.dll|\.dylib|\.pyd)$", re.IGNORECASE)

Entry = tuple[str, str, str]


def _parts(dest: str) -> tuple[str, ...]:
    return PurePosixPath(dest.replace("\\", "/")).parts


def plugin_of(dest: str) -> tuple[str, str] | None:
    """``(folder, name)`` of a Qt plugin at bundle path ``dest``, or ``None`` if it is not one.

    >>> plugin_of("PySide6/Qt/plugins/platforms/libqxcb.so")
    ('platforms', 'qxcb')
    >>> plugin_of("PySide6/plugins/platforms/qwindows.dll")
    ('platforms', 'qwindows')
    """
    parts = _parts(dest)
    if "PySide6" not in parts or "plugins" not in parts:
        return None
    index = parts.index("plugins")
    if len(parts) < index + 3:  # plugins/<folder>/<file>
        return None
    folder, filename = parts[index + 1], parts[-1]
    stem = _LIBRARY_SUFFIX.sub("", filename)
    if stem.startswith("lib"):
        stem = stem[3:]
    return folder, stem


def _is_translation(dest: str) -> bool:
    parts = _parts(dest)
    return "PySide6" in parts and "translations" in parts


def keep_entry(dest: str) -> bool:
    """Whether the file at bundle path ``dest`` stays (rule 2: translations and plugins)."""
    if is_translator_source(dest):
        return False
    if _is_translation(dest):
        return _parts(dest)[-1] in KEEP_TRANSLATIONS
    plugin = plugin_of(dest)
    if plugin is None:
        return True
    folder, name = plugin
    return name in KEEP_PLUGINS.get(folder, frozenset())


def _library_key(name: str) -> str:
    """The name a library is linked by: its file name (lower-case, as Windows compares names)."""
    return PurePosixPath(name.replace("\\", "/")).name.lower()


def is_host_system_library(dest: str) -> bool:
    """Whether ``dest`` is a top-level Linux library the user's system provides (rule 4)."""
    return _library_key(dest) in HOST_SYSTEM_LIBRARIES and len(_parts(dest)) == 1


def _is_python_library(dest: str) -> bool:
    return re.match(r"^(lib)?python3", _library_key(dest)) is not None


def prune_unreferenced(
    binaries: Iterable[Entry],
    get_imports: Callable[[str], Iterable[str]],
) -> tuple[list[Entry], list[Entry]]:
    """Drop libraries that no kept binary links to (rule 3).

    Parameters
    ----------
    binaries : iterable of (dest, source, typecode)
        PyInstaller's binaries TOC, after :func:`keep_entry` filtering.
    get_imports : callable
        Names of the libraries one file links to (PyInstaller's
        ``bindepend.get_imports``, reduced to names).

    Returns
    -------
    kept, dropped : list of entries
        Python extensions, Qt plugins, libpython and :data:`KEEP_LIBRARIES`
        are roots; a library is kept when a root reaches it through links.
        A symbolic link goes with the file it points to.
    """
    entries = list(binaries)
    by_key: dict[str, list[Entry]] = {}
    for entry in entries:
        by_key.setdefault(_library_key(entry[0]), []).append(entry)

    def is_root(entry: Entry) -> bool:
        dest, _, typecode = entry
        return (
            typecode == "EXTENSION"
            or plugin_of(dest) is not None
            or _is_python_library(dest)
            or _library_key(dest) in KEEP_LIBRARIES
            or not _LIBRARY_SUFFIX.search(dest)  # not a shared library at all: leave it alone
        )

    reached: set[int] = set()
    queue = [entry for entry in entries if entry[2] != "SYMLINK" and is_root(entry)]
    while queue:
        entry = queue.pop()
        if id(entry) in reached:
            continue
        reached.add(id(entry))
        for name in get_imports(entry[1]):
            for target in by_key.get(_library_key(name), []):
                if id(target) not in reached and target[2] != "SYMLINK":
                    queue.append(target)

    kept_dests = {entry[0] for entry in entries if id(entry) in reached}
    kept: list[Entry] = []
    dropped: list[Entry] = []
    for entry in entries:
        dest, source, typecode = entry
        if typecode == "SYMLINK":
            target = os.path.normpath(os.path.join(os.path.dirname(dest), source)).replace("\\", "/")
            (kept if target in kept_dests else dropped).append(entry)
        else:
            (kept if id(entry) in reached else dropped).append(entry)
    return kept, dropped


def _wants_strip(dest: str) -> bool:
    return _is_python_library(dest) or "lib-dynload" in _parts(dest)


def strip_selected(binaries: Iterable[Entry], work_dir: Path) -> list[Entry]:
    """Point libpython and ``lib-dynload`` entries at stripped copies in ``work_dir`` (Linux only).

    Everything else is left as shipped: the Qt and numpy wheels are already
    stripped, and stripping OpenBLAS again corrupts it.
    """
    strip = shutil.which("strip")
    out: list[Entry] = []
    for dest, source, typecode in binaries:
        if strip and typecode != "SYMLINK" and _wants_strip(dest) and os.path.isfile(source):
            copy = work_dir / "stripped" / dest
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy)
            subprocess.run([strip, "--strip-unneeded", str(copy)], check=True)
            source = str(copy)
        out.append((dest, source, typecode))
    return out


def trim(
    binaries: Iterable[Entry],
    datas: Iterable[Entry],
    get_imports: Callable[[str], Iterable[str]],
    log: Callable[[str], None] = print,
) -> tuple[list[Entry], list[Entry]]:
    """Apply rules 2, 3 and 4 to PyInstaller's binaries and datas; return the kept ones."""
    binaries = list(binaries)
    datas = list(datas)
    kept_datas = [entry for entry in datas if keep_entry(entry[0])]
    system = [entry for entry in binaries if is_host_system_library(entry[0])]
    filtered = [entry for entry in binaries if keep_entry(entry[0]) and entry not in system]
    kept_binaries, pruned = prune_unreferenced(filtered, get_imports)
    log(
        f"trim: dropped {len(datas) - len(kept_datas)} data files (translations and their sources), "
        f"{len(binaries) - len(filtered) - len(system)} Qt plugins, {len(pruned)} unreferenced libraries, "
        f"{len(system)} libraries the system provides ({', '.join(sorted(e[0] for e in system)) or 'none'})"
    )
    for dest, _, _ in sorted(pruned):
        log(f"trim:   unreferenced {dest}")
    return kept_binaries, kept_datas
