"""Does one acceptance rate fit every position? The per-position acceptances and the verdict (no Qt).

Engines print *unconditional* per-position rates ``r_i`` (share of steps with at least ``i``
guesses accepted); the chance guess ``i`` survives given the ones before it did is
``a_i = r_i / r_(i-1) = n_i / n_(i-1)``, a binomial proportion with a Wilson 95 % interval
(:func:`conditional_acceptance`).  :func:`position_verdict` compares one ``p`` for every position with a
separate ``a_i`` for each by a likelihood-ratio (G) test on ``k - 1`` degrees of freedom; when one
p is rejected, a_i falling with position reads "falls with position", rising (cycles that accept
all or nothing: the histogram of accepted guesses wider than the capped geometric one) reads
"bursty".  Used by :func:`~.fit.fit_measurement`.
"""

from __future__ import annotations

import math

from specdec_desktop.text import N_, Phrase

from .checks import MIN_STEPS
from .measurement import Measurement
from .stats import chi2_sf, wilson

__all__ = ["REJECT_BELOW", "conditional_acceptance", "geometric_variance", "position_verdict"]

#: The G test rejects one p below this P value.
REJECT_BELOW = 0.01


def geometric_variance(p: float, k: int) -> float:
    """Variance of the capped geometric number of accepted guesses."""
    mean = sum(p**i for i in range(1, k + 1))
    square = sum((2 * i - 1) * p**i for i in range(1, k + 1))
    return max(0.0, square - mean * mean)


def conditional_acceptance(m: Measurement):
    if m.position_counts and m.steps:
        trials = [m.steps, *m.position_counts[:-1]]
        values, lows, highs = [], [], []
        for successes, tries in zip(m.position_counts, trials, strict=True):
            if tries <= 0:
                values.append(None)
                lows.append(None)
                highs.append(None)
                continue
            low, high = wilson(successes, tries)
            values.append(successes / tries)
            lows.append(low)
            highs.append(high)
        return tuple(values), tuple(lows), tuple(highs)
    if m.position_rates:
        previous = 1.0
        values = []
        for rate in m.position_rates:
            values.append(rate / previous if previous > 0 else None)
            previous = rate
        return tuple(values), None, None
    return None, None, None


def _xlogy(x: float, y: float) -> float:
    return 0.0 if x <= 0 else x * math.log(x / y)


def position_verdict(m: Measurement, a: tuple[float | None, ...] | None) -> tuple[str, Phrase, Phrase]:
    if not (m.position_counts and m.steps):
        if a:
            known = [v for v in a if v is not None]
            return (
                "untested",
                Phrase(
                    N_("Per-position rates without step counts: a_i run from {first:.2f} to {last:.2f}."),
                    first=known[0],
                    last=known[-1],
                ),
                Phrase(N_("No counts, so no test of one p against the a_i.")),
            )
        return (
            "untested",
            Phrase(
                N_(
                    "Only the mean tokens per step is known: p is chosen to reproduce it, and whether one "
                    "p fits every position cannot be tested."
                )
            ),
            Phrase(N_("No per-position data: no test.")),
        )
    if m.k < 2:
        return (
            "untested",
            Phrase(N_("With k = 1 there is one position: one p always fits.")),
            Phrase(N_("k = 1: nothing to test.")),
        )
    if m.steps < MIN_STEPS:
        return (
            "untested",
            Phrase(N_("Only {steps} steps: too few to test whether one p fits."), steps=m.steps),
            Phrase(N_("Fewer than {least} steps: no test."), least=MIN_STEPS),
        )
    successes = list(m.position_counts)
    trials = [m.steps, *m.position_counts[:-1]]
    pooled_trials = sum(trials)
    p_hat = sum(successes) / pooled_trials if pooled_trials else 0.0
    g = 0.0
    used = 0
    for s, t in zip(successes, trials, strict=True):
        if t <= 0:
            continue
        used += 1
        if 0.0 < p_hat < 1.0:
            g += 2 * (_xlogy(s, t * p_hat) + _xlogy(t - s, t * (1 - p_hat)))
    df = used - 1
    if df < 1:
        return (
            "untested",
            Phrase(N_("No step reached beyond the first position: nothing to test.")),
            Phrase(N_("No test.")),
        )
    p_value = chi2_sf(g, df)
    test = {"p": p_hat, "g": g, "df": df, "p_value": p_value, "limit": REJECT_BELOW}
    if p_value >= REJECT_BELOW:
        return (
            "constant",
            Phrase(N_("One p fits: the per-position acceptances agree with p = {p:.3f}."), p=p_hat),
            Phrase(
                N_(
                    "Likelihood-ratio test of one p = {p:.3f} against a separate a_i at each position: G = "
                    "{g:.1f}, {df} degrees of freedom, P = {p_value:.2g} (not below {limit})."
                ),
                **test,
            ),
        )
    points = [(i, s / t, t) for i, (s, t) in enumerate(zip(successes, trials, strict=True), 1) if t > 0]
    weight = sum(t for _, _, t in points)
    mean_i = sum(i * t for i, _, t in points) / weight
    mean_a = sum(v * t for _, v, t in points) / weight
    slope = sum(t * (i - mean_i) * (v - mean_a) for i, v, t in points) / max(
        1e-300, sum(t * (i - mean_i) ** 2 for i, _, t in points)
    )
    first, last = points[0][1], points[-1][1]
    rejected = Phrase(
        N_(
            "Likelihood-ratio test of one p = {p:.3f} against a separate a_i at each position: G = "
            "{g:.1f}, {df} degrees of freedom, P = {p_value:.2g} (below {limit}); the a_i change by "
            "{slope:+.3f} per position."
        ),
        slope=slope,
        **test,
    )
    if slope < 0:
        return (
            "falls",
            Phrase(
                N_(
                    "Acceptance falls with position: a_1 = {first:.2f} down to a_{position} = {last:.2f}; "
                    "one p overstates the later guesses."
                ),
                first=first,
                position=points[-1][0],
                last=last,
            ),
            rejected,
        )
    counts = [m.steps, *m.position_counts, 0]
    histogram = [counts[j] - counts[j + 1] for j in range(m.k + 1)]
    mean = sum(j * h for j, h in enumerate(histogram)) / m.steps
    variance = sum(j * j * h for j, h in enumerate(histogram)) / m.steps - mean * mean
    model = geometric_variance(p_hat, m.k)
    ratio = variance / model if model > 0 else float("inf")
    return (
        "bursty",
        Phrase(
            N_(
                "Bursty: more steps accept nothing or everything than the capped geometric model allows "
                "(spread {ratio:.2f}× the model's); a_i rise from {first:.2f} to {last:.2f}."
            ),
            ratio=ratio,
            first=first,
            last=last,
        ),
        rejected,
    )
