"""llama-server's per-request timings JSON (no Qt).

The fields, as llama-server returns them (checked against its sources; a sample file of our own
is in ``tests/data/metrics/``):

* llama-server, in each response's ``timings``: ``predicted_n`` (tokens generated),
  ``draft_n`` (draft tokens), ``draft_n_accepted``.  Drafts vary in length, and every verify
  step yields its accepted guesses plus one token, so the steps are ``predicted_n -
  draft_n_accepted`` (the first token, from the prompt, is one step more: a small bias said
  in a note).
"""

from __future__ import annotations

import math

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .collector import JsonCollector, count

__all__ = ["LlamaServerTimings"]


class LlamaServerTimings(JsonCollector):
    """llama-server's ``timings`` object with ``draft_n``."""

    format = "llama.cpp-timings"
    key = "draft_n"

    def _add(self, block: dict, line: int) -> bool:
        drafted = count(block, "draft_n", line)
        if not drafted:
            return False
        accepted = count(block, "draft_n_accepted", line)
        predicted = count(block, "predicted_n", line)
        assert accepted is not None and predicted is not None
        if accepted > drafted:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("draft_n_accepted ({accepted}) exceeds draft_n ({drafted})"),
                    accepted=accepted,
                    drafted=drafted,
                ),
                line=line,
            )
        steps = predicted - accepted
        if steps <= 0:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_(
                        "predicted_n ({predicted}) is not above draft_n_accepted ({accepted}): every "
                        "verify step yields one token beyond those accepted"
                    ),
                    predicted=predicted,
                    accepted=accepted,
                ),
                line=line,
            )
        self.drafted += drafted
        self._group(steps, accepted)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.steps:
            return None
        longest = math.ceil(self.drafted / self.steps)
        k = max(k_hint or 0, longest, 1)
        variable = self.drafted < self.steps * k
        return Measurement(
            format=self.format,
            sources=(),
            k=min(k, MAX_K),
            steps=self.steps,
            accepted=float(self.accepted),
            drafted=float(self.drafted),
            engine_acceptance=self.accepted / self.drafted,
            engine_basis=Phrase(N_("draft_n_accepted ÷ draft_n (llama-server)")),
            lines_used=self.lines_used,
            first_line=self.first_line,
            variable_k=variable,
            group_taus=self.groups.as_tuple(),
            notes=(
                N_(
                    "verify steps counted as predicted_n − draft_n_accepted (each request's first token, "
                    "from the prompt, counts as one step too)"
                ),
                *(
                    (
                        N_(
                            "drafts vary in length: no constant p at a fixed k describes them; k is the "
                            "longest draft the counts allow or the one given"
                        ),
                    )
                    if variable
                    else ()
                ),
            ),
        )
