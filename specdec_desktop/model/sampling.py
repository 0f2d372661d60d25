"""Where the acceptance rate comes from: two next-token distributions and the check between them.

Notation (used in every formula below): ``p`` is the **target** model's next-token
distribution, ``q`` the **draft** model's, both over the same tokens; ``x`` is a token.

- Temperature softmax: ``softmax(z / T)``; ``T → 0`` is the argmax one-hot (ties: the first).
- Verification rules and the chance one drafted token is kept (Leviathan, Kalman and Matias
  2023, §2-3; Chen et al. 2023, "Accelerating LLM decoding with speculative sampling"):

  ========================  =====================================================  ===============
  rule                      what is checked                                         acceptance
  ========================  =====================================================  ===============
  ``probabilistic``         x ~ q kept with probability min(1, p(x) / q(x))         Σ_x min(p, q)
  ``strict``                the draft's top token argmax q equals y ~ p             p(argmax q)
  ``sampled-match``         x ~ q equals y ~ p (independent draws)                  Σ_x p(x) q(x)
  ``greedy``                argmax q equals argmax p                                1 or 0
  ========================  =====================================================  ===============

- Residual (probabilistic rule, after a rejection): ``r = max(0, p − q) / Σ max(0, p − q)``;
  when ``p = q`` nothing is ever rejected and ``r`` is taken as ``p``.

Under every rule the token written follows ``p`` exactly (docs/model.md derives it): the
probabilistic rule writes x with probability ``min(p, q)(x) + (1 − Σ min(p, q)) r(x) = p(x)``;
the two exact-match rules always write the target's own sample ``y``; greedy writes
``argmax p``.  Speculation changes how fast, never what.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MAX_TOKENS",
    "RULES",
    "TEMPERATURE_RANGE",
    "Step",
    "acceptance_probability",
    "acceptances",
    "as_distribution",
    "as_logits",
    "as_temperature",
    "draw_outputs",
    "residual_distribution",
    "softmax",
    "speculative_step",
    "total_variation",
]

#: The verification rules, in the order the app lists them.
RULES = ("probabilistic", "strict", "sampled-match", "greedy")
#: Temperatures the command line and the window take (the model takes any T ≥ 0): above 10
#: every distribution is within a hair of uniform and the picture says nothing more.
TEMPERATURE_RANGE = (0.0, 10.0)
#: Most tokens a distribution may have (a vocabulary this app draws, not a real model's).
MAX_TOKENS = 4096
#: How far a distribution's sum may stray from 1 (it is then renormalised).
_SUM_TOLERANCE = 1e-6
#: Below this total the residual is only rounding: the two distributions are equal.
_RESIDUAL_FLOOR = 1e-12


def _as_vector(values: ArrayLike, name: str) -> NDArray[np.float64]:
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a list of numbers, got {values!r}") from None
    if array.ndim != 1 or array.size == 0:
        raise ValueError(f"{name} must be a non-empty list of numbers, got shape {array.shape}")
    if array.size > MAX_TOKENS:
        raise ValueError(f"{name} has {array.size} tokens; at most {MAX_TOKENS}")
    if np.isnan(array).any():
        raise ValueError(f"{name} must not contain NaN")
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must be finite numbers")
    return array


def as_logits(values: ArrayLike, name: str = "logits") -> NDArray[np.float64]:
    """``values`` as a 1-D float array of finite logits; ``ValueError`` naming ``name`` if not."""
    return _as_vector(values, name)


def as_temperature(value: float, name: str = "temperature") -> float:
    """A temperature T ≥ 0 (finite); ``ValueError`` naming ``name`` otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {value!r}") from None
    if number != number:
        raise ValueError(f"{name} must be a number, got NaN")
    if not 0.0 <= number < float("inf"):
        raise ValueError(f"{name} must be 0 or more and finite, got {value!r}")
    return number


