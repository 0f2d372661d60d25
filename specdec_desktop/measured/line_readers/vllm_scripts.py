"""What vLLM's scripts print, and SGLang's benchmark after them: run summaries (no Qt).

The formats, as the scripts print them (checked against their sources; sample files of our
own are in ``tests/data/metrics/``):

* ``examples/offline_inference/spec_decode.py``: ``num_drafts: 1167``, ``num_draft_tokens:
  3501``, ``num_accepted_tokens: 1393``, ``mean acceptance length: 2.19``, then ``acceptance at
  token 0: 0.66`` per position (the share of drafts whose guess 0, 1, ... was accepted, two
  decimals).  ``eagle.py`` prints only the mean and ``acceptance at token 0:0.66``; its older
  V0 variant counts the target's own token as "token 0" (always 1.00), so its k is one less
  than its lines and its mean is the sum of its rates.
* ``vllm bench serve``, section "Speculative Decoding": ``Acceptance rate (%): 73.47``,
  ``Acceptance length: 3.20``, ``Drafts: 6393``, ``Draft tokens: 19179``, ``Accepted tokens:
  14090``, ``Per-position acceptance (%):`` then ``Position 0: 83.42`` per position; the counts
  are the run's (differences of the server's counters).
* ``sglang.bench_serving``: ``Accept length: 2.46`` (``Acceptance length (server)`` in some
  versions), and in versions with a speculative section the same ``Drafts``, ``Draft tokens``,
  ``Accepted tokens`` lines.

Several runs in one file are added when their k agrees.  A run that prints some counts but
not all is refused naming the one missing: a missing count is never read as zero.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from specdec_desktop.measured.measurement import Measurement, Samples
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .base import NUMBER, LineReader, check_close, check_k, check_rates, contradiction, plausible, resolve_k
from .blocks import Block, FieldBlocks

__all__ = ["BenchSummaryReader", "SpecDecodeExampleReader", "missing_field"]


#: A summary line is short (a prefix, a name, a number); longer lines are other output.
_LONGEST = 240


def missing_field(name: str, present: str, line: int) -> MetricsProblem:
    """The problem raised when a run prints ``present`` but not ``name``."""
    return MetricsProblem(
        "missing_field",
        Phrase(
            N_(
                "this run prints {present} but not {name}; a missing count is not read as zero (the output "
                "may be cut off)"
            ),
            present=present,
            name=name,
        ),
        line=line,
    )


def _k_from(drafts: float, draft_tokens: float, line: int) -> int | None:
    if drafts <= 0:
        return None
    ratio = draft_tokens / drafts
    return check_k(round(ratio), line) if abs(ratio - round(ratio)) < 1e-9 else None


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
        names = ("num_drafts", "num_draft_tokens", "num_accepted_tokens")
        counts = [block.get(name) for name in names]
        mean = block.get("mean acceptance length")
        if sorted(block.positions) != list(range(len(block.positions))):
            raise contradiction(
                Phrase(
                    N_("the positions printed are {sorted_positions}; they must run 0, 1, 2, ..."),
                    sorted_positions=sorted(block.positions),
                ),
                block.first_line,
            )
        rates = block.rates()
        if any(c is not None for c in counts):
            for name, value in zip(names, counts, strict=True):
                if value is None:
                    present = next(n for n, v in zip(names, counts, strict=True) if v is not None)
                    raise missing_field(name, present, block.first_line)
            drafts, draft_tokens, accepted = (float(c) for c in counts)  # type: ignore[arg-type]
            if accepted > draft_tokens:
                raise contradiction(
                    Phrase(
                        N_("{accepted:.0f} tokens accepted out of {draft_tokens:.0f} drafted"),
                        accepted=accepted,
                        draft_tokens=draft_tokens,
                    ),
                    block.line_of("num_accepted_tokens"),
                )
            if drafts <= 0:
                raise MetricsProblem(
                    "no_metrics", Phrase(N_("this run made no drafts")), line=block.first_line
                )
            found = _k_from(drafts, draft_tokens, block.line_of("num_draft_tokens"))
            if found is not None and len(rates) == found + 1 and rates and rates[0] >= 0.995:
                rates = rates[1:]  # eagle.py's bonus column
            if rates:
                _check_positions(
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
        k = resolve_k(
            len(rates) or None,
            k_hint,
            block.first_line,
            self.format,
            N_("this summary prints only the mean acceptance length"),
        )
        return self._measurement(
            k=k,
            tau_samples=(mean,),
            position_rates=tuple(rates) or None,
            notes=(*notes, N_("no counts printed: tokens per step is the printed mean, with no interval")),
        )

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0 or not self.runs.blocks:
            return None
        return combine_runs([self._run(block, k_hint) for block in self.runs.blocks], self.runs.blocks)


def _check_positions(
    rates: list[float],
    found: int | None,
    counts: tuple[float, float, float],
    block: Block,
    rates_line: int,
    tolerance: float,
    slack: float = 0.0,
) -> None:
    """The per-position rates of a summary agree with its counts ``(drafts, draft tokens,
    accepted)``: each in 0 to 1 and not growing (within ``tolerance``, the printed rounding), as
    many as the k the counts make, and summing to accepted ÷ drafts (within ``tolerance`` per
    position, plus ``slack``)."""
    drafts, draft_tokens, accepted = counts
    check_rates(rates, rates_line, tolerance=tolerance)
    if found is not None and len(rates) != found:
        raise contradiction(
            Phrase(
                N_(
                    "{len_rates} positions printed, but {draft_tokens:.0f} draft tokens in {drafts:.0f} "
                    "drafts make k = {found}"
                ),
                len_rates=len(rates),
                draft_tokens=draft_tokens,
                drafts=drafts,
                found=found,
            ),
            block.first_line,
        )
    check_close(
        N_("the sum of the per-position rates"),
        sum(rates),
        accepted / drafts,
        tolerance * len(rates) + slack,
        block.first_line,
    )


def combine_runs(runs: list[Measurement], blocks: list[Block]) -> Measurement:
    """Several runs of one file as one measurement (same k; counts add, means weigh equally)."""
    first = runs[0]
    if len(runs) == 1:
        return first
    for run, block in zip(runs[1:], blocks[1:], strict=True):
        if run.k != first.k or run.variable_k != first.variable_k:
            raise contradiction(
                Phrase(
                    N_(
                        "the draft length changes from {k} (line {first_line}) to {run_k}; import the runs "
                        "separately"
                    ),
                    k=first.k,
                    first_line=blocks[0].first_line,
                    run_k=run.k,
                ),
                block.first_line,
            )
    if all(run.steps for run in runs):
        steps = sum(run.steps or 0 for run in runs)
        accepted = sum(run.accepted or 0.0 for run in runs)
        drafted = sum(run.drafted or 0.0 for run in runs)
        rates = None
        if all(run.position_rates for run in runs):
            rates = tuple(
                sum((run.position_rates or ())[i] * (run.steps or 0) for run in runs) / steps
                for i in range(first.k)
            )
        counts = None
        if all(run.position_counts for run in runs):
            counts = tuple(sum(c) for c in zip(*(run.position_counts or () for run in runs), strict=True))
        return Measurement(
            format=first.format,
            sources=(),
            k=first.k,
            steps=steps,
            accepted=accepted,
            drafted=drafted or None,
            position_counts=counts,
            position_rates=None if counts else rates,
            engine_acceptance=accepted / drafted if drafted else None,
            engine_basis=first.engine_basis,
            lines_used=first.lines_used,
            first_line=first.first_line,
            notes=first.notes,
            variable_k=first.variable_k,
            group_taus=tuple((1 + (run.accepted or 0.0) / (run.steps or 1), run.steps or 0) for run in runs),
        )
    if all(run.tau_samples for run in runs):
        return Measurement(
            format=first.format,
            sources=(),
            k=first.k,
            tau_samples=functools.reduce(Samples.merged, (run.tau_samples for run in runs)),
            lines_used=first.lines_used,
            first_line=first.first_line,
            notes=first.notes,
            variable_k=first.variable_k,
        )
    raise contradiction(
        Phrase(N_("some runs print counts and others only a mean; import them separately")),
        blocks[1].first_line,
    )


class BenchSummaryReader(LineReader):
    """``vllm bench serve``'s and ``sglang.bench_serving``'s speculative-decoding figures."""

    format = "vllm-bench"
    # "Accept" finds the rate, the lengths and the accepted tokens, "Draft" the drafts and draft
    # tokens, "osition " the per-position header and lines (few markers: each costs a pass).
    markers = (b"Accept", b"Draft", b"osition ")
    _field = re.compile(
        r"(?:^|[\s|:])(Acceptance rate \(%\)|Acceptance length \(server\)|Acceptance length|Accept length"
        r"|Drafts|Draft tokens|Accepted tokens):\s*" + NUMBER + r"\s*$"
    )
    _position = re.compile(r"(?:^|[\s|:])Position (\d{1,5}):\s*" + NUMBER + r"\s*$")
    _names: ClassVar[dict[str, str]] = {
        "Acceptance rate (%)": "percent",
        "Acceptance length (server)": "length",
        "Acceptance length": "length",
        "Accept length": "length",
        "Drafts": "drafts",
        "Draft tokens": "draft_tokens",
        "Accepted tokens": "accepted",
    }

    def __init__(self) -> None:
        super().__init__()
        self.runs = FieldBlocks()
        self.in_positions = False
        self.sglang = False

    def _feed(self, text: str, line: int) -> bool:
        if "Per-position acceptance (%)" in text:
            self.in_positions = self.runs.blocks != []
            return False
        match = self._position.search(text)
        if match is not None:
            if not self.in_positions:
                return False
            self.runs.add_position(
                int(match.group(1)), plausible(float(match.group(2)), match.group(2)), line
            )
            return True
        self.in_positions = False
        match = self._field.search(text)
        if match is None:
            return False
        if match.group(1) in ("Accept length", "Acceptance length (server)"):
            self.sglang = True
        self.runs.add(self._names[match.group(1)], plausible(float(match.group(2)), match.group(2)), line)
        return True

    def _near(self, text: str) -> bool:
        return any(name + ":" in text for name in self._names)

    def _run(self, block: Block, k_hint: int | None) -> Measurement:
        names = ("drafts", "draft_tokens", "accepted")
        shown = {"drafts": "Drafts", "draft_tokens": "Draft tokens", "accepted": "Accepted tokens"}
        counts = [block.get(name) for name in names]
        length, percent = block.get("length"), block.get("percent")
        if sorted(block.positions) != list(range(len(block.positions))):
            raise contradiction(
                Phrase(
                    N_("the positions printed are {sorted_positions}; they must run 0, 1, 2, ..."),
                    sorted_positions=sorted(block.positions),
                ),
                block.first_line,
            )
        rates = [r / 100 for r in block.rates()]
        if any(c is not None for c in counts):
            for name, value in zip(names, counts, strict=True):
                if value is None:
                    present = next(shown[n] for n, v in zip(names, counts, strict=True) if v is not None)
                    raise missing_field(shown[name], present, block.first_line)
            drafts, draft_tokens, accepted = (float(c) for c in counts)  # type: ignore[arg-type]
            if accepted > draft_tokens:
                raise contradiction(
                    Phrase(
                        N_("{accepted:.0f} tokens accepted out of {draft_tokens:.0f} drafted"),
                        accepted=accepted,
                        draft_tokens=draft_tokens,
                    ),
                    block.line_of("accepted"),
                )
            if drafts <= 0:
                raise MetricsProblem(
                    "no_metrics", Phrase(N_("this run made no drafts")), line=block.first_line
                )
            if percent is not None and draft_tokens:
                check_close(
                    N_("the acceptance rate (%)"),
                    percent,
                    100 * accepted / draft_tokens,
                    0.0051,
                    block.line_of("percent"),
                )
            if length is not None:
                check_close(
                    N_("the acceptance length"),
                    length,
                    1 + accepted / drafts,
                    0.0051,
                    block.line_of("length"),
                )
            found = _k_from(drafts, draft_tokens, block.line_of("draft_tokens"))
            if rates:
                # Percentages to two decimals, of counts: also half a count per position of slack.
                _check_positions(
                    rates,
                    found,
                    (drafts, draft_tokens, accepted),
                    block,
                    block.first_line,
                    0.00006,
                    0.5 * len(rates) / drafts,
                )
            k = resolve_k(
                found if found is not None else (len(rates) or None),
                k_hint,
                block.first_line,
                self.format,
                N_("the drafts vary in length and no per-position rates are printed"),
            )
            counts_rebuilt = None
            if rates:
                rebuilt = [min(round(drafts), round(r * drafts)) for r in rates]
                for i in range(1, len(rebuilt)):
                    rebuilt[i] = min(rebuilt[i], rebuilt[i - 1])
                counts_rebuilt = tuple(rebuilt)
            return self._measurement(
                k=k,
                steps=round(drafts),
                accepted=accepted,
                drafted=draft_tokens,
                position_counts=counts_rebuilt,
                engine_acceptance=accepted / draft_tokens if draft_tokens else None,
                engine_basis=Phrase(N_("accepted ÷ drafted tokens (the benchmark's acceptance rate)")),
                notes=(N_("per-position counts rebuilt from percentages printed to 2 decimals"),)
                if counts_rebuilt
                else (),
            )
        if length is None:
            raise missing_field(
                Phrase(N_("the acceptance length")),
                Phrase(N_("a speculative-decoding figure")),
                block.first_line,
            )
        k = resolve_k(
            len(rates) or None,
            k_hint,
            block.first_line,
            self.format,
            N_("the benchmark prints only the mean acceptance length"),
        )
        return self._measurement(
            k=k,
            tau_samples=(length,),
            position_rates=tuple(rates) or None,
            notes=(N_("no counts printed: tokens per step is the printed mean, with no interval"),),
        )

    def finish(self, k_hint: int | None) -> Measurement | None:
        if self.lines_used == 0 or not self.runs.blocks:
            return None
        if self.sglang:
            self.format = "sglang-bench"
        return combine_runs([self._run(block, k_hint) for block in self.runs.blocks], self.runs.blocks)
