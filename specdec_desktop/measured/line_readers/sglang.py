"""SGLang's metrics: decode batch log lines and Prometheus gauges (no Qt).

The formats, as SGLang prints them (checked against its sources; sample files of our own are
in ``tests/data/metrics/``):

* SGLang ``Decode batch. ... accept len: 3.21, accept rate: 0.80, ...`` per interval (a mean
  tokens per verify pass, the target's own included; no counts, no draft length), with the
  tree settings when the log states them (its ``server_args=ServerArgs(...,
  speculative_num_steps=5, speculative_eagle_topk=4, speculative_num_draft_tokens=8, ...)`` line,
  or the ``--speculative-...`` flags of the command line): ``num_steps`` is the draft length, and
  a ``topk`` above 1 means the τ came from a tree, which a chain's p cannot stand for (the
  measurement says so; ``calc --sglang`` reads such a tree with its rank acceptances), and its
  Prometheus gauges ``sglang:spec_accept_length``, ``sglang:spec_accept_rate``,
  ``sglang:spec_num_steps``, counter ``sglang:spec_verify_calls_total``.
"""

from __future__ import annotations

import math
import re

from specdec_desktop.measured.measurement import MAX_K, Measurement, SamplesRunning
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .base import NUMBER, Cumulative, LineReader, contradiction, find_number, resolve_k
from .prometheus import MAX_SERIES, parse_sample, series_key

__all__ = ["SglangPrometheusReader", "SglangReader"]


#: SGLang's tree settings as its server-args line and its command line write them.
_SETTINGS = {
    name: re.compile(
        rf"(?:speculative_{name}\s*=\s*|--speculative-{name.replace('_', '-')}[\s=]+)([0-9]{{1,6}})\b"
    )
    for name in ("num_steps", "eagle_topk", "num_draft_tokens")
}


class SglangReader(LineReader):
    """SGLang ``Decode batch ... accept len: ...`` lines (means per interval, no counts), and the
    tree settings when stated."""

    format = "sglang"
    markers = (b"accept len:", b"speculative_eagle_topk", b"--speculative-eagle-topk")
    _length = re.compile(r"accept len:\s*" + NUMBER)
    _rate = re.compile(r"accept rate:\s*" + NUMBER)

    def __init__(self) -> None:
        super().__init__()
        # Summaries, not a value per line: constant memory however long the log.
        self.lengths = SamplesRunning()
        self.rate_sum = 0.0
        self.rate_count = 0
        #: ``num_steps``, ``eagle_topk``, ``num_draft_tokens`` as the log states them.
        self.settings: dict[str, int] = {}

    def _read_settings(self, text: str, line: int) -> None:
        for name, pattern in _SETTINGS.items():
            match = pattern.search(text)
            if match is None:
                continue
            value = int(match[1])
            if self.settings.get(name, value) != value:
                raise contradiction(
                    Phrase(
                        N_("speculative {setting} is {before} and then {after}"),
                        setting=name.replace("_", " "),
                        before=self.settings[name],
                        after=value,
                    ),
                    line,
                )
            self.settings[name] = value

    def _feed(self, text: str, line: int) -> bool:
        if "accept len:" not in text:
            self._read_settings(text, line)
            return False
        length = find_number(self._length, text)
        if length is None or not math.isfinite(length):
            return False
        if length == 0:  # speculative decoding off in this interval
            return False
        if length < 1:
            raise contradiction(
                Phrase(N_("accept len is {length:g}; a verify pass yields at least 1 token"), length=length),
                line,
            )
        rate = find_number(self._rate, text)
        if rate is not None:
            if not 0 <= rate <= 1:
                raise contradiction(Phrase(N_("accept rate is {rate:g}, outside 0 to 1"), rate=rate), line)
            self.rate_sum += rate
            self.rate_count += 1
        if "num_steps" not in self.settings:
            self._waited_too_long(self.lengths.count, line, N_("it is --speculative-num-steps"))
        self.lengths.add(length)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.lengths.count:
            return None
        k = resolve_k(
            self.settings.get("num_steps"),
            k_hint,
            self.first_line,
            self.format,
            N_("SGLang's decode lines do not state it (it is --speculative-num-steps)"),
        )
        notes = (N_("SGLang prints means per interval without counts: intervals weigh equally"),)
        topk = self.settings.get("eagle_topk")
        if topk is not None and topk > 1:
            draft = self.settings.get("num_draft_tokens")
            shown = f"{k},{topk},{draft}" if draft is not None else f"{k},{topk},N"
            tree = (
                N_(
                    "SGLang drafted a tree (topk {topk}, {draft} draft tokens): its accept length comes "
                    "from a tree, so no chain p stands for it; the p fitted here overstates a per-token "
                    "rate. Read the tree with calc --sglang {shown} --rank-acceptance a1,a2,..."
                )
                if draft is not None
                else N_(
                    "SGLang drafted a tree (topk {topk}): its accept length comes from a tree, so no chain "
                    "p stands for it; the p fitted here overstates a per-token rate. Read the tree with "
                    "calc --sglang {shown} --rank-acceptance a1,a2,..."
                )
            )
            notes += (Phrase(tree, topk=topk, draft=draft, shown=shown),)
        return self._measurement(
            k=k,
            tau_samples=self.lengths.result(),
            engine_acceptance=self.rate_sum / self.rate_count if self.rate_count else None,
            engine_basis=Phrase(
                N_(
                    "SGLang's accept rate: accepted tokens ÷ drafted tokens per verify pass (the divisor "
                    "differs between SGLang versions)"
                )
            )
            if self.rate_count
            else None,
            notes=notes,
        )


