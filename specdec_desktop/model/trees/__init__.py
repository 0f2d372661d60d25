"""Draft trees: shapes, their worth under positional acceptance, their cost, and the engines' trees.

``paths`` (the format and the shapes), ``value`` (expected tokens and the best tree), ``engines``
(SGLang's and vLLM's settings), ``cost`` (cost and speedup), ``simulate`` (Monte Carlo of a check),
``run`` (the cycles the token-by-token run replays).
docs/model.md, "Draft trees", derives it.
"""

from .cost import tree_cost, tree_speedup, verify_cost
from .engines import (
    SGLANG_DEFAULTS,
    SglangSettings,
    best_sglang_settings,
    sglang_flags,
    sglang_tree,
    vllm_flags,
)
from .figures import (
    ShapeFigures,
    best_speedup_tree,
    best_tree_curve,
    resolve_shape,
    sglang_settings_for,
    shape_figures,
)
from .paths import (
    MAX_RANKS,
    MAX_TREE_DEPTH,
    MAX_TREE_NODES,
    Tree,
    chain_paths,
    check_paths,
    check_rank_acceptance,
    format_paths,
    medusa_paths,
    parse_paths,
    tree_depth,
)
from .presets import TREE_PRESETS, TreePreset
from .run import TreeRun, draw_walks, simulate_tree_cycles, simulated_tree_speedup
from .shape import SHAPE_KINDS, DraftShape, ResolvedShape
from .simulate import child_table, simulate_tree, walk_tree
from .value import best_tree, best_tree_dp, check_budget, node_values, tree_expected_tokens

__all__ = [
    "MAX_RANKS",
    "MAX_TREE_DEPTH",
    "MAX_TREE_NODES",
    "SGLANG_DEFAULTS",
    "SHAPE_KINDS",
    "TREE_PRESETS",
    "DraftShape",
    "ResolvedShape",
    "SglangSettings",
    "ShapeFigures",
    "Tree",
    "TreePreset",
    "TreeRun",
    "best_sglang_settings",
    "best_speedup_tree",
    "best_tree",
    "best_tree_curve",
    "best_tree_dp",
    "chain_paths",
    "check_budget",
    "check_paths",
    "check_rank_acceptance",
    "child_table",
    "draw_walks",
    "format_paths",
    "medusa_paths",
    "node_values",
    "parse_paths",
    "resolve_shape",
    "sglang_flags",
    "sglang_settings_for",
    "sglang_tree",
    "shape_figures",
    "simulate_tree",
    "simulate_tree_cycles",
    "simulated_tree_speedup",
    "tree_cost",
    "tree_depth",
    "tree_expected_tokens",
    "tree_speedup",
    "verify_cost",
    "vllm_flags",
    "walk_tree",
]
