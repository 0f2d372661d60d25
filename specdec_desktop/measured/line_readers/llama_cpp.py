"""llama.cpp server's metrics: per-task draft acceptance lines and cumulative statistics (no Qt).

The formats, as llama.cpp's server prints them (checked against its sources; sample files of
our own are in ``tests/data/metrics/``):

* llama.cpp server ``draft acceptance = 0.66237 (257 accepted / 388 generated), mean acceptance
  length = 3.65, acceptance rate per position = (0.804, 0.701, 0.629, 0.515)`` per task (older:
  ``draft acceptance rate = 0.57576 (19 accepted / 33 generated)``), and its cumulative
  ``statistics <drafter>: ... #gen drafts = 134, #acc drafts = 109, #gen tokens = 536,
  #acc tokens = 354, #mean acc len = 3.64, #acc rate/pos = (...)``.
"""

from __future__ import annotations

import re
from typing import ClassVar

from specdec_desktop.measured.measurement import Measurement
from specdec_desktop.text import N_, Phrase

from .base import (
    NUMBER,
    Cumulative,
    LineReader,
    PositionSum,
    check_close,
    check_k,
    check_rates,
    contradiction,
    find_number,
    leading_numbers,
    plausible,
    resolve_k,
)

__all__ = ["LlamaCppReader", "LlamaCppStatisticsReader"]


