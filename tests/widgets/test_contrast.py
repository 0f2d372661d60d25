"""Every theme's colours meet WCAG 2.x contrast minimums, and token states stay distinguishable.

Rules (projector stricter; README, presenting):

* text on every surface: >= 4.5:1 (light, dark), >= 7:1 (projector);
* chart graphics (curve, axis, break-even line) >= 3:1 in every theme; in the
  projector theme also the band's edges (as drawn, blended) and the marker fills;
  elsewhere a marker passes on its fill or its outline;
* token fills >= 3:1 against the surfaces they sit on; token glyphs >= 4.5:1 on
  every fill (large bold glyphs: WCAG AAA for large text);
* every pair of token states >= 12 Delta E apart in normal vision and under full
  protanopia, deuteranopia and tritanopia.
"""

from __future__ import annotations

import itertools

import pytest

from specdec_desktop.theme import THEMES, Theme

from ..support.contrast import (
    CVD_MATRICES,
    colour_difference,
    contrast_ratio,
    hex_to_rgb,
    relative_luminance,
    simulate,
)

TEXT = ("text", "text_muted", "warning", "accent")
SURFACES = ("window", "surface", "surface_alt", "chart_background")
TOKENS = (
    "token_pending",
    "token_accepted",
    "token_rejected",
    "token_discarded",
    "token_bonus",
    "token_plain",
)


def text_minimum(theme: Theme) -> float:
    return 7.0 if theme.name == "projector" else 4.5


def blend(colour: str, alpha: int, background: str) -> str:
    a = alpha / 255
    fg, bg = hex_to_rgb(colour), hex_to_rgb(background)
    return "#" + "".join(f"{round((a * f + (1 - a) * b) * 255):02X}" for f, b in zip(fg, bg, strict=True))


def test_wcag_reference_values():
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#FFFFFF", "#FFFFFF") == pytest.approx(1.0)
    assert relative_luminance("#808080") == pytest.approx(0.2158605, abs=1e-6)
    # The grey WCAG examples quote as just passing AA on white.
    assert contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    with pytest.raises(ValueError, match="RRGGBB"):
        hex_to_rgb("#12345")


def test_simulation_keeps_greys_and_merges_red_green_for_deuteranopes():
    assert simulate("#808080", "deuteranopia") in {"#7F7F7F", "#808080", "#818181"}
    assert colour_difference(simulate("#FF0000", "deuteranopia"), simulate("#00FF00", "deuteranopia")) < (
        colour_difference("#FF0000", "#00FF00") / 2
    )


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_text_contrast(theme: Theme):
    failures = [
        f"{fg} on {bg}: {contrast_ratio(getattr(theme, fg), getattr(theme, bg)):.2f}"
        for fg, bg in itertools.product(TEXT, SURFACES)
        if contrast_ratio(getattr(theme, fg), getattr(theme, bg)) < text_minimum(theme)
    ]
    if contrast_ratio(theme.accent_text, theme.accent) < text_minimum(theme):
        failures.append("accent_text on accent")
    assert not failures, f"{theme.name}: text below {text_minimum(theme)}:1: {failures}"


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_graphics_contrast(theme: Theme):
    bg = theme.chart_background
    for name in ("curve", "axis", "break_even"):
        assert contrast_ratio(getattr(theme, name), bg) >= 3.0, f"{theme.name}.{name}"
    for name in ("marker_current", "marker_best"):
        fill = contrast_ratio(getattr(theme, name), bg)
        outline = contrast_ratio(theme.text, bg)  # the chart outlines markers in the text colour
        if theme.name == "projector":
            assert fill >= 3.0, f"projector.{name} fill {fill:.2f}"
        else:
            assert max(fill, outline) >= 3.0, f"{theme.name}.{name}"
    if theme.name == "projector":
        edge = blend(theme.band, min(255, theme.band_alpha * 2), bg)  # as speedup_chart draws it
        assert contrast_ratio(edge, bg) >= 3.0


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_token_fills_and_glyphs(theme: Theme):
    for name in TOKENS:
        fill = getattr(theme, name)
        for surface in ("window", "surface", "surface_alt", "chart_background"):
            ratio = contrast_ratio(fill, getattr(theme, surface))
            assert ratio >= 3.0, f"{theme.name}.{name} on {surface}: {ratio:.2f}"
        glyph = contrast_ratio(theme.token_text, fill)
        assert glyph >= 4.5, f"{theme.name}: glyph on {name}: {glyph:.2f}"


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_token_states_stay_distinguishable(theme: Theme):
    for a, b in itertools.combinations(TOKENS, 2):
        ca, cb = getattr(theme, a), getattr(theme, b)
        assert colour_difference(ca, cb) >= 12, f"{theme.name}: {a} vs {b}"
        for deficiency in CVD_MATRICES:
            delta = colour_difference(simulate(ca, deficiency), simulate(cb, deficiency))
            assert delta >= 12, f"{theme.name}: {a} vs {b} under {deficiency}: {delta:.1f}"


def test_scaling_keeps_colours_and_scales_sizes():
    for theme in THEMES.values():
        big = theme.scaled(2.0)
        assert big.text == theme.text and big.token_bonus == theme.token_bonus
        assert big.font_px == 2 * theme.font_px
        assert big.card_value_px == 2 * theme.card_value_px
        assert big.marker_size == 2 * theme.marker_size
