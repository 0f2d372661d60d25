"""The chart in words: its text alternative for a screen reader (issue 21, point 7).

What a sighted reader takes from the chart, said in sentences: the curve's peak (the best draft
length and the speedup it reaches), where the current k stands against it, and where the curve
crosses break-even (speedup 1, plain decoding's speed).  Computed from the readouts and the
curve the chart draws, so the words and the picture cannot disagree.  No Qt.
"""

from __future__ import annotations

import numpy as np

from ..model.figures import Curves, Readouts
from .numbers import format_times

__all__ = ["CHART_NAME", "chart_description", "view_caption"]

#: The chart's accessible name.
CHART_NAME = "Chart of speedup against draft length k"


def _peak(figures: Readouts) -> str:
    if figures.best_k is None:
        limit = "" if figures.limit is None else f", toward {format_times(figures.limit)}"
        return f"The curve has no peak: it keeps rising with k{limit}."
    if figures.best_k == 0:
        return "The curve peaks at k = 0: no draft length beats plain decoding, so do not speculate."
    return (
        f"The curve peaks at k = {figures.best_k}, where speculative decoding is "
        f"{format_times(figures.best_speedup)} faster than plain decoding."
    )


def _break_even(curves: Curves) -> str:
    k, speedup = curves.k, curves.speedup
    drafting = k >= 1
    below = drafting & (speedup < 1.0)
    shown_to = int(k[-1])
    if not below.any():
        return f"Every draft length up to k = {shown_to} is faster than plain decoding (above break-even)."
    if below[drafting].all():
        return f"Every draft length up to k = {shown_to} is slower than plain decoding (below break-even)."
    first = int(k[np.argmax(below)])
    return f"From k = {first} the curve falls below break-even: longer drafts are slower than plain decoding."


def chart_description(figures: Readouts, curves: Curves) -> str:
    """Peak, the current k, and break-even, in words."""
    k = figures.params.k
    where = f"At the current k = {k} the speedup is {format_times(figures.speedup)}"
    if figures.best_k is not None and figures.best_k > 0 and k != figures.best_k:
        where += f", {'past' if k > figures.best_k else 'short of'} the peak"
    return f"{_peak(figures)} {where}. {_break_even(curves)}"


def view_caption(figures: Readouts) -> str:
    """A caption for a tour scene made from the view on screen (Tour ▸ Add the current view)."""
    params = figures.params
    text = (
        f"Guessing {params.k} tokens per check at p = {params.p:g} and c = {params.c:g}: "
        f"{format_times(figures.speedup)} faster than plain decoding."
    )
    if figures.best_k is None:
        return f"{text} The curve has no peak here."
    if figures.best_k == 0:
        return f"{text} Here the best choice is not to speculate."
    if figures.best_k == params.k:
        return f"{text} This is the best draft length."
    return f"{text} The best draft length is {figures.best_k}, at {format_times(figures.best_speedup)}."
