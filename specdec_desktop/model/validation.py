"""Argument checks shared by the model's public functions.

Every public function of :mod:`specdec_desktop.model` accepts scalars or numpy
arrays.  Out-of-range or non-numeric input raises :class:`ValueError` whose
message names the offending argument, so a caller (the command line, a
scenario file, a test) can report it without a traceback.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = ["as_cost", "as_draft_length", "as_probability"]


def _as_float_array(value: ArrayLike, name: str) -> NDArray[np.float64]:
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {value!r}") from None
    if np.isnan(array).any():
        raise ValueError(f"{name} must be a number, got NaN")
    return array


def as_probability(value: ArrayLike, name: str = "p") -> NDArray[np.float64]:
    """Return ``value`` as a float array, checking it lies in [0, 1]."""
    array = _as_float_array(value, name)
    if ((array < 0.0) | (array > 1.0)).any():
        raise ValueError(f"{name} must lie between 0 and 1, got {value!r}")
    return array


def as_cost(value: ArrayLike, name: str = "c") -> NDArray[np.float64]:
    """Return a relative draft cost as a float array, checking it lies in [0, 1]."""
    return as_probability(value, name)


def as_draft_length(value: ArrayLike, name: str = "k") -> NDArray[np.int64]:
    """Return ``value`` as an integer array, checking it holds whole numbers >= 0.

    Integral floats such as ``6.0`` are accepted; ``6.5``, ``-1``, ``inf``
    and booleans are not.
    """
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    array = _as_float_array(value, name)
    if not np.isfinite(array).all() or (array != np.floor(array)).any():
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if (array < 0).any():
        raise ValueError(f"{name} must be 0 or more, got {value!r}")
    if (array > np.iinfo(np.int64).max / 4).any():
        raise ValueError(f"{name} is too large, got {value!r}")
    return array.astype(np.int64)
