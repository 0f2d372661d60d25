"""What the app says about a measured decision: the recommendation, its basis, the engine flags.

One writer for the Measured tab, ``fit``'s text output and the HTML report, so the three say
the same thing to the same precision (speedups by :func:`~.numbers.format_times`).  It reads a
:class:`~specdec_desktop.measured.decision.MeasuredFigures` by its attributes (this layer sits
below the measured package and imports nothing from it).
"""

from __future__ import annotations

from typing import Any

from ..text import _
from .numbers import format_times

__all__ = ["ENGINE_NAMES", "basis_text", "cost_text", "k_range_text", "recommendation_text"]

#: The engines whose flags are offered, in order, by the key of ``engine_flags``.
ENGINE_NAMES = {"vllm": "vLLM", "sglang": "SGLang", "llama_cpp": "llama.cpp"}


def cost_text(figures: Any) -> str:
    """The draft cost and the assumptions the decision uses, e.g. ``c = 0.15, B = 32, n* = 64``."""
    assumptions = figures.assumptions
    if figures.basis == "per_position":  # the decay is the curve's, said by basis_text
        assumptions = assumptions.with_values(decay=1.0)
    described = assumptions.describe()
    return f"c = {figures.c:.3g}" + (f", {described}" if described else "")


def basis_text(figures: Any) -> str:
    """Where the acceptance of the decision comes from, in words."""
    if figures.basis == "per_position":
        return _("from the measured per-position curve (p = {p:.3f}, decay = {decay:.3f})").format(
            p=figures.p, decay=figures.assumptions.decay
        )
    if figures.basis == "constant_p":
        return _("at the fitted p = {p:.4f}").format(p=figures.p)
    return _("no acceptance rate fitted")


def k_range_text(figures: Any) -> str:
    """The best k under the fit's uncertainty: ``k = 3``, ``k = 3 to 5`` or ``k ≥ 3``."""
    low, high = figures.k_low, figures.k_high
    if low is None and high is None:
        return _("no peak anywhere in the interval")
    if low is None:
        low = high
    if high is None:
        return f"k ≥ {low}"
    if low == high:
        return f"k = {low}"
    return _("k = {low} to {high}").format(low=min(low, high), high=max(low, high))


def recommendation_text(figures: Any) -> str:
    """The decision in one paragraph (plain text)."""
    if figures.basis == "none":
        return _(
            "No best k: the drafts vary in length, so no constant p at a fixed k was fitted. "
            "Measure with drafts of one length (llama.cpp: --draft-min equal to --draft-max) to get one."
        )
    cost = cost_text(figures)
    measured = (
        _("At the measured k = {k}: {speedup}.").format(
            k=figures.measured_k, speedup=format_times(figures.speedup_at_measured_k)
        )
        if figures.speedup_at_measured_k is not None
        else ""
    )
    basis = basis_text(figures)
    if figures.best_k is None:
        text = _("With {cost}, {basis}: the speedup keeps rising with k (no peak).")
        return f"{text.format(cost=cost, basis=basis)} {measured}"
    if figures.best_k == 0:
        text = _("With {cost}, {basis}: do not speculate; every k is slower than plain decoding.")
        return f"{text.format(cost=cost, basis=basis)} {measured}"
    text = _("With {cost}, {basis}: best k = {k} ({speedup}); under the fit's uncertainty {k_range}.").format(
        cost=cost,
        basis=basis,
        k=figures.best_k,
        speedup=format_times(figures.best_speedup),
        k_range=k_range_text(figures),
    )
    if figures.never_accepted_from is not None:
        text += " " + _("Positions from {position} on were never accepted.").format(
            position=figures.never_accepted_from
        )
    if figures.beyond_measured:
        text += " " + _(
            "That is beyond the measured k = {k}: the data reach k = {k} only, "
            "and past it the curve is extrapolated."
        ).format(k=figures.measured_k)
    return f"{text} {measured}".strip()
