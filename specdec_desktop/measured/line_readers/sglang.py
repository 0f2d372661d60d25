"""SGLang's metrics: decode batch log lines and Prometheus gauges (no Qt).

The formats, as SGLang prints them (checked against its sources; sample files of our own are
in ``tests/data/metrics/``):

* SGLang ``Decode batch. ... accept len: 3.21, accept rate: 0.80, ...`` per interval (a mean
  tokens per verify pass, the target's own included; no counts, no draft length), and its
  Prometheus gauges ``sglang:spec_accept_length``, ``sglang:spec_accept_rate``,
  ``sglang:spec_num_steps``, counter ``sglang:spec_verify_calls_total``.
"""

from __future__ import annotations

import math
import re

from specdec_desktop.measured.measurement import MAX_K, Measurement

from .base import NUMBER, Cumulative, LineReader, contradiction, find_number, resolve_k
from .prometheus import parse_sample

__all__ = ["SglangPrometheusReader", "SglangReader"]


class SglangReader(LineReader):
    """SGLang ``Decode batch ... accept len: ...`` lines (means per interval, no counts)."""

    format = "sglang"
    markers = (b"accept len:",)
    _length = re.compile(r"accept len:\s*" + NUMBER)
    _rate = re.compile(r"accept rate:\s*" + NUMBER)

    def __init__(self) -> None:
        super().__init__()
        self.lengths: list[float] = []
        self.rates: list[float] = []

    def _feed(self, text: str, line: int) -> bool:
        length = find_number(self._length, text)
        if length is None or not math.isfinite(length):
            return False
        if length == 0:  # speculative decoding off in this interval
            return False
        if length < 1:
            raise contradiction(f"accept len is {length:g}; a verify pass yields at least 1 token", line)
        rate = find_number(self._rate, text)
        if rate is not None:
            if not 0 <= rate <= 1:
                raise contradiction(f"accept rate is {rate:g}, outside 0 to 1", line)
            self.rates.append(rate)
        self.lengths.append(length)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.lengths:
            return None
        k = resolve_k(
            None,
            k_hint,
            self.first_line,
            self.format,
            "SGLang's decode lines do not state it (it is --speculative-num-steps)",
        )
        return self._measurement(
            k=k,
            tau_samples=tuple(self.lengths),
            engine_acceptance=sum(self.rates) / len(self.rates) if self.rates else None,
            engine_basis="SGLang's accept rate: accepted tokens ÷ drafted tokens per verify pass "
            "(the divisor differs between SGLang versions)"
            if self.rates
            else None,
            notes=("SGLang prints means per interval without counts: intervals weigh equally",),
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
        sample = parse_sample(text)
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
            raise contradiction(f"{name} is {value:g}", line)
        self.gauges.setdefault(base, {})[label_text] = value
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
                    f"sglang:spec_num_steps differs between series: {sorted(values)}", self.first_line
                )
            found = min(values.pop(), MAX_K + 1)
        k = resolve_k(
            found, k_hint, self.first_line, self.format, "sglang:spec_num_steps is not among the metrics"
        )
        rates = list(self.gauges.get("spec_accept_rate", {}).values())
        return self._measurement(
            k=k,
            tau_samples=tuple(lengths),
            engine_acceptance=sum(rates) / len(rates) if rates else None,
            engine_basis="SGLang's spec_accept_rate gauge (the divisor differs between versions)"
            if rates
            else None,
            notes=("a gauge holds the latest interval only",),
        )
