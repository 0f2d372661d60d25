"""What a fit must say before its numbers are trusted: positions never accepted, intervals that
disagree, too few steps (no Qt).

* :func:`never_accepted_from`: the first position no step ever accepted.  Drafting past it buys
  nothing (a_i = 0 there), so the k that loses nothing is one less.
* :func:`group_test`: whether the reporting intervals (or requests) share one tokens-per-step.
  Under one acceptance process each group's mean accepted guesses per step has variance
  ``sigma^2 / n_g``; ``X = sum n_g (tau_g - tau)^2 / sigma^2`` is then chi-square with ``G - 1``
  degrees of freedom (a one-way analysis of variance with known variance).  Intervals pooled
  from different acceptance rates otherwise look "bursty": their mix is wider than any one.
* :func:`sample_warnings`: a warning for every figure the data cannot carry.
"""

from __future__ import annotations

from specdec_desktop.text import N_, Figures, Phrase

from .measurement import Measurement
from .stats import chi2_sf

__all__ = ["GROUPS_DIFFER_BELOW", "MIN_STEPS", "group_test", "never_accepted_from", "sample_warnings"]

#: Fewer verify steps than this are too few to say much (and to test).
MIN_STEPS = 30
#: The groups are said to differ below this P value.
GROUPS_DIFFER_BELOW = 0.01
_SHOWN_GROUPS = 8


def never_accepted_from(m: Measurement) -> int | None:
    """The first position (1-based) that no step accepted, when some earlier one was; else ``None``."""
    if not m.position_counts or not m.steps:
        return None
    for i, count in enumerate(m.position_counts, start=1):
        if count == 0:
            return i
    return None


def group_test(m: Measurement, variance: float) -> tuple[bool, Phrase] | None:
    """``(differ, text)`` for the groups of ``m`` (intervals or requests), or ``None`` without two.

    ``variance`` is the variance of the accepted guesses of one step; ``text`` is a
    :class:`~specdec_desktop.text.Phrase` (English data, said in the window's language).
    """
    groups = [(tau, n) for tau, n in m.group_taus or () if n > 0]
    if len(groups) < 2 or variance <= 0:
        return None
    total = sum(n for _, n in groups)
    mean = sum(tau * n for tau, n in groups) / total
    statistic = sum(n * (tau - mean) ** 2 for tau, n in groups) / variance
    df = len(groups) - 1
    p_value = chi2_sf(statistic, df)
    shown = Figures(tau for tau, _ in groups[:_SHOWN_GROUPS])
    more = (
        Phrase(N_(", … ({count} in all)"), count=len(groups)) if len(groups) > _SHOWN_GROUPS else Phrase("")
    )
    low, high = min(t for t, _ in groups), max(t for t, _ in groups)
    test = {"shown": shown, "more": more, "statistic": statistic, "df": df, "p_value": p_value}
    if p_value < GROUPS_DIFFER_BELOW:
        return True, Phrase(
            N_(
                "The intervals differ: tokens per step runs from {low:.2f} to {high:.2f} between them "
                "(P = {p_value:.2g}). Pooled, they are not one acceptance rate; fit the parts apart. "
                "Tokens per step by interval or request: {shown:.2f}{more}; test of one value for all: "
                "X = {statistic:.1f}, {df} degrees of freedom, P = {p_value:.2g}."
            ),
            low=low,
            high=high,
            **test,
        )
    return False, Phrase(
        N_(
            "Tokens per step by interval or request: {shown:.2f}{more}; test of one value for all: "
            "X = {statistic:.1f}, {df} degrees of freedom, P = {p_value:.2g}."
        ),
        **test,
    )


def sample_warnings(m: Measurement) -> tuple[Phrase, ...]:
    """A warning for each figure the data cannot carry, in words (phrases: English data)."""
    warnings = []
    if m.variable_k:
        warnings.append(
            Phrase(
                N_(
                    "Drafts vary in length (up to k = {k}): no constant p at a fixed k is fitted, and no "
                    "best k is computed from one."
                ),
                k=m.k,
            )
        )
    if m.steps is not None and m.steps < MIN_STEPS:
        warnings.append(
            Phrase(
                N_("Only {steps} verify steps: too few to say much; every figure carries a wide interval."),
                steps=m.steps,
            )
        )
    if m.steps is None:
        samples = len(m.tau_samples or ())
        if samples < 2:
            warnings.append(Phrase(N_("No step counts and a single mean: tokens per step has no interval.")))
        else:
            warnings.append(
                Phrase(
                    N_(
                        "No step counts: the interval on tokens per step comes from the spread of "
                        "{samples} means."
                    ),
                    samples=samples,
                )
            )
    return tuple(warnings)
