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
memory (:class:`~specdec_desktop.model.trace.TraceStream`); it replays exactly
the cycles that :func:`simulate_cycles` returns for the same seed.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from . import invariants
from .validation import as_draft_length, as_probability

__all__ = ["BLOCK_CYCLES", "block_generator", "draw_accepted", "simulate_cycles"]

#: Cycles per independently seeded block.
BLOCK_CYCLES = 1 << 16


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


def simulate_cycles(p: float, k: int, n_cycles: int, seed: int | None) -> NDArray[np.int64]:
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
    root = np.random.SeedSequence(seed_val)
    accepted = np.empty(n_val, dtype=np.int64)
    for block, start in enumerate(range(0, n_val, BLOCK_CYCLES)):
        stop = min(n_val, start + BLOCK_CYCLES)
        accepted[start:stop] = draw_accepted(block_generator(root, block), p_val, k_val, stop - start)
    if invariants.enabled():
        invariants.check_accepted_counts(accepted, k_val)
    return accepted
