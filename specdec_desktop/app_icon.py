"""The application icon: the pre-rendered PNG sizes plus the scalable SVG, from ``resources/icons``.

The PNGs (16 to 512 px, drawn by ``packaging/make_icons.py``; the small ones from
a simplified drawing) let the window manager pick a crisp image at each size; the
SVG covers any other size.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from . import resources

__all__ = ["ICON_NAME", "PNG_SIZES", "app_icon"]

ICON_NAME = "specdec-desktop"
#: The sizes ``packaging/make_icons.py`` writes as ``specdec-desktop-<size>.png``.
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_icon() -> QIcon:
    """The icon with every bundled size.

    Raises
    ------
    resources.ResourceMissing
        If one of the icon files is not installed.
    """
    icon = QIcon()
    for size in PNG_SIZES:
        icon.addFile(str(resources.path("icons", f"{ICON_NAME}-{size}.png")), QSize(size, size))
    icon.addFile(str(resources.path("icons", f"{ICON_NAME}.svg")))
    return icon
