"""Monte Carlo runs of speculative decoding.

The number of guesses the target accepts in one cycle is a capped geometric
variable: ``P(J = j) = (1 - p) p^j`` for ``j < k`` and ``P(J = k) = p^k``.
Drawing the uncapped geometric (failures before the first rejection) and
capping it at ``k`` samples exactly that law with one random draw per cycle.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from . import invariants
from .validation import as_draft_length, as_probability

__all__ = ["simulate_cycles"]


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
        Seed of numpy's default generator; the same seed gives the same run.

    Returns
    -------
    ndarray of int64, shape (n_cycles,)
        Values in ``0..k``.
    """
    p_val = float(as_probability(p, "p"))
    k_val = int(as_draft_length(k, "k"))
    n_val = int(as_draft_length(n_cycles, "n_cycles"))
    if seed is not None:
        seed = int(as_draft_length(seed, "seed"))
    rng = np.random.default_rng(seed)
    if p_val >= 1.0:
        return np.full(n_val, k_val, dtype=np.int64)
    # Generator.geometric counts trials up to and including the first success
    # (here: the first rejection), so the accepted run before it is one less.
    accepted = rng.geometric(1.0 - p_val, size=n_val)
    accepted -= 1
    np.minimum(accepted, k_val, out=accepted)
    accepted = accepted.astype(np.int64, copy=False)
    if invariants.enabled():
        invariants.check_accepted_counts(accepted, k_val)
    return accepted
