"""The serving benchmarks' summaries: ``vllm bench serve`` and ``sglang.bench_serving`` (no Qt).

The formats, as the scripts print them (checked against their sources; sample files of our
own are in ``tests/data/metrics/``):

* ``vllm bench serve``, section "Speculative Decoding": ``Acceptance rate (%): 73.47``,
  ``Acceptance length: 3.20``, ``Drafts: 6393``, ``Draft tokens: 19179``, ``Accepted tokens:
  14090``, ``Per-position acceptance (%):`` then ``Position 0: 83.42`` per position; the counts
  are the run's (differences of the server's counters).
* ``sglang.bench_serving``: ``Accept length: 2.46`` (``Acceptance length (server)`` in some
  versions), and in versions with a speculative section the same ``Drafts``, ``Draft tokens``,
  ``Accepted tokens`` lines.

Several runs in one file are added when their k agrees.  A run that prints some counts but
not all is refused naming the one missing: a missing count is never read as zero.
"""

from __future__ import annotations

import re
from typing import ClassVar

from specdec_desktop.measured.measurement import Measurement
from specdec_desktop.text import N_, Phrase

from .base import NUMBER, LineReader, check_close, plausible, resolve_k
from .blocks import Block, FieldBlocks
from .summaries import (
    check_position_order,
    check_positions,
    combine_runs,
    k_from,
    mean_only,
    missing_field,
    run_counts,
)

__all__ = ["BenchSummaryReader"]

#: The counts as the benchmark prints them (a missing one is named so).
_SHOWN = {"drafts": "Drafts", "draft_tokens": "Draft tokens", "accepted": "Accepted tokens"}


class BenchSummaryReader(LineReader):
    """``vllm bench serve``'s and ``sglang.bench_serving``'s speculative-decoding figures."""

    format = "vllm-bench"
    # "Accept" finds the rate, the lengths and the accepted tokens, "Draft" the drafts and draft
    # tokens, "osition " the per-position header and lines (few markers: each costs a pass).
    markers = (b"Accept", b"Draft", b"osition ")
    _field = re.compile(
        r"(?:^|[\s|:])(Acceptance rate \(%\)|Acceptance length \(server\)|Acceptance length|Accept length"
        r"|Drafts|Draft tokens|Accepted tokens):\s*" + NUMBER + r"\s*$"
    )
    _position = re.compile(r"(?:^|[\s|:])Position (\d{1,5}):\s*" + NUMBER + r"\s*$")
    _names: ClassVar[dict[str, str]] = {
        "Acceptance rate (%)": "percent",
        "Acceptance length (server)": "length",
        "Acceptance length": "length",
        "Accept length": "length",
        "Drafts": "drafts",
        "Draft tokens": "draft_tokens",
        "Accepted tokens": "accepted",
    }

    def __init__(self) -> None:
        super().__init__()
        self.runs = FieldBlocks()
        self.in_positions = False
        self.sglang = False

    def _feed(self, text: str, line: int) -> bool:
        if "Per-position acceptance (%)" in text:
            self.in_positions = self.runs.blocks != []
            return False
        match = self._position.search(text)
        if match is not None:
            if not self.in_positions:
                return False
            self.runs.add_position(
                int(match.group(1)), plausible(float(match.group(2)), match.group(2)), line
            )
            return True
        self.in_positions = False
        match = self._field.search(text)
        if match is None:
            return False
        if match.group(1) in ("Accept length", "Acceptance length (server)"):
            self.sglang = True
        self.runs.add(self._names[match.group(1)], plausible(float(match.group(2)), match.group(2)), line)
        return True

    def _near(self, text: str) -> bool:
        return any(name + ":" in text for name in self._names)

    def _run(self, block: Block, k_hint: int | None) -> Measurement:
        length, percent = block.get("length"), block.get("percent")
        check_position_order(block)
        rates = [r / 100 for r in block.rates()]
        counted = run_counts(block, ("drafts", "draft_tokens", "accepted"), _SHOWN)
        if counted is not None:
            drafts, draft_tokens, accepted = counted
            if percent is not None and draft_tokens:
                check_close(
                    N_("the acceptance rate (%)"),
                    percent,
                    100 * accepted / draft_tokens,
                    0.0051,
                    block.line_of("percent"),
                )
            if length is not None:
                check_close(
                    N_("the acceptance length"),
                    length,
                    1 + accepted / drafts,
                    0.0051,
                    block.line_of("length"),
                )
            found = k_from(drafts, draft_tokens, block.line_of("draft_tokens"))
            if rates:
                # Percentages to two decimals, of counts: also half a count per position of slack.
                check_positions(
                    rates,
                    found,
                    (drafts, draft_tokens, accepted),
                    block,
                    block.first_line,
                    0.00006,
                    0.5 * len(rates) / drafts,
                )
            k = resolve_k(
                found if found is not None else (len(rates) or None),
                k_hint,
                block.first_line,
                self.format,
                N_("the drafts vary in length and no per-position rates are printed"),
            )
            counts_rebuilt = None
            if rates:
                rebuilt = [min(round(drafts), round(r * drafts)) for r in rates]
                for i in range(1, len(rebuilt)):
                    rebuilt[i] = min(rebuilt[i], rebuilt[i - 1])
                counts_rebuilt = tuple(rebuilt)
            return self._measurement(
                k=k,
                steps=round(drafts),
                accepted=accepted,
                drafted=draft_tokens,
                position_counts=counts_rebuilt,
                engine_acceptance=accepted / draft_tokens if draft_tokens else None,
                engine_basis=Phrase(N_("accepted ÷ drafted tokens (the benchmark's acceptance rate)")),
                notes=(N_("per-position counts rebuilt from percentages printed to 2 decimals"),)
                if counts_rebuilt
                else (),
            )
        if length is None:
            raise missing_field(
                Phrase(N_("the acceptance length")),
                Phrase(N_("a speculative-decoding figure")),
                block.first_line,
            )
        why = N_("the benchmark prints only the mean acceptance length")
        return mean_only(self, block, k_hint, length, rates, why)

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0 or not self.runs.blocks:
            return None
        if self.sglang:
            self.format = "sglang-bench"
        return combine_runs([self._run(block, k_hint) for block in self.runs.blocks], self.runs.blocks)
