"""What vLLM's offline example scripts print: a run's summary (no Qt).

The format, as ``examples/offline_inference/spec_decode.py`` prints it (checked against its
source; sample files of our own are in ``tests/data/metrics/``): ``num_drafts: 1167``,
``num_draft_tokens: 3501``, ``num_accepted_tokens: 1393``, ``mean acceptance length: 2.19``,
then ``acceptance at token 0: 0.66`` per position (the share of drafts whose guess 0, 1, ... was
accepted, two decimals).  ``eagle.py`` prints only the mean and ``acceptance at token 0:0.66``;
its older V0 variant counts the target's own token as "token 0" (always 1.00), so its k is one
less than its lines and its mean is the sum of its rates.

Several runs in one file are added when their k agrees.  A run that prints some counts but
not all is refused naming the one missing: a missing count is never read as zero.  The serving
benchmarks' summaries are :mod:`.bench_serving`'s.
"""

from __future__ import annotations

import re

from specdec_desktop.measured.measurement import Measurement
from specdec_desktop.text import N_, Phrase

from .base import NUMBER, LineReader, check_close, check_rates, plausible, resolve_k
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

__all__ = ["SpecDecodeExampleReader"]


#: A summary line is short (a prefix, a name, a number); longer lines are other output.
_LONGEST = 240


class SpecDecodeExampleReader(LineReader):
    """vLLM's ``spec_decode.py`` / ``eagle.py`` summary lines."""

    format = "vllm-example"
    # Every marker costs a pass over each block, so "acceptance " finds both the mean and the
    # positions; the counts keep their colon, which JSON keys ("num_draft_tokens": ...) and
    # Prometheus names (vllm:spec_decode_num_drafts_total) do not have.
    markers = (b"num_drafts:", b"num_draft_tokens:", b"num_accepted_tokens:", b"acceptance ")
    _field = re.compile(
        r"(?:^|[\s|:])(num_drafts|num_draft_tokens|num_accepted_tokens|mean acceptance length):\s*"
        + NUMBER
        + r"\s*$"
    )
    _position = re.compile(r"acceptance at token (\d{1,5}):\s*" + NUMBER + r"\s*$")

    def __init__(self) -> None:
        super().__init__()
        self.runs = FieldBlocks()

    def _feed(self, text: str, line: int) -> bool:
        if len(text) > _LONGEST or '"' in text:  # JSON ("num_draft_tokens": ...) or other long lines
            return False
        match = self._position.search(text)
        if match is not None:
            self.runs.add_position(
                int(match.group(1)), plausible(float(match.group(2)), match.group(2)), line
            )
            return True
        match = self._field.search(text)
        if match is None:
            return False
        self.runs.add(match.group(1), plausible(float(match.group(2)), match.group(2)), line)
        return True

    def _near(self, text: str) -> bool:
        return len(text) <= _LONGEST and '"' not in text

    def _run(self, block: Block, k_hint: int | None) -> Measurement:
        mean = block.get("mean acceptance length")
        check_position_order(block)
        rates = block.rates()
        counted = run_counts(block, ("num_drafts", "num_draft_tokens", "num_accepted_tokens"))
        if counted is not None:
            drafts, draft_tokens, accepted = counted
            found = k_from(drafts, draft_tokens, block.line_of("num_draft_tokens"))
            if found is not None and len(rates) == found + 1 and rates and rates[0] >= 0.995:
                rates = rates[1:]  # eagle.py's bonus column
            if rates:
                check_positions(
                    rates, found, (drafts, draft_tokens, accepted), block, block.line_of("num_drafts"), 0.0051
                )
            k = resolve_k(
                found if found is not None else (len(rates) or None),
                k_hint,
                block.first_line,
                self.format,
                N_("the drafts vary in length and no per-position rates are printed"),
            )
            if mean is not None:
                check_close(
                    N_("the mean acceptance length"),
                    mean,
                    1 + accepted / drafts,
                    0.0051,
                    block.line_of("mean acceptance length"),
                )
            return self._measurement(
                k=k,
                steps=round(drafts),
                accepted=accepted,
                drafted=draft_tokens,
                position_rates=tuple(rates) or None,
                engine_acceptance=accepted / draft_tokens if draft_tokens else None,
                engine_basis=Phrase(N_("accepted ÷ drafted tokens (vLLM)")),
                notes=(N_("per-position rates printed to 2 decimals: shown, not tested"),) if rates else (),
            )
        if mean is None:
            raise missing_field("mean acceptance length", "per-position acceptance", block.first_line)
        notes: tuple[str, ...] = ()
        if rates and rates[0] >= 0.995 and abs(mean - sum(rates)) <= 0.0051 * len(rates):
            rates = rates[1:]  # the older eagle.py: "token 0" is the target's own token
            notes = (N_("token 0 is the target's own token (always 1.00): k is one less than the lines"),)
        if rates:
            check_rates(rates, block.first_line, tolerance=0.0051)
            check_close(
                N_("the mean acceptance length"),
                mean,
                1 + sum(rates),
                0.0051 * (len(rates) + 1),
                block.line_of("mean acceptance length"),
            )
        return mean_only(
            self, block, k_hint, mean, rates, N_("this summary prints only the mean acceptance length"), notes
        )

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0 or not self.runs.blocks:
            return None
        return combine_runs([self._run(block, k_hint) for block in self.runs.blocks], self.runs.blocks)
