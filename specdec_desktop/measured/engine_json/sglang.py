"""SGLang's per-request JSON (no Qt).

The fields, as SGLang returns them (checked against its sources; a sample file of our own is in
``tests/data/metrics/``):

* SGLang, in each response's ``meta_info`` (or an ``sglext_spec`` object): ``spec_verify_ct``
  (verify steps), ``spec_num_correct_drafts`` (guesses accepted), ``spec_num_proposed_drafts``
  (guesses drafted), ``spec_accept_length``, and ``spec_correct_drafts_histogram`` (entry
  ``j``: steps that accepted ``j`` guesses).
"""

from __future__ import annotations

import math
import operator

from specdec_desktop.measured.measurement import MAX_K, Measurement
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.measured.request_json import plain_counts
from specdec_desktop.text import N_, Phrase

from .collector import JsonCollector, count

__all__ = ["SglangRequests"]


class SglangRequests(JsonCollector):
    """SGLang's per-request ``spec_*`` fields."""

    format = "sglang-request-json"
    key = "spec_verify_ct"

    def __init__(self) -> None:
        super().__init__()
        self.per_step: set[float] = set()
        self.histogram: list[int] = []
        self.all_histograms = True
        self.k_line: int | None = None
        # Draft trees ("trees" helper): SGLang's --speculative-eagle-topk and
        # --speculative-num-draft-tokens, when a response states them, are to be recorded here.

    def _add(self, block: dict, line: int) -> bool:
        steps = count(block, "spec_verify_ct", line)
        if not steps:
            return False
        histogram = block.get("spec_correct_drafts_histogram")
        # An empty histogram counts nothing: the accepted drafts must then be stated.
        counted = isinstance(histogram, list) and bool(histogram)
        accepted = count(block, "spec_num_correct_drafts", line, required=not counted)
        if counted:
            if len(histogram) > MAX_K + 1:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(N_("spec_correct_drafts_histogram is longer than any k")),
                    line=line,
                )
            if plain_counts(histogram):
                counts = list(histogram)
            else:
                counts = [count({"entry": v}, "entry", line) or 0 for v in histogram]
            if sum(counts) != steps:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(
                        N_(
                            "spec_correct_drafts_histogram counts {sum_counts} steps, but spec_verify_ct "
                            "is {steps}"
                        ),
                        sum_counts=sum(counts),
                        steps=steps,
                    ),
                    line=line,
                )
            from_histogram = sum(map(operator.mul, range(len(counts)), counts))
            if accepted is not None and accepted != from_histogram:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(
                        N_("spec_num_correct_drafts is {accepted}, but the histogram gives {from_histogram}"),
                        accepted=accepted,
                        from_histogram=from_histogram,
                    ),
                    line=line,
                )
            accepted = from_histogram
            totals = self.histogram
            if len(counts) > len(totals):
                totals.extend([0] * (len(counts) - len(totals)))
            totals[: len(counts)] = map(operator.add, totals, counts)
        else:
            self.all_histograms = False
        assert accepted is not None
        proposed = count(block, "spec_num_proposed_drafts", line, required=False)
        if proposed is not None:
            if accepted > proposed:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(
                        N_(
                            "spec_num_correct_drafts ({accepted}) exceeds spec_num_proposed_drafts "
                            "({proposed})"
                        ),
                        accepted=accepted,
                        proposed=proposed,
                    ),
                    line=line,
                )
            self.drafted += proposed
            self.per_step.add(proposed / steps)
            self.k_line = self.k_line or line
        self._group(steps, accepted)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.steps:
            return None
        k_found = None
        variable = False
        if self.per_step:
            if len(self.per_step) == 1 and float(next(iter(self.per_step))).is_integer():
                k_found = int(next(iter(self.per_step)))
            else:
                variable = True
                k_found = math.ceil(max(self.per_step))
        if k_found is None and self.histogram:
            k_found = len(self.histogram) - 1
        if k_found is not None and k_hint is not None and k_hint != k_found and not variable:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("the file says k = {k_found}, but k = {k_hint} was given"),
                    k_found=k_found,
                    k_hint=k_hint,
                ),
                line=self.k_line,
            )
        k = k_hint if k_found is None else k_found
        if k is None or k < 1:
            raise MetricsProblem(
                "k_missing",
                Phrase(
                    N_(
                        "the draft length k is missing: spec_num_proposed_drafts is not among the fields; "
                        "give it with --k"
                    )
                ),
                line=self.first_line,
            )
        k = min(k, MAX_K)
        counts = None
        if self.all_histograms and self.histogram and not variable and len(self.histogram) <= k + 1:
            histogram = self.histogram + [0] * (k + 1 - len(self.histogram))
            counts = tuple(sum(histogram[i:]) for i in range(1, k + 1))
        return Measurement(
            format=self.format,
            sources=(),
            k=k,
            steps=self.steps,
            accepted=float(self.accepted),
            drafted=float(self.drafted) or None,
            position_counts=counts,
            engine_acceptance=self.accepted / self.drafted if self.drafted else None,
            engine_basis=Phrase(
                N_("spec_num_correct_drafts ÷ spec_num_proposed_drafts (SGLang's spec_accept_rate)")
            )
            if self.drafted
            else None,
            lines_used=self.lines_used,
            first_line=self.first_line,
            variable_k=variable,
            group_taus=self.groups.as_tuple(),
            notes=(N_("drafts vary in length (up to k): no constant p at a fixed k describes them"),)
            if variable
            else (),
        )
