"""Colours and sizes of every theme, in one place.

Every widget and the chart read a :class:`Theme`; nothing else names a colour.
Token and marker colours come from the Okabe-Ito palette (Okabe and Ito,
"Color Universal Design", 2008), which stays distinguishable under the common
forms of colour blindness; each state also differs by glyph or outline so it
reads in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = [
    "DARK",
    "LIGHT",
    "OKABE_ITO",
    "PIN_COLOR_NAMES",
    "PIN_GLYPHS",
    "PROJECTOR",
    "THEMES",
    "Theme",
    "fitted_to_window",
    "projector_type_px",
]

#: Okabe-Ito colours by name.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}


#: Theme fields naming the pinned configurations' colours, in pin order.
PIN_COLOR_NAMES = ("pin_1", "pin_2", "pin_3", "pin_4", "pin_5", "pin_6")
#: Each pin's glyph: the pyqtgraph symbol on the chart and the map, and the character in the table.
PIN_GLYPHS = (("s", "■"), ("t1", "▲"), ("t", "▼"), ("d", "◆"), ("+", "+"), ("x", "×"))


@dataclass(frozen=True)
class Theme:
    """A complete set of colours and sizes.

    Sizes are in device-independent pixels at zoom 1; ``font_px`` is the body
    text size, the other sizes scale from it.
    """

    name: str
    label: str
    # Surfaces and text.
    window: str
    surface: str
    surface_alt: str
    border: str
    text: str
    text_muted: str
    accent: str
    accent_text: str
    warning: str
    # Chart.
    chart_background: str
    axis: str
    grid_alpha: int
    curve: str
    band: str
    band_alpha: int
    break_even: str
    slower_region: str
    slower_region_alpha: int
    marker_current: str
    marker_best: str
    # Token states (the animation reads these).
    token_pending: str
    token_accepted: str
    token_rejected: str
    token_discarded: str
    token_bonus: str
    token_plain: str
    token_text: str
    # Pinned configurations on the chart and the map: six colours (each also has its own glyph).
    pin_1: str = OKABE_ITO["vermillion"]
    pin_2: str = OKABE_ITO["bluish_green"]
    pin_3: str = OKABE_ITO["reddish_purple"]
    pin_4: str = OKABE_ITO["orange"]
    pin_5: str = OKABE_ITO["black"]
    pin_6: str = OKABE_ITO["sky_blue"]
    # Sizes.
    font_px: int = 14
    #: Hints, details and captions under the body size, as a fraction of it.
    small_scale: float = 0.86
    card_value_px: int = 30
    curve_width: float = 3.0
    marker_size: int = 14

    @property
    def sizes(self) -> tuple[int, float, int, float, int]:
        """Every size of the theme: two themes with equal sizes differ only in colour."""
        return (self.font_px, self.small_scale, self.card_value_px, self.curve_width, self.marker_size)

    def scaled(self, zoom: float) -> Theme:
        """The same theme with every size multiplied by ``zoom``."""
        return replace(
            self,
            font_px=max(8, round(self.font_px * zoom)),
            card_value_px=max(12, round(self.card_value_px * zoom)),
            curve_width=self.curve_width * zoom,
            marker_size=max(6, round(self.marker_size * zoom)),
        )


LIGHT = Theme(
    name="light",
    label="Light",
    window="#F4F5F7",
    surface="#FFFFFF",
    surface_alt="#EEF1F5",
    border="#D0D5DD",
    text="#1A1D23",
    text_muted="#4B5563",
    accent=OKABE_ITO["blue"],
    accent_text="#FFFFFF",
    warning="#A33F00",
    chart_background="#FFFFFF",
    axis="#374151",
    grid_alpha=40,
    curve=OKABE_ITO["blue"],
    band=OKABE_ITO["sky_blue"],
    band_alpha=70,
    break_even="#4B5563",
    slower_region=OKABE_ITO["vermillion"],
    slower_region_alpha=28,
    marker_current=OKABE_ITO["orange"],
    marker_best=OKABE_ITO["bluish_green"],
    # Okabe-Ito hues darkened until white glyphs read at >= 4.5:1 on every fill and every fill
    # stands out >= 4:1 from a white page; each pair of states stays >= 17 Delta E apart in
    # normal vision and under full protanopia, deuteranopia and tritanopia (tests/widgets/test_contrast.py).
    token_pending="#397CA2",
    token_accepted="#00563D",
    token_rejected="#C35500",
    token_discarded="#71767D",
    token_bonus="#664400",
    token_plain="#25272A",
    token_text="#FFFFFF",
)

DARK = replace(
    LIGHT,
    name="dark",
    label="Dark",
    window="#15171C",
    surface="#1F232B",
    surface_alt="#272C35",
    border="#3A414D",
    text="#F1F3F6",
    text_muted="#B4BCC8",
    accent=OKABE_ITO["sky_blue"],
    accent_text="#0B0D10",
    warning="#F5A35C",
    chart_background="#1F232B",
    axis="#C9D1DC",
    grid_alpha=50,
    curve=OKABE_ITO["sky_blue"],
    band=OKABE_ITO["sky_blue"],
    band_alpha=55,
    break_even="#C9D1DC",
    slower_region=OKABE_ITO["vermillion"],
    slower_region_alpha=45,
    # Light fills under dark glyphs (>= 6:1), each >= 4.3:1 from the dark surfaces.
    token_pending=OKABE_ITO["sky_blue"],
    token_accepted="#7AB79C",
    token_rejected="#E07040",
    token_discarded="#8A919C",
    token_bonus=OKABE_ITO["orange"],
    token_plain="#D5DAE1",
    token_text="#0B0D10",
    pin_5="#F1F3F6",
    pin_6=OKABE_ITO["yellow"],
)

PROJECTOR = replace(
    LIGHT,
    name="projector",
    label="Projector",
    window="#FFFFFF",
    surface="#FFFFFF",
    surface_alt="#F2F2F2",
    border="#000000",
    text="#000000",
    text_muted="#222222",
    accent="#00508A",
    warning="#8A2E00",
    axis="#000000",
    grid_alpha=60,
    curve="#00508A",
    # Graphics must reach 3:1 on white: a darker band (its edges, drawn at twice the fill's
    # alpha, still reach 3.5:1) and a darker orange for the current-k marker.
    band="#1F5F8F",
    band_alpha=90,
    break_even="#000000",
    slower_region_alpha=40,
    marker_current="#A86400",
    marker_best="#007A58",
    # Darker Okabe-Ito hues: each reaches 3:1 on white.
    pin_1="#B84F00",
    pin_2="#007A58",
    pin_3="#A3467E",
    pin_4="#A86400",
    pin_5="#000000",
    pin_6="#2C6E9E",
    font_px=24,
    # On a projector no text is smaller than the body size (24 px at zoom 1).
    small_scale=1.0,
    card_value_px=52,
    curve_width=5.0,
    marker_size=22,
)

#: Themes by name, in menu order.
THEMES: dict[str, Theme] = {theme.name: theme for theme in (LIGHT, DARK, PROJECTOR)}


def projector_type_px(width: int, height: int) -> int:
    """Body text size of the projector theme for a window of ``width`` x ``height`` logical pixels.

    Type follows the screen: 20 px on a 1280x800 projector, 24 px at 1920x1080, the
    same proportions at 3840x2160 with device pixel ratio 2 (1920x1080 logical), and
    smaller on narrow screens (16 px at 1024x768), so the presenting layout fits.
    """
    by_height = 20 + (height - 800) / 70
    by_width = width / 64
    return int(max(14, min(32, round(min(by_height, by_width)))))


def fitted_to_window(theme: Theme, width: int, height: int) -> Theme:
    """``theme`` (already zoomed) with the projector theme's sizes following the window's size."""
    if theme.name != PROJECTOR.name or width <= 0 or height <= 0:
        return theme
    return theme.scaled(projector_type_px(width, height) / PROJECTOR.font_px)
