"""Per-request JSON of SGLang, llama-server and TensorRT-LLM (no Qt).

The fields, as the engines return them (checked against their sources; sample files of our
own are in ``tests/data/metrics/``):

* SGLang, in each response's ``meta_info`` (or an ``sglext_spec`` object): ``spec_verify_ct``
  (verify steps), ``spec_num_correct_drafts`` (guesses accepted), ``spec_num_proposed_drafts``
  (guesses drafted), ``spec_accept_length``, and ``spec_correct_drafts_histogram`` (entry
  ``j``: steps that accepted ``j`` guesses).
* llama-server, in each response's ``timings``: ``predicted_n`` (tokens generated),
  ``draft_n`` (draft tokens), ``draft_n_accepted``.  Drafts vary in length, and every verify
  step yields its accepted guesses plus one token, so the steps are ``predicted_n -
  draft_n_accepted`` (the first token, from the prompt, is one step more: a small bias said
  in a note).
* TensorRT-LLM, per request (``perf_metrics`` / ``speculative_decoding``): ``acceptance_rate``,
  ``total_accepted_draft_tokens``, ``total_draft_tokens``; no step count, so k must be given
  and the steps are draft tokens ÷ k.

Each collector finds its objects anywhere in the value (to a bounded depth) and adds them up,
keeping each request's tokens per step for the test of whether the requests agree.  A field
that the object's other fields call for but that is missing is refused by name.
"""

from __future__ import annotations

import math
import operator
from functools import cached_property
from typing import Any

from specdec_desktop.text import N_, Phrase

from .measurement import MAX_K, Groups, Measurement
from .problems import MetricsProblem
from .request_json import objects_holding as _objects
from .request_json import plain_counts

__all__ = ["JSON_COLLECTORS", "JsonCollector"]

_MAX_COUNT = 2**53


def _count(block: dict, name: str, line: int, required: bool = True) -> int | None:
    value = block.get(name)
    if type(value) is int and 0 <= value <= _MAX_COUNT:  # the usual case, decided at once
        return value
    if value is None:
        if required:
            raise MetricsProblem(
                "missing_field",
                Phrase(N_("{name} is missing; a missing count is not read as zero"), name=name),
                line=line,
            )
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("{name} is {shown}; it must be a count (0, 1, 2, ...)"), name=name, shown=shown),
            line=line,
        )
    return value


class JsonCollector:
    """Base of the collectors: objects found by a key, added up."""

    format = ""
    key = ""

    def __init__(self) -> None:
        self.lines_used = 0
        self.first_line: int | None = None
        self.steps = 0
        self.accepted = 0
        self.drafted = 0
        self.groups = Groups()

    @cached_property
    def marker(self) -> bytes:
        """What a JSON line must hold to be parsed for this collector (asked once per line)."""
        return f'"{self.key}"'.encode()

    def feed_value(self, value: Any, line: int) -> bool:
        """Add the objects inside one parsed JSON value; ``True`` when there were any."""
        # The object parsed alone around the key (json_read) is the one object found.
        blocks = [value] if type(value) is dict and self.key in value else _objects(value, self.key)
        used = False
        for block in blocks:
            used = self._add(block, line) or used
        if used:
            self.lines_used += 1
            if self.first_line is None:
                self.first_line = line
        return used

    def _add(self, block: dict, line: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _group(self, steps: int, accepted: int) -> None:
        self.steps += steps
        self.accepted += accepted
        if steps:
            self.groups.add(1.0 + accepted / steps, steps)

    def finish(self, k_hint: int | None) -> Measurement | None:  # pragma: no cover - abstract
        raise NotImplementedError


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
        steps = _count(block, "spec_verify_ct", line)
        if not steps:
            return False
        histogram = block.get("spec_correct_drafts_histogram")
        # An empty histogram counts nothing: the accepted drafts must then be stated.
        counted = isinstance(histogram, list) and bool(histogram)
        accepted = _count(block, "spec_num_correct_drafts", line, required=not counted)
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
                counts = [_count({"entry": v}, "entry", line) or 0 for v in histogram]
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
        proposed = _count(block, "spec_num_proposed_drafts", line, required=False)
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


class LlamaServerTimings(JsonCollector):
    """llama-server's ``timings`` object with ``draft_n``."""

    format = "llama.cpp-timings"
    key = "draft_n"

    def _add(self, block: dict, line: int) -> bool:
        drafted = _count(block, "draft_n", line)
        if not drafted:
            return False
        accepted = _count(block, "draft_n_accepted", line)
        predicted = _count(block, "predicted_n", line)
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


class TrtllmRequests(JsonCollector):
    """TensorRT-LLM's per-request speculative-decoding metrics."""

    format = "tensorrt-llm-request-json"
    key = "total_draft_tokens"

    def _add(self, block: dict, line: int) -> bool:
        drafted = _count(block, "total_draft_tokens", line)
        if not drafted:
            return False
        accepted = _count(block, "total_accepted_draft_tokens", line)
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


#: Every JSON collector besides vLLM's histograms, in the order they are offered a value.
JSON_COLLECTORS: tuple[type[JsonCollector], ...] = (SglangRequests, LlamaServerTimings, TrtllmRequests)
