"""vLLM's metrics: V1 log lines, V0 log lines and Prometheus counters (no Qt).

The formats, as vLLM prints them (checked against its sources; sample files of our own are in
``tests/data/metrics/``):

* vLLM (V1) ``SpecDecoding metrics: Mean acceptance length: 3.65, Accepted throughput: ...,
  Accepted: 257 tokens, Drafted: 388 tokens, Per-position acceptance rate: 0.804, 0.701, ...,
  Avg Draft acceptance rate: 66.2%``; older releases print ``Draft acceptance rate: 66.2%``
  first and some no per-position rates.  Each line covers one logging interval; the counts add.
  Per-position rates are unconditional: the share of drafts with at least ``i`` accepted.
* vLLM V0 ``Speculative metrics: Draft acceptance rate: 0.651, System efficiency: 0.544,
  Number of speculative tokens: 4, Number of accepted tokens: ..., Number of draft tokens: ...,
  Number of emitted tokens: ...``; counts are totals since start.  V0 counts a guess accepted
  even after an earlier one was rejected, so tokens per step comes from *emitted* tokens.
* vLLM Prometheus ``vllm:spec_decode_num_drafts_total{engine="0",...} 97``, ``..._num_draft_tokens``,
  ``..._num_accepted_tokens``, ``..._num_accepted_tokens_per_pos{position="0"}`` (counters, so
  the last value of each series counts; series of several engines add).
"""

from __future__ import annotations

import math
import re

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .base import (
    NUMBER,
    Cumulative,
    LineReader,
    PositionSum,
    check_close,
    check_k,
    check_rates,
    contradiction,
    find_number,
    leading_numbers,
    resolve_k,
)
from .prometheus import LABEL, MAX_SERIES, parse_sample, series_key

__all__ = ["VllmPrometheusReader", "VllmReader", "VllmV0Reader"]


class VllmReader(LineReader):
    """vLLM (V1) ``SpecDecoding metrics:`` lines, every variant."""

    format = "vllm"
    markers = (b"SpecDecoding metrics:",)
    _mean = re.compile(r"Mean acceptance length:\s*" + NUMBER)
    _accepted = re.compile(r"Accepted:\s*(\d+)\s*tokens")
    _drafted = re.compile(r"Drafted:\s*(\d+)\s*tokens")
    _percent = re.compile(r"Draft acceptance rate:\s*" + NUMBER + "%")
    _positions = re.compile(r"Per-position acceptance rate:\s*")

    def __init__(self) -> None:
        super().__init__()
        self.sum = PositionSum()
        self.pending: list[tuple[int, float, float, float | None]] = []  # lines waiting for k

    def _feed(self, text: str, line: int) -> bool:
        text = text.split("SpecDecoding metrics:", 1)[1]
        accepted = find_number(self._accepted, text)
        drafted = find_number(self._drafted, text)
        if accepted is None or drafted is None:
            return False
        mean = find_number(self._mean, text)
        percent = find_number(self._percent, text)
        match = self._positions.search(text)
        rates = leading_numbers(text[match.end() :]) if match else None
        if accepted > drafted:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {drafted:.0f} drafted"),
                    accepted=accepted,
                    drafted=drafted,
                ),
                line,
            )
        if drafted == 0:
            return True  # an interval without drafts: nothing to count
        if percent is not None:
            check_close(N_("the draft acceptance rate (%)"), percent, 100 * accepted / drafted, 0.051, line)
        if rates:
            check_rates(rates, line)
            self.sum.set_k(len(rates), line)
            k = len(rates)
        elif self.sum.k is not None:
            k = self.sum.k
        elif mean is not None and accepted > 0 and mean > 1.005:
            k = max(1, round(min(drafted * (mean - 1) / accepted, MAX_K + 1)))
            self.sum.set_k(k, line)
        elif self.k_hint is not None:  # given: read the line now (finish checks it against the file)
            k = self.k_hint
        else:
            self._waited_too_long(len(self.pending), line, N_("no per-position rates, no mean length"))
            self.pending.append((line, accepted, drafted, mean))
            return True
        self._add(line, k, accepted, drafted, mean, rates or None)
        return True

    def _add(
        self,
        line: int,
        k: int,
        accepted: float,
        drafted: float,
        mean: float | None,
        rates: list[float] | None,
    ) -> None:
        steps = round(drafted / k)
        if steps <= 0:
            return
        if mean is not None:
            check_close(
                N_("the mean acceptance length"), mean, 1 + accepted / steps, 0.006 + 0.01 * k / steps, line
            )
        if rates:
            check_close(
                N_("the sum of the per-position rates"),
                sum(rates),
                accepted / steps,
                0.0006 * k + 0.01 * k / steps,
                line,
            )
        self.sum.add(steps, accepted, drafted, rates)

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        line = self.first_line
        k = resolve_k(
            self.sum.k,
            k_hint,
            self.sum.k_line or line,
            self.format,
            N_("these vLLM lines print neither per-position rates nor a mean acceptance length"),
        )
        for pending_line, accepted, drafted, mean in self.pending:
            self._add(pending_line, k, accepted, drafted, mean, None)
            self.sum.all_have_positions = False
        if self.sum.steps == 0:
            return None
        return self._summed(
            self.sum, k, Phrase(N_("accepted ÷ drafted tokens (vLLM's draft acceptance rate)"))
        )


