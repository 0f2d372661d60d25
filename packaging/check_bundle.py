"""Check a built bundle: size limits, contents, and (on Linux) that every library it links to is there.

    python packaging/check_bundle.py                        # dist/specdec-desktop and the archive beside it
    python packaging/check_bundle.py --bundle DIR --archive FILE.tar.gz

Exits 0 when the bundle passes, 1 with one line per problem otherwise.  CI
(``packaging/ci_frozen.sh``) and ``tests/install/test_bundle.py`` run it.  Checks:

* size: the one-folder app at most :data:`MAX_FOLDER_MIB` MiB and the
  ``.tar.gz`` at most :data:`MAX_ARCHIVE_MIB` MiB (MiB = 2**20 bytes, what
  ``du -sh`` prints; apparent file sizes, symbolic links not followed);
* every file of the source ``resources/`` folder is in the bundle, byte for byte, but the
  translators' sources (``locale/<code>.po``), which ``bundle_rules`` leaves out and must not be there;
* every language the app ships (one ``resources/locale/<code>.po`` each) has its compiled
  catalogue ``resources/locale/<code>.mo`` and Qt's own words ``qtbase_<code>.qm`` in the bundle;
* every module of the ``specdec_desktop`` package is in the bundle's archive
  (when PyInstaller is importable to read it);
* ``licenses/INDEX.txt`` lists the app, the font, Python and every dependency;
* no Qt translations but ``bundle_rules.KEEP_TRANSLATIONS``, no Qt plugin outside
  ``bundle_rules.KEEP_PLUGINS``, none of the big excluded packages;
* Linux: ``ldd`` finds every library each bundled binary needs, inside the
  bundle or on this machine (a library missing here was missing at build time,
  e.g. libxcb-icccm4 / libxcb-keysyms1, and so is missing from the bundle too).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bundle_rules  # noqa: E402

MAX_FOLDER_MIB = 170
MAX_ARCHIVE_MIB = 70
MIB = 2**20
NAME = "specdec-desktop"
#: Top-level folders of ``_internal`` that must never come back (trimmed on purpose).
FORBIDDEN_TOP_LEVEL = (
    "matplotlib",
    "PIL",
    "tkinter",
    "_tkinter",
    "scipy",
    "contourpy",
    "kiwisolver",
    "OpenGL",
)


def tree_size(folder: Path) -> int:
    """Bytes in ``folder``: apparent sizes of regular files, symbolic links not followed."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def _internal(bundle: Path) -> Path:
    inner = bundle / "_internal"
    return inner if inner.is_dir() else bundle


def _executable(bundle: Path) -> Path:
    return bundle / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def check_sizes(bundle: Path, archive: Path | None, max_folder: float, max_archive: float) -> list[str]:
    problems = []
    folder = tree_size(bundle) / MIB
    print(f"check_bundle: one-folder app {folder:.1f} MiB (limit {max_folder:g})")
    if folder > max_folder:
        problems.append(f"the one-folder app is {folder:.1f} MiB, over the {max_folder:g} MiB limit")
    if archive is not None:
        size = archive.stat().st_size / MIB
        print(f"check_bundle: archive {archive.name} {size:.1f} MiB (limit {max_archive:g})")
        if size > max_archive:
            problems.append(f"{archive.name} is {size:.1f} MiB, over the {max_archive:g} MiB limit")
    return problems


def check_resources(bundle: Path) -> list[str]:
    problems = []
    source = ROOT / "resources"
    bundled = _internal(bundle) / "resources"
    files = [p for p in source.rglob("*") if p.is_file()]
    for path in files:
        relative = path.relative_to(source)
        copy = bundled / relative
        if bundle_rules.is_translator_source(f"resources/{relative.as_posix()}"):
            if copy.exists():
                problems.append(
                    f"resources/{relative.as_posix()} is in the bundle: bundle_rules leaves it out"
                )
        elif not copy.is_file():
            problems.append(f"resources/{relative.as_posix()} is not in the bundle")
        elif copy.read_bytes() != path.read_bytes():
            problems.append(f"resources/{relative.as_posix()} in the bundle differs from the source")
    print(f"check_bundle: {len(files)} resource files compared")
    return problems


def shipped_languages() -> list[str]:
    """The languages the app ships: one ``resources/locale/<code>.po`` each (as
    ``bundle_rules.KEEP_TRANSLATIONS`` counts them)."""
    return sorted(po.stem for po in (ROOT / "resources" / "locale").glob("*.po"))


def check_languages(bundle: Path) -> list[str]:
    """Every shipped language's compiled catalogue and Qt's catalogue of its own words are inside."""
    inner = _internal(bundle)
    problems = []
    codes = shipped_languages()
    for code in codes:
        catalogue = inner / "resources" / "locale" / f"{code}.mo"
        if not catalogue.is_file():
            problems.append(
                f"language {code}: resources/locale/{code}.mo is not in the bundle "
                f"(--lang {code} would show English; python -m specdec_desktop.devtools.compile makes it)"
            )
        qt_words = [p for p in (inner / "PySide6").rglob(f"qtbase_{code}.qm") if p.is_file()]
        if not qt_words:
            problems.append(
                f"language {code}: Qt's qtbase_{code}.qm is not in the bundle (Qt's buttons and dialogs "
                "would stay English; bundle_rules.KEEP_TRANSLATIONS keeps it when PySide6 ships it)"
            )
    print(f"check_bundle: {len(codes)} languages ({', '.join(codes)}): catalogue and Qt's words each")
    return problems


