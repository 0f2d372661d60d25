"""One way to write each kind of number, so the command line, the entry boxes, the cards, the
run's lanes and its totals say the same thing for the same value.

=================  ====================  ======================================================
kind               example               where
=================  ====================  ======================================================
parameter value    ``0.750``, ``6``      :meth:`ParameterSpec.format <specdec_desktop.model.
                                         ParameterSpec.format>`: declared decimals, more when the
                                         value has them (``0.7512``)
figure             ``3.47``              cards, chart labels (E, C; two decimals)
speedup            ``1.82×``             cards, chart labels, totals
count              ``36,633``            lanes, totals, chart labels (thousands separated)
precise figure     ``3.466064``          the command line's ``calc`` (six decimals)
=================  ====================  ======================================================

On screen every kind follows the active language (:func:`specdec_desktop.text.localize`:
German ``0,750``, ``3,47``, ``36.633``); English is unchanged.  Files never come here for their
numbers: they write with a dot (``export/``, ``scenario/``, the model's ``ParameterSpec.format``).
"""

from __future__ import annotations

from ..model.parameters import SPECS
from ..text import localize

__all__ = ["format_count", "format_figure", "format_parameter", "format_precise", "format_times"]

_SPECS = {spec.name: spec for spec in SPECS}


def format_parameter(name: str, value: float) -> str:
    """A value of the parameter ``name`` (``"k"``, ``"p"``, ``"c"``), as the entry box shows it."""
    return localize(_SPECS[name].format(value))


def format_figure(value: float) -> str:
    """A derived figure (tokens or cost per cycle): two decimals."""
    return localize(f"{value:.2f}")


def format_times(value: float) -> str:
    """A speedup: two decimals and a times sign."""
    return localize(f"{value:.2f}×")


def format_count(value: int) -> str:
    """A whole count (tokens, cycles, k beyond the slider): thousands separated by commas."""
    return localize(f"{int(value):,}")


def format_precise(value: float) -> str:
    """A figure printed to be computed with (the command line's ``calc``): six decimals."""
    return f"{value:.6f}"
