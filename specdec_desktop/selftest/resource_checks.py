"""Self-test checks of the bundled files: every resource loads; every character shown is in the bundled font.

The font check is what keeps a machine without fonts from showing boxes: a
character the bundled font lacks would fall back to a system font, and on a
bare system there is none.
"""

from __future__ import annotations

import struct
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QFont, QFontDatabase, QImage, QImageReader, QRawFont, QTextDocument
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLabel, QTabBar, QTextBrowser

from .. import resources
from ..app_icon import ICON_NAME, PNG_SIZES, app_icon
from ..text import N_, Phrase, _
from ..theme.fonts import FONT_FILES
from .context import SelfTestContext, expect, failure

__all__ = ["check_resources", "check_text_in_font"]

#: Files the app cannot do without (fonts, their licence, the icon in every form).
REQUIRED = (
    *(("fonts", name) for name in FONT_FILES),
    ("fonts", "LICENSE-Inter.txt"),
    ("icons", f"{ICON_NAME}.svg"),
    ("icons", f"{ICON_NAME}-small.svg"),
    ("icons", f"{ICON_NAME}.ico"),
    ("icons", f"{ICON_NAME}.icns"),
    *(("icons", f"{ICON_NAME}-{size}.png") for size in PNG_SIZES),
)
#: The faces the interface uses: (name, weight, italic).
_STYLES = (
    (Phrase(N_("regular")), QFont.Weight.Normal, False),
    (Phrase(N_("italic")), QFont.Weight.Normal, True),
    (Phrase(N_("semibold")), QFont.Weight.DemiBold, False),
    (Phrase(N_("bold")), QFont.Weight.Bold, False),
)
_TEXT_SUFFIXES = {".txt", ".md", ".json", ".csv", ".qss", ".desktop", ".toml", ".po", ".pot"}


def _why(error: Exception) -> str:
    """Why a file did not load: a check's reason (a phrase, said in the language), else the
    exception's own message (a missing resource names the file)."""
    reason = error.args[0] if len(error.args) == 1 else None
    return reason if isinstance(reason, Phrase) else str(error)


def _code_points(characters: list[str]) -> str:
    """``U+00E9 é U+4E2D 中``: characters a font lacks, by code point and as themselves."""
    return " ".join(f"U+{ord(c):04X} {c}" for c in characters)


def _load_icns(path: Path) -> str:
    data = path.read_bytes()
    expect(data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data), N_("not an icns file"))
    offset, count = 8, 0
    while offset < len(data):
        length = struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        expect(8 < length <= len(data) - offset, N_("icns entry overruns the file"))
        image = QImage.fromData(data[offset + 8 : offset + length])
        expect(not image.isNull(), N_("icns entry {kind!r} is not an image"), kind=data[offset : offset + 4])
        offset, count = offset + length, count + 1
    return f"{count} images"


def _load(path: Path) -> str:
    """Load one file the way the app would; return what it held; raise if it does not load."""
    suffix = path.suffix.lower()
    expect(path.stat().st_size > 0, N_("empty file"))
    if suffix in {".otf", ".ttf"}:
        font = QRawFont(str(path), 12)
        expect(font.isValid(), N_("Qt cannot read this font"))
        return font.familyName()
    if suffix == ".svg":
        expect(QSvgRenderer(str(path)).isValid(), N_("Qt cannot read this SVG"))
        return "svg"
    if suffix == ".icns":
        return _load_icns(path)
    if suffix in {".png", ".ico", ".jpg", ".jpeg"}:
        reader = QImageReader(str(path))
        count = max(1, reader.imageCount())
        for _image in range(count):
            expect(
                not reader.read().isNull(), N_("Qt cannot read this image ({why})"), why=reader.errorString()
            )
            reader.jumpToNextImage()
        return f"{count} images"
    if suffix == ".mo":  # a compiled catalogue (resources/locale): read as the text layer reads it
        import gettext

        with open(path, "rb") as handle:
            messages = len(gettext.GNUTranslations(handle)._catalog)
        expect(messages > 1, N_("no translations in this catalogue"))
        return f"{messages} messages"
    if suffix in _TEXT_SUFFIXES:
        expect(path.read_text(encoding="utf-8").strip(), N_("no text in it"))
        return "text"
    path.read_bytes()
    return "bytes"


