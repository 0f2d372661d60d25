"""What the readers of run summaries share (no Qt): a run's counts checked, its per-position
rates checked against them, a missing count named, and the runs of one file added up.

A summary prints a run's figures one a line (:mod:`.blocks` gathers them); vLLM's
``spec_decode.py`` (:mod:`.vllm_scripts`), the serving benchmarks (:mod:`.bench_serving`) and
``llama-speculative`` (:mod:`.llama_cpp_tools`) are read with these.
"""

from __future__ import annotations

import functools

from specdec_desktop.measured.measurement import Measurement, Samples
from specdec_desktop.measured.problems import MetricsProblem
from specdec_desktop.text import N_, Phrase

from .base import LineReader, check_accepted, check_close, check_k, check_rates, contradiction, resolve_k
from .blocks import Block

__all__ = ["check_position_order", "check_positions", "combine_runs", "k_from", "missing_field", "run_counts"]


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


def k_from(drafts: float, draft_tokens: float, line: int) -> int | None:
    """The draft length every draft had, when the counts say all drafts were of one length."""
    if drafts <= 0:
        return None
    ratio = draft_tokens / drafts
    return check_k(round(ratio), line) if abs(ratio - round(ratio)) < 1e-9 else None


def check_positions(
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


def check_position_order(block: Block) -> None:
    """Refuse a run whose positions do not run 0, 1, 2, ... (a gap or a repeat)."""
    if sorted(block.positions) != list(range(len(block.positions))):
        raise contradiction(
            Phrase(
                N_("the positions printed are {sorted_positions}; they must run 0, 1, 2, ..."),
                sorted_positions=sorted(block.positions),
            ),
            block.first_line,
        )


def run_counts(
    block: Block, names: tuple[str, str, str], shown: dict[str, str] | None = None
) -> tuple[float, float, float] | None:
    """A run's drafts, draft tokens and accepted tokens (printed as ``names``), checked: all three
    or none (``None``; a missing one is named as ``shown`` calls it), no more accepted than
    drafted, some drafts."""
    counts = [block.get(name) for name in names]
    if all(c is None for c in counts):
        return None
    said = shown or {}
    for name, value in zip(names, counts, strict=True):
        if value is None:
            present = next(said.get(n, n) for n, v in zip(names, counts, strict=True) if v is not None)
            raise missing_field(said.get(name, name), present, block.first_line)
    drafts, draft_tokens, accepted = (float(c) for c in counts)  # type: ignore[arg-type]
    check_accepted(accepted, draft_tokens, block.line_of(names[2]))
    if drafts <= 0:
        raise MetricsProblem("no_metrics", Phrase(N_("this run made no drafts")), line=block.first_line)
    return drafts, draft_tokens, accepted


def mean_only(
    reader: LineReader,
    block: Block,
    k_hint: int | None,
    mean: float,
    rates: list[float],
    why_no_k: str,
    notes: tuple[str, ...] = (),
) -> Measurement:
    """A summary that prints no counts, only the mean acceptance length (and perhaps rates per
    position): tokens per step is that mean, with no interval; k from the rates or the user."""
    k = resolve_k(len(rates) or None, k_hint, block.first_line, reader.format, why_no_k)
    return reader._measurement(
        k=k,
        tau_samples=(mean,),
        position_rates=tuple(rates) or None,
        notes=(*notes, N_("no counts printed: tokens per step is the printed mean, with no interval")),
    )
