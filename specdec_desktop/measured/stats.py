"""Small statistics the fit needs, in plain Python (no Qt, no SciPy).

* :func:`wilson` - the Wilson score interval of a binomial proportion (Wilson 1927, JASA 22:209);
  it stays inside [0, 1] and behaves at 0 and n successes, unlike the normal approximation.
* :func:`chi2_sf` - the upper tail of the chi-square distribution, ``Q(df/2, x/2)``, from the
  series and continued-fraction expansions of the regularised incomplete gamma function
  (Abramowitz and Stegun 1964, 6.5.29 and 6.5.31).
"""

from __future__ import annotations

import math

__all__ = ["Z95", "chi2_sf", "wilson"]

#: Two-sided 95 % normal quantile.
Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes / trials`` (``(0, 1)`` when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    phat = successes / trials
    denominator = 1 + z * z / trials
    centre = (phat + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(phat * (1 - phat) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _lower_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_sf(x: float, df: int) -> float:
    """``P(X >= x)`` for ``X`` chi-square with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"df must be 1 or more, got {df}")
    if x <= 0:
        return 1.0
    a, half = df / 2.0, x / 2.0
    if half < a + 1:
        return max(0.0, 1.0 - _lower_series(a, half))
    return min(1.0, _upper_fraction(a, half))
