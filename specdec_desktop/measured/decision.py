"""The one figures path from a measurement to a decision: best k, its interval, how far the data
reach, the engine flags (no Qt).

:func:`measured_figures` is what the Measured tab, ``fit``, the report and the chart's
"measured" reading all call.  It asks the model's own best-k search
(:func:`specdec_desktop.model.figures.readouts`, memoised on its inputs) at the configuration the
measurement implies, so the chart set to that configuration shows the same best k:

* basis ``per_position`` (when the verdict says acceptance falls with position, or that later
  positions were never accepted): the curve ``a_i = p d^(i-1)`` closest to the measured
  per-position acceptances (:func:`~specdec_desktop.measured.fit.fit_decay`), i.e. p and the
  decay assumption that "Use per-position curve" sets;
* basis ``constant_p`` (otherwise): the constant p that reproduces tokens per step at the
  measured k, with the window's token assumptions (what "Use fitted p" sets);
* the window's cost assumptions (verify growth, batch and knee, overhead) and c in both.

Positions never accepted cap the best k at the last one accepted (drafting further buys
nothing).  The interval on best k is the best k at the ends of the fit's 95 % interval on p.
A best k above the measured k is flagged: the data say nothing of positions past it.  Drafts of
varying length fit no p, so they give no best k.  What ``fit`` adds (the k within 1 % of the
best, :func:`near_best_range`; the time per token, :meth:`MeasuredFigures.ms_per_token`) is
read from the same figures, never from a formula of its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from specdec_desktop.model import Parameters, best_draft_length, speedup
from specdec_desktop.model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.model.figures import readouts
from specdec_desktop.text import N_, Phrase

from .fit import Fit, fit_decay
from .timings import Timings

__all__ = ["WITHIN", "MeasuredFigures", "engine_flags", "measured_figures", "near_best_range", "run_pin"]

#: Verdicts under which one p overstates the later positions: the decision follows the curve.
_FALLING = ("falls", "never_accepted")
#: Speedups within this share of the best count as "as good" (:func:`near_best_range`).
WITHIN = 0.01
#: Points of the fit's interval on p at which :func:`near_best_range` asks the model.
_GRID = 41
#: Largest k :func:`near_best_range` tabulates.
_K_CAP = 4096


@dataclass(frozen=True)
class MeasuredFigures:
    """What a measurement decides, under a draft cost and assumptions.

    Attributes
    ----------
    basis : str
        ``per_position``, ``constant_p`` or ``none`` (drafts of varying length: no p).
    p : float or None
        The acceptance the decision uses (the curve's first position, or the fitted p).
    assumptions : Assumptions
        The assumptions the decision uses (the window's, with the curve's decay when the
        basis is ``per_position``).
    c : float
    best_k, best_speedup : int or None, float or None
        ``None`` when the speedup has no peak (``peak_status`` says why).
    k_low, k_high : int or None
        Best k at the low and high ends of the fit's interval on p (``None``: no peak there).
    measured_k : int
        The draft length measured (the longest, when drafts vary).
    speedup_at_measured_k : float or None
    beyond_measured : bool
        Whether the best k lies past the measured k (the data do not reach it).
    never_accepted_from : int or None
    warnings : tuple of str
        The fit's warnings and the decision's own, as :class:`~specdec_desktop.text.Phrase`
        (English data; ``_()`` says each in the window's language).
    p_interval : tuple of float, or None
        The ends of the fit's 95 % interval on p, on the decision's basis (scaled to the
        curve's first position when the basis is ``per_position``): where ``k_low`` and
        ``k_high`` were asked.
    """

    basis: str
    p: float | None
    assumptions: Assumptions
    c: float
    best_k: int | None
    best_speedup: float | None
    peak_status: str
    k_low: int | None
    k_high: int | None
    measured_k: int
    speedup_at_measured_k: float | None
    beyond_measured: bool
    never_accepted_from: int | None
    warnings: tuple[str, ...] = field(default=())
    p_interval: tuple[float, float] | None = None

    @property
    def flags(self) -> dict[str, str] | None:
        """The engine flags for the best k (``None`` when there is none)."""
        return None if self.best_k is None else engine_flags(self.best_k)

    def ms_per_token(self, target_ms: float) -> float | None:
        """Milliseconds per output token at the best k, plain decoding taking ``target_ms`` a token.

        The model's own speedup at the best k (``best_speedup``), so the time follows the same
        curve and assumptions as the decision (at a best k of 0, plain decoding's own time);
        ``None`` without a best k.
        """
        if self.best_k is None or self.best_speedup is None or self.best_speedup <= 0:
            return None
        return target_ms / self.best_speedup


def run_pin(
    figures: MeasuredFigures, name: str, taken: set[str], max_length: int = 32
) -> tuple[str, Configuration]:
    """A pin of a measured run: its name (made unique) and the configuration the decision used.

    The pin's k is the measured k (at most 128), so the pinned table's tokens per cycle is
    the run's own, and its curve and best k are the decision's: two runs pinned one after the
    other stand side by side on the chart and in the table.
    """
    base = " ".join(name.split())[: max_length - 4] or "run"
    unique, number = base, 2
    while unique.casefold() in taken:
        unique, number = f"{base} ({number})", number + 1
    parameters = Parameters(k=max(1, min(figures.measured_k, 128)), p=figures.p, c=figures.c)
    return unique, Configuration(parameters=parameters, assumptions=figures.assumptions)


def engine_flags(k: int) -> dict[str, str]:
    """The flags to paste into vLLM, SGLang and llama.cpp for draft length ``k`` (0: no drafting).

    At k = 0 each engine's entry is a sentence (a :class:`~specdec_desktop.text.Phrase`), not flags.
    """
    if k <= 0:
        off = Phrase(N_("leave out the speculative-decoding flags (do not speculate)"))
        return {"vllm": off, "sglang": off, "llama_cpp": off}
    config = json.dumps({"num_speculative_tokens": k})
    return {
        "vllm": f"--speculative-config '{config}'",
        "sglang": f"--speculative-num-steps {k} --speculative-eagle-topk 1 "
        f"--speculative-num-draft-tokens {k + 1}",
        "llama_cpp": f"--draft-max {k} --draft-min {k}",
    }


def _best(p: float, c: float, a: Assumptions) -> tuple[int | None, float | None, str]:
    r = readouts(Parameters(k=1, p=p, c=c), a)
    return r.best_k, r.best_speedup, r.peak_status


def _speedup_at(p: float, k: int, c: float, a: Assumptions) -> float:
    return float(speedup(p, k, c, **a.keywords()))


def measured_figures(
    fit: Fit, c: float, assumptions: Assumptions = DEFAULT_ASSUMPTIONS, timings: Timings | None = None
) -> MeasuredFigures:
    """Best k (and what goes with it) under ``fit``, draft cost ``c`` and ``assumptions``.

    Measured ``timings`` replace ``c`` (draft time over target time) and, when they give the
    time at k + 1 tokens, the verify growth.  Memoised on its inputs (all immutable): a slider
    move that changes neither c nor the assumptions asks again and gets the answer at once.
    """
    if timings is not None:  # rounded as "Set c from timings" sets them, so the chart agrees
        c = round(timings.cost, 4)
        if timings.verify_ms is not None:
            assumptions = assumptions.with_values(verify_growth=round(min(timings.verify_growth, 100.0), 6))
    return _measured_figures(fit, float(c), assumptions)


@lru_cache(maxsize=16)
def _measured_figures(fit: Fit, c: float, assumptions: Assumptions) -> MeasuredFigures:
    m = fit.measurement
    warnings = list(fit.warnings)
    if fit.fitted_p is None:
        return MeasuredFigures(
            "none",
            None,
            assumptions,
            c,
            None,
            None,
            "none",
            None,
            None,
            m.k,
            None,
            False,
            fit.never_accepted_from,
            tuple(warnings),
        )
    falls = fit.verdict in _FALLING
    curve = fit_decay(fit) if falls and fit.per_position is not None else None
    # p and the decay rounded as "Use per-position curve" and "Use fitted p" set them, so the
    # chart set from either button shows this very best k.
    if curve is not None:
        p = round(min(1.0, max(0.0, curve[0])), 4)
        basis, a = "per_position", assumptions.with_values(decay=round(min(1.0, max(1e-3, curve[1])), 4))
        scale = curve[0] / fit.fitted_p if fit.fitted_p > 0 else 1.0
    else:
        basis, p, a = "constant_p", round(min(1.0, max(0.0, fit.fitted_p)), 4), assumptions
        scale = 1.0
    best_k, best_speedup, status = _best(p, c, a)
    low, high = (
        min(1.0, max(0.0, (end if end is not None else fit.fitted_p) * scale))
        for end in (fit.p_low, fit.p_high)
    )
    interval = (low, high)
    k_low, k_high = (_best(q, c, a)[0] for q in interval)
    cut = fit.never_accepted_from
    if cut is not None:
        keep = cut - 1
        best_k = keep if best_k is None else min(best_k, keep)
        if best_k == keep:
            best_speedup = _speedup_at(p, keep, c, a)
        k_low = keep if k_low is None else min(k_low, keep)
        k_high = keep if k_high is None else min(k_high, keep)
        status = "peak"
    at_measured = _speedup_at(p, m.k, c, a)
    beyond = best_k is not None and best_k > m.k
    if beyond:
        warnings.append(
            Phrase(
                N_(
                    "Best k = {best_k} lies beyond the measured k = {k}: the data reach k = {k} only, so "
                    "past it the curve is the model's extrapolation; measure at a longer k before relying "
                    "on it."
                ),
                best_k=best_k,
                k=m.k,
            )
        )
    if best_k is None:
        warnings.append(
            Phrase(N_("The speedup keeps rising with k under this fit: there is no best k to recommend."))
        )
    return MeasuredFigures(
        basis,
        p,
        a,
        c,
        best_k,
        best_speedup,
        status,
        k_low,
        k_high,
        m.k,
        at_measured,
        beyond,
        cut,
        tuple(warnings),
        interval,
    )


def near_best_range(figures: MeasuredFigures, within: float = WITHIN) -> tuple[int, int | None] | None:
    """Every k whose speedup is within ``within`` of the best, for some p in the fit's interval.

    Asked of the model's speedup under the decision's own configuration (``figures.p_interval``,
    c and the assumptions, the curve's decay included), so it surrounds ``figures.best_k``.
    ``(low, None)``: no upper end (somewhere in the interval the speedup has no peak).  Positions
    never accepted cap it like the best k.  ``None`` when there is no p (drafts of varying length).
    Not memoised and not asked at a slider move: ``fit`` alone reports it.
    """
    if figures.p_interval is None or figures.p is None:
        return None
    c, keywords = figures.c, figures.assumptions.keywords()
    grid = np.unique(np.linspace(*figures.p_interval, _GRID))
    bests = [best_draft_length(float(q), c, **keywords) for q in grid]
    unbounded = any(b is None for b in bests)
    top = max((b for b in bests if b is not None), default=1)
    cap = int(min(_K_CAP, max(64, 4 * top + 16)))
    table = np.asarray(speedup(grid[:, None], np.arange(cap + 1)[None, :], c, **keywords))
    good = table >= (1.0 - within) * table.max(axis=1, keepdims=True)
    columns = np.flatnonzero(good.any(axis=0))
    low = int(columns.min())
    high = None if unbounded or columns.max() >= cap else int(columns.max())
    if figures.never_accepted_from is not None:
        keep = figures.never_accepted_from - 1
        low, high = min(low, keep), keep if high is None else min(high, keep)
    return low, high
