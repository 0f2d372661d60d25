"""What a draft tree costs per verify step, and its speedup.

A cycle drafts the tree level by level, one draft pass per level (``L·c``; SGLang drafts
``steps`` levels whatever it verifies), or, for a drafter whose passes do not grow with depth
(Medusa's heads read one hidden state), one pass of cost ``c`` whatever the depth.  The verify pass
reads the ``n`` drafted nodes and the root, ``n + 1`` tokens, and is priced as the chain's verify
of ``k = n`` guesses (docs/model.md): ``(1 + β·n) · g(n)`` with the batch factor
``g(n) = max(1, B(n+1)/n*) / max(1, B/n*)``, plus the overhead ``o``:

    C(T) = o + L·c + (1 + β·n) · g(n),        S(T) = F(T) / C(T).

A chain of ``k`` has ``L = n = k``: the chain's ``C(k)`` exactly, so every chain figure stands.
Spread (a per-cycle Beta acceptance) is defined for a chain only and is refused here.
"""

from __future__ import annotations

import math

import numpy as np

from specdec_desktop.model.extended import batch_factor, check_keywords
from specdec_desktop.model.validation import as_cost

from .paths import check_paths, check_rank_acceptance, tree_depth
from .value import node_values

__all__ = ["tree_cost", "tree_speedup", "verify_cost"]

_TOKEN_KEYWORDS = {"decay", "spread"}
_COST_KEYWORDS = {"verify_growth", "batch", "knee", "overhead"}


def _split(assumptions: dict[str, object]):
    unknown = set(assumptions) - _TOKEN_KEYWORDS - _COST_KEYWORDS
    if unknown:
        raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
    a = check_keywords(**assumptions)
    if a.spread is not None:
        raise ValueError("spread is defined for a chain only; a draft tree takes none")
    return a


def verify_cost(nodes: np.ndarray | int, a) -> np.ndarray | float:
    """The verify pass over ``nodes + 1`` tokens, with the overhead: ``o + (1 + β·n) · g(n)``."""
    n = np.asarray(nodes, dtype=np.int64)
    verify = 1.0 + a.verify_growth * n
    return a.overhead + verify * batch_factor(n, a)


def tree_cost(
    paths: object,
    c: float,
    *,
    draft_levels: int | None = None,
    parallel: bool = False,
    **assumptions: float | None,
) -> float:
    """``C(T)`` in target passes (see the module's note); ``draft_levels`` defaults to the depth."""
    tree = check_paths(paths)
    c_val = float(as_cost(c, "c"))
    a = _split(assumptions)
    levels = tree_depth(tree) if draft_levels is None else _levels(draft_levels, tree_depth(tree))
    draft = (c_val if levels > 0 else 0.0) if parallel else levels * c_val
    return float(draft + verify_cost(len(tree), a))


def _levels(draft_levels: object, depth: int) -> int:
    if isinstance(draft_levels, bool) or not isinstance(draft_levels, int) or draft_levels < depth:
        raise ValueError(
            f"draft_levels must be a whole number of at least the depth {depth}, got {draft_levels!r}"
        )
    return draft_levels


def tree_speedup(
    paths: object,
    rank_acceptance: object,
    c: float,
    *,
    draft_levels: int | None = None,
    parallel: bool = False,
    **assumptions: float | None,
) -> float:
    """``S(T) = F(T) / C(T)``: the tree's speedup over plain decoding.

    Takes ``decay`` and the cost keywords of :func:`~specdec_desktop.model.cycle_cost`;
    ``ValueError`` names the argument at fault.
    """
    a_vec = check_rank_acceptance(rank_acceptance)
    tree = check_paths(paths, a_vec)
    a = _split(assumptions)
    tokens = 1.0 + math.fsum(node_values(tree, a_vec, a.decay))
    cost = tree_cost(tree, c, draft_levels=draft_levels, parallel=parallel, **assumptions)
    return tokens / cost
