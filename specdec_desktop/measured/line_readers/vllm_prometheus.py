"""vLLM's Prometheus counters of speculative decoding (no Qt).

The format, as vLLM exposes it (checked against its sources; sample files of our own are in
``tests/data/metrics/``): ``vllm:spec_decode_num_drafts_total{engine="0",...} 97``,
``..._num_draft_tokens``, ``..._num_accepted_tokens``,
``..._num_accepted_tokens_per_pos{position="0"}`` (counters, so the last value of each series
counts; series of several engines add).  The Prometheus sample line itself is :mod:`.prometheus`'s.
"""

from __future__ import annotations

import math

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .base import (
    Cumulative,
    LineReader,
    check_accepted,
    check_close,
    check_rates,
    contradiction,
    resolve_k,
)
from .prometheus import LABEL, MAX_SERIES, parse_sample, series_key

__all__ = ["VllmPrometheusReader"]


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
        check_accepted(accepted, draft_tokens, line)
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
