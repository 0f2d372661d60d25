"""Colour checks for the themes: WCAG 2.x contrast, colour-vision simulation and colour difference.

Plain Python, no Qt, so the palette can be audited without a display.  The tests use
these checks (tests/widgets/test_contrast.py); the app does not, so they are not installed.

* Relative luminance and contrast ratio follow WCAG 2.x (W3C, "Web Content
  Accessibility Guidelines 2.1", definitions of *relative luminance* and
  *contrast ratio*): ``L = 0.2126 R + 0.7152 G + 0.0722 B`` on linearised sRGB
  channels, ratio ``(L1 + 0.05) / (L2 + 0.05)`` with ``L1`` the lighter.
* Colour-vision deficiency is simulated with the full-severity matrices of
  Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
  Simulation of Color Vision Deficiency", applied in linear RGB.
* Colour difference is CIE76 (Euclidean distance in CIELAB, D65 white), which
  is coarse but monotone enough to flag two states that look alike.
"""

from __future__ import annotations

import math

__all__ = [
    "CVD_MATRICES",
    "colour_difference",
    "contrast_ratio",
    "hex_to_rgb",
    "relative_luminance",
    "simulate",
]

Rgb = tuple[float, float, float]

#: Machado et al. (2009), severity 1.0, in linear RGB.
CVD_MATRICES: dict[str, tuple[Rgb, Rgb, Rgb]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def hex_to_rgb(colour: str) -> Rgb:
    """``"#RRGGBB"`` as three channels in 0..1.

    Raises
    ------
    ValueError
        If ``colour`` is not of that form.
    """
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"colour must look like #RRGGBB, got {colour!r}")
    try:
        r, g, b = (int(text[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"colour must look like #RRGGBB, got {colour!r}") from None
    return r, g, b


def _to_linear(channel: float) -> float:
    # WCAG 2.x uses 0.03928 as the threshold (the sRGB standard says 0.04045; no
    # 8-bit value lies between the two, so the result is the same).
    return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4


def _to_gamma(channel: float) -> float:
    channel = min(1.0, max(0.0, channel))
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def _linear(colour: str) -> Rgb:
    r, g, b = hex_to_rgb(colour)
    return _to_linear(r), _to_linear(g), _to_linear(b)


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of ``"#RRGGBB"``, 0 (black) to 1 (white)."""
    r, g, b = _linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2.x contrast ratio between two colours, 1 to 21 (order does not matter)."""
    a, b = relative_luminance(foreground), relative_luminance(background)
    lighter, darker = max(a, b), min(a, b)
    return (lighter + 0.05) / (darker + 0.05)


def simulate(colour: str, deficiency: str) -> str:
    """How ``colour`` looks under a full ``deficiency`` (a key of :data:`CVD_MATRICES`)."""
    matrix = CVD_MATRICES[deficiency]
    rgb = _linear(colour)
    out = [sum(row[i] * rgb[i] for i in range(3)) for row in matrix]
    return "#" + "".join(f"{round(_to_gamma(v) * 255):02X}" for v in out)


def _lab(colour: str) -> Rgb:
    r, g, b = _linear(colour)
    # sRGB -> XYZ (D65), normalised by the white point.
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_difference(a: str, b: str) -> float:
    """CIE76 colour difference (Delta E) between two colours; about 2.3 is just noticeable."""
    return math.dist(_lab(a), _lab(b))
