"""TensorRT-LLM's per-request JSON (no Qt).

The fields, as TensorRT-LLM returns them (checked against its sources; a sample file of our own
is in ``tests/data/metrics/``):

* TensorRT-LLM, per request (``perf_metrics`` / ``speculative_decoding``): ``acceptance_rate``,
  ``total_accepted_draft_tokens``, ``total_draft_tokens``; no step count, so k must be given
  and the steps are draft tokens ÷ k.
"""

from __future__ import annotations

from specdec_desktop.measured.measurement import Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .collector import JsonCollector, count

__all__ = ["TrtllmRequests"]


class TrtllmRequests(JsonCollector):
    """TensorRT-LLM's per-request speculative-decoding metrics."""

    format = "tensorrt-llm-request-json"
    key = "total_draft_tokens"

    def _add(self, block: dict, line: int) -> bool:
        drafted = count(block, "total_draft_tokens", line)
        if not drafted:
            return False
        accepted = count(block, "total_accepted_draft_tokens", line)
        assert accepted is not None
        if accepted > drafted:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("total_accepted_draft_tokens ({accepted}) exceeds total_draft_tokens ({drafted})"),
                    accepted=accepted,
                    drafted=drafted,
                ),
                line=line,
            )
        rate = block.get("acceptance_rate")
        if (
            isinstance(rate, (int, float))
            and not isinstance(rate, bool)
            and abs(rate - accepted / drafted) > 1e-3
        ):
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("acceptance_rate is {rate}, but the counts give {computed:.4f}"),
                    rate=rate,
                    computed=accepted / drafted,
                ),
                line=line,
            )
        self.drafted += drafted
        self.accepted += accepted
        self.groups.add(accepted / drafted, drafted)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.drafted:
            return None
        if k_hint is None:
            raise MetricsProblem(
                "k_missing",
                Phrase(
                    N_(
                        "the draft length k is missing: TensorRT-LLM's per-request metrics give no step "
                        "count (it is max_draft_len); give it with --k"
                    )
                ),
                line=self.first_line,
            )
        if self.drafted % k_hint:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("{drafted} draft tokens are not whole drafts of k = {k_hint}"),
                    drafted=self.drafted,
                    k_hint=k_hint,
                ),
                line=self.first_line,
            )
        steps = self.drafted // k_hint
        return Measurement(
            format=self.format,
            sources=(),
            k=k_hint,
            steps=steps,
            accepted=float(self.accepted),
            drafted=float(self.drafted),
            engine_acceptance=self.accepted / self.drafted,
            engine_basis=Phrase(
                N_("total_accepted_draft_tokens ÷ total_draft_tokens (TensorRT-LLM's acceptance_rate)")
            ),
            lines_used=self.lines_used,
            first_line=self.first_line,
            notes=(N_("verify steps counted as draft tokens ÷ k (the metrics give no step count)"),),
        )