def as_distribution(values: ArrayLike, name: str = "distribution") -> NDArray[np.float64]:
    """``values`` as a probability vector: non-negative, summing to 1 within 1e-6 (renormalised)."""
    array = _as_vector(values, name)
    if (array < 0).any():
        raise ValueError(f"{name} must not have negative probabilities")
    total = float(array.sum())
    if abs(total - 1.0) > _SUM_TOLERANCE:
        raise ValueError(f"{name} must sum to 1, got {total:.6g}")
    return array / total


def softmax(logits: ArrayLike, temperature: float = 1.0) -> NDArray[np.float64]:
    """Probabilities ``exp(z_i / T) / Σ_j exp(z_j / T)`` of the logits ``z`` at temperature ``T``.

    ``T = 0`` gives the argmax one-hot (the first of tied maxima), the limit of ``T → 0``;
    a large ``T`` tends to the uniform distribution.  Computed from ``z − max z``, so no
    logit or temperature overflows.

    Raises
    ------
    ValueError
        Naming ``logits`` (empty, not numbers, NaN, infinite) or ``temperature`` (negative,
        NaN, infinite).
    """
    z = as_logits(logits)
    t = as_temperature(temperature)
    shifted = z - z.max()
    if t == 0.0:
        out = np.zeros_like(z)
        out[int(np.argmax(z))] = 1.0
        return out
    with np.errstate(over="ignore", under="ignore"):
        weights = np.exp(shifted / t)  # the maximum's weight is exactly 1: the sum is ≥ 1
    return weights / weights.sum()


