"""Serving-engine log and Prometheus lines: one reader per format (no Qt).

Each reader is fed the lines that carry its marker (the scanner finds them fast in raw
bytes), keeps counts, and at the end turns them into a :class:`Measurement`.  The line
formats, as the engines print them (checked against their sources; sample files of our own
are in ``tests/data/metrics/``):

* vLLM (V1) ``SpecDecoding metrics: Mean acceptance length: 3.65, Accepted throughput: ...,
  Accepted: 257 tokens, Drafted: 388 tokens, Per-position acceptance rate: 0.804, 0.701, ...,
  Avg Draft acceptance rate: 66.2%``; older releases print ``Draft acceptance rate: 66.2%``
  first and some no per-position rates.  Each line covers one logging interval; the counts add.
  Per-position rates are unconditional: the share of drafts with at least ``i`` accepted.
* vLLM V0 ``Speculative metrics: Draft acceptance rate: 0.651, System efficiency: 0.544,
  Number of speculative tokens: 4, Number of accepted tokens: ..., Number of draft tokens: ...,
  Number of emitted tokens: ...``; counts are totals since start.  V0 counts a guess accepted
  even after an earlier one was rejected, so tokens per step comes from *emitted* tokens.
* vLLM Prometheus ``vllm:spec_decode_num_drafts_total{engine="0",...} 97``, ``..._num_draft_tokens``,
  ``..._num_accepted_tokens``, ``..._num_accepted_tokens_per_pos{position="0"}`` (counters, so
  the last value of each series counts; series of several engines add).
* llama.cpp server ``draft acceptance = 0.66237 (257 accepted / 388 generated), mean acceptance
  length = 3.65, acceptance rate per position = (0.804, 0.701, 0.629, 0.515)`` per task (older:
  ``draft acceptance rate = 0.57576 (19 accepted / 33 generated)``), and its cumulative
  ``statistics <drafter>: ... #gen drafts = 134, #acc drafts = 109, #gen tokens = 536,
  #acc tokens = 354, #mean acc len = 3.64, #acc rate/pos = (...)``.
* SGLang ``Decode batch. ... accept len: 3.21, accept rate: 0.80, ...`` per interval (a mean
  tokens per verify pass, the target's own included; no counts, no draft length), and its
  Prometheus gauges ``sglang:spec_accept_length``, ``sglang:spec_accept_rate``,
  ``sglang:spec_num_steps``, counter ``sglang:spec_verify_calls_total``.
"""

from __future__ import annotations

import math
import re
from typing import ClassVar

from .measurement import MAX_K, Measurement
from .problems import MetricsProblem

__all__ = ["LINE_READERS", "LineReader"]

_NUMBER = r"(nan|[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)"


def _find(pattern: re.Pattern[str], text: str) -> float | None:
    match = pattern.search(text)
    if match is None:
        return None
    return _plausible(float(match.group(1)), match.group(1))


#: No engine counts past this; a larger number is a garbled line.
_LARGEST = 1e15


def _plausible(value: float, text: str) -> float:
    if abs(value) > _LARGEST:  # also infinity; NaN passes (vLLM prints "nan%" for an idle interval)
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise MetricsProblem("contradiction", f"holds the number {shown}, beyond any count an engine reports")
    return value


def _numbers(text: str) -> list[float]:
    """The leading comma-separated numbers of ``text`` ("0.8, 0.7, Avg ..." -> [0.8, 0.7])."""
    values = []
    for part in text.strip().lstrip("([").split(","):
        part = part.strip().rstrip(")]")
        try:
            value = float(part)
        except ValueError:
            break
        values.append(value)
        if ")" in part or "]" in part:
            break
    return values


def _contradiction(problem: str, line: int) -> MetricsProblem:
    return MetricsProblem("contradiction", problem, line=line)


def _check_close(what: str, printed: float, computed: float, tolerance: float, line: int) -> None:
    if not math.isfinite(printed) or abs(printed - computed) > tolerance:
        raise _contradiction(
            f"the numbers contradict each other: {what} is {printed:g}, but the counts give {computed:.4g}",
            line,
        )