class VllmV0Reader(LineReader):
    """vLLM V0 ``Speculative metrics:`` lines (totals since start)."""

    format = "vllm-v0"
    markers = (b"Speculative metrics:",)
    _rate = re.compile(r"Draft acceptance rate:\s*" + NUMBER)
    _efficiency = re.compile(r"System efficiency:\s*" + NUMBER)
    _k = re.compile(r"Number of speculative tokens:\s*(\d+)")
    _accepted = re.compile(r"Number of accepted tokens:\s*(\d+)")
    _draft = re.compile(r"Number of draft tokens(?: tokens)?:\s*(\d+)")
    _emitted = re.compile(r"Number of emitted tokens(?: tokens)?:\s*(\d+)")

    def __init__(self) -> None:
        super().__init__()
        self.k: int | None = None
        self.k_line: int | None = None
        self.accepted, self.draft, self.emitted = Cumulative(), Cumulative(), Cumulative()
        self.early = [0.0, 0.0, 0]  # the first V1 release: accepted, drafted, lines (per interval)

    def _feed(self, text: str, line: int) -> bool:
        text = text.split("Speculative metrics:", 1)[1]
        k, accepted = find_number(self._k, text), find_number(self._accepted, text)
        draft, emitted = find_number(self._draft, text), find_number(self._emitted, text)
        if k is None and emitted is None and accepted is not None and draft is not None:
            return self._feed_early(text, line, accepted, draft)
        if None in (accepted, draft, emitted):
            return False
        if k is not None:
            check_k(int(k), line)
            if self.k is not None and int(k) != self.k:
                raise contradiction(
                    Phrase(
                        N_(
                            "the number of speculative tokens changes from {k} (line {k_line}) to {new_k:.0f}"
                        ),
                        k=self.k,
                        k_line=self.k_line,
                        new_k=k,
                    ),
                    line,
                )
            self.k, self.k_line = int(k), line
        if accepted > draft:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {draft:.0f} drafted"),
                    accepted=accepted,
                    draft=draft,
                ),
                line,
            )
        rate = find_number(self._rate, text)
        if rate is not None and draft > 0:
            check_close(N_("the draft acceptance rate"), rate, accepted / draft, 0.0006, line)
        if self.k and draft > 0:
            steps = draft / self.k
            if emitted > steps * (self.k + 1) + 0.5 or emitted < steps - 0.5:
                raise contradiction(
                    Phrase(
                        N_("{emitted:.0f} emitted tokens cannot come from {steps:.0f} steps of k = {k}"),
                        emitted=emitted,
                        steps=steps,
                        k=self.k,
                    ),
                    line,
                )
            efficiency = find_number(self._efficiency, text)
            if efficiency is not None and math.isfinite(efficiency):
                check_close(
                    N_("the system efficiency"), efficiency, emitted / (steps * (self.k + 1)), 0.0006, line
                )
        self.accepted.add(accepted)
        self.draft.add(draft)
        self.emitted.add(emitted)
        return True

    def _feed_early(self, text: str, line: int, accepted: float, draft: float) -> bool:
        """VLLM V1's first log line, in V0's words: counts of one interval, no k, no emitted count."""
        if accepted > draft:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {draft:.0f} drafted"),
                    accepted=accepted,
                    draft=draft,
                ),
                line,
            )
        rate = find_number(self._rate, text)
        if rate is not None and draft > 0:
            check_close(N_("the draft acceptance rate"), rate, accepted / draft, 0.0006, line)
        self.early[0] += accepted
        self.early[1] += draft
        self.early[2] += 1
        return True

    def _finish_early(self, k_hint: int | None) -> Measurement | None:
        if self.early[2] != self.lines_used:
            raise contradiction(
                Phrase(
                    N_(
                        "the file mixes vLLM V0 lines with the first V1 release's lines (no emitted "
                        "count); import them separately"
                    )
                ),
                self.first_line,
            )
        accepted, drafted = self.early[0], self.early[1]
        if drafted == 0:
            return None
        k = resolve_k(
            None,
            k_hint,
            self.first_line,
            "vllm-v1-early",
            N_("this first V1 line prints no number of speculative tokens"),
        )
        if abs(drafted / k - round(drafted / k)) > 1e-9:
            raise contradiction(
                Phrase(
                    N_("{drafted:.0f} draft tokens are not whole drafts of k = {k}"), drafted=drafted, k=k
                ),
                self.first_line,
            )
        steps = round(drafted / k)
        return Measurement(
            format="vllm-v1-early",
            sources=(),
            k=k,
            steps=steps,
            accepted=accepted,
            drafted=drafted,
            engine_acceptance=accepted / drafted,
            engine_basis=Phrase(N_("accepted ÷ drafted tokens (vLLM's draft acceptance rate)")),
            lines_used=self.lines_used,
            first_line=self.first_line,
            notes=(N_("verify steps counted as draft tokens ÷ k (these lines print no drafts)"),),
        )

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.early[2]:
            return self._finish_early(k_hint)
        if self.lines_used == 0 or self.draft.total == 0:
            return None
        k = resolve_k(
            self.k,
            k_hint,
            self.k_line or self.first_line,
            self.format,
            N_("these lines do not give the number of speculative tokens"),
        )
        steps = round(self.draft.total / k)
        return self._measurement(
            k=k,
            steps=steps,
            accepted=self.emitted.total - steps,
            engine_acceptance=self.accepted.total / self.draft.total,
            engine_basis=Phrase(
                N_(
                    "accepted ÷ drafted tokens, counting guesses accepted after a rejected one (vLLM V0); "
                    "tokens per step uses emitted tokens instead"
                )
            ),
        )


