"""Presets from published results: each a (p, c, k) point with its citation and the paper's own speedup.

Plain data and arithmetic, no Qt: the presets menu, ``specdec-desktop presets [--json]`` and the
tests all read :data:`PRESETS`.  Every figure comes from a named table or section of the paper
it cites; where a paper gives no acceptance rate or no draft cost, :attr:`Preset.derivation`
says how the value here was obtained, and the app shows that sentence beside the preset.

Acceptance lengths (EAGLE's tau, Medusa's "acceleration rate": tokens per target step, the
target's own token included) become a constant ``p`` through the fit
``(1 - p^(k+1)) / (1 - p) = tau`` (the same fit ``specdec-desktop fit`` uses,
:func:`specdec_desktop.measured.fit.solve_p`).  Both methods verify a *tree* of candidates, so
that ``p`` is the acceptance of a single chain that would yield as many tokens, not a
per-token rate either paper measured.

Each preset also says, in one sentence, why the model's prediction and the published figure
differ (or why their agreement is no test).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .measured.fit import solve_p
from .model import best_draft_length, speedup
from .text import N_, Phrase

__all__ = ["PRESETS", "Preset", "preset_named"]


@dataclass(frozen=True)
class Preset:
    """One published configuration.

    Attributes
    ----------
    name : str
        Short name for menus (unique).
    p, c : float
        Acceptance rate and draft cost (relative to one target pass).
    k : int
        Draft length the paper ran (gamma, K, heads or draft depth).
    source : str
        Citation: authors, year, and the tables or sections the figures come from.
    published_speedup : float or None
        The paper's speedup at ``k`` (walltime unless :attr:`published_note` says otherwise).
    published_note : str
        What the published figure is (measured how, or computed).
    derivation : str
        How ``p`` and ``c`` were obtained when the paper does not print them directly.
    why : str
        One sentence on why the model's prediction differs from the published figure.
    """

    name: str
    p: float
    c: float
    k: int
    source: str
    published_speedup: float | None
    published_note: str
    derivation: str
    why: str

    @property
    def predicted_speedup(self) -> float:
        """The model's speedup at the preset's own ``k``."""
        return float(speedup(self.p, self.k, self.c))

    @property
    def best_k(self) -> int | None:
        """The model's best draft length at this ``p`` and ``c`` (None: no peak)."""
        return best_draft_length(self.p, self.c)

    @property
    def best_speedup(self) -> float | None:
        best = self.best_k
        return None if best is None else float(speedup(self.p, best, self.c))

    def as_dict(self) -> dict:
        """The JSON form of ``specdec-desktop presets --json`` (docs/interface.md)."""
        return {
            "name": self.name,
            "p": self.p,
            "c": self.c,
            "k": self.k,
            "source": self.source,
            "published_speedup": self.published_speedup,
            "published_note": self.published_note,
            "predicted_speedup": self.predicted_speedup,
            "best_k": self.best_k,
            "best_speedup": self.best_speedup,
            "derivation": self.derivation,
            "why": self.why,
        }


def _p_for_speedup(target: float, k: int, c: float) -> float:
    """The constant ``p`` at which the model gives ``target`` at ``k`` and ``c`` (bisection)."""
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if speedup(middle, k, c) < target:
            low = middle
        else:
            high = middle
    return round((low + high) / 2, 4)


def _tau_p(tau: float, k: int) -> float:
    return round(solve_p(tau, k), 4)


_LEVIATHAN = "Leviathan, Kalman & Matias 2023"
_LEVIATHAN_TABLES = Phrase(
    N_("Table 2 (α, γ, walltime speedup) and Table 4 in §A.3 (c, from profiler traces)")
)
_LEVIATHAN_WHY = Phrase(
    N_(
        "Leviathan et al. (§A.3) put the gaps between formula and measurement down to optimisation "
        "differences between their implementation and the T5X baseline, and to acceptance that is "
        "not independent from token to token."
    )
)
_TPU = N_("measured walltime, batch size 1, one TPU-v4")
_CHEN_C = 1.8 / 14.1
_CHEN_SOURCE = Phrase(
    N_(
        "Chen et al. 2023, Table 1 (K = 4, batch size 1) and the Results section "
        "(4B draft 1.8 ms/token against Chinchilla 70B 14.1 ms/token)"
    )
)
_CHEN_NOTE = N_("measured mean token time, batch size 1, 16 TPU v4")
_CHEN_DERIVATION = N_(
    "c = 1.8/14.1 from the two per-token times. The paper prints no acceptance rate, so p is "
    "the value at which the model gives the published speedup at K = 4."
)
_CHEN_WHY = Phrase(
    N_(
        "They agree by construction (p was solved from the speedup); read the preset for what it "
        "implies: the acceptance the simple model needs, and the best K at that acceptance."
    )
)
_MEDUSA_NOTE = N_("measured walltime against plain decoding, batch size 1")


