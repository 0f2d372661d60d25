"""The chart in words: its text alternative for a screen reader (issue 21, point 7; issue 27).

What a sighted reader takes from the chart, said in sentences: the curve's peak (the best draft
length and the speedup it reaches), where the current k stands against it, where the curve
crosses break-even (speedup 1, plain decoding's speed), and the shaded band (the speedups at
the current k for p 0.10 lower and higher).  Computed from the readouts and the curves the chart
draws, so the words and the picture cannot disagree.  No Qt.
"""

from __future__ import annotations

import numpy as np

from ..model.figures import Curves, Readouts
from ..text import N_, _, localize
from .numbers import format_parameter, format_times

__all__ = ["CHART_NAME", "chart_description", "view_caption"]

#: The chart's accessible name (English; shown with ``_()``).
CHART_NAME = N_("Chart of speedup against draft length k")


def _peak(figures: Readouts) -> str:
    if figures.best_k is None:
        if figures.limit is None:
            return _("The curve has no peak: it keeps rising with k.")
        return _("The curve has no peak: it keeps rising with k, toward {limit}.").format(
            limit=format_times(figures.limit)
        )
    if figures.best_k == 0:
        return _("The curve peaks at k = 0: no draft length beats plain decoding, so do not speculate.")
    return _(
        "The curve peaks at k = {k}, where speculative decoding is {speedup} faster than plain decoding."
    ).format(k=figures.best_k, speedup=format_times(figures.best_speedup))


def _break_even(curves: Curves) -> str:
    k, speedup = curves.k, curves.speedup
    drafting = k >= 1
    below = drafting & (speedup < 1.0)
    shown_to = int(k[-1])
    if not below.any():
        return _("Every draft length up to k = {k} is faster than plain decoding (above break-even).").format(
            k=shown_to
        )
    if below[drafting].all():
        return _("Every draft length up to k = {k} is slower than plain decoding (below break-even).").format(
            k=shown_to
        )
    first = int(k[np.argmax(below)])
    return _(
        "From k = {k} the curve falls below break-even: longer drafts are slower than plain decoding."
    ).format(k=first)


def _band(k: int, curves: Curves) -> str:
    at = int(np.searchsorted(curves.k, k))
    edges = sorted((float(curves.lower[at]), float(curves.upper[at])))
    low, high = (format_parameter("p", round(edge, 10)) for edge in (curves.p_lower, curves.p_upper))
    return _(
        "The shaded band is p from {low} to {high}: there the speedup at k = {k} lies between "
        "{slowest} and {fastest}."
    ).format(low=low, high=high, k=k, slowest=format_times(edges[0]), fastest=format_times(edges[1]))


def chart_description(figures: Readouts, curves: Curves) -> str:
    """Peak, the current k, break-even and the band, in words."""
    k = figures.params.k
    speedup = format_times(figures.speedup)
    if figures.best_k is not None and figures.best_k > 0 and k != figures.best_k:
        if k > figures.best_k:
            where = _("At the current k = {k} the speedup is {speedup}, past the peak.")
        else:
            where = _("At the current k = {k} the speedup is {speedup}, short of the peak.")
    else:
        where = _("At the current k = {k} the speedup is {speedup}.")
    said = (_peak(figures), where.format(k=k, speedup=speedup), _break_even(curves), _band(k, curves))
    return " ".join(said)


def view_caption(figures: Readouts) -> str:
    """A caption for a tour scene made from the view on screen (Tour ▸ Add the current view)."""
    params = figures.params
    text = _(
        "Guessing {k} tokens per check at p = {p} and c = {c}: {speedup} faster than plain decoding."
    ).format(
        k=params.k,
        p=_general(params.p),
        c=_general(params.c),
        speedup=format_times(figures.speedup),
    )
    if figures.best_k is None:
        return f"{text} {_('The curve has no peak here.')}"
    if figures.best_k == 0:
        return f"{text} {_('Here the best choice is not to speculate.')}"
    if figures.best_k == params.k:
        return f"{text} {_('This is the best draft length.')}"
    best = _("The best draft length is {k}, at {speedup}.").format(
        k=figures.best_k, speedup=format_times(figures.best_speedup)
    )
    return f"{text} {best}"


def _general(value: float) -> str:
    """A parameter as ``:g`` writes it, in the language's way."""
    return localize(f"{value:g}")