def _check_rates(rates: list[float], line: int, tolerance: float = 0.0015) -> None:
    previous = 1.0
    for position, rate in enumerate(rates, start=1):
        if not (0.0 <= rate <= 1.0):
            raise _contradiction(f"acceptance rate at position {position} is {rate:g}, outside 0 to 1", line)
        if rate > previous + tolerance:
            raise _contradiction(
                f"acceptance rate at position {position} ({rate:g}) exceeds the one before it "
                f"({previous:g}); a later guess can only survive if the earlier ones did",
                line,
            )
        previous = rate


class _Cumulative:
    """A counter that only grows, except when the server restarts (then it starts over)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._last: float | None = None

    def add(self, value: float) -> None:
        if self._last is None or value < self._last:
            self.total += value
        else:
            self.total += value - self._last
        self._last = value


def _check_k(k: int, line: int | None) -> int:
    if not 1 <= k <= MAX_K:
        raise MetricsProblem(
            "contradiction", f"the draft length k would be {k}; this app reads k from 1 to {MAX_K}", line=line
        )
    return k


def _resolve_k(found: int | None, hint: int | None, line: int | None, fmt: str, how: str) -> int:
    if found is not None:
        _check_k(found, line)
    if found is not None and hint is not None and found != hint:
        raise MetricsProblem(
            "contradiction", f"the file says k = {found}, but k = {hint} was given", line=line
        )
    k = found if found is not None else hint
    if k is None:
        raise MetricsProblem(
            "k_missing",
            f"the draft length k is missing: {how}; give it with --k",
            line=line,
        )
    if k < 1:
        raise MetricsProblem("contradiction", f"the draft length k is {k}; it must be 1 or more", line=line)
    return k


class LineReader:
    """Base of the readers: counts lines used, remembers the first."""

    format = ""
    markers: tuple[bytes, ...] = ()

    def __init__(self) -> None:
        self.lines_used = 0
        self.first_line: int | None = None

    def feed(self, text: str, line: int) -> bool:
        """Read one line holding this reader's marker; ``True`` when it gave numbers."""
        used = self._feed(text, line)
        if used:
            self.lines_used += 1
            if self.first_line is None:
                self.first_line = line
        return used

    def _feed(self, text: str, line: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def finish(self, k_hint: int | None) -> Measurement | None:  # pragma: no cover - abstract
        """The measurement, or ``None`` when no line gave numbers."""
        raise NotImplementedError

    def _measurement(self, **fields) -> Measurement:
        return Measurement(
            format=self.format, sources=(), lines_used=self.lines_used, first_line=self.first_line, **fields
        )


class _PositionSum:
    """Steps and per-position counts summed over intervals, all with the same k."""

    def __init__(self) -> None:
        self.k: int | None = None
        self.k_line: int | None = None
        self.steps = 0
        self.accepted = 0.0
        self.drafted = 0.0
        self.counts: list[float] | None = None
        self.all_have_positions = True

    def set_k(self, k: int, line: int) -> None:
        _check_k(k, line)
        if self.k is None:
            self.k, self.k_line = k, line
        elif k != self.k:
            raise _contradiction(
                f"the draft length changes from {self.k} (line {self.k_line}) to {k}; "
                "import the parts with different k separately",
                line,
            )

    def add(self, steps: int, accepted: float, drafted: float, rates: list[float] | None) -> None:
        self.steps += steps
        self.accepted += accepted
        self.drafted += drafted
        if rates is None:
            self.all_have_positions = False
            return
        if self.counts is None:
            self.counts = [0.0] * len(rates)
        for i, rate in enumerate(rates):
            self.counts[i] += rate * steps

    def position_counts(self) -> tuple[int, ...] | None:
        if self.counts is None or not self.all_have_positions:
            return None
        counts = [min(self.steps, round(n)) for n in self.counts]
        for i in range(1, len(counts)):  # rounding must not make a later count exceed an earlier one
            counts[i] = min(counts[i], counts[i - 1])
        return tuple(counts)


class VllmReader(LineReader):
    """vLLM (V1) ``SpecDecoding metrics:`` lines, every variant."""

    format = "vllm"
    markers = (b"SpecDecoding metrics:",)
    _mean = re.compile(r"Mean acceptance length:\s*" + _NUMBER)
    _accepted = re.compile(r"Accepted:\s*(\d+)\s*tokens")
    _drafted = re.compile(r"Drafted:\s*(\d+)\s*tokens")
    _percent = re.compile(r"Draft acceptance rate:\s*" + _NUMBER + "%")
    _positions = re.compile(r"Per-position acceptance rate:\s*")

    def __init__(self) -> None:
        super().__init__()
        self.sum = _PositionSum()
        self.pending: list[tuple[int, float, float, float | None]] = []  # lines waiting for k

    def _feed(self, text: str, line: int) -> bool:
        text = text.split("SpecDecoding metrics:", 1)[1]
        accepted = _find(self._accepted, text)
        drafted = _find(self._drafted, text)
        if accepted is None or drafted is None:
            return False
        mean = _find(self._mean, text)
        percent = _find(self._percent, text)
        match = self._positions.search(text)
        rates = _numbers(text[match.end() :]) if match else None
        if accepted > drafted:
            raise _contradiction(f"{accepted:.0f} tokens accepted out of {drafted:.0f} drafted", line)
        if drafted == 0:
            return True  # an interval without drafts: nothing to count
        if percent is not None:
            _check_close("the draft acceptance rate (%)", percent, 100 * accepted / drafted, 0.051, line)
        if rates:
            _check_rates(rates, line)
            self.sum.set_k(len(rates), line)
            k = len(rates)
        elif self.sum.k is not None:
            k = self.sum.k
        elif mean is not None and accepted > 0 and mean > 1.005:
            k = max(1, round(min(drafted * (mean - 1) / accepted, MAX_K + 1)))
            self.sum.set_k(k, line)
        else:
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
            _check_close(
                "the mean acceptance length", mean, 1 + accepted / steps, 0.006 + 0.01 * k / steps, line
            )
        if rates:
            _check_close(
                "the sum of the per-position rates",
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
        k = _resolve_k(
            self.sum.k,
            k_hint,
            self.sum.k_line or line,
            self.format,
            "these vLLM lines print neither per-position rates nor a mean acceptance length",
        )
        for pending_line, accepted, drafted, mean in self.pending:
            self._add(pending_line, k, accepted, drafted, mean, None)
            self.sum.all_have_positions = False
        if self.sum.steps == 0:
            return None
        return self._measurement(
            k=k,
            steps=self.sum.steps,
            accepted=self.sum.accepted,
            position_counts=self.sum.position_counts(),
            engine_acceptance=self.sum.accepted / self.sum.drafted if self.sum.drafted else None,
            engine_basis="accepted ÷ drafted tokens (vLLM's draft acceptance rate)",
            notes=("per-position counts rebuilt from rates printed to 3 decimals",)
            if self.sum.position_counts()
            else (),
        )


class VllmV0Reader(LineReader):
    """vLLM V0 ``Speculative metrics:`` lines (totals since start)."""

    format = "vllm-v0"
    markers = (b"Speculative metrics:",)
    _rate = re.compile(r"Draft acceptance rate:\s*" + _NUMBER)
    _efficiency = re.compile(r"System efficiency:\s*" + _NUMBER)
    _k = re.compile(r"Number of speculative tokens:\s*(\d+)")
    _accepted = re.compile(r"Number of accepted tokens:\s*(\d+)")
    _draft = re.compile(r"Number of draft tokens(?: tokens)?:\s*(\d+)")
    _emitted = re.compile(r"Number of emitted tokens(?: tokens)?:\s*(\d+)")

    def __init__(self) -> None:
        super().__init__()
        self.k: int | None = None
        self.k_line: int | None = None
        self.accepted, self.draft, self.emitted = _Cumulative(), _Cumulative(), _Cumulative()

    def _feed(self, text: str, line: int) -> bool:
        text = text.split("Speculative metrics:", 1)[1]
        k, accepted = _find(self._k, text), _find(self._accepted, text)
        draft, emitted = _find(self._draft, text), _find(self._emitted, text)
        if None in (accepted, draft, emitted):
            return False
        if k is not None:
            _check_k(int(k), line)
            if self.k is not None and int(k) != self.k:
                raise _contradiction(
                    f"the number of speculative tokens changes from {self.k} (line {self.k_line}) to {k:.0f}",
                    line,
                )
            self.k, self.k_line = int(k), line
        if accepted > draft:
            raise _contradiction(f"{accepted:.0f} tokens accepted out of {draft:.0f} drafted", line)
        rate = _find(self._rate, text)
        if rate is not None and draft > 0:
            _check_close("the draft acceptance rate", rate, accepted / draft, 0.0006, line)
        if self.k and draft > 0:
            steps = draft / self.k
            if emitted > steps * (self.k + 1) + 0.5 or emitted < steps - 0.5:
                raise _contradiction(
                    f"{emitted:.0f} emitted tokens cannot come from {steps:.0f} steps of k = {self.k}", line
                )
            efficiency = _find(self._efficiency, text)
            if efficiency is not None and math.isfinite(efficiency):
                _check_close(
                    "the system efficiency", efficiency, emitted / (steps * (self.k + 1)), 0.0006, line
                )
        self.accepted.add(accepted)
        self.draft.add(draft)
        self.emitted.add(emitted)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0 or self.draft.total == 0:
            return None
        k = _resolve_k(
            self.k,
            k_hint,
            self.k_line or self.first_line,
            self.format,
            "these lines do not give the number of speculative tokens",
        )
        steps = round(self.draft.total / k)
        return self._measurement(
            k=k,
            steps=steps,
            accepted=self.emitted.total - steps,
            engine_acceptance=self.accepted.total / self.draft.total,
            engine_basis="accepted ÷ drafted tokens, counting guesses accepted after a rejected one "
            "(vLLM V0); tokens per step uses emitted tokens instead",
        )


_PROM = re.compile(
    r"^\s*([A-Za-z_:][A-Za-z0-9_:]*)(\{[^}]*\})?\s+" + _NUMBER + r"(?:\s+\d+)?\s*$", re.IGNORECASE
)
_LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def _prom_sample(text: str) -> tuple[str, dict[str, str], str, float] | None:
    match = _PROM.match(text)
    if match is None:
        return None
    name, labels, value = (
        match.group(1),
        match.group(2) or "",
        _plausible(float(match.group(3)), match.group(3)),
    )
    return name, dict(_LABEL.findall(labels)), labels, value


class VllmPrometheusReader(LineReader):
    """vLLM's Prometheus counters, several engines summed."""

    format = "vllm-prometheus"
    markers = (b"vllm:spec_decode_num_",)
    _names = ("num_drafts", "num_draft_tokens", "num_accepted_tokens", "num_accepted_tokens_per_pos")

    def __init__(self) -> None:
        super().__init__()
        self.series: dict[tuple[str, str], _Cumulative] = {}
        self.positions: dict[str, set[str]] = {}

    def _feed(self, text: str, line: int) -> bool:
        sample = _prom_sample(text)
        if sample is None:
            return False
        name, _labels, label_text, value = sample
        base = name.removeprefix("vllm:spec_decode_").removesuffix("_total")
        if base not in self._names or name.endswith("_created"):
            return False
        if not math.isfinite(value) or value < 0:
            raise _contradiction(f"{name} is {value:g}; a counter is a count of 0 or more", line)
        self.series.setdefault((base, label_text), _Cumulative()).add(value)
        return True

    def _total(self, base: str) -> float:
        return sum(c.total for (name, _), c in self.series.items() if name == base)

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        line = self.first_line
        drafts, draft_tokens = self._total("num_drafts"), self._total("num_draft_tokens")
        accepted = self._total("num_accepted_tokens")
        by_position: dict[int, float] = {}
        for (name, label_text), counter in self.series.items():
            if name == "num_accepted_tokens_per_pos":
                position = dict(_LABEL.findall(label_text)).get("position")
                if position is None or not position.isdigit():
                    continue
                by_position[int(position)] = by_position.get(int(position), 0.0) + counter.total
        if drafts == 0:
            if draft_tokens == 0 and accepted == 0:
                return None
            raise MetricsProblem(
                "contradiction",
                "the drafts counter (vllm:spec_decode_num_drafts) is missing or 0 while tokens were drafted",
                line=line,
            )
        if accepted > draft_tokens:
            raise _contradiction(f"{accepted:.0f} tokens accepted out of {draft_tokens:.0f} drafted", line)
        k_found = None
        counts = None
        if by_position:
            first = min(by_position)
            positions = sorted(by_position)
            if positions != list(range(first, first + len(positions))) or first not in (0, 1):
                raise _contradiction(
                    f"the positions counted are {positions}; they must run 0, 1, 2, ...", line
                )
            counts = [by_position[p] for p in positions]
            k_found = len(counts)
            _check_rates([n / drafts for n in counts], line, tolerance=1e-9)
            _check_close("the accepted tokens", accepted, sum(counts), 0.5, line)
        elif draft_tokens:
            ratio = draft_tokens / drafts
            if abs(ratio - round(ratio)) < 1e-6:
                k_found = round(min(ratio, MAX_K + 1))
        k = _resolve_k(k_found, k_hint, line, self.format, "no per-position counter and no draft counts")
        if draft_tokens and abs(draft_tokens - drafts * k) > 0.5:
            raise _contradiction(
                f"{draft_tokens:.0f} draft tokens are not {drafts:.0f} drafts of k = {k}", line
            )
        return self._measurement(
            k=k,
            steps=round(drafts),
            accepted=accepted,
            position_counts=tuple(round(n) for n in counts) if counts else None,
            engine_acceptance=accepted / draft_tokens if draft_tokens else None,
            engine_basis="accepted ÷ drafted tokens (vLLM's acceptance rate in PromQL)",
        )


class LlamaCppReader(LineReader):
    """llama.cpp server: per-task ``draft acceptance`` lines."""

    format = "llama.cpp"
    markers = (b"draft acceptance",)
    _head = re.compile(
        r"draft acceptance(?: rate)?\s*=\s*"
        + _NUMBER
        + r"\s*\(\s*(\d+)\s*accepted\s*/\s*(\d+)\s*generated\s*\)"
    )
    _mean = re.compile(r"mean acceptance length\s*=\s*" + _NUMBER)
    _positions = re.compile(r"acceptance rate per position\s*=\s*")

    def __init__(self) -> None:
        super().__init__()
        self.sum = _PositionSum()
        self.pending: list[tuple[int, float, float]] = []
        self.approximate = False

    def _feed(self, text: str, line: int) -> bool:
        match = self._head.search(text)
        if match is None:
            return False
        rate, accepted, generated = (_plausible(float(match.group(i)), match.group(i)) for i in (1, 2, 3))
        if accepted > generated:
            raise _contradiction(f"{accepted:.0f} tokens accepted out of {generated:.0f} generated", line)
        if generated == 0:
            return True
        _check_close("the draft acceptance", rate, accepted / generated, 0.00051, line)
        mean = _find(self._mean, text)
        found = self._positions.search(text)
        rates = _numbers(text[found.end() :]) if found else []
        if rates:
            _check_rates(rates, line)
            self.sum.set_k(len(rates), line)
            if mean is not None:
                _check_close(
                    "the mean acceptance length", mean, 1 + sum(rates), 0.006 + 0.0006 * len(rates), line
                )
        k = self.sum.k
        if mean is not None and mean > 1.005:
            steps = None
            if k is not None and generated % k == 0:
                exact = generated / k
                if abs(1 + accepted / exact - mean) <= 0.006:
                    steps = round(exact)
            if steps is None:  # drafts shorter than k: count steps from the mean
                steps = max(1, round(accepted / (mean - 1)))
                self.approximate = True
            self.sum.add(steps, accepted, generated, rates or None)
        elif mean is not None and accepted == 0:
            if k is None:
                self.pending.append((line, accepted, generated))
            else:
                self.sum.add(round(generated / k), 0.0, generated, rates or None)
        else:
            self.pending.append((line, accepted, generated))
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        k = _resolve_k(
            self.sum.k,
            k_hint,
            self.sum.k_line or self.first_line,
            self.format,
            "these llama.cpp lines do not print per-position rates",
        )
        for _line, accepted, generated in self.pending:
            self.sum.add(max(1, round(generated / k)), accepted, generated, None)
        if self.sum.steps == 0:
            return None
        notes = (
            ["per-position counts rebuilt from rates printed to 3 decimals"]
            if self.sum.position_counts()
            else []
        )
        if self.approximate:
            notes.append("some drafts were shorter than k: steps counted from the printed mean length")
        return self._measurement(
            k=k,
            steps=self.sum.steps,
            accepted=self.sum.accepted,
            position_counts=self.sum.position_counts(),
            engine_acceptance=self.sum.accepted / self.sum.drafted if self.sum.drafted else None,
            engine_basis="accepted ÷ generated draft tokens (llama.cpp's draft acceptance)",
            notes=tuple(notes),
        )


class LlamaCppStatisticsReader(LineReader):
    """llama.cpp server ``statistics <drafter>: ... #gen drafts ...`` lines (totals since start)."""

    format = "llama.cpp-statistics"
    markers = (b"#gen drafts",)
    _name = re.compile(r"statistics\s+([^:]+):")
    _fields: ClassVar[dict[str, re.Pattern[str]]] = {
        name: re.compile(r"#" + re.escape(name) + r"\s*=\s*" + _NUMBER)
        for name in ("gen drafts", "acc drafts", "gen tokens", "acc tokens", "mean acc len")
    }
    _positions = re.compile(r"#acc rate/pos\s*=\s*")

    def __init__(self) -> None:
        super().__init__()
        self.drafters: dict[str, dict[str, _Cumulative]] = {}
        self.rates: dict[str, list[float]] = {}
        self.k: int | None = None
        self.k_line: int | None = None

    def _feed(self, text: str, line: int) -> bool:
        values = {name: _find(pattern, text) for name, pattern in self._fields.items()}
        drafts, tokens, accepted = values["gen drafts"], values["gen tokens"], values["acc tokens"]
        if drafts is None or accepted is None:
            return False
        name_match = self._name.search(text)
        name = name_match.group(1).strip() if name_match else ""
        found = self._positions.search(text)
        rates = _numbers(text[found.end() :]) if found else []
        if tokens is not None and accepted > tokens:
            raise _contradiction(f"{accepted:.0f} tokens accepted out of {tokens:.0f} generated", line)
        if drafts > 0:
            if rates:
                _check_rates(rates, line)
                _check_k(len(rates), line)
                if self.k is not None and len(rates) != self.k:
                    raise _contradiction(
                        f"the draft length changes from {self.k} (line {self.k_line}) to {len(rates)}", line
                    )
                self.k, self.k_line = len(rates), line
                _check_close(
                    "the sum of the per-position rates",
                    sum(rates),
                    accepted / drafts,
                    0.0006 * len(rates) + 0.5 * len(rates) / drafts,
                    line,
                )
                if values["acc drafts"] is not None:
                    _check_close(
                        "the first position's rate", rates[0], values["acc drafts"] / drafts, 0.0006, line
                    )
            if values["mean acc len"] is not None:
                _check_close(
                    "the mean acceptance length", values["mean acc len"], 1 + accepted / drafts, 0.006, line
                )
            if rates:
                self.rates[name] = rates
        counters = self.drafters.setdefault(
            name, {"drafts": _Cumulative(), "tokens": _Cumulative(), "accepted": _Cumulative()}
        )
        counters["drafts"].add(drafts)
        counters["tokens"].add(tokens or 0.0)
        counters["accepted"].add(accepted)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        drafts = sum(c["drafts"].total for c in self.drafters.values())
        if drafts == 0:
            return None
        accepted = sum(c["accepted"].total for c in self.drafters.values())
        tokens = sum(c["tokens"].total for c in self.drafters.values())
        k = _resolve_k(
            self.k,
            k_hint,
            self.k_line or self.first_line,
            self.format,
            "the statistics lines print no per-position rates",
        )
        counts = None
        if self.rates and all(
            name in self.rates or self.drafters[name]["drafts"].total == 0 for name in self.drafters
        ):
            total = [0.0] * k
            for name, rates in self.rates.items():
                for i, rate in enumerate(rates):
                    total[i] += rate * self.drafters[name]["drafts"].total
            counts = tuple(min(round(drafts), round(n)) for n in total)
        return self._measurement(
            k=k,
            steps=round(drafts),
            accepted=accepted,
            position_counts=counts,
            engine_acceptance=accepted / tokens if tokens else None,
            engine_basis="accepted ÷ generated draft tokens (llama.cpp)",
            notes=("per-position counts rebuilt from rates printed to 3 decimals",) if counts else (),
        )


class SglangReader(LineReader):
    """SGLang ``Decode batch ... accept len: ...`` lines (means per interval, no counts)."""

    format = "sglang"
    markers = (b"accept len:",)
    _length = re.compile(r"accept len:\s*" + _NUMBER)
    _rate = re.compile(r"accept rate:\s*" + _NUMBER)

    def __init__(self) -> None:
        super().__init__()
        self.lengths: list[float] = []
        self.rates: list[float] = []

    def _feed(self, text: str, line: int) -> bool:
        length = _find(self._length, text)
        if length is None or not math.isfinite(length):
            return False
        if length == 0:  # speculative decoding off in this interval
            return False
        if length < 1:
            raise _contradiction(f"accept len is {length:g}; a verify pass yields at least 1 token", line)
        rate = _find(self._rate, text)
        if rate is not None:
            if not 0 <= rate <= 1:
                raise _contradiction(f"accept rate is {rate:g}, outside 0 to 1", line)
            self.rates.append(rate)
        self.lengths.append(length)
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if not self.lengths:
            return None
        k = _resolve_k(
            None,
            k_hint,
            self.first_line,
            self.format,
            "SGLang's decode lines do not state it (it is --speculative-num-steps)",
        )
        return self._measurement(
            k=k,
            tau_samples=tuple(self.lengths),
            engine_acceptance=sum(self.rates) / len(self.rates) if self.rates else None,
            engine_basis="SGLang's accept rate: accepted tokens ÷ drafted tokens per verify pass "
            "(the divisor differs between SGLang versions)"
            if self.rates
            else None,
            notes=("SGLang prints means per interval without counts: intervals weigh equally",),
        )


class SglangPrometheusReader(LineReader):
    """SGLang's Prometheus gauges (several ranks averaged)."""

    format = "sglang-prometheus"
    markers = (b"sglang:spec_",)

    def __init__(self) -> None:
        super().__init__()
        self.gauges: dict[str, dict[str, float]] = {}
        self.verify = _Cumulative()

    def _feed(self, text: str, line: int) -> bool:
        sample = _prom_sample(text)
        if sample is None:
            return False
        name, _labels, label_text, value = sample
        base = name.removeprefix("sglang:")
        if base not in (
            "spec_accept_length",
            "spec_accept_rate",
            "spec_num_steps",
            "spec_verify_calls_total",
        ):
            return False
        if not math.isfinite(value) or value < 0:
            raise _contradiction(f"{name} is {value:g}", line)
        self.gauges.setdefault(base, {})[label_text] = value
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        lengths = [v for v in self.gauges.get("spec_accept_length", {}).values() if v > 0]
        if not lengths:
            return None
        steps_k = self.gauges.get("spec_num_steps", {})
        found = None
        if steps_k:
            values = {round(v) for v in steps_k.values()}
            if len(values) > 1:
                raise _contradiction(
                    f"sglang:spec_num_steps differs between series: {sorted(values)}", self.first_line
                )
            found = min(values.pop(), MAX_K + 1)
        k = _resolve_k(
            found, k_hint, self.first_line, self.format, "sglang:spec_num_steps is not among the metrics"
        )
        rates = list(self.gauges.get("spec_accept_rate", {}).values())
        return self._measurement(
            k=k,
            tau_samples=tuple(lengths),
            engine_acceptance=sum(rates) / len(rates) if rates else None,
            engine_basis="SGLang's spec_accept_rate gauge (the divisor differs between versions)"
            if rates
            else None,
            notes=("a gauge holds the latest interval only",),
        )


#: Every line reader, in the order the scanner offers lines.
LINE_READERS: tuple[type[LineReader], ...] = (
    VllmReader,
    VllmV0Reader,
    VllmPrometheusReader,
    LlamaCppReader,
    LlamaCppStatisticsReader,
    SglangReader,
    SglangPrometheusReader,
)
