"""Monte Carlo runs of speculative decoding.

The number of guesses the target accepts in one cycle is a capped geometric
variable: ``P(J = j) = (1 - p) p^j`` for ``j < k`` and ``P(J = k) = p^k``.

It is drawn with one exponential variable per cycle: if ``E ~ Exp(1)`` then
``floor(E / -ln p)`` has ``P(>= j) = P(E >= j (-ln p)) = p^j``, the
uncapped geometric law of the accepted run, and capping it at ``k`` gives the
law above.  numpy's ziggurat exponential is the cheapest exact draw we know
(about 1.5 times as fast as numpy's own geometric sampler and 6 times as fast
as a Bernoulli draw per guess; ``benchmarks/bench_simulation.py`` measures
all three in one run).

Runs are cut into blocks of :data:`BLOCK_CYCLES` cycles, and block ``b`` draws
from its own generator, seeded by the run's seed and ``b`` (numpy's
``SeedSequence`` spawn key).  Any block can therefore be drawn on its own and
on demand, which is how the animation replays an endless run in bounded
memory (:class:`~specdec_desktop.model.trace_stream.TraceStream`); it replays exactly
the cycles that :func:`simulate_cycles` returns for the same seed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import invariants
from .assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from .validation import as_draft_length, as_probability

__all__ = [
    "BLOCK_CYCLES",
    "PASSAGE_CYCLES",
    "SimulatedSpeedup",
    "block_generator",
    "draw_accepted",
    "draw_accepted_assumed",
    "simulate_cycles",
    "simulated_speedup",
]

#: Cycles per independently seeded block.
BLOCK_CYCLES = 1 << 16
#: Under burstiness (``spread``), one passage's acceptance holds for this many cycles.  A
#: block holds a whole number of passages, so a block can still be drawn on its own.
PASSAGE_CYCLES = 8


def block_generator(root: np.random.SeedSequence, block: int) -> np.random.Generator:
    """The generator of block ``block`` of the run seeded by ``root`` (its ``block``-th spawned child)."""
    child = np.random.SeedSequence(
        root.entropy, spawn_key=(*root.spawn_key, int(block)), pool_size=root.pool_size
    )
    return np.random.default_rng(child)


def draw_accepted(rng: np.random.Generator, p: float, k: int, n: int) -> NDArray[np.int64]:
    """Draw ``n`` capped geometric counts (accepted guesses per cycle) from ``rng``.

    ``p`` and ``k`` must already be validated floats/ints.  Exactly ``n``
    exponential variates are consumed (none at ``p`` = 0 or 1), so the first
    ``m`` values of a draw of ``n >= m`` equal a draw of ``m``.
    """
    if p >= 1.0:
        return np.full(n, k, dtype=np.int64)
    if p <= 0.0 or k == 0:
        return np.zeros(n, dtype=np.int64)
    runs = rng.standard_exponential(n)
    runs /= -np.log(p)
    np.minimum(runs, k, out=runs)
    return runs.astype(np.int64)  # truncation is floor for these non-negative values


def passage_acceptance(rng: np.random.Generator, p: float, spread: float, n: int) -> NDArray[np.float64]:
    """The acceptance of each of ``n`` cycles: one Beta(pκ, (1−p)κ) draw per passage, held for
    :data:`PASSAGE_CYCLES` cycles (the mean is ``p``; a smaller ``κ`` spreads it wider).

    A whole block's passages are drawn even for a shorter run, so the exponentials that follow
    come from the same place in the stream: a shorter run is a prefix of a longer one.
    """
    passages = max(-(-n // PASSAGE_CYCLES), BLOCK_CYCLES // PASSAGE_CYCLES)
    if p >= 1.0:
        drawn = np.ones(passages)
    elif p <= 0.0:
        drawn = np.zeros(passages)
    else:
        drawn = rng.beta(p * spread, (1.0 - p) * spread, passages)
    return np.repeat(drawn, PASSAGE_CYCLES)[:n]


def draw_accepted_assumed(
    rng: np.random.Generator, p: float, k: int, n: int, a: Assumptions
) -> NDArray[np.int64]:
    """``n`` accepted-guess counts under ``a`` (per-position decay, bursty passages).

    Guess ``i`` survives, given the ones before it did, with probability ``P·d^(i−1)``, so
    ``P(J ≥ j) = P^j · d^(j(j−1)/2) = exp(−(λ j + δ j(j−1)/2))`` with ``λ = −ln P`` and
    ``δ = −ln d``.  With one ``X ~ Exp(1)`` per cycle, ``J`` is the largest ``j ≤ k`` with
    ``λ j + δ j(j−1)/2 ≤ X``: the floor of the positive root of ``(δ/2) x² + (λ − δ/2) x = X``.
    Passages' acceptances are drawn first (when ``a.spread`` is set), then the exponentials.
    """
    if not a.changes_tokens:
        return draw_accepted(rng, p, k, n)
    if k == 0 or n == 0:
        return np.zeros(n, dtype=np.int64)
    acceptance = passage_acceptance(rng, p, a.spread, n) if a.spread is not None else np.full(n, p)
    x = rng.standard_exponential(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = -np.log(acceptance)  # inf where the acceptance is 0
        half = -0.5 * np.log(a.decay)
        if half == 0.0:
            root = x / rate
        else:
            b = rate - half
            disc = np.sqrt(b * b + 4.0 * half * x)
            # The two forms of the root, each free of cancellation on its side of b = 0.
            root = np.where(b >= 0.0, 2.0 * x / (b + disc), (disc - b) / (2.0 * half))
        root = np.where(rate == 0.0, np.inf, root) if half == 0.0 else root
    np.minimum(root, k, out=root)
    return root.astype(np.int64)


def simulate_cycles(
    p: float,
    k: int,
    n_cycles: int,
    seed: int | None,
    *,
    decay: float = 1.0,
    spread: float | None = None,
) -> NDArray[np.int64]:
    """Accepted guesses in each of ``n_cycles`` simulated cycles.

    Parameters
    ----------
    p : float
        Acceptance rate, in [0, 1].
    k : int
        Draft length, >= 0.
    n_cycles : int
        Number of cycles, >= 0.
    seed : int or None
        Seed (a whole number >= 0); the same seed gives the same run, and a
        longer run with the same seed starts with the shorter one.  ``None``
        draws fresh entropy from the operating system.
    decay, spread : keyword-only
        As for :func:`~specdec_desktop.model.expected_tokens`; the defaults draw exactly the
        original model's run.  With ``spread`` a passage's acceptance holds for
        :data:`PASSAGE_CYCLES` cycles.

    Returns
    -------
    ndarray of int64, shape (n_cycles,)
        Values in ``0..k``.

    Raises
    ------
    ValueError
        Naming the argument, if one is out of range.
    """
    p_val = float(as_probability(p, "p"))
    k_val = int(as_draft_length(k, "k"))
    n_val = int(as_draft_length(n_cycles, "n_cycles"))
    seed_val = None if seed is None else int(as_draft_length(seed, "seed"))
    from .extended import check_keywords

    a = check_keywords(decay=decay, spread=spread)
    root = np.random.SeedSequence(seed_val)
    accepted = np.empty(n_val, dtype=np.int64)
    for block, start in enumerate(range(0, n_val, BLOCK_CYCLES)):
        stop = min(n_val, start + BLOCK_CYCLES)
        rng = block_generator(root, block)
        accepted[start:stop] = draw_accepted_assumed(rng, p_val, k_val, stop - start, a)
    if invariants.enabled():
        invariants.check_accepted_counts(accepted, k_val)
    return accepted


@dataclass(frozen=True)
class SimulatedSpeedup:
    """Simulated speedup at each draft length in ``k``, with standard errors.

    ``speedup[i]`` is (tokens made) / (target passes spent) over ``n_cycles`` simulated cycles
    at draft length ``k[i]``, the clock charging the active model's cycle cost; ``se[i]`` is
    its standard error (from passages when acceptance persists across cycles, else from cycles).
    """

    k: NDArray[np.int64]
    speedup: NDArray[np.float64]
    se: NDArray[np.float64]
    n_cycles: int

    def interval(self, level_z: float = 1.959963984540054) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Lower and upper ends of the (default 95 %) normal interval."""
        return self.speedup - level_z * self.se, self.speedup + level_z * self.se


