"""The committed icon files: up to date with their SVG sources, every size present, containers well formed."""

from __future__ import annotations

import struct

import pytest
from PySide6.QtGui import QImage

from specdec_desktop import app_icon, resources

from ..support.files import load_packaging_script

_load = load_packaging_script


make_icons = _load("make_icons")


def test_the_app_and_the_generator_agree_on_the_sizes():
    assert app_icon.PNG_SIZES == make_icons.PNG_SIZES
    assert app_icon.ICON_NAME == make_icons.NAME


def test_committed_icons_match_their_svg_sources(qapp, capsys):
    assert make_icons.main(["--check"]) == 0, capsys.readouterr().err


def test_check_notices_a_stale_icon(qapp, capsys, monkeypatch, tmp_path):
    icons = tmp_path / "icons"
    icons.mkdir()
    for path in make_icons.ICONS.iterdir():
        (icons / path.name).write_bytes(path.read_bytes())
    blank = QImage(48, 48, QImage.Format.Format_ARGB32)
    blank.fill(0)
    blank.save(str(icons / "specdec-desktop-48.png"))
    monkeypatch.setattr(make_icons, "ICONS", icons)
    assert make_icons.main(["--check"]) == 1
    assert "specdec-desktop-48.png" in capsys.readouterr().err


@pytest.mark.parametrize("size", make_icons.PNG_SIZES)
def test_each_png_has_its_size_and_is_not_empty(qapp, size):
    image = QImage(str(resources.path("icons", f"specdec-desktop-{size}.png")))
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()
    centre = image.pixelColor(size // 2, size // 2)
    assert centre.alpha() == 255


def test_small_sizes_are_drawn_from_the_simplified_source():
    assert make_icons.source_for(16).name == "specdec-desktop-small.svg"
    assert make_icons.source_for(32).name == "specdec-desktop-small.svg"
    assert make_icons.source_for(48).name == "specdec-desktop.svg"


def test_ico_holds_every_windows_size_as_png(qapp):
    images = make_icons.read_ico(resources.path("icons", "specdec-desktop.ico").read_bytes())
    assert sorted(images) == sorted(make_icons.ICO_SIZES)
    for size, png in images.items():
        image = QImage.fromData(png)
        assert (image.width(), image.height()) == (size, size)


def test_icns_holds_every_macos_size(qapp):
    entries = make_icons.read_icns(resources.path("icons", "specdec-desktop.icns").read_bytes())
    assert set(entries) == {ostype for ostype, _ in make_icons.ICNS_ENTRIES}
    for ostype, size in make_icons.ICNS_ENTRIES:
        image = QImage.fromData(entries[ostype])
        assert (image.width(), image.height()) == (size, size), ostype


def test_malformed_containers_are_refused():
    with pytest.raises(ValueError):
        make_icons.read_icns(b"icns" + struct.pack(">I", 999))
    with pytest.raises(ValueError):
        make_icons.read_ico(b"\x00\x00\x02\x00\x01\x00")


def test_the_window_icon_has_every_size(qapp):
    icon = app_icon.app_icon()
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert {(n, n) for n in make_icons.PNG_SIZES} <= sizes
