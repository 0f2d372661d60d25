"""vLLM per-request speculative-decoding JSON (no Qt).

vLLM can attach to each response ``"metrics": {"speculative_decoding": {...}}`` with
``acceptance_histogram`` (entry ``j``: verify steps that accepted ``j`` guesses, ``j = 0..k``),
``num_spec_steps``, ``num_accepted_draft_tokens``, ``num_draft_tokens``, ``num_spec_tokens`` (k),
``mean_acceptance_length`` and ``draft_acceptance_rate``.  A file may hold one response, a list
of them, or one per line (JSON Lines); every histogram found is added up.
"""

from __future__ import annotations

import json
import math
import operator
from typing import Any

from specdec_desktop.text import N_, Phrase

from .measurement import MAX_K, Groups, Measurement
from .problems import MetricsProblem, k_changed

__all__ = ["MARKER", "RequestHistograms", "objects_holding", "plain_counts"]

#: What a JSON text must hold for :class:`RequestHistograms` to find anything in it.
MARKER = b'"acceptance_histogram"'

_MAX_DEPTH = 16
#: Counts above this are not believed (2**53: exact in a float).
_MAX_COUNT = 2**53


def _reject_constant(name: str) -> Any:
    raise ValueError(f"holds {name}, which is not a number")


#: A decoder that refuses NaN and Infinity.
DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def parse_json(text: str) -> Any:
    """``json.loads`` that refuses NaN and Infinity."""
    return DECODER.decode(text)


def objects_holding(value: Any, key: str) -> list[dict]:
    """Every object holding ``key``, searched to a bounded depth (not inside one that holds it).

    The order is a walk that takes a list's items first to last and an object's values last to
    first (the order of the stack this walk once kept).  Only objects and lists are visited: a
    response's numbers and strings (its generated text) are passed over.
    """
    found: list[dict] = []
    _walk(value, key, 0, found)
    return found


def _walk(item: Any, key: str, depth: int, found: list[dict]) -> None:
    if isinstance(item, dict):
        if key in item:
            found.append(item)
            return
        children: Any = reversed(item.values())
    elif isinstance(item, list):
        children = item
    else:  # only the value given may be neither
        return
    if depth < _MAX_DEPTH:  # at most _MAX_DEPTH + 1 calls deep
        for child in children:
            if isinstance(child, (dict, list)):
                _walk(child, key, depth + 1, found)


def _blocks(value: Any) -> list[dict]:
    """Every object holding an ``acceptance_histogram``, searched to a bounded depth."""
    return objects_holding(value, "acceptance_histogram")


def plain_counts(values: list) -> bool:
    """Whether every item of ``values`` (a non-empty list) is an int from 0 to 2**53: the usual
    case, checked in three passes in C instead of one check per item in Python."""
    return set(map(type, values)) == _INT_ONLY and min(values) >= 0 and max(values) <= _MAX_COUNT


_INT_ONLY = {int}


def _count(value: Any, what: str, line: int) -> int:
    if type(value) is int and 0 <= value <= _MAX_COUNT:  # the usual case, decided at once
        return value
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and 0 <= value <= _MAX_COUNT:
        value, ok = int(value), True
    if not ok:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("{what} is {shown}; it must be a count (0, 1, 2, ...)"), what=what, shown=shown),
            line=line,
        )
    return int(value)


