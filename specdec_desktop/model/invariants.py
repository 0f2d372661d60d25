"""Optional invariant checks, switched on by the environment variable ``SPECDEC_CHECK_INVARIANTS=1``.

The test suite turns them on for every test; normal use leaves them off so they cost nothing.
Each check raises :class:`InvariantError` naming what broke.  The checks restate the model's
guarantees independently of how the figures were computed:

* parameters lie in their declared ranges;
* ``1 <= E <= k + 1``, ``C = k c + 1``, ``S = E / C``;
* the best draft length is at least as good as its neighbours, and 0 exactly when ``p <= c``;
* a simulated cycle accepts between 0 and ``k`` guesses;
* the states of a checked cycle are consistent: its accepted guesses lead; unless all were
  accepted, the target's correction takes the place of the first guess it disagreed with and
  only discarded guesses follow, the slot after the guesses left empty; after a full acceptance
  that slot holds the target's bonus token.
"""

from __future__ import annotations

import math
import os

__all__ = [
    "ENV_VAR",
    "InvariantError",
    "check_accepted_counts",
    "check_assumed_readouts",
    "check_readouts",
    "enabled",
]

ENV_VAR = "SPECDEC_CHECK_INVARIANTS"


class InvariantError(AssertionError):
    """A model or state invariant does not hold: a bug, never a user error."""


def enabled() -> bool:
    """Whether invariant checks are on (read every call so tests can switch it)."""
    return os.environ.get(ENV_VAR, "") not in ("", "0")


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def check_readouts(r) -> None:
    """Check one set of readouts against the model's guarantees."""
    import numpy as np

    from .closed_form import _speedup
    from .parameters import SPECS

    def speedup(p: float, k: int, c: float) -> float:
        # The unchecked arithmetic: a best k may pass the public functions' guard on k (2.3e18;
        # it reaches 6.4e18 at the last float below p = 1 with the smallest c) yet fit an int64.
        return float(_speedup(np.float64(p), np.int64(k), np.float64(c)))

    params = r.params
    for spec in SPECS:
        value = getattr(params, spec.name)
        _require(spec.minimum <= value <= spec.maximum, f"{spec.name} = {value} outside its range")
    k, p, c = params.k, params.p, params.c
    tolerance = 1e-9
    _require(
        1.0 - tolerance <= r.tokens_per_cycle <= k + 1 + tolerance,
        f"E = {r.tokens_per_cycle} not in [1, k+1]",
    )
    _require(math.isclose(r.cost_per_cycle, k * c + 1.0, rel_tol=1e-12), "C != k c + 1")
    _require(
        math.isclose(r.speedup, r.tokens_per_cycle / r.cost_per_cycle, rel_tol=1e-12),
        "S != E / C",
    )
    if r.best_k is None:
        _require((p >= 1.0 and c < 1.0) or (c <= 0.0 < p), "no peak claimed where there is one")
        _require(r.limit is not None and r.limit > 0, "no peak without a limit")
    else:
        _require((r.best_k == 0) == (p <= c), f"best k = {r.best_k} contradicts p <= c being {p <= c}")
        best = speedup(p, r.best_k, c)
        _require(best >= speedup(p, r.best_k + 1, c) * (1 - 1e-12), "best k beaten by k + 1")
        if r.best_k > 0:
            _require(best >= speedup(p, r.best_k - 1, c) * (1 - 1e-12), "best k beaten by k - 1")


def check_assumed_readouts(r) -> None:
    """Check readouts under non-default assumptions against the model's guarantees.

    Restated independently: ``1 <= E <= k + 1``, ``C`` from the contract's formula, ``S = E/C``,
    the best k at least as good as its neighbours, and the original figures unchanged.
    """
    from .closed_form import speedup
    from .extended import SEARCH_LIMIT

    params, a = r.params, r.assumptions
    k, p, c = params.k, params.p, params.c
    _require(1.0 - 1e-9 <= r.tokens_per_cycle <= k + 1 + 1e-9, f"E = {r.tokens_per_cycle} not in [1, k+1]")
    if a.knee is None:
        factor = 1.0
    else:
        factor = max(1.0, a.batch * (k + 1) / a.knee) / max(1.0, a.batch / a.knee)
    cost = a.overhead + k * c + (1.0 + a.verify_growth * k) * factor
    _require(
        math.isclose(r.cost_per_cycle, cost, rel_tol=1e-9), f"C = {r.cost_per_cycle}, formula gives {cost}"
    )
    _require(math.isclose(r.speedup, r.tokens_per_cycle / r.cost_per_cycle, rel_tol=1e-12), "S != E / C")
    keywords = a.keywords()
    if r.best_k is not None:
        _require(r.peak_status == "peak", "a best k without a peak")
        best = speedup(p, r.best_k, c, **keywords)
        _require(best >= speedup(p, r.best_k + 1, c, **keywords) * (1 - 1e-12), "best k beaten by k + 1")
        if r.best_k > 0:
            _require(best >= speedup(p, r.best_k - 1, c, **keywords) * (1 - 1e-12), "best k beaten by k - 1")
    else:
        _require(r.peak_status in ("none", "beyond"), f"no best k but status {r.peak_status!r}")
        if r.peak_status == "beyond":
            last = speedup(p, SEARCH_LIMIT, c, **keywords)
            _require(last >= speedup(p, SEARCH_LIMIT - 1, c, **keywords), "no peak claimed after a fall")
    _require(r.original is not None and r.original.assumptions.is_default, "original figures missing")


def check_accepted_counts(accepted, k: int) -> None:
    """Check simulated accepted-guess counts lie in ``0..k``."""
    if len(accepted):
        _require(int(accepted.min()) >= 0 and int(accepted.max()) <= k, "accepted guesses outside 0..k")


def check_cycle_states(states, accepted, k: int, bonus=None) -> None:
    """Check the per-slot states of checked cycles (shape ``(n, k + 1)``) against their counts
    (``bonus``: a tree's cycles whose path ends in a leaf before level ``k``)."""
    import numpy as np

    from .token_state import TokenState

    states = np.asarray(states)
    accepted = np.asarray(accepted)
    _require(states.shape == (len(accepted), k + 1), f"states shape {states.shape} is not (n, k+1)")
    guesses = states[:, :k]
    slot = np.arange(k)[None, :]
    a = accepted[:, None]
    _require(bool((guesses[slot < a] == TokenState.ACCEPTED).all()), "a leading guess is not accepted")
    leaf = np.zeros(len(accepted), dtype=bool) if bonus is None else np.asarray(bonus, dtype=bool)
    own = np.where(leaf[:, None], TokenState.BONUS, TokenState.CORRECTION) * np.ones((1, k), dtype=np.int64)
    _require(
        bool((guesses[slot == a] == own[slot == a]).all()),
        "the first mismatch is not replaced by the big model's correction (or a leaf's bonus)",
    )
    _require(bool((guesses[slot > a] == TokenState.DISCARDED).all()), "a guess after the mismatch survived")
    target = np.where(accepted == k, TokenState.BONUS, TokenState.EMPTY)
    _require(
        bool((states[:, k] == target).all()),
        "the slot after the guesses is not the bonus (all accepted) or empty (a correction)",
    )