def check_resources(ctx: SelfTestContext) -> str:
    """Every file under ``resources/`` loads, the required ones are there, and the icon has every size."""
    root = resources.root()  # (none at all: the window would not have been built)
    for parts in REQUIRED:
        try:
            resources.path(*parts)
        except resources.ResourceMissing as error:  # its class first, as any other exception's
            raise failure(
                N_("{kind}: bundled file missing: {file}"), kind=type(error).__name__, file="/".join(parts)
            ) from None
    files = sorted(p for p in root.rglob("*") if p.is_file())
    for path in files:
        try:
            _load(path)
        except Exception as error:
            raise failure(
                N_("{file}: {reason}"), file=path.relative_to(root).as_posix(), reason=_why(error)
            ) from None
    png_sizes = {
        QImage(str(resources.path("icons", f"{ICON_NAME}-{size}.png"))).size().width() for size in PNG_SIZES
    }
    expect(png_sizes == set(PNG_SIZES), N_("icon PNGs have sizes {sizes}"), sizes=sorted(png_sizes))
    icon = app_icon()
    expect(not icon.isNull(), N_("the app icon is empty"))
    expect(not icon.pixmap(QSize(16, 16)).isNull(), N_("the app icon has no 16 px image"))
    expect(not ctx.app.windowIcon().isNull(), N_("the application has no window icon"))
    return _("{count} files from {folder}").format(count=len(files), folder=str(root))


#: What a rich-text image becomes in a document's plain text (QTextDocument.toPlainText).
_IMAGE = "\ufffc"


def _visible_texts(ctx: SelfTestContext) -> list[str]:
    window = ctx.window
    texts = [window.windowTitle()]
    document = QTextDocument()
    for label in window.findChildren(QLabel):
        document.setHtml(label.text())
        # An inline image (a legend's swatch) stands in the plain text as U+FFFC, the object
        # replacement character: an image is drawn, not a glyph of the font.
        texts.append(document.toPlainText().replace(_IMAGE, ""))
    for browser in window.findChildren(QTextBrowser):
        texts.append(browser.document().toPlainText())
    for bar in window.findChildren(QTabBar):
        texts.extend(bar.tabText(index) for index in range(bar.count()))
    for button in window.findChildren(QAbstractButton):
        texts.append(button.text())
    for box in window.findChildren(QAbstractSpinBox):
        texts.append(box.text())
    chart = getattr(window, "chart", None)
    if chart is not None:
        import pyqtgraph as pg

        for item in chart.getPlotItem().items:
            if isinstance(item, pg.TextItem):
                texts.append(item.toPlainText())
        for side in ("left", "bottom"):
            document.setHtml(chart.getPlotItem().getAxis(side).labelText)
            texts.append(document.toPlainText())
    return texts


def _is_cjk(ch: str) -> bool:
    """A Han character or CJK punctuation (the bundled Latin font has none: the system's draw them)."""
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def _cjk_fallback(characters: list[str]) -> tuple[str | None, list[str]]:
    """The first installed Chinese font that has every one of ``characters``, else the lacking ones
    (Qt falls back to such a font for what the bundled one lacks: Debian's fonts-wqy-zenhei)."""
    lacking = characters
    for family in QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        raw = QRawFont.fromFont(QFont(family))
        lacking = [ch for ch in characters if not raw.supportsCharacter(ord(ch))]
        if not lacking:
            return family, []
    return None, lacking


def check_text_in_font(ctx: SelfTestContext) -> str:
    """Every character the window shows is drawn by the bundled font, in each of its styles; in
    Chinese, the Han characters by an installed Chinese font (none: boxes, so the check fails)."""
    characters = sorted({ch for text in _visible_texts(ctx) for ch in text if not ch.isspace()})
    expect(characters, N_("the window shows no text"))
    cjk = [ch for ch in characters if _is_cjk(ch)]
    latin = [ch for ch in characters if not _is_cjk(ch)]
    for style, weight, italic in _STYLES:
        font = QFont(ctx.font_family)
        font.setWeight(weight)
        font.setItalic(italic)
        raw = QRawFont.fromFont(font)
        expect(raw.isValid(), N_("no {style} face for {family}"), style=style, family=ctx.font_family)
        expect(
            raw.familyName() == ctx.font_family,
            N_("{style} text resolves to {family!r}"),
            style=style,
            family=raw.familyName(),
        )
        missing = [ch for ch in latin if not raw.supportsCharacter(ord(ch))]
        expect(
            not missing,
            N_("{style} {family} lacks {characters}"),
            style=style,
            family=ctx.font_family,
            characters=_code_points(missing),
        )
    summary = _("{count} distinct characters in {family}, {styles} styles").format(
        count=len(latin), family=ctx.font_family, styles=len(_STYLES)
    )
    if not cjk:
        return summary
    fallback, lacking = _cjk_fallback(cjk)
    expect(
        fallback is not None,
        N_("no installed Chinese font has {characters} (Debian: {one} or {other})"),
        characters=_code_points(lacking[:12]),
        one="fonts-wqy-zenhei",
        other="fonts-noto-cjk",
    )
    return summary + _("; {count} Chinese characters in {family}").format(count=len(cjk), family=fallback)
