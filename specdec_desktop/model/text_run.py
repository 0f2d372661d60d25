"""A speculative run on real text: an n-gram draft guesses characters, the 6-gram target checks them.

Simulated first, replayed after (the window paints :class:`TextRun`'s cycles; the command line
prints its figures).  Notation: p = the target's next-character distribution, q = the draft's,
both at temperature T (``softmax(log P / T)``; T = 0 is greedy).  Each cycle:

1. the draft writes up to k characters, each x ~ q given the text so far and its own guesses;
2. each guess is kept with probability min(1, p(x) / q(x)) (``model/sampling.py``), up to the
   first rejection;
3. the target writes one character of its own: the correction, drawn from max(0, p − q)
   normalised, at the first rejection; or, when every guess was kept, a bonus x ~ p.

How many characters the draft writes is the drafting policy's choice:

- ``fixed``: always k;
- ``threshold:H``: stop before a guess the draft itself gives less than H (llama.cpp's
  ``--draft-p-min``; Hugging Face's ``assistant_confidence_threshold``), at most k;
- ``heuristic``: Hugging Face's schedule (``num_assistant_tokens_schedule="heuristic"``): start at
  k, two more after a cycle whose guesses were all kept, one fewer (at least 1) otherwise;
- ``oracle``: the guesses that will be kept and no more (at most k), a bound no engine reaches.
  It writes the same characters as ``fixed`` with the same seed, and pays only for kept guesses.

Cost per cycle, in target passes: (characters drafted) · c + 1; the speedup is characters
written over passes spent (against one character per pass).

One guess's two distributions, binned for a picture, are in :mod:`.text_positions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from .closed_form import speedup as closed_form_speedup
from .ngram import NgramCounts
from .sampling import as_temperature

__all__ = [
    "MAX_TEXT_TOKENS",
    "POLICY_KINDS",
    "PROMPT",
    "Policy",
    "TextCycle",
    "TextRun",
    "run_text",
]

#: Where every run starts (a line the text has many times over).
PROMPT = "ROMEO:\n"
#: Most characters one run writes.
MAX_TEXT_TOKENS = 100_000
#: Most guesses per cycle.
MAX_DRAFT = 32
POLICY_KINDS = ("fixed", "threshold", "heuristic", "oracle")


@dataclass(frozen=True)
class Policy:
    """How many characters the draft writes each cycle (see the module's list).

    ``threshold`` is the H of ``threshold:H``, a probability in (0, 1].
    """

    kind: str = "fixed"
    threshold: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in POLICY_KINDS:
            raise ValueError(f"policy must be fixed, threshold:H, heuristic or oracle, got {self.kind!r}")
        if self.kind == "threshold":
            h = self.threshold
            if h is None or isinstance(h, bool) or not (0.0 < float(h) <= 1.0):
                raise ValueError(f"policy threshold H must be above 0 and at most 1, got {h!r}")
        elif self.threshold is not None:
            raise ValueError(f"policy {self.kind} takes no threshold")

    @classmethod
    def parse(cls, text: str) -> Policy:
        """``"fixed"``, ``"threshold:0.4"``, ``"heuristic"`` or ``"oracle"``."""
        kind, _, value = text.strip().partition(":")
        if kind == "threshold":
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"policy threshold H must be a number, got {value!r}") from None
            return cls("threshold", number)
        if value:
            raise ValueError(f"policy must be fixed, threshold:H, heuristic or oracle, got {text!r}")
        return cls(kind)

    def __str__(self) -> str:
        return f"threshold:{self.threshold:g}" if self.kind == "threshold" else self.kind


@dataclass(frozen=True)
class TextCycle:
    """One cycle: the draft's guesses, how many were kept, and the target's own character.

    ``drafted`` are the guesses (codes); ``accepted`` the kept leading ones; ``extra`` the
    target's correction (when ``accepted < len(drafted)``) or bonus; ``overlaps`` Σ min(p, q)
    at each guessed position; ``confidence`` q(x) of each guess.
    """

    drafted: tuple[int, ...]
    accepted: int
    extra: int
    overlaps: tuple[float, ...]
    confidence: tuple[float, ...]

    @property
    def written(self) -> tuple[int, ...]:
        """The characters this cycle adds to the text."""
        return (*self.drafted[: self.accepted], self.extra)


@dataclass(frozen=True)
class TextRun:
    """A simulated run and its figures (all derived from the cycles, none stored twice)."""

    counts: NgramCounts = field(repr=False)
    draft_order: int
    target_order: int
    k: int
    temperature: float
    seed: int
    c: float
    policy: Policy
    cycles: tuple[TextCycle, ...]

    @cached_property
    def text(self) -> str:
        """The characters written after :data:`PROMPT`."""
        return self.counts.decode(i for cycle in self.cycles for i in cycle.written)

    @property
    def tokens(self) -> int:
        """Characters written."""
        return sum(cycle.accepted + 1 for cycle in self.cycles)

    @property
    def tokens_per_cycle(self) -> float:
        """Characters written per target pass (each cycle has one)."""
        return self.tokens / len(self.cycles)

    @cached_property
    def acceptance_per_position(self) -> tuple[float | None, ...]:
        """a_i: of the cycles that guessed at position i, the share whose i-th guess was kept.

        Conditional on reaching i (the guesses before it kept), as docs/model.md defines a_i;
        ``None`` where no cycle guessed that far.
        """
        longest = max((len(c.drafted) for c in self.cycles), default=0)
        reached = np.zeros(longest)
        kept = np.zeros(longest)
        for cycle in self.cycles:
            reached[: min(len(cycle.drafted), cycle.accepted + 1)] += 1
            kept[: cycle.accepted] += 1
        return tuple(float(k / r) if r else None for k, r in zip(kept, reached, strict=True))

    @property
    def acceptance(self) -> float:
        """Guesses kept over guesses checked (a guess after a rejection is not checked)."""
        checked = sum(min(len(c.drafted), c.accepted + 1) for c in self.cycles)
        return sum(c.accepted for c in self.cycles) / checked if checked else 0.0

    @property
    def mean_overlap(self) -> float:
        """Mean of Σ min(p, q) over the checked positions: the acceptance the rule expects there.

        A checked position is a guess up to and including the first rejection (the guesses after
        it are never checked).
        """
        values = [v for c in self.cycles for v in c.overlaps[: c.accepted + 1]]
        return float(np.mean(values)) if values else 0.0

    @property
    def passes(self) -> float:
        """Target passes spent: each cycle one, plus c for each guess."""
        return sum(1.0 + self.c * len(cycle.drafted) for cycle in self.cycles)

    @property
    def speedup(self) -> float:
        """Characters written over passes spent."""
        return self.tokens / self.passes

    @property
    def formula_speedup(self) -> float:
        """The closed form S(p, k, c) at the measured acceptance (independent guesses)."""
        return float(closed_form_speedup(min(1.0, self.acceptance), self.k, self.c))


def _tempered(probs: NDArray[np.float64], temperature: float) -> NDArray[np.float64]:
    if temperature == 1.0:
        return probs
    if temperature == 0.0:
        out = np.zeros_like(probs)
        out[int(np.argmax(probs))] = 1.0
        return out
    logits = np.log(probs) / temperature
    weights = np.exp(logits - logits.max())
    return weights / weights.sum()


def _draw(probs: NDArray[np.float64], u: float) -> int:
    cumulative = np.cumsum(probs)
    return min(int(np.searchsorted(cumulative, u * cumulative[-1], side="right")), probs.size - 1)


def _check_int(value: int, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    return int(value)


def run_text(
    counts: NgramCounts,
    *,
    draft_order: int = 3,
    target_order: int = 6,
    k: int = 4,
    temperature: float = 1.0,
    tokens: int = 400,
    seed: int = 0,
    c: float = 0.05,
    policy: Policy | str = "fixed",
) -> TextRun:
    """Simulate a run writing at least ``tokens`` characters after :data:`PROMPT`.

    Raises
    ------
    ValueError
        Naming the argument out of range (``draft_order`` must be below ``target_order``).
    """
    target_order = _check_int(target_order, "target_order", 2, counts.max_order)
    draft_order = _check_int(draft_order, "draft_order", 1, target_order - 1)
    k = _check_int(k, "k", 1, MAX_DRAFT)
    tokens = _check_int(tokens, "tokens", 1, MAX_TEXT_TOKENS)
    seed = _check_int(seed, "seed", 0, 2**63 - 1)
    temperature = as_temperature(temperature)
    if isinstance(c, bool) or not 0.0 <= float(c) <= 1.0:
        raise ValueError(f"c must lie between 0 and 1, got {c!r}")
    policy = Policy.parse(policy) if isinstance(policy, str) else policy
    rng = np.random.default_rng(seed)
    history = list(counts.encode(PROMPT))
    cycles: list[TextCycle] = []
    written = 0
    length = k  # the heuristic's current draft length
    while written < tokens:
        limit = length if policy.kind == "heuristic" else k
        cycle = _cycle(counts, history, draft_order, target_order, temperature, limit, policy, rng)
        cycles.append(cycle)
        history.extend(cycle.written)
        written += cycle.accepted + 1
        if policy.kind == "heuristic":
            all_kept = cycle.accepted == len(cycle.drafted)
            length = min(MAX_DRAFT, length + 2) if all_kept else max(1, length - 1)
    return TextRun(counts, draft_order, target_order, k, temperature, seed, float(c), policy, tuple(cycles))


def _cycle(counts, history, draft_order, target_order, temperature, limit, policy, rng) -> TextCycle:
    context = list(history)
    drafted: list[int] = []
    overlaps: list[float] = []
    confidence: list[float] = []
    accepted = None
    extra = -1
    for _ in range(limit):
        q = _tempered(counts.distribution(context, draft_order), temperature)
        p = _tempered(counts.distribution(context, target_order), temperature)
        x = _draw(q, rng.random())
        if policy.kind == "threshold" and q[x] < policy.threshold:
            break
        drafted.append(x)
        overlaps.append(float(np.minimum(p, q).sum()))
        confidence.append(float(q[x]))
        if accepted is None and not rng.random() * q[x] < p[x]:
            accepted = len(drafted) - 1
            excess = np.maximum(p - q, 0.0)
            extra = _draw(excess if excess.sum() > 1e-12 else p, rng.random())
        context.append(x)
    if accepted is None:
        accepted = len(drafted)
        extra = _draw(_tempered(counts.distribution(context, target_order), temperature), rng.random())
    # The oracle drafts only what will be kept: the same draws as a fixed k (the same text for
    # the same seed), without the guesses from the first rejection on.
    kept = accepted if policy.kind == "oracle" else len(drafted)
    return TextCycle(tuple(drafted[:kept]), accepted, extra, tuple(overlaps[:kept]), tuple(confidence[:kept]))
