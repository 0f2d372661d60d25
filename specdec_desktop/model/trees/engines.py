"""The trees serving engines draft, under positional acceptance, and the settings to paste.

SGLang's EAGLE drafting (``--speculative-num-steps``, ``--speculative-eagle-topk``,
``--speculative-num-draft-tokens``; sglang ``srt/speculative/eagle_worker.py`` ``draft_forward``
with ``eagle_utils.py`` ``select_top_k_tokens`` and ``organize_draft_results``), step by step:

1. the root's ``topk`` most likely children are the first level's candidates and frontier;
2. each further step (``steps − 1`` of them) gives every frontier node its ``topk`` most likely
   children, scored by the product of probabilities along the path; those ``topk²`` are
   candidates, and the ``topk`` best of them are the next frontier;
3. the ``num_draft_tokens − 1`` best candidates of all levels are verified with the root.

Under positional acceptance a node's score is its acceptance chance ``f(v)``, so the tree is
determined by ``(steps, topk, num_draft_tokens)`` and ``a``.  Ties go to the earlier candidate
(lower level, then lower path): a child never outranks its parent, so the tree is prefix-closed.

vLLM takes a tree as ``speculative_token_tree`` (a path list, its string) with
``num_speculative_tokens`` equal to its number of nodes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from specdec_desktop.text import N_, Phrase

from .paths import MAX_TREE_DEPTH, MAX_TREE_NODES, Tree, check_paths, check_rank_acceptance, format_paths
from .value import node_values

__all__ = ["SglangSettings", "best_sglang_settings", "sglang_flags", "sglang_tree", "vllm_flags"]

#: SGLang's documented EAGLE defaults (docs "Speculative Decoding"): steps, topk, draft tokens.
SGLANG_DEFAULTS = (5, 4, 8)


@dataclass(frozen=True)
class SglangSettings:
    """SGLang's three tree settings (``num_draft_tokens`` counts the root)."""

    steps: int
    topk: int
    num_draft_tokens: int


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            Phrase(
                N_("{name} must be a whole number between {low} and {high}, got {value}"),
                name=name,
                low=low,
                high=high,
                value=repr(value),
            )
        )
    return value


def check_sglang(steps: object, topk: object, num_draft_tokens: object, ranks: int) -> SglangSettings:
    """The three settings checked (``ValueError`` naming the one at fault)."""
    s = _whole(steps, "steps", 1, MAX_TREE_DEPTH)
    k = _whole(topk, "topk", 1, 64)
    if k > ranks:
        raise ValueError(
            Phrase(
                N_("topk: {k} ranks need {k} rank acceptances, rank_acceptance has {ranks}"), k=k, ranks=ranks
            )
        )
    candidates = k + (s - 1) * k * k
    n = _whole(num_draft_tokens, "num_draft_tokens", 1, min(candidates, MAX_TREE_NODES) + 1)
    return SglangSettings(s, k, n)


def _candidates(settings: SglangSettings, a: tuple[float, ...]) -> list[tuple[float, tuple[int, ...]]]:
    """Every candidate SGLang drafts, best first: ``(score, path)`` (ties: earlier candidate)."""
    k = settings.topk
    candidates: list[tuple[float, tuple[int, ...]]] = [(a[r], (r,)) for r in range(k)]
    frontier = candidates[:]
    for _step in range(1, settings.steps):
        children = [(score * a[r], (*path, r)) for score, path in frontier for r in range(k)]
        candidates.extend(children)
        order = sorted(range(len(children)), key=lambda i: (-children[i][0], i))
        frontier = [children[i] for i in order[:k]]
    order = sorted(range(len(candidates)), key=lambda i: (-candidates[i][0], i))
    return [candidates[i] for i in order]


