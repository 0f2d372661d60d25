"""Pack the one-folder Linux app into ``dist/specdec-desktop-<version>-linux-<arch>.tar.gz``.

    python packaging/make_archive.py [--bundle dist/specdec-desktop] [--out dist]

The archive unpacks to one folder, ``specdec-desktop-<version>/``, holding the
app (``specdec-desktop`` and ``_internal/``), ``install.sh`` (menu entry and icons,
see packaging/linux), the ``.desktop`` file and a short README.  The archive is
reproducible: entries sorted, owner root, timestamps ``SOURCE_DATE_EPOCH`` (or
0), gzip without a name or time stamp.  Prints the archive's path and size.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import platform
import re
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX = Path(__file__).resolve().parent / "linux"
sys.path.insert(0, str(LINUX.parent))
NAME = "specdec-desktop"
METAINFO = "org.specdec.desktop.metainfo.xml"

README = """SpecDec Desktop {version} for Linux ({arch})
================================================

Run it where it is:      ./specdec-desktop
Add it to the menu:      ./install.sh            (for you, under ~/.local)
For everyone:            sudo PREFIX=/usr/local ./install.sh
Remove it again:         ./install.sh --uninstall

Check this copy works:   ./specdec-desktop --self-test
The numbers only:        ./specdec-desktop calc --k 6 --p 0.75 --c 0.15

It needs no network, no Python and no fonts from the system. It runs on Linux
with glibc {glibc} or newer: {distributions}.
On X11 it needs the usual X client libraries (libxcb, libX11, libxkbcommon,
libfontconfig) and libGL, which every desktop has; if it will not start,
./specdec-desktop --self-test prints one line naming what to install.

Licences: the app is MIT; the licences and notices of everything it carries
(Qt, PySide6, Python, pyqtgraph, numpy, the Inter font...) are in
_internal/licenses/ and listed in Help > About.
"""


def version() -> str:
    """The app version, read from specdec_desktop/__init__.py without importing it."""
    text = (ROOT / "specdec_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if match is None:
        raise SystemExit("make_archive: no __version__ in specdec_desktop/__init__.py")
    return match.group(1)


def archive_name(arch: str | None = None) -> str:
    return f"{NAME}-{version()}-linux-{arch or platform.machine()}.tar.gz"


def _entries(bundle: Path, top: str) -> list[tuple[str, Path | bytes, int]]:
    """(name in archive, source file or bytes, mode) for everything the archive holds."""
    entries: list[tuple[str, Path | bytes, int]] = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() or path.is_symlink():
            entries.append((f"{top}/{path.relative_to(bundle).as_posix()}", path, 0))
    entries.append((f"{top}/install.sh", LINUX / "install.sh", 0o755))
    entries.append((f"{top}/{NAME}.desktop", LINUX / f"{NAME}.desktop", 0o644))
    entries.append((f"{top}/{METAINFO}", LINUX / METAINFO, 0o644))
    import check_glibc  # the floor the bundle is checked against

    floor = ".".join(map(str, check_glibc.GLIBC_FLOOR))
    readme = README.format(
        version=version(),
        arch=platform.machine(),
        glibc=floor,
        distributions=check_glibc.SUPPORTED_DISTRIBUTIONS,
    ).encode()
    entries.append((f"{top}/README.txt", readme, 0o644))
    return entries


def make_archive(bundle: Path, out: Path) -> Path:
    """Write the archive for ``bundle`` into folder ``out``; return its path."""
    if not (bundle / NAME).is_file():
        raise SystemExit(f"make_archive: no {bundle / NAME}: build with `pyinstaller build.spec` first")
    out.mkdir(parents=True, exist_ok=True)
    target = out / archive_name()
    top = f"{NAME}-{version()}"
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    partial = target.with_suffix(".partial")

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = mtime
        return info

    with open(partial, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as zipped:
        with tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as tar:
            entries = _entries(bundle, top)
            folders = sorted({str(parent) for name, _, _ in entries for parent in Path(name).parents} - {"."})
            for folder in folders:
                info = normalise(tarfile.TarInfo(folder))
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            for name, source, mode in entries:
                if isinstance(source, bytes):
                    info = normalise(tarfile.TarInfo(name))
                    info.size, info.mode = len(source), mode
                    tar.addfile(info, io.BytesIO(source))
                    continue
                info = normalise(tar.gettarinfo(str(source), arcname=name))
                if mode:
                    info.mode = mode
                if info.isreg():
                    with open(source, "rb") as handle:
                        tar.addfile(info, handle)
                else:
                    tar.addfile(info)
    partial.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pack the one-folder Linux app into a .tar.gz.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / NAME)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    target = make_archive(args.bundle, args.out)
    print(f"make_archive: {target} ({target.stat().st_size / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