def simulated_speedup(
    p: float,
    c: float,
    k: ArrayLike,
    n_cycles: int,
    seed: int | None,
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
) -> SimulatedSpeedup:
    """Simulate ``n_cycles`` cycles and measure the speedup at every draft length in ``k``.

    All draft lengths share one run of uncapped acceptances (common random numbers): at
    draft length ``k`` a cycle accepts ``min(J, k)`` guesses, so one draw serves every ``k``
    and each estimate still rests on ``n_cycles`` cycles.  ``p``, ``c`` and ``assumptions``
    must already be validated.
    """
    from .extended import cost_table

    ks = as_draft_length(k, "k").reshape(-1)
    n_val = int(as_draft_length(n_cycles, "n_cycles"))
    if n_val < 2:
        raise ValueError(f"n_cycles must be at least 2, got {n_cycles!r}")
    k_max = int(ks.max()) if ks.size else 0
    accepted = simulate_cycles(p, k_max, n_val, seed, decay=assumptions.decay, spread=assumptions.spread)
    cost = cost_table(ks, np.float64(c), assumptions) * np.ones(ks.shape)
    if assumptions.spread is None:
        # Each cycle is independent: moments of min(J, k) from the counts of J.
        survive = np.bincount(accepted, minlength=k_max + 1)[::-1].cumsum()[::-1] / n_val  # P(J >= j)
        j = np.arange(k_max + 1)
        first = np.concatenate(([0.0], np.cumsum(survive[1:])))  # E[min(J, k)]
        second = np.concatenate(([0.0], np.cumsum((2 * j[1:] - 1) * survive[1:])))  # E[min(J, k)^2]
        mean = 1.0 + first[ks]
        variance = np.maximum(second[ks] - first[ks] ** 2, 0.0) * n_val / (n_val - 1)
        se = np.sqrt(variance / n_val)
    else:
        # Cycles of one passage share an acceptance: errors from passage means (batch means).
        whole = (n_val // PASSAGE_CYCLES) * PASSAGE_CYCLES
        mean = np.empty(ks.shape)
        se = np.empty(ks.shape)
        for index, value in enumerate(ks):
            capped = np.minimum(accepted, value)
            mean[index] = 1.0 + capped.mean()
            passages = capped[:whole].reshape(-1, PASSAGE_CYCLES).mean(axis=1)
            se[index] = passages.std(ddof=1) / np.sqrt(len(passages)) if len(passages) > 1 else np.inf
    return SimulatedSpeedup(k=ks, speedup=mean / cost, se=se / cost, n_cycles=n_val)
