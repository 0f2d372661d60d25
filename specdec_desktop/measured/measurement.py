"""What one import found, before any fitting (no Qt).

A :class:`Measurement` holds the counts an engine reported, in one vocabulary whatever the
engine: verify steps (cycles), the tokens each step yielded beyond the target's own, and,
when the engine gives them, how many steps accepted at least ``i`` guesses for each position
``i = 1..k`` (the "unconditional" per-position counts, from which the histogram of accepted
guesses per step follows: ``h_j = n_j - n_(j+1)``).  Engines that print only a mean tokens per
step (SGLang's decode lines) leave the counts empty and give per-line means instead.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from specdec_desktop.text import N_, Phrase

__all__ = ["FORMAT_LABELS", "MAX_GROUPS", "MAX_K", "Groups", "Measurement", "Samples", "SamplesRunning"]

#: The longest draft this app reads (longer ones are refused as implausible).
MAX_K = 4096

#: Format ids (the ``format`` key of ``fit --json``) and what the window calls them: phrases, so
#: ``str()`` is the English the command line prints and ``text.said()`` the window's language.
FORMAT_LABELS: dict[str, Phrase] = {
    "vllm": Phrase(N_("vLLM log (SpecDecoding metrics)")),
    "vllm-v0": Phrase(N_("vLLM V0 log (Speculative metrics)")),
    "vllm-prometheus": Phrase(N_("vLLM Prometheus metrics")),
    "vllm-request-json": Phrase(N_("vLLM per-request JSON")),
    "llama.cpp": Phrase(N_("llama.cpp server log")),
    "llama.cpp-statistics": Phrase(N_("llama.cpp server statistics")),
    "sglang": Phrase(N_("SGLang decode log")),
    "sglang-prometheus": Phrase(N_("SGLang Prometheus metrics")),
    "csv-cycles": Phrase(N_("CSV of accepted guesses per cycle")),
    "csv-histogram": Phrase(N_("CSV histogram of accepted guesses")),
    "vllm-v1-early": Phrase(N_("vLLM V1 log (first release, Speculative metrics)")),
    "vllm-example": Phrase(N_("vLLM spec_decode.py summary")),
    "vllm-bench": Phrase(N_("vllm bench serve (Speculative Decoding section)")),
    "sglang-bench": Phrase(N_("sglang.bench_serving summary")),
    "sglang-request-json": Phrase(N_("SGLang per-request JSON (meta_info / sglext_spec)")),
    "llama.cpp-speculative": Phrase(N_("llama-speculative summary")),
    "llama.cpp-rounds": Phrase(N_("llama.cpp per-round lines (-v)")),
    "llama.cpp-timings": Phrase(N_("llama-server timings JSON")),
    "llama.cpp-prometheus": Phrase(N_("llama.cpp Prometheus metrics")),
    "tensorrt-llm-request-json": Phrase(N_("TensorRT-LLM per-request metrics")),
}


#: Intervals (or requests) kept for the test of whether they agree; past this, neighbours merge.
MAX_GROUPS = 20_000


class Groups:
    """Each interval's or request's (value, weight), for the test of whether they agree, in
    bounded memory: past :data:`MAX_GROUPS`, neighbours merge in pairs into their weighted mean
    (coarser groups, the same totals).  A list of every request's pair grew with the file (a
    1 GB JSON Lines log read at 10 MB/s, its garbage collector walking millions of tuples)."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[tuple[float, int]] = []

    def add(self, value: float, weight: int) -> None:
        items = self.items
        items.append((value, weight))
        if len(items) > MAX_GROUPS:
            self._merge()

    def extend(self, pairs: list[tuple[float, int]]) -> None:
        """:meth:`add` each of ``pairs`` in turn (the same groups), a run at a time."""
        done = 0
        while done < len(pairs):
            room = MAX_GROUPS + 1 - len(self.items)  # adds before the next merge
            self.items.extend(pairs[done : done + room])
            done += room
            if len(self.items) > MAX_GROUPS:
                self._merge()

    def _merge(self) -> None:
        items = self.items
        pairs = zip(items[0::2], items[1::2], strict=False)
        merged = [((v1 * n1 + v2 * n2) / (n1 + n2), n1 + n2) for (v1, n1), (v2, n2) in pairs]
        if len(items) % 2:
            merged.append(items[-1])
        self.items = merged

    def __len__(self) -> int:
        return len(self.items)

    def as_tuple(self) -> tuple[tuple[float, int], ...]:
        return tuple(self.items)


