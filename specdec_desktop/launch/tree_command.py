"""``calc --tree PATHS | --tree-budget N [--tree-depth D] | --sglang S,K,N | --medusa-heads H,…``
with ``--rank-acceptance a1,a2,…``: a draft tree's readouts, and the engine flags of the best tree.

The parser half (:func:`add_tree_flags`, :func:`tree_shape`) reads the flags into a
:class:`~specdec_desktop.model.trees.DraftShape` and the rank vector, naming the flag at fault in a
:class:`~.options.UsageError`; :func:`run_tree_calc` prints the figures (text or ``--json``).
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from ..text import N_, Figures, _, error_text, localize, said
from ..text.columns import padded, widest
from .options import EXIT_OK, UsageError

#: The row heads of ``calc``'s printed tree figures (its ``--json`` keys stay English).
_TREE_HEADS = (
    N_("draft shape"),
    N_("tree"),
    N_("assumptions"),
    N_("tokens per cycle"),
    N_("cost per cycle"),
    N_("speedup"),
    N_("simulated"),
    N_("best tree"),
)

__all__ = ["TREE_FLAGS", "add_tree_flags", "run_tree_calc", "tree_shape"]

#: The flags that choose a tree (at most one of them).
TREE_FLAGS = ("tree", "tree_budget", "sglang", "medusa_heads")
_WHOLE = re.compile(r"[0-9]{1,7}")
_NUMBER = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _typed(name: str, parse):
    def checked(text: str):
        try:
            return parse(text)
        except ValueError as error:
            message = error_text(error)
            raise argparse.ArgumentTypeError(
                message if message.startswith(name) else f"{name}: {message}"
            ) from None

    checked.__name__ = name
    return checked


def _paths(text: str):
    from ..model.trees import parse_paths

    return parse_paths(text, name="tree")


def _whole_list(text: str, name: str, count: int | None = None) -> tuple[int, ...]:
    parts = [part.strip() for part in text.split(",")]
    if not all(_WHOLE.fullmatch(part) for part in parts) or (count is not None and len(parts) != count):
        shape = ",".join(("N",) * count) if count else "N,N,..."
        raise ValueError(
            _("{name} must be whole numbers written {shape}, got {text!r}").format(
                name=name, shape=shape, text=text[:40]
            )
        )
    return tuple(int(part) for part in parts)


def _budget(text: str) -> int:
    from ..model.trees import check_budget

    if not _WHOLE.fullmatch(text.strip()):
        raise ValueError(_("tree-budget must be a whole number, got {text!r}").format(text=text[:40]))
    return check_budget(int(text), "tree-budget")


def _depth(text: str) -> int:
    from ..model.trees import MAX_TREE_DEPTH

    if not _WHOLE.fullmatch(text.strip()) or not 1 <= int(text) <= MAX_TREE_DEPTH:
        raise ValueError(
            _("tree-depth must be a whole number from 1 to {most}, got {text!r}").format(
                most=str(MAX_TREE_DEPTH), text=text[:40]
            )
        )
    return int(text)


def _ranks(text: str) -> tuple[float, ...]:
    from ..model.trees import check_rank_acceptance

    parts = [part.strip() for part in text.split(",")]
    if not all(_NUMBER.fullmatch(part) for part in parts):
        raise ValueError(
            _("rank-acceptance must be numbers written a1,a2,..., got {text!r}").format(text=text[:40])
        )
    return check_rank_acceptance([float(part) for part in parts], "rank-acceptance")


def add_tree_flags(calc: argparse.ArgumentParser) -> None:
    """The draft-tree flags (one shape at most, and its rank vector) of ``calc`` and the window.

    They default to ``SUPPRESS``: a flag given before ``calc`` is kept, not overwritten.
    """
    shapes = calc.add_mutually_exclusive_group()
    shapes.add_argument(
        "--tree",
        type=_typed("tree", _paths),
        metavar="PATHS",
        default=argparse.SUPPRESS,
        help=_('a path list, e.g. "[(0,),(1,),(0,0)]"'),
    )
    shapes.add_argument(
        "--tree-budget",
        default=argparse.SUPPRESS,
        type=_typed("tree-budget", _budget),
        metavar="N",
        help=_("the tree of at most N drafted nodes with the highest speedup"),
    )
    shapes.add_argument(
        "--sglang",
        default=argparse.SUPPRESS,
        type=_typed("sglang", lambda t: _whole_list(t, "sglang", 3)),
        metavar="STEPS,TOPK,NDT",
        help=_("SGLang's EAGLE tree (--speculative-num-steps, -eagle-topk, -num-draft-tokens)"),
    )
    shapes.add_argument(
        "--medusa-heads",
        default=argparse.SUPPRESS,
        type=_typed("medusa-heads", lambda t: _whole_list(t, "medusa-heads")),
        metavar="S1,S2,...",
        help=_("Medusa's tree: the top S_i guesses of head i, every combination"),
    )
    calc.add_argument(
        "--tree-depth",
        default=argparse.SUPPRESS,
        type=_typed("tree-depth", _depth),
        metavar="D",
        help=_("with --tree-budget: at most D levels"),
    )
    calc.add_argument(
        "--rank-acceptance",
        default=argparse.SUPPRESS,
        type=_typed("rank-acceptance", _ranks),
        metavar="A1,A2,...",
        help=_("chance the r-th ranked child of an accepted node is accepted (sum at most 1); a1 is p"),
    )


def tree_shape(args: argparse.Namespace, p_given: float | None) -> tuple[Any, float] | None:
    """``(DraftShape, p)`` for the tree flags given, or ``None`` for the chain."""
    chosen = [name for name in TREE_FLAGS if getattr(args, name, None) is not None]
    ranks = getattr(args, "rank_acceptance", None)
    if getattr(args, "tree_depth", None) is not None and getattr(args, "tree_budget", None) is None:
        raise UsageError(_("argument --tree-depth: goes with --tree-budget"))
    if not chosen:
        if ranks is not None:
            raise UsageError(
                _("argument --rank-acceptance: goes with --tree, --tree-budget, --sglang or --medusa-heads")
            )
        return None
    from ..model.trees import DraftShape

    if ranks is None:
        if p_given is None:
            raise UsageError(_("argument --rank-acceptance: a tree needs it (a1,a2,...; a1 plays p)"))
        ranks = (p_given,)
    elif p_given is not None and p_given != ranks[0]:
        raise UsageError(
            _("argument --p: a tree takes p from --rank-acceptance's a1 ({a1}), got {p}").format(
                a1=f"{ranks[0]:g}", p=f"{p_given:g}"
            )
        )
    flag = chosen[0]
    fields: dict[str, Any] = {"more_ranks": ranks[1:]}
    if flag == "tree":
        fields |= {"kind": "paths", "paths": getattr(args, flag)}
    elif flag == "tree_budget":
        fields |= {"kind": "best", "budget": args.tree_budget, "max_depth": getattr(args, "tree_depth", None)}
    elif flag == "sglang":
        fields |= {"kind": "sglang", "sglang": args.sglang}
    else:
        fields |= {"kind": "medusa", "heads": args.medusa_heads}
    try:
        return DraftShape(**fields), ranks[0]
    except ValueError as error:
        shown = flag.replace("_", "-")
        raise UsageError(f"argument --{shown}: {error_text(error)}") from None


def _simulated(figures, n_cycles: int, seed: int | None) -> tuple[float, float]:
    import numpy as np

    from ..model.trees import simulate_tree

    resolved = figures.resolved
    accepted = simulate_tree(resolved.paths, resolved.rank_acceptance, n_cycles, seed)
    depth = np.array([0, *(len(p) for p in resolved.paths)])
    gained = depth[accepted + 1] + 1.0
    return float(gained.mean() / figures.cost), float(gained.std(ddof=1) / math.sqrt(n_cycles) / figures.cost)


def run_tree_calc(
    shape, parameters: Mapping[str, float | int], assumptions: Mapping[str, Any], request
) -> int:
    """Print a tree's readouts (``request`` is the :class:`~.options.CalcRequest`)."""
    from ..model import Assumptions, Parameters, readouts
    from ..model.trees import format_paths, sglang_flags, sglang_settings_for, shape_figures, vllm_flags

    try:
        assumption_values = Assumptions(**assumptions)
    except ValueError as error:
        raise UsageError(error_text(error)) from None
    params = Parameters(**parameters)
    figures = shape_figures(shape, params, assumption_values)
    chain = readouts(params, assumption_values)
    best = figures.best_paths
    flags = {"vllm": vllm_flags(best)}
    engine = sglang_settings_for(figures, params, assumption_values)
    if engine is not None:
        flags["sglang"] = sglang_flags(engine[0])
    resolved = figures.resolved
    payload: dict[str, Any] = {
        "tokens_per_cycle": figures.tokens,
        "cost_per_cycle": figures.cost,
        "speedup": figures.speedup,
        "best_k": chain.best_k,
        "best_speedup": chain.best_speedup,
        "tree": [list(p) for p in resolved.paths],
        "tree_nodes": resolved.nodes,
        "tree_depth": resolved.depth,
        "draft_passes": 1 if resolved.parallel else resolved.draft_levels,
        "rank_acceptance": list(resolved.rank_acceptance),
        "best_tree": [list(p) for p in best],
        "best_tree_tokens": figures.best_tokens,
        "best_tree_speedup": figures.best_speedup,
        "engine_flags": flags,
    }
    if assumptions:
        payload["assumptions"] = assumption_values.as_dict()
        payload["spread_left_out"] = figures.spread_left_out
    simulated = None
    if request.simulate is not None:
        simulated = _simulated(figures, request.simulate, request.seed)
        payload |= {
            "simulated_speedup": simulated[0],
            "simulated_speedup_se": simulated[1],
            "simulated_cycles": request.simulate,
            "seed": request.seed,
        }
    if request.json:
        print(json.dumps(payload))
        return EXIT_OK
    heads = [_(head) for head in _TREE_HEADS]
    width = widest(heads, 17) + 1
    more = " " * width

    def row(head: str, value: str) -> None:
        print(f"{padded(head, width)}{value}")

    row(heads[0], f"{said(shape.describe())}, c = {localize(f'{params.c:g}')}")
    row(heads[1], format_paths(resolved.paths))
    print(
        more
        + _("{nodes} nodes, {depth} levels; rank acceptance {ranks:g}").format(
            nodes=resolved.nodes, depth=resolved.depth, ranks=Figures(resolved.rank_acceptance)
        )
    )
    if figures.spread_left_out:
        row(heads[2], _("spread is a chain's assumption: left out for a tree"))
    row(heads[3], localize(f"{figures.tokens:.6f}"))
    row(heads[4], _("{cost:.6f}  (target passes)").format(cost=figures.cost))
    row(heads[5], localize(f"{figures.speedup:.6f}×"))
    if simulated is not None:
        row(
            heads[6],
            _("{speedup:.6f}× ± {se:.6f} (standard error, {cycles} cycles)").format(
                speedup=simulated[0], se=simulated[1], cycles=request.simulate
            ),
        )
    row(heads[7], format_paths(best))
    print(
        more
        + _("{nodes} nodes, tokens {tokens:.6f}, speedup {speedup:.6f}×").format(
            nodes=len(best), tokens=figures.best_tokens, speedup=figures.best_speedup
        )
    )
    print(f"  {padded('vLLM', width - 2)}{flags['vllm']}")
    if "sglang" in flags:
        print(f"  {padded('SGLang', width - 2)}{flags['sglang']}")
        print(
            more
            + _("(SGLang's own tree: tokens {tokens:.6f}, speedup {speedup:.6f}×)").format(
                tokens=engine[2], speedup=engine[3]
            )
        )
    return EXIT_OK
