"""Registers the bundled Inter font so the app looks the same on every machine.

A frozen build on a bare system has no fonts at all; without this every
character would render as an empty box.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase

from .. import resources

__all__ = ["FONT_FILES", "UI_FAMILY", "register_fonts"]

FONT_FILES = ("Inter-Regular.otf", "Inter-Italic.otf", "Inter-SemiBold.otf", "Inter-Bold.otf")
UI_FAMILY = "Inter"


def register_fonts() -> str:
    """Load the bundled font files; return the family to use for the interface.

    Raises
    ------
    resources.ResourceMissing
        If a font file is missing from the installation.
    RuntimeError
        If Qt cannot read one.
    """
    families: set[str] = set()
    for name in FONT_FILES:
        font_id = QFontDatabase.addApplicationFont(str(resources.path("fonts", name)))
        if font_id < 0:
            raise RuntimeError(f"Qt could not load the bundled font {name}")
        families.update(QFontDatabase.applicationFontFamilies(font_id))
    return UI_FAMILY if UI_FAMILY in families else sorted(families)[0]
