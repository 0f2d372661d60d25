"""Render the app icon from its SVG sources into the PNG sizes, the Windows .ico and the macOS .icns.

    python packaging/make_icons.py           # rewrite resources/icons/*.png, .ico, .icns
    python packaging/make_icons.py --check   # exit 1 if the committed files are out of date

Two sources: ``specdec-desktop.svg`` (48 px and up) and ``specdec-desktop-small.svg``, the
same picture with fewer, bolder parts that stays legible at 16-32 px.  Qt's SVG renderer
draws each size; the .ico and .icns containers are written here (both simply hold PNG
images), so the build needs nothing beyond PySide6.  Run it after editing either SVG and
commit the results.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
NAME = "specdec-desktop"

#: Sizes written as ``specdec-desktop-<size>.png`` (the freedesktop hicolor sizes).
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: Largest size drawn from the small-size source.
SMALL_MAX = 32
#: Sizes inside the Windows .ico (256 is the largest Windows shows).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: (OSType, pixel size) of the PNG entries in the macOS .icns; the ic1x types are the @2x variants.
ICNS_ENTRIES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def source_for(size: int) -> Path:
    """The SVG drawn at ``size`` pixels."""
    return ICONS / (f"{NAME}-small.svg" if size <= SMALL_MAX else f"{NAME}.svg")


def render_png(size: int) -> bytes:
    """PNG bytes of the icon drawn at ``size`` x ``size`` pixels (a Qt GUI application must exist)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(source_for(size)))
    if not renderer.isValid():
        raise ValueError(f"cannot read {source_for(size)}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    directory, images = b"", b""
    for size, png in sorted(pngs.items()):
        edge = 0 if size >= 256 else size  # 0 means 256 in the ICONDIRENTRY
        directory += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + directory + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG entries (``ICNS_ENTRIES``)."""
    body = b""
    for ostype, size in ICNS_ENTRIES:
        body += ostype + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> dict[bytes, bytes]:
    """Entries of an .icns file by OSType; raises ``ValueError`` if it is malformed."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file, or its length field is wrong")
    entries, offset = {}, 8
    while offset < len(data):
        ostype, length = data[offset : offset + 4], struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        if length < 8 or offset + length > len(data):
            raise ValueError(f"icns entry {ostype!r} overruns the file")
        entries[ostype] = data[offset + 8 : offset + length]
        offset += length
    return entries


def read_ico(data: bytes) -> dict[int, bytes]:
    """PNG images of an .ico file by size; raises ``ValueError`` if it is malformed."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an ico file")
    images = {}
    for index in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        if offset + length > len(data):
            raise ValueError("ico entry overruns the file")
        images[width or 256] = data[offset : offset + length]
    return images


def outputs() -> dict[str, bytes]:
    """Every generated file, by name inside ``resources/icons``."""
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_ENTRIES})
    pngs = {size: render_png(size) for size in sizes}
    files = {f"{NAME}-{size}.png": pngs[size] for size in PNG_SIZES}
    files[f"{NAME}.ico"] = ico_bytes({size: pngs[size] for size in ICO_SIZES})
    files[f"{NAME}.icns"] = icns_bytes(pngs)
    return files


#: Largest difference in any colour channel still called "the same picture": Qt's raster engine
#: anti-aliases with different SIMD paths on different processors (one level apart, seen here).
PIXEL_TOLERANCE = 2


def _same_pixels(a: bytes, b: bytes) -> bool:
    from PySide6.QtGui import QImage

    first, second = QImage.fromData(a), QImage.fromData(b)
    if first.isNull() or second.isNull() or first.size() != second.size():
        return False
    first = first.convertToFormat(QImage.Format.Format_ARGB32)
    second = second.convertToFormat(QImage.Format.Format_ARGB32)
    difference = max(
        abs(x - y) for x, y in zip(bytes(first.constBits()), bytes(second.constBits()), strict=True)
    )
    return difference <= PIXEL_TOLERANCE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="compare with the committed files, write nothing"
    )
    args = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    files = outputs()
    if args.check:
        stale = []
        for name, data in files.items():
            committed = ICONS / name
            if not committed.is_file():
                stale.append(f"{name} (missing)")
            elif name.endswith(".png") and not _same_pixels(committed.read_bytes(), data):
                stale.append(name)
            elif name.endswith(".ico"):
                old, new = read_ico(committed.read_bytes()), read_ico(data)
                if old.keys() != new.keys() or not all(_same_pixels(old[s], new[s]) for s in new):
                    stale.append(name)
            elif name.endswith(".icns"):
                old, new = read_icns(committed.read_bytes()), read_icns(data)
                if old.keys() != new.keys() or not all(_same_pixels(old[t], new[t]) for t in new):
                    stale.append(name)
        if stale:
            print(
                f"make_icons: out of date: {', '.join(stale)} (run packaging/make_icons.py)", file=sys.stderr
            )
            return 1
        print(f"make_icons: {len(files)} files up to date")
        return 0
    for name, data in files.items():
        with tempfile.NamedTemporaryFile(dir=ICONS, delete=False) as handle:
            handle.write(data)
        os.chmod(handle.name, 0o644)
        os.replace(handle.name, ICONS / name)
        print(f"wrote resources/icons/{name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