class SglangPrometheusReader(LineReader):
    """SGLang's Prometheus gauges (several ranks averaged)."""

    format = "sglang-prometheus"
    markers = (b"sglang:spec_",)

    def __init__(self) -> None:
        super().__init__()
        self.gauges: dict[str, dict[str, float]] = {}
        self.verify = Cumulative()

    def _feed(self, text: str, line: int) -> bool:
        sample = parse_sample(text, with_labels=False)
        if sample is None:
            return False
        name, _labels, label_text, value = sample
        base = name.removeprefix("sglang:")
        if base not in (
            "spec_accept_length",
            "spec_accept_rate",
            "spec_num_steps",
            "spec_verify_calls_total",
        ):
            return False
        if not math.isfinite(value) or value < 0:
            raise contradiction(Phrase(N_("{name} is {value:g}"), name=name, value=value), line)
        gauge = self.gauges.setdefault(base, {})
        key = series_key(label_text)
        if key not in gauge and len(gauge) >= MAX_SERIES:
            raise MetricsProblem(
                "too_many_series",
                Phrase(
                    N_(
                        "holds more than {MAX_SERIES:,} distinct series (label sets) of {name}; a server "
                        "exposes a few: import a scrape of one server"
                    ),
                    MAX_SERIES=MAX_SERIES,
                    name=name,
                ),
                line=line,
            )
        gauge[key] = value
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        lengths = [v for v in self.gauges.get("spec_accept_length", {}).values() if v > 0]
        if not lengths:
            return None
        steps_k = self.gauges.get("spec_num_steps", {})
        found = None
        if steps_k:
            values = {round(v) for v in steps_k.values()}
            if len(values) > 1:
                raise contradiction(
                    Phrase(
                        N_("sglang:spec_num_steps differs between series: {sorted_values}"),
                        sorted_values=sorted(values),
                    ),
                    self.first_line,
                )
            found = min(values.pop(), MAX_K + 1)
        k = resolve_k(
            found, k_hint, self.first_line, self.format, N_("sglang:spec_num_steps is not among the metrics")
        )
        rates = list(self.gauges.get("spec_accept_rate", {}).values())
        return self._measurement(
            k=k,
            tau_samples=tuple(lengths),
            engine_acceptance=sum(rates) / len(rates) if rates else None,
            engine_basis=Phrase(N_("SGLang's spec_accept_rate gauge (the divisor differs between versions)"))
            if rates
            else None,
            notes=(N_("a gauge holds the latest interval only"),),
        )
