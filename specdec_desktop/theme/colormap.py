"""The map's colour scale: viridis, computed here (no matplotlib at run time).

Viridis (van der Walt and Smith, matplotlib's default since 2.0) is perceptually uniform, reads
in greyscale (its lightness rises monotonically) and stays ordered under the common forms of
colour blindness.  It is evaluated from a degree-6 polynomial fit of each channel (a published
fit of the matplotlib table, within about 1/255 of it), so no table ships with the app.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = ["viridis", "viridis_lut"]

# Coefficients of t^0..t^6 for red, green and blue.
_COEFFICIENTS = np.array(
    [
        [0.2777273272234177, 0.005407344544966578, 0.3340998053353061],
        [0.1050930431085774, 1.404613529898575, 1.384590162594685],
        [-0.3308618287255563, 0.214847559468213, 0.09509516302823659],
        [-4.634230498983486, -5.799100973351585, -19.33244095627987],
        [6.228269936347081, 14.17993336680509, 56.69055260068105],
        [4.776384997670288, -13.74514537774601, -65.35303263337234],
        [-5.435455855934631, 4.645852612178535, 26.3124352495832],
    ]
)


def viridis(t: ArrayLike) -> NDArray[np.float64]:
    """RGB in [0, 1] for ``t`` in [0, 1] (clipped); shape ``t.shape + (3,)``."""
    x = np.clip(np.asarray(t, dtype=np.float64), 0.0, 1.0)[..., None]
    rgb = np.zeros((*x.shape[:-1], 3))
    for power in range(_COEFFICIENTS.shape[0] - 1, -1, -1):  # Horner's rule
        rgb = rgb * x + _COEFFICIENTS[power]
    return np.clip(rgb, 0.0, 1.0)


def viridis_lut(size: int = 256) -> NDArray[np.uint8]:
    """A ``size`` x 3 table of 8-bit colours, dark (low) to light (high)."""
    return np.round(viridis(np.linspace(0.0, 1.0, size)) * 255).astype(np.uint8)
