"""Themes: colours and sizes (:mod:`.palette`), the Qt palette (:mod:`.qt_palette`) and the
style that dresses widgets by role from them (:mod:`.widget_style`), and the bundled font
(:mod:`.fonts`)."""

from .palette import DARK, LIGHT, OKABE_ITO, PROJECTOR, THEMES, Theme, fitted_to_window, projector_type_px

__all__ = [
    "DARK",
    "LIGHT",
    "OKABE_ITO",
    "PROJECTOR",
    "THEMES",
    "Theme",
    "fitted_to_window",
    "projector_type_px",
]
