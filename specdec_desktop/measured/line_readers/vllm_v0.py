"""vLLM V0's metrics log lines (no Qt).

The format, as vLLM V0 prints it (checked against its sources; a sample file of our own is in
``tests/data/metrics/``): ``Speculative metrics: Draft acceptance rate: 0.651, System
efficiency: 0.544, Number of speculative tokens: 4, Number of accepted tokens: ..., Number of
draft tokens: ..., Number of emitted tokens: ...``; counts are totals since start.  V0 counts a
guess accepted even after an earlier one was rejected, so tokens per step comes from *emitted*
tokens.  The V1 lines are :mod:`.vllm`'s, the Prometheus counters :mod:`.vllm_prometheus`'s.
"""

from __future__ import annotations

import math
import re

from specdec_desktop.measured.measurement import Measurement
from specdec_desktop.text import N_, Phrase

from .base import (
    NUMBER,
    Cumulative,
    LineReader,
    check_accepted,
    check_close,
    check_k,
    contradiction,
    find_number,
    resolve_k,
)

__all__ = ["VllmV0Reader"]


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
        self._check_rate(text, line, accepted, draft)
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

    def _check_rate(self, text: str, line: int, accepted: float, draft: float) -> None:
        """No more accepted than drafted, and the printed acceptance rate their ratio."""
        check_accepted(accepted, draft, line)
        rate = find_number(self._rate, text)
        if rate is not None and draft > 0:
            check_close(N_("the draft acceptance rate"), rate, accepted / draft, 0.0006, line)

    def _feed_early(self, text: str, line: int, accepted: float, draft: float) -> bool:
        """VLLM V1's first log line, in V0's words: counts of one interval, no k, no emitted count."""
        self._check_rate(text, line, accepted, draft)
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
