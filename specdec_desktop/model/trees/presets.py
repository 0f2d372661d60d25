"""Draft-tree presets from engines' documentation and papers, each with its citation.

Plain data.  A preset is a draft shape, the acceptance ``p`` (rank 1), the later ranks and the
draft cost ``c``, with the source of what is published and a sentence saying what is not: no
source below prints a rank-acceptance vector or a draft cost, so those are illustrative values
chosen to sit near the published tokens per step, and the app says so beside each preset.

* SGLang's EAGLE defaults: SGLang documentation, "Speculative Decoding" (``speculative_num_steps``
  default 5, ``speculative_eagle_topk`` default 4, ``speculative_num_draft_tokens`` default 8);
  its table: LLaMA-3.1-8B-Instruct on MT-Bench, one H100, 158.34 tokens/s plain, 244.10 with
  EAGLE-2 (1.54×), 373.25 with EAGLE-3 (2.36×).
* Sequoia: Chen et al. 2024, "Sequoia: Scalable, Robust, and Hardware-aware Speculative
  Decoding", arXiv 2402.12374 (NeurIPS 2024), abstract: up to 4.04× for Llama2-7B on an A100
  (3.73× Llama2-13B, 2.27× Vicuna-33B), with trees from its dynamic programme.
* Medusa-2: Cai et al. 2024, "Medusa", arXiv 2401.10774, abstract: Medusa-2 speeds generation up
  2.3–3.6×; section 2.1.2 illustrates tree attention with the top 2 guesses of the first head and
  the top 3 of the second (6 candidates; the released trees are larger and sparse).
"""

from __future__ import annotations

from dataclasses import dataclass

from specdec_desktop.text import N_

from .shape import DraftShape

__all__ = ["TREE_PRESETS", "TreePreset"]


@dataclass(frozen=True)
class TreePreset:
    """One cited draft-tree configuration.

    Its words are English, marked for the catalogue (``N_``); the Draft trees tab shows them
    with ``_()`` in the window's language (the papers' and engines' names stay as they are).
    """

    name: str
    shape: DraftShape
    p: float
    c: float
    source: str
    published: str
    illustrative: str


TREE_PRESETS: tuple[TreePreset, ...] = (
    TreePreset(
        name=N_("SGLang EAGLE defaults (5, 4, 8)"),
        shape=DraftShape(kind="sglang", sglang=(5, 4, 8), more_ranks=(0.12, 0.05, 0.03)),
        p=0.7,
        c=0.05,
        source=N_(
            "SGLang documentation, Speculative Decoding: steps 5, eagle-topk 4, num-draft-tokens 8 "
            "are the defaults"
        ),
        published=N_(
            "EAGLE-2 1.54×, EAGLE-3 2.36× on LLaMA-3.1-8B-Instruct, MT-Bench, one H100 "
            "(the table does not say which settings it used)"
        ),
        illustrative=N_("p, the later ranks and c are illustrative, not from the source"),
    ),
    TreePreset(
        name=N_("Sequoia, best tree of 64"),
        shape=DraftShape(kind="best", budget=64, max_depth=12, more_ranks=(0.1, 0.05, 0.03, 0.02)),
        p=0.72,
        c=0.02,
        source=N_("Chen et al. 2024, Sequoia, arXiv 2402.12374, abstract"),
        published=N_("up to 4.04× for Llama2-7B on an A100 (3.73× Llama2-13B, 2.27× Vicuna-33B)"),
        illustrative=N_(
            "the budget, depth, ranks and c are illustrative; Sequoia chooses them per model and hardware"
        ),
    ),
    TreePreset(
        name=N_("Medusa-2, heads 2×3"),
        shape=DraftShape(kind="medusa", heads=(2, 3), more_ranks=(0.15, 0.05)),
        p=0.65,
        c=0.05,
        source=N_("Cai et al. 2024, Medusa, arXiv 2401.10774, abstract and section 2.1.2"),
        published=N_("Medusa-2: 2.3–3.6× (Medusa-1: over 2.2×)"),
        illustrative=N_("the 2×3 tree is the paper's illustration; p, ranks and c are illustrative"),
    ),
)