def _leviathan(task: str) -> Phrase:
    """A source in Leviathan et al.'s Tables 2 and 4: ``task`` is the message of its row."""
    return Phrase(task, paper=_LEVIATHAN, tables=_LEVIATHAN_TABLES)


PRESETS: tuple[Preset, ...] = (
    Preset(
        name=N_("T5-XXL with T5-small draft (translation, greedy)"),
        p=0.75,
        c=0.02,
        k=7,
        source=_leviathan(N_("{paper}, {tables}: EnDe, T5-small, temp 0")),
        published_speedup=3.4,
        published_note=_TPU,
        derivation=N_("α, γ and c as printed (Table 4 expects 3.2× from the same formula)."),
        why=Phrase(N_("The measurement beats the formula here. {leviathan}"), leviathan=_LEVIATHAN_WHY),
    ),
    Preset(
        name=N_("T5-XXL with T5-base draft (translation, greedy)"),
        p=0.80,
        c=0.04,
        k=7,
        source=_leviathan(N_("{paper}, {tables}: EnDe, T5-base, temp 0")),
        published_speedup=2.8,
        published_note=_TPU,
        derivation=N_("α, γ and c as printed (Table 4 expects 3.3×)."),
        why=Phrase(
            N_("The higher acceptance of the bigger draft does not pay in practice. {leviathan}"),
            leviathan=_LEVIATHAN_WHY,
        ),
    ),
    Preset(
        name=N_("T5-XXL with T5-large draft (translation, greedy)"),
        p=0.82,
        c=0.11,
        k=7,
        source=_leviathan(N_("{paper}, {tables}: EnDe, T5-large, temp 0")),
        published_speedup=1.7,
        published_note=_TPU,
        derivation=N_("α, γ and c as printed (Table 4 expects 2.5×)."),
        why=Phrase(
            N_(
                "The best acceptance of the three drafts gives the slowest run, and the formula is "
                "more optimistic still. {leviathan}"
            ),
            leviathan=_LEVIATHAN_WHY,
        ),
    ),
    Preset(
        name=N_("T5-XXL with T5-small draft (translation, sampling)"),
        p=0.62,
        c=0.02,
        k=7,
        source=_leviathan(N_("{paper}, {tables}: EnDe, T5-small, temp 1")),
        published_speedup=2.6,
        published_note=_TPU,
        derivation=N_("α, γ and c as printed (Table 4 expects 2.3×)."),
        why=Phrase(
            N_("Sampling lowers acceptance and the speedup with it. {leviathan}"), leviathan=_LEVIATHAN_WHY
        ),
    ),
    Preset(
        name=N_("T5-XXL with T5-small draft (summarisation, greedy)"),
        p=0.65,
        c=0.02,
        k=5,
        source=_leviathan(N_("{paper}, {tables}: CNNDM, T5-small, temp 0")),
        published_speedup=3.1,
        published_note=_TPU,
        derivation=N_("α, γ and c as printed (Table 4 expects 2.4×)."),
        why=Phrase(
            N_(
                "The measurement is well above the formula; summaries copy whole spans of the "
                "article, so acceptance comes in runs rather than independently. {leviathan}"
            ),
            leviathan=_LEVIATHAN_WHY,
        ),
    ),
    Preset(
        name=N_("T5-XXL with a bigram draft (translation)"),
        p=0.20,
        c=0.0,
        k=3,
        source=Phrase(N_("{paper}, §3.6 and Table 3: EnDe, bigram, α ≈ 0.2, γ = 3, c = 0"), paper=_LEVIATHAN),
        published_speedup=1.25,
        published_note=N_("computed in the paper from the same formula, not measured"),
        derivation=N_("α and γ as printed; c = 0 because a bigram draft is a table lookup (§3.6)."),
        why=N_(
            "They agree because the published 1.25× is the formula's own value; with c = 0 the "
            "speedup has no peak, so a longer draft would always help a little, toward 1/(1 − p) = 1.25."
        ),
    ),
    Preset(
        name=N_("Chinchilla 70B with a 4B draft (XSum, nucleus)"),
        p=_p_for_speedup(1.92, 4, _CHEN_C),
        c=round(_CHEN_C, 4),
        k=4,
        source=Phrase(N_("{source}: XSum, nucleus sampling"), source=_CHEN_SOURCE),
        published_speedup=1.92,
        published_note=_CHEN_NOTE,
        derivation=_CHEN_DERIVATION,
        why=_CHEN_WHY,
    ),
    Preset(
        name=N_("Chinchilla 70B with a 4B draft (HumanEval)"),
        p=_p_for_speedup(2.46, 4, _CHEN_C),
        c=round(_CHEN_C, 4),
        k=4,
        source=Phrase(N_("{source}: HumanEval, nucleus sampling"), source=_CHEN_SOURCE),
        published_speedup=2.46,
        published_note=_CHEN_NOTE,
        derivation=_CHEN_DERIVATION,
        why=Phrase(N_("{why} The p needed on code is higher than on XSum."), why=_CHEN_WHY),
    ),
    Preset(
        name=N_("EAGLE on Vicuna 7B (MT-bench, greedy)"),
        p=_tau_p(3.94, 5),
        c=round(1 / 32, 4),
        k=5,
        source=N_(
            "Li et al. 2024 (EAGLE), Table 5 (τ = 3.94 with tree attention, MT-bench, T = 0) "
            "and Table 7 (2.90× at batch size 1)"
        ),
        published_speedup=2.90,
        published_note=N_("measured walltime, batch size 1"),
        derivation=N_(
            "p from τ = 3.94 by the fit (1 − p^(k+1))/(1 − p) = τ at k = 5, the depth of "
            "EAGLE's draft; c ≈ 1/32 is an estimate, not a measurement: one draft decoder layer "
            "against the 32 layers of a 7B LLaMA-family target (Touvron et al. 2023, Table 2)."
        ),
        why=N_(
            "The model is too optimistic: EAGLE's 3.94 tokens per step come from a tree of "
            "candidates checked at once, which costs more than one plain step, while the model "
            "prices a single chain at the layer-count estimate of c."
        ),
    ),
    Preset(
        name=N_("EAGLE on LLaMA2-Chat 70B (MT-bench, greedy)"),
        p=_tau_p(3.81, 5),
        c=round(1 / 80, 4),
        k=5,
        source=N_(
            "Li et al. 2024 (EAGLE), Table 5 (τ = 3.81 with tree attention, MT-bench, T = 0) "
            "and Table 7 (3.01× at batch size 1)"
        ),
        published_speedup=3.01,
        published_note=N_("measured walltime, batch size 1"),
        derivation=N_(
            "p from τ = 3.81 by the fit at k = 5; c ≈ 1/80 is an estimate, not a "
            "measurement: one draft layer against the 80 layers of LLaMA 2 70B (Touvron et al. 2023)."
        ),
        why=N_(
            "As for the 7B target: a tree verified at once is dearer than the one plain step "
            "the model charges, and c is only a layer-count estimate."
        ),
    ),
    Preset(
        name=N_("Medusa-2 on Vicuna 7B (MT-bench)"),
        p=_tau_p(3.47, 5),
        c=round((1.22 - 1.0) / 5, 4),
        k=5,
        source=N_(
            "Cai et al. 2024 (Medusa), Table 1 (Medusa-2: 3.47 tokens per step, per-step "
            "overhead 1.22, 2.83×) and §3 set-up (5 heads)"
        ),
        published_speedup=2.83,
        published_note=_MEDUSA_NOTE,
        derivation=N_(
            "p from the acceleration rate 3.47 by the fit at k = 5 heads; c spreads the "
            "measured per-step overhead over the heads: 1 + 5c = 1.22."
        ),
        why=N_(
            "They agree by construction (both p and c come from the same row); Medusa's heads "
            "guess in parallel and its overhead includes checking a candidate tree, so the model's "
            "best k is not a knob Medusa has in this form."
        ),
    ),
    Preset(
        name=N_("Medusa-2 on Vicuna 33B (MT-bench)"),
        p=_tau_p(3.01, 5),
        c=round((1.27 - 1.0) / 5, 4),
        k=5,
        source=N_(
            "Cai et al. 2024 (Medusa), Table 1 (Medusa-2: 3.01 tokens per step, per-step "
            "overhead 1.27, 2.35×) and §3 set-up (5 heads)"
        ),
        published_speedup=2.35,
        published_note=_MEDUSA_NOTE,
        derivation=N_("p from the acceleration rate 3.01 by the fit at k = 5 heads; c from 1 + 5c = 1.27."),
        why=N_(
            "Agreement by construction again; the larger model accepts fewer guessed tokens "
            "and pays a larger overhead for its heads, so it gains less than the 7B."
        ),
    ),
)

if len({preset.name for preset in PRESETS}) != len(PRESETS):  # pragma: no cover - a data error
    raise RuntimeError("preset names must be unique")
for _preset in PRESETS:  # pragma: no cover - a data error
    if not (0.0 <= _preset.p <= 1.0 and 0.0 <= _preset.c <= 1.0 and _preset.k >= 1):
        raise RuntimeError(f"preset {_preset.name!r} is out of range")
    if _preset.published_speedup is not None and not math.isfinite(_preset.published_speedup):
        raise RuntimeError(f"preset {_preset.name!r} has a bad published speedup")


def preset_named(name: str) -> Preset:
    """The preset called ``name``; ``KeyError`` naming it when there is none."""
    for preset in PRESETS:
        if preset.name == name:
            return preset
    raise KeyError(f"no preset named {name!r}")