def _pair(target: ArrayLike, draft: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    p = as_distribution(target, "target")
    q = as_distribution(draft, "draft")
    if p.size != q.size:
        raise ValueError(f"target and draft must have the same number of tokens, got {p.size} and {q.size}")
    return p, q


def acceptance_probability(target: ArrayLike, draft: ArrayLike, rule: str = "probabilistic") -> float:
    """The chance one drafted token is kept, p = target and q = draft (see the module's table).

    ``probabilistic``: Σ_x min(p(x), q(x)); ``strict``: p(argmax q); ``sampled-match``:
    Σ_x p(x) q(x); ``greedy``: 1 if argmax p = argmax q else 0.
    """
    p, q = _pair(target, draft)
    return _acceptance(p, q, _rule(rule))


def _rule(rule: str) -> str:
    if rule not in RULES:
        raise ValueError(f"rule must be one of {', '.join(RULES)}, got {rule!r}")
    return rule


def _acceptance(p: NDArray[np.float64], q: NDArray[np.float64], rule: str) -> float:
    if rule == "probabilistic":
        return float(np.minimum(p, q).sum())
    if rule == "strict":
        return float(p[int(np.argmax(q))])
    if rule == "sampled-match":
        return float(p @ q)
    return 1.0 if int(np.argmax(p)) == int(np.argmax(q)) else 0.0


def acceptances(target: ArrayLike, draft: ArrayLike) -> dict[str, float]:
    """The acceptance under each rule of :data:`RULES`, by rule (p = target, q = draft)."""
    p, q = _pair(target, draft)
    return {rule: _acceptance(p, q, rule) for rule in RULES}


def residual_distribution(target: ArrayLike, draft: ArrayLike) -> NDArray[np.float64]:
    """Where a rejected guess sends the target: ``max(0, p − q)`` normalised (p = target, q = draft).

    When ``p = q`` (the residual's total is below 1e-12) there is nothing to correct and the
    target ``p`` itself is returned.
    """
    p, q = _pair(target, draft)
    return _residual(p, q)


def _residual(p: NDArray[np.float64], q: NDArray[np.float64]) -> NDArray[np.float64]:
    excess = np.maximum(p - q, 0.0)
    total = float(excess.sum())
    return p.copy() if total <= _RESIDUAL_FLOOR else excess / total


@dataclass(frozen=True)
class Step:
    """One drafted token checked: what the draft proposed, whether it was kept, what was written.

    ``written`` equals ``drafted`` when ``accepted``; otherwise it is the target's correction.
    """

    drafted: int
    accepted: bool
    written: int


def speculative_step(
    target: ArrayLike, draft: ArrayLike, rng: np.random.Generator, rule: str = "probabilistic"
) -> Step:
    """Draft one token, check it under ``rule``, and write the kept token or the correction.

    p = target, q = draft.  ``probabilistic``: x ~ q, kept with probability min(1, p(x)/q(x)),
    else the correction is drawn from the residual.  ``strict``: x = argmax q, kept when it
    equals the target's sample y ~ p, else y is written.  ``sampled-match``: x ~ q, kept when
    it equals y ~ p, else y.  ``greedy``: x = argmax q, kept when it equals argmax p, else
    argmax p.
    """
    p, q = _pair(target, draft)
    rule = _rule(rule)
    tokens = np.arange(p.size)
    if rule == "probabilistic":
        x = int(rng.choice(tokens, p=q))
        if rng.random() * q[x] < p[x]:  # u < p(x)/q(x), without dividing by q(x)
            return Step(x, True, x)
        return Step(x, False, int(rng.choice(tokens, p=_residual(p, q))))
    if rule == "greedy":
        x, y = int(np.argmax(q)), int(np.argmax(p))
    else:
        x = int(np.argmax(q)) if rule == "strict" else int(rng.choice(tokens, p=q))
        y = int(rng.choice(tokens, p=p))
    return Step(x, x == y, y)


def _draws(distribution: NDArray[np.float64], uniforms: NDArray[np.float64]) -> NDArray[np.int64]:
    """Inverse-CDF draws: the token whose cumulative share first exceeds each uniform."""
    cumulative = np.cumsum(distribution)
    cumulative[-1] = np.inf  # rounding never sends a draw past the last token
    return np.searchsorted(cumulative, uniforms, side="right").astype(np.int64)


def draw_outputs(
    target: ArrayLike, draft: ArrayLike, draws: int, seed: int, rule: str = "probabilistic"
) -> tuple[NDArray[np.int64], float]:
    """``draws`` independent speculative steps at once: the written tokens' counts, and the share kept.

    The same steps as :func:`speculative_step`, vectorised (10,000 draws take well under a
    millisecond); reproducible for a ``seed``.  The counts divided by ``draws`` converge to
    the target p under every rule (for ``greedy``, to the one-hot of argmax p).

    Returns
    -------
    counts : numpy.ndarray
        How often each token was written.
    kept : float
        The share of drafted tokens that were kept.
    """
    p, q = _pair(target, draft)
    rule = _rule(rule)
    if isinstance(draws, bool) or not isinstance(draws, (int, np.integer)) or not 1 <= draws <= 10**8:
        raise ValueError(f"draws must be a whole number from 1 to 10**8, got {draws!r}")
    rng = np.random.default_rng(seed)
    n = int(draws)
    if rule == "probabilistic":
        x = _draws(q, rng.random(n))
        kept = rng.random(n) * q[x] < p[x]
        correction = _draws(_residual(p, q), rng.random(n))
        written = np.where(kept, x, correction)
    elif rule == "greedy":
        kept = np.full(n, int(np.argmax(q)) == int(np.argmax(p)))
        written = np.full(n, int(np.argmax(p)))
    else:
        x = np.full(n, int(np.argmax(q))) if rule == "strict" else _draws(q, rng.random(n))
        written = _draws(p, rng.random(n))
        kept = x == written
    return np.bincount(written, minlength=p.size).astype(np.int64), float(kept.mean())


def total_variation(first: ArrayLike, second: ArrayLike) -> float:
    """Half the summed absolute difference of two distributions (0: equal, 1: disjoint)."""
    a = np.asarray(first, dtype=np.float64)
    b = np.asarray(second, dtype=np.float64)
    return 0.5 * float(np.abs(a - b).sum())
