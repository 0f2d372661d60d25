"""Themes: colours and sizes (:mod:`.palette`), the Qt style sheet built from them
(:mod:`.stylesheet`) and the bundled font (:mod:`.fonts`)."""

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
