"""From counts to a per-token acceptance: tau, the constant-p fit and its interval (no Qt).

* tokens per step ``tau = 1 + accepted / steps`` counts the target's own token;
* the constant ``p`` that reproduces it solves ``(1 - p^(k+1)) / (1 - p) = tau``
  (Leviathan, Kalman and Matias 2023, eq. 1); e.g. tau = 2.92 at k = 3 gives p = 0.7929;
* the per-position acceptances ``a_i`` and the verdict on whether one p fits them all (a G
  test) are :mod:`.verdict`'s; :class:`Fit` holds all of it with the sample-size warnings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from specdec_desktop.text import N_, Phrase, _, localize

from .checks import MIN_STEPS, group_test, never_accepted_from, sample_warnings
from .measurement import Measurement
from .problems import MetricsProblem
from .stats import Z95
from .verdict import REJECT_BELOW, conditional_acceptance, geometric_variance, position_verdict

__all__ = ["REJECT_BELOW", "Fit", "fit_measurement", "solve_p", "tokens_per_step"]


def tokens_per_step(p: float, k: int) -> float:
    """``1 + p + ... + p^k`` (expected tokens per step at constant p)."""
    if p >= 1.0:
        return k + 1.0
    return (1.0 - p ** (k + 1)) / (1.0 - p)


def solve_p(tau: float, k: int) -> float:
    """The constant ``p`` in [0, 1] with ``tokens_per_step(p, k) = tau`` (clamped at the ends)."""
    if tau <= 1.0:
        return 0.0
    if tau >= k + 1:
        return 1.0
    low, high = 0.0, 1.0
    for _step in range(200):
        middle = (low + high) / 2
        if tokens_per_step(middle, k) < tau:
            low = middle
        else:
            high = middle
        if high - low < 1e-15:
            break
    return (low + high) / 2


@dataclass(frozen=True)
class Fit:
    """What a measurement says about acceptance.

    Attributes
    ----------
    measurement : Measurement
    tau : float
        Tokens per step, the target's own included.
    tau_se : float or None
        Standard error of ``tau``.
    fitted_p, p_low, p_high : float or None
        The constant p reproducing ``tau`` and its 95 % interval (equal to ``fitted_p`` when
        the error is unknown); ``None`` when drafts vary in length (no fixed k to fit at).
    per_position, per_position_low, per_position_high : tuple or None
        Conditional acceptances ``a_1..a_k`` (``None`` where no step reached the position) and
        their 95 % intervals (``None`` when there are no counts).
    histogram : tuple of int or None
        Steps that accepted exactly ``j = 0..k`` guesses.
    verdict : str
        ``constant``, ``falls``, ``bursty``, ``untested``, ``variable`` (drafts vary in length),
        ``never_accepted`` (later positions never accepted: cut k) or ``heterogeneous``
        (the intervals or requests disagree).
    verdict_text, test_text : str
        The verdict in words, and the test behind it (:class:`~specdec_desktop.text.Phrase`:
        English data, said in the window's language by ``_()``).
    warnings : tuple of str
        What the data cannot carry (too few steps, no counts, drafts of varying length), as
        phrases.
    never_accepted_from : int or None
        The first position no step accepted (k can be cut to one less at no loss).
    """

    measurement: Measurement
    tau: float
    tau_se: float | None
    fitted_p: float | None
    p_low: float | None
    p_high: float | None
    per_position: tuple[float | None, ...] | None
    per_position_low: tuple[float | None, ...] | None
    per_position_high: tuple[float | None, ...] | None
    histogram: tuple[int, ...] | None
    verdict: str
    verdict_text: str
    test_text: str
    warnings: tuple[str, ...] = ()
    never_accepted_from: int | None = None

    @property
    def k(self) -> int:
        """Draft length of the measurement (the longest draft when drafts vary)."""
        return self.measurement.k

    @property
    def fixed_k(self) -> bool:
        """Whether every draft had the same length, so a constant p at k describes the run."""
        return not self.measurement.variable_k

    def p_interval_text(self, digits: int = 4) -> str:
        """The fitted p's 95 % interval in words, or why there is none (in the active language)."""
        if self.fitted_p is None or self.p_low is None or self.p_high is None:
            return _("not fitted: drafts vary in length")
        if self.tau_se is None:
            return _("no interval: the file gives no counts")
        low, high = (localize(f"{end:.{digits}f}") for end in (self.p_low, self.p_high))
        if self.measurement.steps is not None and self.measurement.steps < MIN_STEPS:
            return _("95 %: {low} to {high}; too few steps to say more").format(low=low, high=high)
        return _("95 %: {low} to {high}").format(low=low, high=high)

    def per_position_texts(self) -> list[str] | None:
        """Each position's fitted rate as text, with its 95 % interval when known ("n/a" if none).

        ``["0.804 [0.790, 0.818]", "n/a", ...]`` for a1, a2, ...; None without per-position rates.
        Numbers with a dot (a caller on screen localizes them); "n/a" in the active language.
        """
        if self.per_position is None:
            return None
        texts = []
        for i, a in enumerate(self.per_position):
            text = _("n/a") if a is None else f"{a:.3f}"
            if self.per_position_low is not None and a is not None:
                text += f" [{self.per_position_low[i]:.3f}, {(self.per_position_high or ())[i]:.3f}]"
            texts.append(text)
        return texts


def _contradiction(measurement: Measurement, problem: str) -> MetricsProblem:
    source = measurement.sources[0] if measurement.sources else None
    return MetricsProblem("contradiction", problem, source, measurement.first_line)


def _tau(m: Measurement) -> tuple[float, float | None]:
    if m.steps:
        tau = 1.0 + (m.accepted or 0.0) / m.steps
        if m.position_counts:
            counts = [m.steps, *m.position_counts, 0]
            histogram = [counts[j] - counts[j + 1] for j in range(m.k + 1)]
            mean = sum(j * h for j, h in enumerate(histogram)) / m.steps
            variance = sum(j * j * h for j, h in enumerate(histogram)) / m.steps - mean * mean
            return tau, math.sqrt(max(variance, 0.0) / m.steps)
        return tau, None
    samples = m.tau_samples
    if samples and not (0 < samples.low and samples.high <= m.k + 1.01):
        raise _contradiction(
            m, Phrase(N_("a mean acceptance length lies outside 1 to k + 1 = {most}"), most=m.k + 1)
        )
    if not samples:
        raise _contradiction(m, Phrase(N_("no tokens per step to fit")))
    variance = samples.variance
    if variance is None:
        return samples.mean, None
    return samples.mean, math.sqrt(variance / samples.count)


def fit_measurement(m: Measurement) -> Fit:
    """Fit a measurement.

    Raises
    ------
    MetricsProblem
        When tokens per step lies outside what k allows (1 to k + 1).
    """
    tau, tau_se = _tau(m)
    if not math.isfinite(tau):
        raise _contradiction(m, Phrase(N_("the tokens per step are not a number")))
    if tau > m.k + 1 + 0.01:
        raise _contradiction(
            m,
            Phrase(
                N_(
                    "{tau:.3f} tokens per step is more than k + 1 = {most}: the draft length k = {k} "
                    "cannot be right"
                ),
                tau=tau,
                most=m.k + 1,
                k=m.k,
            ),
        )
    if tau < 1 - 1e-9:
        raise _contradiction(
            m, Phrase(N_("{tau:.3f} tokens per step is below 1; every step yields at least one"), tau=tau)
        )
    tau = min(max(tau, 1.0), m.k + 1.0)
    warnings = sample_warnings(m)
    if m.variable_k:
        return _variable_fit(m, tau, tau_se, warnings)
    p = solve_p(tau, m.k)
    if tau_se is None and m.steps:
        tau_se = math.sqrt(geometric_variance(p, m.k) / m.steps)
    if tau_se is not None:
        p_low, p_high = solve_p(tau - Z95 * tau_se, m.k), solve_p(tau + Z95 * tau_se, m.k)
    else:
        p_low = p_high = p
    a, low, high = conditional_acceptance(m)
    histogram = None
    variance = geometric_variance(p, m.k)
    if m.position_counts and m.steps:
        counts = [m.steps, *m.position_counts, 0]
        histogram = tuple(counts[j] - counts[j + 1] for j in range(m.k + 1))
        if any(h < 0 for h in histogram):
            raise _contradiction(m, Phrase(N_("more steps accept a later guess than an earlier one")))
        mean = sum(j * h for j, h in enumerate(histogram)) / m.steps
        variance = sum(j * j * h for j, h in enumerate(histogram)) / m.steps - mean * mean
    verdict, text, test = position_verdict(m, a)
    cut = never_accepted_from(m)
    groups = group_test(m, variance)
    if groups is not None:
        differ, group_text = groups
        if differ:
            verdict, text = "heterogeneous", group_text
        else:
            test = Phrase.joined((test, group_text))
    if cut is not None:
        keep = cut - 1
        cut_text = (
            Phrase(
                N_(
                    "Positions {cut} to {k} were never accepted in {steps:,} steps: drafting {k} buys "
                    "exactly what drafting {keep} buys; cut k to {keep}."
                ),
                cut=cut,
                k=m.k,
                steps=m.steps,
                keep=keep,
            )
            if keep
            else Phrase(
                N_("No guess was accepted in {steps:,} steps: do not speculate (cut k to 0)."), steps=m.steps
            )
        )
        text = Phrase.joined((cut_text, text)) if verdict == "heterogeneous" else cut_text
        verdict = "never_accepted"
    return Fit(m, tau, tau_se, p, p_low, p_high, a, low, high, histogram, verdict, text, test, warnings, cut)


def _variable_fit(m: Measurement, tau: float, tau_se: float | None, warnings: tuple[str, ...]) -> Fit:
    """Drafts of varying length: tokens per step and the engine's rate, no p at a fixed k."""
    if m.engine_acceptance is None:
        text = Phrase(
            N_(
                "Drafts vary in length (up to k = {k}): {tau:.3f} tokens per verify step are what the run "
                "gave. No constant p at a fixed k describes it, so none is fitted."
            ),
            k=m.k,
            tau=tau,
        )
    else:
        text = Phrase(
            N_(
                "Drafts vary in length (up to k = {k}): {tau:.3f} tokens per verify step and the engine's "
                "rate {rate:.3f} are what the run gave. No constant p at a fixed k describes it, so none "
                "is fitted."
            ),
            k=m.k,
            tau=tau,
            rate=m.engine_acceptance,
        )
    test = Phrase(N_("Drafts of varying length: no test of one p."))
    return Fit(m, tau, tau_se, None, None, None, None, None, None, None, "variable", text, test, warnings)


def fit_decay(fit: Fit) -> tuple[float, float] | None:
    """``(p, d)`` of the curve ``a_i = p d^(i-1)`` (the model's decay assumption) closest to the a_i.

    Weighted least squares on ``log a_i = log p + (i - 1) log d``, each position weighted by the
    inverse of its log's variance, ``n_(i-1) a_i / (1 - a_i)`` (counts), or equally (rates
    only); ``d`` is kept in (0, 1] and ``p`` in [0, 1].  ``None`` when fewer than two positions
    have a usable a_i.
    """
    if fit.per_position is None:
        return None
    m = fit.measurement
    trials = [m.steps, *m.position_counts[:-1]] if m.position_counts and m.steps else None
    points = []
    for i, a in enumerate(fit.per_position):
        if a is None or not 0.0 < a < 1.0:
            continue
        weight = (trials[i] * a / (1.0 - a)) if trials else 1.0
        if weight > 0:
            points.append((float(i), math.log(a), weight))
    if len(points) < 2:
        return None
    total = sum(w for _, _, w in points)
    mean_x = sum(x * w for x, _, w in points) / total
    mean_y = sum(y * w for _, y, w in points) / total
    spread = sum(w * (x - mean_x) ** 2 for x, _, w in points)
    slope = sum(w * (x - mean_x) * (y - mean_y) for x, y, w in points) / spread if spread > 0 else 0.0
    slope = min(0.0, slope)  # d <= 1
    intercept = mean_y - slope * mean_x
    return min(1.0, math.exp(intercept)), max(1e-6, math.exp(slope))