def sglang_tree(steps: object, topk: object, num_draft_tokens: object, rank_acceptance: object) -> Tree:
    """The paths SGLang's EAGLE drafting verifies under positional acceptance.

    Raises ``ValueError`` naming ``steps``, ``topk``, ``num_draft_tokens`` or ``rank_acceptance``
    (``topk`` may not exceed the ranks given; ``num_draft_tokens − 1`` may not exceed the
    ``topk + (steps − 1)·topk²`` candidates).
    """
    a = check_rank_acceptance(rank_acceptance)
    settings = check_sglang(steps, topk, num_draft_tokens, len(a))
    chosen = _candidates(settings, a)[: settings.num_draft_tokens - 1]
    return check_paths([path for _score, path in chosen], a)


def _ranked_scores(steps: int, topk: int, a: tuple[float, ...]) -> list[list[float]]:
    """For each ``steps`` from 1 up: the scores of every candidate SGLang drafts with ``topk``,
    best first.  Scores alone (no paths): their order does not depend on how ties are broken, and
    each frontier's scores are the ``topk`` best children's whichever ties are kept, so one pass
    per ``topk`` gives every ``steps``.  The products are :func:`_candidates`' own, factor by factor.
    """
    scores = [a[r] for r in range(topk)]
    frontier = scores[:]
    ranked = [sorted(scores, reverse=True)]
    for _step in range(1, steps):
        children = [score * a[r] for score in frontier for r in range(topk)]
        scores.extend(children)
        frontier = sorted(children, reverse=True)[:topk]
        ranked.append(sorted(scores, reverse=True))
    return ranked


def best_sglang_settings(
    rank_acceptance: Sequence[float],
    budget: int,
    c: float = 0.0,
    verify: Callable[[int], float] | None = None,
) -> tuple[SglangSettings, Tree, float]:
    """SGLang's settings with the highest speedup among trees of at most ``budget`` nodes:
    ``(settings, tree, expected tokens)``.

    The cost of a cycle is ``steps · c + verify(nodes)`` (``verify`` defaults to 1: the plain
    model's verify pass, asked once per number of nodes).  Searches ``steps`` up to
    ``min(budget, 16)``, ``topk`` up to the ranks given (at most 8) and every
    ``num_draft_tokens`` up to ``budget + 1``; a later setting wins only by more than a part in
    10¹².  SGLang cannot draft every tree, so this may fall short of the best tree.
    """
    a = check_rank_acceptance(rank_acceptance)
    if budget < 1:
        raise ValueError(f"budget must be 1 or more for SGLang's settings, got {budget}")
    price = verify or (lambda _nodes: 1.0)
    prices = [price(nodes) for nodes in range(1, budget + 1)]
    most_steps = min(budget, 16)
    ranked = {topk: _ranked_scores(most_steps, topk, a) for topk in range(1, min(len(a), 8) + 1)}
    best_value, best_settings = -math.inf, None
    for steps in range(1, most_steps + 1):
        draft = steps * c
        for topk, by_steps in ranked.items():
            tokens = 1.0
            for nodes, score in enumerate(by_steps[steps - 1][:budget], start=1):
                tokens += score
                value = tokens / (draft + prices[nodes - 1])
                if best_settings is None or value > best_value * (1 + 1e-12):
                    best_value = value
                    best_settings = (steps, topk, nodes + 1)
    assert best_settings is not None
    settings = SglangSettings(*best_settings)
    tree = sglang_tree(settings.steps, settings.topk, settings.num_draft_tokens, a)
    return settings, tree, 1.0 + math.fsum(node_values(tree, a))


def sglang_flags(settings: SglangSettings) -> str:
    """The settings as SGLang's command line takes them."""
    return (
        f"--speculative-num-steps {settings.steps} --speculative-eagle-topk {settings.topk} "
        f"--speculative-num-draft-tokens {settings.num_draft_tokens}"
    )


def vllm_flags(paths: Tree) -> str:
    """The tree as vLLM's speculative config takes it (``num_speculative_tokens`` = its nodes)."""
    return (
        f'"num_speculative_tokens": {len(paths)}, "speculative_token_tree": "{format_paths(paths)}"'
        if paths
        else '"num_speculative_tokens": 0'
    )