class RequestHistograms:
    """Adds up the histograms of every response."""

    format = "vllm-request-json"

    def __init__(self) -> None:
        self.k: int | None = None
        self.k_line: int | None = None
        self.histogram: list[int] = []
        self.drafted = 0
        self.lines_used = 0
        self.first_line: int | None = None
        self.groups = Groups()  # each response's tokens per step and steps

    def feed_value(self, value: Any, line: int) -> bool:
        """Add the histograms inside one parsed JSON value; ``True`` when there were any."""
        # The object parsed alone around the key (json_read) is the one object found.
        blocks = [value] if type(value) is dict and "acceptance_histogram" in value else _blocks(value)
        for block in blocks:
            self._add(block, line)
        if blocks:
            self.lines_used += 1
            if self.first_line is None:
                self.first_line = line
        return bool(blocks)

    def _add(self, block: dict, line: int) -> None:
        raw = block["acceptance_histogram"]
        if raw is None:
            return
        if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_K + 1:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("acceptance_histogram must be a list of k + 1 counts (k from 1 to {MAX_K})"),
                    MAX_K=MAX_K,
                ),
                line=line,
            )
        if plain_counts(raw):
            histogram = list(raw)
        else:
            histogram = [_count(v, Phrase(N_("an acceptance_histogram entry")), line) for v in raw]
        k = len(histogram) - 1
        stated = block.get("num_spec_tokens")
        if stated is not None and _count(stated, "num_spec_tokens", line) != k:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_(
                        "num_spec_tokens is {stated}, but acceptance_histogram has {len_histogram} entries "
                        "(k + 1 = {expected} expected)"
                    ),
                    stated=stated,
                    len_histogram=len(histogram),
                    expected=k + 1,
                ),
                line=line,
            )
        if self.k is not None and k != self.k:
            raise k_changed(self.k, self.k_line, k, line)
        self.k, self.k_line = k, line
        steps = sum(histogram)
        accepted = sum(map(operator.mul, range(len(histogram)), histogram))
        for key, computed in (("num_spec_steps", steps), ("num_accepted_draft_tokens", accepted)):
            if key in block and block[key] is not None and _count(block[key], key, line) != computed:
                raise MetricsProblem(
                    "contradiction",
                    Phrase(
                        N_("{key} is {stated}, but acceptance_histogram gives {computed}"),
                        key=key,
                        stated=block[key],
                        computed=computed,
                    ),
                    line=line,
                )
        drafted = block.get("num_draft_tokens")
        drafted = steps * k if drafted is None else _count(drafted, "num_draft_tokens", line)
        if accepted > drafted or drafted > steps * k:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_(
                        "num_draft_tokens is {drafted}, which does not fit {steps} steps of k = {k} with "
                        "{accepted} accepted"
                    ),
                    drafted=drafted,
                    steps=steps,
                    k=k,
                    accepted=accepted,
                ),
                line=line,
            )
        mean = block.get("mean_acceptance_length")
        if isinstance(mean, (int, float)) and steps and abs(mean - (1 + accepted / steps)) > 1e-6:
            raise MetricsProblem(
                "contradiction",
                Phrase(
                    N_("mean_acceptance_length is {mean}, but the histogram gives {computed:.6g}"),
                    mean=mean,
                    computed=1 + accepted / steps,
                ),
                line=line,
            )
        if not self.histogram:
            self.histogram = [0] * (k + 1)
        self.histogram = list(map(operator.add, self.histogram, histogram))  # both k + 1 long
        self.drafted += drafted
        if steps:
            self.groups.add(1.0 + accepted / steps, steps)

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.histogram or sum(self.histogram) == 0:
            return None
        k = self.k
        assert k is not None
        if k_hint is not None and k_hint != k:
            raise MetricsProblem(
                "contradiction",
                Phrase(N_("the file says k = {k}, but k = {k_hint} was given"), k=k, k_hint=k_hint),
                line=self.k_line,
            )
        steps = sum(self.histogram)
        accepted = sum(j * h for j, h in enumerate(self.histogram))
        counts, above = [], steps
        for h in self.histogram[:-1]:
            above -= h
            counts.append(above)
        counts = tuple(counts)
        return Measurement(
            format=self.format,
            sources=(),
            k=k,
            steps=steps,
            accepted=float(accepted),
            position_counts=counts,
            engine_acceptance=accepted / self.drafted if self.drafted else None,
            engine_basis=Phrase(N_("accepted ÷ drafted tokens (vLLM's draft_acceptance_rate)")),
            lines_used=self.lines_used,
            first_line=self.first_line,
            drafted=float(self.drafted) or None,
            group_taus=self.groups.as_tuple(),
        )
