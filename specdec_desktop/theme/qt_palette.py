"""The Qt palette of a :class:`~.palette.Theme`: every widget draws its colours from it.

Windows, entry boxes, message boxes, file dialogs, scroll bars and menus draw from the
palette, and so do the surfaces :mod:`.widget_style` paints; a theme switch is a new
palette.  Only theme colours are used.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from .palette import Theme

__all__ = ["qt_palette"]


def qt_palette(theme: Theme) -> QPalette:
    """A palette whose every role comes from ``theme``."""
    role = QPalette.ColorRole
    palette = QPalette()
    colours = {
        role.Window: theme.window,
        role.WindowText: theme.text,
        role.Base: theme.surface,
        role.AlternateBase: theme.surface_alt,
        role.Text: theme.text,
        role.PlaceholderText: theme.text_muted,
        role.Button: theme.surface_alt,
        role.ButtonText: theme.text,
        role.BrightText: theme.warning,
        role.Highlight: theme.accent,
        role.HighlightedText: theme.accent_text,
        role.ToolTipBase: theme.surface,
        role.ToolTipText: theme.text,
        role.Link: theme.accent,
        role.LinkVisited: theme.accent,
        role.Light: theme.surface,
        role.Midlight: theme.surface_alt,
        role.Mid: theme.border,
        role.Dark: theme.border,
        role.Shadow: theme.border,
    }
    for colour_role, value in colours.items():
        palette.setColor(colour_role, QColor(value))
    for colour_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, colour_role, QColor(theme.text_muted))
    return palette
