"""Draft trees as path lists: their checks, their canonical order, and the common shapes.

A token tree has a root (the last accepted token, implied) and drafted nodes.  A drafted node is
named by its path of 0-based child ranks from the root: ``(0,)`` is the root's most likely child,
``(1, 0)`` the most likely child of its second most likely one.  A tree is the tuple of its
nodes' paths; it must be prefix-closed (every node's parent is in it).  This is the format of
vLLM's ``speculative_token_tree`` and of Medusa's candidate choices.

The canonical order is by depth, then by path (vLLM's order): ``[(0,), (1,), (0, 0)]``.

The shapes built here need no acceptance vector: the chain of ``k`` guesses ``(0,), (0, 0), …``
and Medusa's candidate tree, the Cartesian product of the top-``s_i`` guesses of head ``i``
(Cai et al. 2024, "Medusa", arXiv 2401.10774, section 2.1.2).  A path list typed by a person is
read by :func:`parse_paths` as data (brackets, parentheses, commas and whole numbers; nothing is
evaluated).

The refusals are phrases (:class:`~specdec_desktop.text.Phrase`): their English is the
``ValueError``'s text, and a window says them in its language with ``_(error.args[0])``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence

from specdec_desktop.text import N_, Phrase

__all__ = [
    "MAX_RANKS",
    "MAX_TREE_DEPTH",
    "MAX_TREE_NODES",
    "Tree",
    "chain_paths",
    "check_paths",
    "check_rank_acceptance",
    "format_paths",
    "medusa_paths",
    "parse_paths",
    "tree_depth",
]

#: A tree as the tuple of its drafted nodes' paths, in canonical order.
Tree = tuple[tuple[int, ...], ...]

#: Most drafted nodes a tree may have (a verify pass over more is not a serving setting).
MAX_TREE_NODES = 1024
#: Most levels a tree may have.
MAX_TREE_DEPTH = 128
#: Most ranks a rank-acceptance vector may have.
MAX_RANKS = 64
#: Longest path-list text read (characters).
_MAX_TEXT = 40_000
_ALLOWED = re.compile(r"[\s\[\]\(\),0-9]*")
_SUM_SLACK = 1e-9


def _shown(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_rank_acceptance(rank_acceptance: object, name: str = "rank_acceptance") -> tuple[float, ...]:
    """``rank_acceptance`` as a tuple of floats, each in [0, 1], summing to at most 1.

    ``a_r`` is the chance that the ``r``-th ranked child of an accepted node is the one the target
    accepts (Sequoia's positional acceptance, arXiv 2402.12374); the events exclude one another,
    hence the sum.  Raises ``ValueError`` naming ``name``.
    """
    if isinstance(rank_acceptance, (str, bytes)) or not isinstance(rank_acceptance, Iterable):
        raise ValueError(
            Phrase(
                N_("{name} must be a list of numbers, got {value}"), name=name, value=_shown(rank_acceptance)
            )
        )
    values = []
    for value in rank_acceptance:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            try:
                value = float(value)  # numpy scalars
            except (TypeError, ValueError):
                raise ValueError(
                    Phrase(N_("{name} must hold numbers, got {value}"), name=name, value=_shown(value))
                ) from None
        value = float(value)
        if not math.isfinite(value) or not 0.0 <= value <= 1.0:
            raise ValueError(
                Phrase(N_("{name} values must lie between 0 and 1, got {value}"), name=name, value=value)
            )
        values.append(value + 0.0)
        if len(values) > MAX_RANKS:
            raise ValueError(Phrase(N_("{name} may have at most {most} ranks"), name=name, most=MAX_RANKS))
    if not values:
        raise ValueError(Phrase(N_("{name} must have at least one rank"), name=name))
    total = math.fsum(values)
    if total > 1.0 + _SUM_SLACK:
        raise ValueError(Phrase(N_("{name} must sum to at most 1, got {total:.6g}"), name=name, total=total))
    return tuple(values)


def _not_whole(name: str, rank: object) -> Phrase:
    return Phrase(N_("{name}: ranks must be whole numbers, got {value}"), name=name, value=_shown(rank))


def _as_path(path: object, name: str) -> tuple[int, ...]:
    if isinstance(path, (str, bytes)) or not isinstance(path, Iterable):
        raise ValueError(
            Phrase(
                N_("{name}: each node must be a path of ranks, got {value}"), name=name, value=_shown(path)
            )
        )
    ranks = []
    for rank in path:
        if isinstance(rank, bool) or not isinstance(rank, int):
            try:
                as_int = int(rank)  # numpy integers
            except (TypeError, ValueError):
                raise ValueError(_not_whole(name, rank)) from None
            if as_int != rank or isinstance(rank, (bool, float)):
                raise ValueError(_not_whole(name, rank))
            rank = as_int
        if rank < 0:
            raise ValueError(Phrase(N_("{name}: ranks count from 0, got {rank}"), name=name, rank=rank))
        ranks.append(int(rank))
        if len(ranks) > MAX_TREE_DEPTH:
            raise ValueError(
                Phrase(N_("{name}: a path may be at most {most} deep"), name=name, most=MAX_TREE_DEPTH)
            )
    if not ranks:
        raise ValueError(
            Phrase(N_("{name}: the root is implied; an empty path is not a drafted node"), name=name)
        )
    return tuple(ranks)


def check_paths(paths: object, rank_acceptance: Sequence[float] | None = None, name: str = "paths") -> Tree:
    """``paths`` checked and in canonical order (by depth, then by path).

    Raises ``ValueError`` naming ``name`` when a node is not a path of whole ranks >= 0, appears
    twice, lacks its parent, or (given ``rank_acceptance``) uses a rank the vector does not have.
    """
    if isinstance(paths, (str, bytes)) or not isinstance(paths, Iterable):
        raise ValueError(
            Phrase(N_("{name} must be a list of paths, got {value}"), name=name, value=_shown(paths))
        )
    tree: list[tuple[int, ...]] = []
    for path in paths:
        tree.append(_as_path(path, name))
        if len(tree) > MAX_TREE_NODES:
            raise ValueError(
                Phrase(
                    N_("{name}: a tree may have at most {most} drafted nodes"), name=name, most=MAX_TREE_NODES
                )
            )
    seen = set(tree)
    if len(seen) != len(tree):
        twice = next(p for p in tree if tree.count(p) > 1)
        raise ValueError(Phrase(N_("{name}: node {node} appears twice"), name=name, node=str(twice)))
    for path in tree:
        if len(path) > 1 and path[:-1] not in seen:
            raise ValueError(
                Phrase(
                    N_("{name} must be prefix-closed: {node} has no parent {parent}"),
                    name=name,
                    node=str(path),
                    parent=str(path[:-1]),
                )
            )
    if rank_acceptance is not None:
        ranks = len(rank_acceptance)
        for path in tree:
            if max(path) >= ranks:
                message = (
                    N_(
                        "{name}: node {node} uses rank {rank} but rank_acceptance has {ranks} rank "
                        "(0..{last})"
                    )
                    if ranks == 1
                    else N_(
                        "{name}: node {node} uses rank {rank} but rank_acceptance has {ranks} ranks "
                        "(0..{last})"
                    )
                )
                raise ValueError(
                    Phrase(message, name=name, node=str(path), rank=max(path), ranks=ranks, last=ranks - 1)
                )
    return tuple(sorted(tree, key=lambda p: (len(p), p)))


def tree_depth(paths: Tree) -> int:
    """Levels drafted: the longest path (0 for the empty tree)."""
    return max((len(p) for p in paths), default=0)


def chain_paths(k: int) -> Tree:
    """The chain of ``k`` guesses: ``(0,), (0, 0), …``."""
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= MAX_TREE_DEPTH:
        raise ValueError(
            Phrase(
                N_("k must be a whole number between 0 and {most}, got {value}"),
                most=MAX_TREE_DEPTH,
                value=_shown(k),
            )
        )
    return tuple((0,) * depth for depth in range(1, k + 1))


def medusa_paths(heads: Sequence[int]) -> Tree:
    """Medusa's candidate tree: every path ``(r_1, …, r_j)`` with ``r_i < s_i``, ``j`` = 1..heads.

    ``heads`` is ``(s_1, s_2, …)``: how many of its top guesses head ``i`` contributes.
    """
    sizes = list(heads) if not isinstance(heads, (str, bytes)) else []
    if not sizes or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in sizes):
        raise ValueError(
            Phrase(N_("heads must be whole numbers of 1 or more, got {value}"), value=_shown(heads))
        )
    count, level = 0, 1
    for size in sizes:
        level *= size
        count += level
        if count > MAX_TREE_NODES:
            raise ValueError(
                Phrase(N_("heads: the tree would have more than {most} nodes"), most=MAX_TREE_NODES)
            )
    tree: list[tuple[int, ...]] = []
    frontier: list[tuple[int, ...]] = [()]
    for size in sizes:
        frontier = [(*path, rank) for path in frontier for rank in range(size)]
        tree.extend(frontier)
    return tuple(sorted(tree, key=lambda p: (len(p), p)))


def _not_a_list(name: str) -> Phrase:
    return Phrase(N_("{name} must be a list of paths like [(0,), (1,), (0, 0)]"), name=name)


def parse_paths(text: str, name: str = "tree") -> Tree:
    """A path list written as text (``"[(0,), (1,), (0, 0)]"``), read as data and checked.

    Brackets or parentheses, commas (a trailing one allowed) and whole numbers only.  Raises
    ``ValueError`` naming ``name``.
    """
    if not isinstance(text, str):
        raise ValueError(Phrase(N_("{name} must be text, got {value}"), name=name, value=_shown(text)))
    if len(text) > _MAX_TEXT:
        raise ValueError(
            Phrase(
                N_("{name} is too long ({length} characters; at most {most})"),
                name=name,
                length=len(text),
                most=_MAX_TEXT,
            )
        )
    if not _ALLOWED.fullmatch(text):
        bad = next(ch for ch in text if not _ALLOWED.fullmatch(ch))
        raise ValueError(
            Phrase(
                N_("{name} must be a list of paths like [(0,), (1,), (0, 0)], found {bad}"),
                name=name,
                bad=repr(bad),
            )
        )
    as_json = re.sub(r",\s*\]", "]", text.replace("(", "[").replace(")", "]"))
    try:
        value = json.loads(as_json)
    except (ValueError, RecursionError):
        raise ValueError(_not_a_list(name)) from None
    if not isinstance(value, list):
        raise ValueError(_not_a_list(name))
    return check_paths(value, name=name)


def format_paths(paths: Tree) -> str:
    """``paths`` written as vLLM's ``speculative_token_tree`` reads it: ``[(0,), (1,), (0, 0)]``."""
    return (
        "["
        + ", ".join("(" + ", ".join(map(str, p)) + ("," if len(p) == 1 else "") + ")" for p in paths)
        + "]"
    )