def check_modules(bundle: Path) -> list[str]:
    try:
        from PyInstaller.archive.readers import pkg_archive_contents
    except ImportError:
        print("check_bundle: PyInstaller not importable; module list not checked")
        return []
    contents = set(pkg_archive_contents(str(_executable(bundle))))
    package = ROOT / "specdec_desktop"
    wanted = set()
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        wanted.add(".".join(parts))
    missing = sorted(wanted - contents)
    print(
        f"check_bundle: {len(wanted) - len(missing)} of {len(wanted)} specdec_desktop modules in the archive"
    )
    return [f"module {name} is not in the bundle" for name in missing]


def check_trimmed(bundle: Path) -> list[str]:
    problems = []
    inner = _internal(bundle)
    for path in inner.rglob("*"):
        relative = path.relative_to(inner).as_posix()
        if path.is_file() and relative.endswith(".qm") and path.name not in bundle_rules.KEEP_TRANSLATIONS:
            problems.append(f"Qt translation {relative} was not trimmed")
        plugin = bundle_rules.plugin_of(relative)
        if path.is_file() and plugin is not None and not bundle_rules.keep_entry(relative):
            problems.append(f"Qt plugin {relative} is not in bundle_rules.KEEP_PLUGINS")
    for name in FORBIDDEN_TOP_LEVEL:
        if (inner / name).exists():
            problems.append(f"{name} is in the bundle although build.spec excludes it")
    for must in (
        "platforms/libqoffscreen",
        "platforms/libqxcb",
        "iconengines/libqsvgicon",
        "imageformats/libqsvg",
    ):
        if sys.platform.startswith("linux") and not list(inner.glob(f"PySide6/Qt/plugins/{must}.*")):
            problems.append(f"Qt plugin {must} is missing")
    return problems


#: Components whose licence must be listed in the bundle's licenses/INDEX.txt.
LICENSED_COMPONENTS = (
    "specdec-desktop",
    "Inter",
    "Python",
    "PySide6",
    "shiboken6",
    "pyqtgraph",
    "numpy",
    "pyinstaller",
)


def check_licences(bundle: Path) -> list[str]:
    """The bundle's ``licenses/`` folder (packaging/collect_licenses.py) lists every component."""
    folder = _internal(bundle) / "licenses"
    index = folder / "INDEX.txt"
    if not index.is_file():
        return ["licenses/INDEX.txt is not in the bundle (build.spec writes it)"]
    text = index.read_text(encoding="utf-8").lower()
    problems = [
        f"licenses/INDEX.txt does not list {name}" for name in LICENSED_COMPONENTS if name.lower() not in text
    ]
    if (folder / "specdec-desktop" / "LICENSE").read_bytes() != (ROOT / "LICENSE").read_bytes():
        problems.append("licenses/specdec-desktop/LICENSE differs from LICENSE")
    files = [p for p in folder.rglob("*") if p.is_file()]
    print(f"check_bundle: {len(files)} licence files")
    return problems


def _is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == b"\x7fELF"
    except OSError:
        return False


def check_links(bundle: Path) -> list[str]:
    """Run ``ldd`` on every ELF file with the bundle's library folders on the search path."""
    if not sys.platform.startswith("linux"):
        return []
    inner = _internal(bundle)
    binaries = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink() and _is_elf(p)]
    folders = sorted({str(p.parent) for p in binaries} | {str(inner)})
    env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join(folders))
    missing: dict[str, set[str]] = {}
    for path in binaries:
        result = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env, check=False)
        for line in result.stdout.splitlines():
            if "not found" in line:
                missing.setdefault(line.split("=>")[0].strip(), set()).add(
                    path.relative_to(bundle).as_posix()
                )
    print(f"check_bundle: {len(binaries)} binaries linked, {len(missing)} libraries missing")
    return [
        f"{library} (needed by {', '.join(sorted(users)[:3])}) is neither in the bundle nor on this machine"
        for library, users in sorted(missing.items())
    ]


def check(bundle: Path, archive: Path | None, max_folder: float, max_archive: float) -> list[str]:
    """Every problem found with ``bundle`` (and ``archive``)."""
    if not _executable(bundle).is_file():
        return [f"no {_executable(bundle).name} in {bundle}: build it with `pyinstaller build.spec` first"]
    return (
        check_sizes(bundle, archive, max_folder, max_archive)
        + check_resources(bundle)
        + check_languages(bundle)
        + check_modules(bundle)
        + check_trimmed(bundle)
        + check_licences(bundle)
        + check_links(bundle)
    )


def default_archive(dist: Path) -> Path | None:
    archives = sorted(dist.glob(f"{NAME}-*.tar.gz"), key=lambda p: p.stat().st_mtime)
    return archives[-1] if archives else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a built SpecDec Desktop bundle.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / NAME, help="the one-folder app")
    parser.add_argument("--archive", type=Path, help="the .tar.gz (default: newest in the bundle's folder)")
    parser.add_argument("--max-folder-mib", type=float, default=MAX_FOLDER_MIB)
    parser.add_argument("--max-archive-mib", type=float, default=MAX_ARCHIVE_MIB)
    args = parser.parse_args(argv)
    archive = args.archive or default_archive(args.bundle.parent)
    problems = check(args.bundle, archive, args.max_folder_mib, args.max_archive_mib)
    for problem in problems:
        print(f"check_bundle: FAIL: {problem}", file=sys.stderr)
    if not problems:
        print("check_bundle: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
