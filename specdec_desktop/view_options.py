"""The view-only options, declared once: which theme, and the zoom steps.

Plain Python (no Qt), so the scenario files, the settings store, the command
line and :class:`~specdec_desktop.state.view_state.ViewState` all read the same
declarations, the way the parameters are declared once in
:mod:`specdec_desktop.model.parameters`.
"""

from __future__ import annotations

import math

__all__ = [
    "DEFAULT_THEME_CHOICE",
    "THEME_CHOICES",
    "ZOOM_LEVELS",
    "ZOOM_MAX",
    "ZOOM_MIN",
    "validate_theme_choice",
    "validate_zoom",
    "zoom_in",
    "zoom_out",
]

#: "system" follows the operating system's light or dark scheme; the others are fixed themes.
THEME_CHOICES = ("system", "light", "dark", "projector")
DEFAULT_THEME_CHOICE = "system"

#: The steps Ctrl+= and Ctrl+- move through (as browsers do).  Zooming in stops at 200 %: as far
#: as the layout check holds the window whole (at 250 % and 300 % in the projector theme at
#: 1280x800 the tour's caption took the screen and the chart was a strip).
ZOOM_LEVELS = (0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
ZOOM_MIN = ZOOM_LEVELS[0]
#: What a scenario file may hold (files written before the steps stopped at 200 % still open).
ZOOM_MAX = 3.0


def validate_theme_choice(value: object) -> str:
    """Return ``value`` if it names a theme choice, else raise ``ValueError`` naming it."""
    if not isinstance(value, str) or value not in THEME_CHOICES:
        raise ValueError(f"theme must be one of {', '.join(THEME_CHOICES)}, got {value!r}")
    return value


def validate_zoom(value: object) -> float:
    """Return ``value`` as a float zoom factor in range, else raise ``ValueError`` naming it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"zoom must be a number, got {value!r}")
    if not math.isfinite(value) or not ZOOM_MIN <= value <= ZOOM_MAX:
        raise ValueError(f"zoom must lie between {ZOOM_MIN:g} and {ZOOM_MAX:g}, got {value!r}")
    return float(value)


def zoom_in(zoom: float) -> float:
    """The next zoom step above ``zoom`` (``zoom`` itself at the top)."""
    return next((level for level in ZOOM_LEVELS if level > zoom + 1e-9), zoom)


def zoom_out(zoom: float) -> float:
    """The next zoom step below ``zoom`` (``zoom`` itself at the bottom)."""
    return next((level for level in reversed(ZOOM_LEVELS) if level < zoom - 1e-9), zoom)
