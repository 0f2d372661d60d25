"""vLLM (V1)'s metrics log lines (no Qt).

The format, as vLLM prints it (checked against its sources; sample files of our own are in
``tests/data/metrics/``): ``SpecDecoding metrics: Mean acceptance length: 3.65, Accepted
throughput: ..., Accepted: 257 tokens, Drafted: 388 tokens, Per-position acceptance rate: 0.804,
0.701, ..., Avg Draft acceptance rate: 66.2%``; older releases print ``Draft acceptance rate:
66.2%`` first and some no per-position rates.  Each line covers one logging interval; the counts
add.  Per-position rates are unconditional: the share of drafts with at least ``i`` accepted.
vLLM V0's lines are :mod:`.vllm_v0`'s, its Prometheus counters :mod:`.vllm_prometheus`'s.
"""

from __future__ import annotations

import re

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.text import N_, Phrase

from .base import (
    NUMBER,
    LineReader,
    PositionSum,
    check_accepted,
    check_close,
    check_rates,
    find_number,
    leading_numbers,
    resolve_k,
)

__all__ = ["VllmReader"]


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
        check_accepted(accepted, drafted, line)
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
