"""Per-request JSON values added up a block at a time when every one is plain (no Qt).

A MiB of SGLang's or vLLM's JSON Lines holds about 1,400 responses (TensorRT-LLM's list of
requests, one document, about 1,600), and adding each through its collector's checks
(:meth:`.engine_json.SglangRequests._add`, :meth:`.request_json.RequestHistograms._add`,
:meth:`.engine_json.TrtllmRequests._add`) costs microseconds of Python apiece.  When every value
of a block is *plain* -- the object holding the key, its counts ints in range, its numbers
agreeing with each other -- none of those checks can fail, so the block is added up in a few
passes over its columns instead.  Anything else (a value not plain, a check that would fail)
and the values are fed one by one, so the errors, and the line each names, are the same.  The
state left is that of feeding the values one by one (tests/model/test_json_bulk.py compares).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from itertools import chain, repeat, zip_longest
from typing import Any

from .engine_json import SglangRequests, TrtllmRequests
from .measurement import MAX_K
from .problems import MetricsProblem
from .request_json import RequestHistograms, objects_holding

__all__ = ["feed_all"]

_MAX_COUNT = 2**53
_INT = {int}
_NONE = type(None)


def _counts(values: list) -> bool:
    """Every item an int from 0 to 2**53 (``values`` not empty)."""
    return set(map(type, values)) == _INT and min(values) >= 0 and max(values) <= _MAX_COUNT


def _optional(values: list) -> list[int] | None:
    """The ints of ``values``, when each is ``None`` or an int from 0 to 2**53; else ``None``."""
    if not set(map(type, values)) <= {int, _NONE}:
        return None
    given = [value for value in values if value is not None]
    if given and (min(given) < 0 or max(given) > _MAX_COUNT):
        return None
    return given


def _holding(values: list, key: str) -> bool:
    """Every value the object holding ``key`` (what the collectors' one-object path takes)."""
    return set(map(type, values)) == {dict} and all(map(operator.contains, values, repeat(key)))


def _weighted(columns: list[tuple[int, ...]]) -> list[int]:
    """Each histogram's accepted guesses, sum of j * h_j, from the histograms' columns h_j."""
    if len(columns) < 2:
        return [0] * (len(columns[0]) if columns else 0)
    total = list(columns[1])
    for j, column in enumerate(columns[2:], start=2):
        total = list(map(operator.add, total, map(operator.mul, column, repeat(j))))
    return total


def _sglang(collector: SglangRequests, values: list, lines: list[int]) -> bool:
    """:meth:`SglangRequests.feed_value` of each value, when every one is plain."""
    if not _holding(values, collector.key):
        return False
    steps = [value[collector.key] for value in values]
    histograms = [value.get("spec_correct_drafts_histogram") for value in values]
    if not _counts(steps) or min(steps) < 1 or set(map(type, histograms)) != {list}:
        return False
    lengths = list(map(len, histograms))
    if min(lengths) < 1 or max(lengths) > MAX_K + 1 or not _counts(list(chain.from_iterable(histograms))):
        return False
    if list(map(sum, histograms)) != steps:
        return False
    columns = list(zip_longest(*histograms, fillvalue=0))
    accepted = _weighted(columns)
    stated = [value.get("spec_num_correct_drafts") for value in values]
    proposed = [value.get("spec_num_proposed_drafts") for value in values]
    if _optional(stated) is None or (given := _optional(proposed)) is None:
        return False
    if any(s is not None and s != a for s, a in zip(stated, accepted, strict=True)):
        return False
    if any(p is not None and a > p for p, a in zip(proposed, accepted, strict=True)):
        return False
    # Nothing can fail now: the state _add would leave, value by value.
    totals = collector.histogram
    if max(lengths) > len(totals):
        totals.extend([0] * (max(lengths) - len(totals)))
    sums = list(map(sum, columns))
    totals[: len(sums)] = map(operator.add, totals, sums)
    collector.drafted += sum(given)
    collector.per_step.update(p / s for p, s in zip(proposed, steps, strict=True) if p is not None)
    if collector.k_line is None:
        stating = (line for line, p in zip(lines, proposed, strict=True) if p is not None)
        collector.k_line = next(stating, None)
    collector.steps += sum(steps)
    collector.accepted += sum(accepted)
    collector.groups.extend([(1.0 + a / s, s) for a, s in zip(accepted, steps, strict=True)])
    collector.lines_used += len(values)
    if collector.first_line is None:
        collector.first_line = lines[0]
    return True


def _vllm(histograms: RequestHistograms, values: list, lines: list[int]) -> bool:
    """:meth:`RequestHistograms.feed_value` of each value, when every one is plain."""
    if not _holding(values, "acceptance_histogram"):
        return False
    raws = [value["acceptance_histogram"] for value in values]
    lengths = set(map(len, raws)) if set(map(type, raws)) == {list} else set()
    if len(lengths) != 1 or not 2 <= (size := lengths.pop()) <= MAX_K + 1:
        return False
    k = size - 1
    if (histograms.k is not None and histograms.k != k) or not _counts(list(chain.from_iterable(raws))):
        return False
    stated = [value.get("num_spec_tokens") for value in values]
    if _optional(stated) is None or any(s is not None and s != k for s in stated):
        return False
    steps = list(map(sum, raws))
    columns = list(zip(*raws, strict=True))
    accepted = _weighted(columns)
    for key, computed in (("num_spec_steps", steps), ("num_accepted_draft_tokens", accepted)):
        given = [value.get(key) for value in values]
        if _optional(given) is None:
            return False
        if any(g is not None and g != c for g, c in zip(given, computed, strict=True)):
            return False
    given = [value.get("num_draft_tokens") for value in values]
    if _optional(given) is None:
        return False
    drafted = [s * k if d is None else d for d, s in zip(given, steps, strict=True)]
    if any(a > d or d > s * k for a, d, s in zip(accepted, drafted, steps, strict=True)):
        return False
    means = [value.get("mean_acceptance_length") for value in values]
    if any(
        [
            isinstance(mean, (int, float)) and s and abs(mean - (1 + a / s)) > 1e-6
            for mean, s, a in zip(means, steps, accepted, strict=True)
        ]
    ):
        return False
    # Nothing can fail now: the state _add would leave, value by value.
    histograms.k, histograms.k_line = k, lines[-1]
    if not histograms.histogram:
        histograms.histogram = [0] * (k + 1)
    histograms.histogram = list(map(operator.add, histograms.histogram, map(sum, columns)))
    histograms.drafted += sum(drafted)
    histograms.groups.extend([(1.0 + a / s, s) for a, s in zip(accepted, steps, strict=True) if s])
    histograms.lines_used += len(values)
    if histograms.first_line is None:
        histograms.first_line = lines[0]
    return True


def _trtllm(collector: TrtllmRequests, values: list, lines: list[int]) -> bool:
    """:meth:`TrtllmRequests.feed_value` of one document, when every request in it is plain."""
    if len(values) != 1:
        return False
    value, key = values[0], collector.key
    blocks = [value] if type(value) is dict and key in value else objects_holding(value, key)
    if not blocks:
        return False
    drafted = [block.get(key) for block in blocks]
    accepted = [block.get("total_accepted_draft_tokens") for block in blocks]
    if not _counts(drafted) or min(drafted) < 1 or not _counts(accepted):
        return False
    if any(a > d for a, d in zip(accepted, drafted, strict=True)):
        return False
    rates = [block.get("acceptance_rate") for block in blocks]
    if any(
        [
            isinstance(rate, (int, float)) and not isinstance(rate, bool) and abs(rate - a / d) > 1e-3
            for rate, a, d in zip(rates, accepted, drafted, strict=True)
        ]
    ):
        return False
    # Nothing can fail now: the state _add would leave, request by request.
    collector.drafted += sum(drafted)
    collector.accepted += sum(accepted)
    collector.groups.extend([(a / d, d) for a, d in zip(accepted, drafted, strict=True)])
    collector.lines_used += 1
    if collector.first_line is None:
        collector.first_line = lines[0]
    return True


_BULK: dict[type, Callable[[Any, list, list[int]], bool]] = {
    SglangRequests: _sglang,
    RequestHistograms: _vllm,
    TrtllmRequests: _trtllm,
}


def feed_all(consumer: Any, items: list[tuple[Any, int]]) -> None:
    """``consumer.feed_value(value, line)`` for each of ``items`` in order, a MetricsProblem naming
    its line; a block of plain values is added up at once, to the same state."""
    bulk = _BULK.get(type(consumer))
    values, lines = [value for value, _ in items], [line for _, line in items]
    if items and bulk is not None and bulk(consumer, values, lines):
        return
    for value, line in items:
        try:
            consumer.feed_value(value, line)
        except MetricsProblem as problem:
            raise problem.at(line=line) from None
