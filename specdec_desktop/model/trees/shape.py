"""The draft shape as one value: a chain, the best tree for a budget, or an engine's tree.

:class:`DraftShape` is what the window, the files and the command line hold;
:func:`~.figures.resolve_shape` turns it, with the point ``(k, p, c)`` and the assumptions, into
the tree that is drafted (a :class:`ResolvedShape`) and how it is priced.

* ``chain``: ``k`` guesses in a row (every chain figure of the app, unchanged);
* ``best``: the tree of at most ``budget`` nodes and ``max_depth`` levels with the highest
  speedup (figures.py; by tokens alone, value.py's ``best_tree``, it would often be a deep
  chain whose draft passes cost more than its tokens bring);
* ``sglang``: SGLang's EAGLE tree for ``(steps, topk, num_draft_tokens)`` (engines.py), drafting
  ``steps`` levels;
* ``paths``: a path list as vLLM's ``speculative_token_tree`` takes it;
* ``medusa``: Medusa's product of each head's top guesses, drafted by one parallel pass.

The rank vector is ``(p, a_2, a_3, …)``: rank 1 is the chain's acceptance ``p`` (a chain's
measured rates give only that one), ``more_ranks`` the others, set by the user or a preset.  When
``p`` moves so that the sum would pass 1, the later ranks are cut down (in order) to what is left:
the vector used is always a valid one, and :meth:`rank_acceptance` says what it is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from specdec_desktop.text import N_, Phrase

from .engines import check_sglang
from .paths import (
    MAX_RANKS,
    Tree,
    check_paths,
    check_rank_acceptance,
    format_paths,
    medusa_paths,
    parse_paths,
    tree_depth,
)
from .value import _check_depth, check_budget

__all__ = ["DEFAULT_SHAPE", "SHAPE_FIELDS", "SHAPE_KINDS", "SHAPE_LABELS", "DraftShape", "ResolvedShape"]

#: The shapes, in the order the control lists them.
SHAPE_KINDS: tuple[str, ...] = ("chain", "best", "sglang", "paths", "medusa")


@dataclass(frozen=True)
class ResolvedShape:
    """A shape made concrete: the tree, the vector it is valued with, and how it is drafted."""

    paths: Tree
    rank_acceptance: tuple[float, ...]
    draft_levels: int
    parallel: bool

    @property
    def nodes(self) -> int:
        return len(self.paths)

    @property
    def depth(self) -> int:
        return tree_depth(self.paths)


@dataclass(frozen=True)
class DraftShape:
    """One validated draft shape (see the module's note).  The default is the chain."""

    kind: str = "chain"
    budget: int = 8
    max_depth: int | None = None
    sglang: tuple[int, int, int] = (5, 4, 8)
    paths: Tree = ((0,), (1,), (0, 0))
    heads: tuple[int, ...] = (3, 2)
    more_ranks: tuple[float, ...] = (0.15, 0.05, 0.02)

    def __post_init__(self) -> None:
        if self.kind not in SHAPE_KINDS:
            raise ValueError(
                Phrase(
                    N_("shape must be one of {kinds}, got {kind}"),
                    kinds=", ".join(SHAPE_KINDS),
                    kind=repr(self.kind),
                )
            )
        object.__setattr__(self, "budget", check_budget(self.budget))
        object.__setattr__(self, "max_depth", _check_depth(self.max_depth))
        paths = parse_paths(self.paths) if isinstance(self.paths, str) else check_paths(self.paths)
        object.__setattr__(self, "paths", paths)
        heads = tuple(self.heads)
        medusa_paths(heads)  # checks the head sizes and the tree's size
        object.__setattr__(self, "heads", heads)
        ranks = tuple(self.more_ranks)
        if len(ranks) + 1 > MAX_RANKS:
            raise ValueError(Phrase(N_("more_ranks may have at most {most} values"), most=MAX_RANKS - 1))
        if ranks:
            check_rank_acceptance(ranks, "more_ranks")
        object.__setattr__(self, "more_ranks", tuple(float(v) for v in ranks))
        sglang = tuple(self.sglang)
        if len(sglang) != 3:
            raise ValueError(
                Phrase(
                    N_("sglang must be (steps, topk, num_draft_tokens), got {value}"), value=repr(self.sglang)
                )
            )
        check_sglang(*sglang, ranks=MAX_RANKS)
        object.__setattr__(self, "sglang", sglang)
        self._check_ranks(len(ranks) + 1)

    def _check_ranks(self, count: int) -> None:
        """The active shape uses no rank beyond the ``count`` the vector has (``ValueError``)."""
        if self.kind == "sglang":
            check_sglang(*self.sglang, ranks=count)
        elif self.kind == "paths":
            check_paths(self.paths, (0.0,) * count)
        elif self.kind == "medusa" and max(self.heads) > count:
            raise ValueError(
                Phrase(
                    N_("heads: a head of {size} guesses needs {size} ranks, {count} given"),
                    size=max(self.heads),
                    count=count,
                )
            )

    def rank_acceptance(self, p: float) -> tuple[float, ...]:
        """``(p, a_2, …)``, the later ranks cut down so the sum stays at most 1."""
        left = 1.0 - p
        vector = [p]
        for value in self.more_ranks:
            kept = min(value, max(0.0, left))
            vector.append(kept)
            left -= kept
        return tuple(vector)

    def clipped(self, p: float) -> bool:
        """Whether ``p`` forces the later ranks below the values set."""
        return math.fsum(self.more_ranks) > 1.0 - p + 1e-12

    def with_values(self, **changes: Any) -> DraftShape:
        """A copy with some fields replaced (and validated)."""
        return replace(self, **changes)

    def describe(self) -> Phrase:
        """The shape in a few words (the command line's summary): a phrase, English as a ``str``."""
        if self.kind == "chain":
            return Phrase(N_("chain"))
        if self.kind == "best":
            depth = (
                "" if self.max_depth is None else Phrase(N_(", depth ≤ {depth}"), depth=str(self.max_depth))
            )
            return Phrase(N_("best tree of {budget} nodes{depth}"), budget=str(self.budget), depth=depth)
        if self.kind == "sglang":
            steps, topk, tokens = (str(n) for n in self.sglang)
            return Phrase(
                N_("SGLang steps {steps}, topk {topk}, draft tokens {tokens}"),
                steps=steps,
                topk=topk,
                tokens=tokens,
            )
        if self.kind == "paths":
            return Phrase(N_("path list {paths}"), paths=format_paths(self.paths))
        return Phrase(N_("Medusa heads {heads}"), heads="×".join(map(str, self.heads)))

    def as_dict(self) -> dict[str, Any]:
        """The shape as a file stores it (plain JSON values)."""
        return {
            "kind": self.kind,
            "budget": self.budget,
            "max_depth": self.max_depth,
            "sglang": list(self.sglang),
            "paths": [list(p) for p in self.paths],
            "heads": list(self.heads),
            "more_ranks": list(self.more_ranks),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DraftShape:
        """The shape a file stored; ``ValueError`` naming the field at fault."""
        if not isinstance(data, dict):
            raise ValueError("shape must be an object")
        unknown = set(data) - set(cls().as_dict())
        if unknown:
            raise ValueError(f"shape: unknown field {sorted(unknown)[0]!r}")
        return cls(**data)


#: The chain: every figure of the original explainer.
DEFAULT_SHAPE = DraftShape()
#: The shape's field names, in declaration order (a configuration sets them by these names).
SHAPE_FIELDS: tuple[str, ...] = tuple(DEFAULT_SHAPE.as_dict())
#: How an undo step names a change of each field.
SHAPE_LABELS: dict[str, str] = {
    "kind": "draft shape",
    "budget": "tree budget",
    "max_depth": "tree depth",
    "sglang": "SGLang settings",
    "paths": "path list",
    "heads": "Medusa heads",
    "more_ranks": "later ranks",
}