@dataclass(frozen=True)
class Samples:
    """Per-interval means (tokens per step) summarised: how many, their mean, spread and extremes.

    A log of means without counts (SGLang's decode lines) can hold millions of intervals; the fit
    needs only these five numbers, so a reader keeps them whatever the file's size (issue 24:
    a 1 GB SGLang log kept a float per line, 900 MB).  ``m2`` is the sum of squared deviations
    from the mean (Welford's running update; two summaries merge by Chan, Golub and LeVeque's
    pairwise formula).  ``len()`` is the count, so an empty summary is false.
    """

    count: int
    mean: float
    m2: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Samples:
        running = SamplesRunning()
        for value in values:
            running.add(value)
        return running.result()

    def __len__(self) -> int:
        return self.count

    @property
    def variance(self) -> float | None:
        """The sample variance (n - 1 in the divisor); None under two samples."""
        return self.m2 / (self.count - 1) if self.count >= 2 else None

    def merged(self, other: Samples) -> Samples:
        if not other.count:
            return self
        if not self.count:
            return other
        count = self.count + other.count
        delta = other.mean - self.mean
        mean = self.mean + delta * other.count / count
        m2 = self.m2 + other.m2 + delta * delta * self.count * other.count / count
        return Samples(count, mean, m2, min(self.low, other.low), max(self.high, other.high))


class SamplesRunning:
    """Builds a :class:`Samples` one value at a time, in constant memory."""

    __slots__ = ("count", "high", "low", "m2", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.low = math.inf
        self.high = -math.inf

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)
        if value < self.low:
            self.low = value
        if value > self.high:
            self.high = value

    def result(self) -> Samples:
        return Samples(self.count, self.mean, self.m2, self.low, self.high)


@dataclass(frozen=True)
class Measurement:
    """The counts of one or more metrics files.

    Attributes
    ----------
    format : str
        One of :data:`FORMAT_LABELS` (several joined by ``+`` after combining files).
    sources : tuple of str
        The files read.
    k : int
        Draft length (guesses per step).
    steps : int or None
        Verify steps (cycles) counted, when the engine reports them.
    accepted : float or None
        Guesses that became output, summed over the steps (``tau = 1 + accepted/steps``).
    position_counts : tuple of int or None
        ``n_1..n_k``: steps that accepted at least ``i`` guesses.
    position_rates : tuple of float or None
        ``r_1..r_k = n_i / steps`` as printed, when the step count is unknown.
    tau_samples : Samples or None
        Mean tokens per step of each reporting interval, summarised, when no counts exist (a
        tuple of the means is accepted and summarised).
    engine_acceptance : float or None
        The engine's own "acceptance rate", as the engine defines it.
    engine_basis : str or None
        What that rate divides by, in words.
    lines_read, lines_used : int
        Lines in the files, and lines that gave numbers.
    first_line : int or None
        The first line that gave numbers (to blame in messages about the whole).
    notes : tuple of str
        Things the reader wants the user to know (approximations, superseded lines).
    variable_k : bool
        Drafts of varying length (llama.cpp's ``--draft-min``/``--draft-max``, adaptive
        drafters): ``k`` is then the longest draft, and no constant p at a fixed k describes
        the run; tokens per verify step and the engine's own rate do.
    drafted : float or None
        Draft tokens proposed in all (the divisor of the engine's rate), when known.
    group_taus : tuple of (float, int) or None
        Tokens per step and steps of each reporting interval or request, when the file
        gives them apart (for the test of whether they agree).
    """

    format: str
    sources: tuple[str, ...]
    k: int
    steps: int | None = None
    accepted: float | None = None
    position_counts: tuple[int, ...] | None = None
    position_rates: tuple[float, ...] | None = None
    tau_samples: Samples | None = None
    engine_acceptance: float | None = None
    engine_basis: str | None = None
    lines_read: int = 0
    lines_used: int = 0
    first_line: int | None = None
    notes: tuple[str, ...] = field(default=())
    variable_k: bool = False
    drafted: float | None = None
    group_taus: tuple[tuple[float, int], ...] | None = None
    context: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        if self.tau_samples is not None and not isinstance(self.tau_samples, Samples):
            object.__setattr__(self, "tau_samples", Samples.of(self.tau_samples))

    @property
    def label(self) -> Phrase:
        """The format in words: a phrase (English as a ``str``; ``text.said()`` in the language)."""
        return Phrase.joined((FORMAT_LABELS.get(part, part) for part in self.format.split("+")), " + ")

    @property
    def lines_skipped(self) -> int:
        """Lines read that gave nothing (other log output, blank lines, lines not understood)."""
        return self.lines_read - self.lines_used