class LlamaCppReader(LineReader):
    """llama.cpp server: per-task ``draft acceptance`` lines."""

    format = "llama.cpp"
    markers = (b"draft acceptance",)
    _head = re.compile(
        r"draft acceptance(?: rate)?\s*=\s*"
        + NUMBER
        + r"\s*\(\s*(\d+)\s*accepted\s*/\s*(\d+)\s*generated\s*\)"
    )
    _mean = re.compile(r"mean acceptance length\s*=\s*" + NUMBER)
    _positions = re.compile(r"acceptance rate per position\s*=\s*")

    def __init__(self) -> None:
        super().__init__()
        self.sum = PositionSum()
        self.pending: list[tuple[int, float, float]] = []
        self.approximate = False

    def _feed(self, text: str, line: int) -> bool:
        match = self._head.search(text)
        if match is None:
            return False
        rate, accepted, generated = (plausible(float(match.group(i)), match.group(i)) for i in (1, 2, 3))
        if accepted > generated:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {generated:.0f} generated"),
                    accepted=accepted,
                    generated=generated,
                ),
                line,
            )
        if generated == 0:
            return True
        check_close(N_("the draft acceptance"), rate, accepted / generated, 0.00051, line)
        mean = find_number(self._mean, text)
        found = self._positions.search(text)
        rates = leading_numbers(text[found.end() :]) if found else []
        if rates:
            check_rates(rates, line)
            self.sum.set_k(len(rates), line)
            if mean is not None:
                check_close(
                    N_("the mean acceptance length"), mean, 1 + sum(rates), 0.006 + 0.0006 * len(rates), line
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
            if k is None and self.k_hint is None:
                self._waited_too_long(len(self.pending), line, N_("no per-position rates"))
                self.pending.append((line, accepted, generated))
            else:
                self.sum.add(round(generated / (k or self.k_hint)), 0.0, generated, rates or None)
        elif k is not None or self.k_hint is not None:  # k known: read the line now, not at the end
            self.sum.add(max(1, round(generated / (k or self.k_hint))), accepted, generated, None)
        else:
            self._waited_too_long(len(self.pending), line, N_("no per-position rates"))
            self.pending.append((line, accepted, generated))
        return True

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0:
            return None
        k = resolve_k(
            self.sum.k,
            k_hint,
            self.sum.k_line or self.first_line,
            self.format,
            N_("these llama.cpp lines do not print per-position rates"),
        )
        for _line, accepted, generated in self.pending:
            self.sum.add(max(1, round(generated / k)), accepted, generated, None)
        if self.sum.steps == 0:
            return None
        shorter = (Phrase(N_("some drafts were shorter than k: steps counted from the printed mean length")),)
        return self._summed(
            self.sum,
            k,
            Phrase(N_("accepted ÷ generated draft tokens (llama.cpp's draft acceptance)")),
            shorter if self.approximate else (),
        )


_SPACES = re.compile(r"\s*")


def _drafter_name(text: str) -> str:
    """The name in ``statistics <name>: ...`` ("" when the line has none), in one pass.

    What the pattern ``statistics\\s+([^:]+):`` found, without its cost: that pattern scanned
    to the end of the line from every "statistics " on it, so a line repeating the word without
    a colon took time growing with the square of its length (docs/robustness.md).
    """
    start = text.find("statistics")
    while start >= 0:
        after = start + len("statistics")
        if text[after : after + 1].isspace():
            name_at = _SPACES.match(text, after).end()  # type: ignore[union-attr]
            colon = text.find(":", name_at)
            if colon < 0:
                return ""  # no colon after this one, nor after any later one
            if colon > name_at:
                return text[name_at:colon].strip()
        start = text.find("statistics", after)
    return ""


class LlamaCppStatisticsReader(LineReader):
    """llama.cpp server ``statistics <drafter>: ... #gen drafts ...`` lines (totals since start)."""

    format = "llama.cpp-statistics"
    markers = (b"#gen drafts",)
    _fields: ClassVar[dict[str, re.Pattern[str]]] = {
        name: re.compile(r"#" + re.escape(name) + r"\s*=\s*" + NUMBER)
        for name in ("gen drafts", "acc drafts", "gen tokens", "acc tokens", "mean acc len")
    }
    _positions = re.compile(r"#acc rate/pos\s*=\s*")

    def __init__(self) -> None:
        super().__init__()
        self.drafters: dict[str, dict[str, Cumulative]] = {}
        self.rates: dict[str, list[float]] = {}
        self.k: int | None = None
        self.k_line: int | None = None

    def _feed(self, text: str, line: int) -> bool:
        values = {name: find_number(pattern, text) for name, pattern in self._fields.items()}
        drafts, tokens, accepted = values["gen drafts"], values["gen tokens"], values["acc tokens"]
        if drafts is None or accepted is None:
            return False
        name = _drafter_name(text)
        found = self._positions.search(text)
        rates = leading_numbers(text[found.end() :]) if found else []
        if tokens is not None and accepted > tokens:
            raise contradiction(
                Phrase(
                    N_("{accepted:.0f} tokens accepted out of {tokens:.0f} generated"),
                    accepted=accepted,
                    tokens=tokens,
                ),
                line,
            )
        if drafts > 0:
            if rates:
                check_rates(rates, line)
                check_k(len(rates), line)
                if self.k is not None and len(rates) != self.k:
                    raise contradiction(
                        Phrase(
                            N_("the draft length changes from {k} (line {k_line}) to {len_rates}"),
                            k=self.k,
                            k_line=self.k_line,
                            len_rates=len(rates),
                        ),
                        line,
                    )
                self.k, self.k_line = len(rates), line
                check_close(
                    N_("the sum of the per-position rates"),
                    sum(rates),
                    accepted / drafts,
                    0.0006 * len(rates) + 0.5 * len(rates) / drafts,
                    line,
                )
                if values["acc drafts"] is not None:
                    check_close(
                        N_("the first position's rate"), rates[0], values["acc drafts"] / drafts, 0.0006, line
                    )
            if values["mean acc len"] is not None:
                check_close(
                    N_("the mean acceptance length"),
                    values["mean acc len"],
                    1 + accepted / drafts,
                    0.006,
                    line,
                )
            if rates:
                self.rates[name] = rates
        counters = self.drafters.setdefault(
            name, {"drafts": Cumulative(), "tokens": Cumulative(), "accepted": Cumulative()}
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
        k = resolve_k(
            self.k,
            k_hint,
            self.k_line or self.first_line,
            self.format,
            N_("the statistics lines print no per-position rates"),
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
            engine_basis=Phrase(N_("accepted ÷ generated draft tokens (llama.cpp)")),
            notes=(N_("per-position counts rebuilt from rates printed to 3 decimals"),) if counts else (),
        )