class VllmPrometheusReader(LineReader):
    """vLLM's Prometheus counters, several engines summed."""

    format = "vllm-prometheus"
    markers = (b"vllm:spec_decode_num_",)
    prefix = "vllm:spec_decode_"
    #: Whether drafts may be shorter than k (llama.cpp's --draft-min/--draft-max).
    drafts_vary = False
    _names = ("num_drafts", "num_draft_tokens", "num_accepted_tokens", "num_accepted_tokens_per_pos")

    def __init__(self) -> None:
        super().__init__()
        #: One counter per (metric, position label, label set's key): bounded by MAX_SERIES.
        self.series: dict[tuple[str, str | None, str], Cumulative] = {}

    def _feed(self, text: str, line: int) -> bool:
        if text.lstrip().startswith("#"):  # HELP and TYPE lines name the metric too
            return False
        sample = parse_sample(text, with_labels=False)
        if sample is None:
            return False
        name, _labels, label_text, value = sample
        base = name.removeprefix(self.prefix).removesuffix("_total")
        if base not in self._names or name.endswith("_created"):
            return False
        if not math.isfinite(value) or value < 0:
            raise contradiction(
                Phrase(N_("{name} is {value:g}; a counter is a count of 0 or more"), name=name, value=value),
                line,
            )
        position = dict(LABEL.findall(label_text)).get("position") if base.endswith("_per_pos") else None
        key = (base, position, series_key(label_text))
        counter = self.series.get(key)
        if counter is None:
            if len(self.series) >= MAX_SERIES:
                raise MetricsProblem(
                    "too_many_series",
                    Phrase(
                        N_(
                            "holds more than {MAX_SERIES:,} distinct series (label sets) of the {prefix}* "
                            "counters; a server exposes a few: import a scrape of one server"
                        ),
                        MAX_SERIES=MAX_SERIES,
                        prefix=self.prefix,
                    ),
                    line=line,
                )
            counter = self.series[key] = Cumulative()
        counter.add(value)
        return True

    def _near(self, text: str) -> bool:
        return not text.lstrip().startswith("#")

    def _total(self, base: str) -> float:
        return sum(c.total for (name, _, _), c in self.series.items() if name == base)

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        line = self.first_line
        drafts, draft_tokens = self._total("num_drafts"), self._total("num_draft_tokens")
        accepted = self._total("num_accepted_tokens")
        by_position: dict[int, float] = {}
        for (name, position, _key), counter in self.series.items():
            if name == "num_accepted_tokens_per_pos":
                if position is None or not position.isdigit():
                    continue
                by_position[int(position)] = by_position.get(int(position), 0.0) + counter.total
        if drafts == 0:
            if draft_tokens == 0 and accepted == 0:
                return None
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("the drafts counter ({prefix}num_drafts) is missing or 0 while tokens were drafted"),
                    prefix=self.prefix,
                ),
                line=line,
            )
        for counter in ("num_draft_tokens", "num_accepted_tokens"):
            if not any(name == counter for name, _, _ in self.series):
                raise MetricsProblem(
                    "missing_field",
                    Phrase(
                        N_(
                            "the counter {prefix}{counter} is missing (the scrape may be cut off); a "
                            "missing counter is not read as zero"
                        ),
                        prefix=self.prefix,
                        counter=counter,
                    ),
                    line=line,
                )
        if accepted > draft_tokens:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {draft_tokens:.0f} drafted"),
                    accepted=accepted,
                    draft_tokens=draft_tokens,
                ),
                line,
            )
        k_found = None
        counts = None
        if by_position:
            first = min(by_position)
            positions = sorted(by_position)
            if positions != list(range(first, first + len(positions))) or first not in (0, 1):
                raise contradiction(
                    Phrase(
                        N_("the positions counted are {positions}; they must run 0, 1, 2, ..."),
                        positions=positions,
                    ),
                    line,
                )
            counts = [by_position[p] for p in positions]
            k_found = len(counts)
            check_rates([n / drafts for n in counts], line, tolerance=1e-9)
            check_close(N_("the accepted tokens"), accepted, sum(counts), 0.5, line)
        elif draft_tokens:
            ratio = draft_tokens / drafts
            if abs(ratio - round(ratio)) < 1e-6:
                k_found = round(min(ratio, MAX_K + 1))
            elif k_hint is None and not self.drafts_vary:  # asking for k would not help
                raise contradiction(
                    Phrase(
                        N_(
                            "{draft_tokens:.0f} draft tokens are not a whole number of drafts for "
                            "{drafts:.0f} drafts: the draft length changed, or the counters of runs "
                            "with different k were added up; import each run separately"
                        ),
                        draft_tokens=draft_tokens,
                        drafts=drafts,
                    ),
                    line,
                )
        variable = False
        if k_found is None and self.drafts_vary and draft_tokens:
            k_found = max(1, math.ceil(min(draft_tokens / drafts, MAX_K)))
            variable = True
        k = resolve_k(k_found, k_hint, line, self.format, N_("no per-position counter and no draft counts"))
        if self.drafts_vary and draft_tokens and draft_tokens < drafts * k - 0.5:
            variable = True
        elif draft_tokens and abs(draft_tokens - drafts * k) > 0.5:
            raise contradiction(
                Phrase(
                    N_("{draft_tokens:.0f} draft tokens are not {drafts:.0f} drafts of k = {k}"),
                    draft_tokens=draft_tokens,
                    drafts=drafts,
                    k=k,
                ),
                line,
            )
        return self._measurement(
            k=k,
            steps=round(drafts),
            accepted=accepted,
            position_counts=tuple(round(n) for n in counts) if counts and not variable else None,
            engine_acceptance=accepted / draft_tokens if draft_tokens else None,
            engine_basis=self.basis,
            drafted=draft_tokens,
            variable_k=variable,
        )

    basis = Phrase(N_("accepted ÷ drafted tokens (vLLM's acceptance rate in PromQL)"))
