"""Several measurements as one: files of one run added up, notes carried (no Qt)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

from specdec_desktop.text import N_, Phrase

from .log_context import merged_context
from .measurement import Measurement, Samples
from .problems import MetricsProblem

__all__ = ["combine", "with_notes"]


def with_notes(measurement: Measurement, notes: Sequence[str]) -> Measurement:
    """``measurement`` with ``notes`` added (those of :func:`distinct_files`)."""
    return replace(measurement, notes=(*measurement.notes, *notes)) if notes else measurement


def combine(measurements: Sequence[Measurement]) -> Measurement:
    """Several files' counts as one (same k; counts add).

    Raises
    ------
    MetricsProblem
        When the draft lengths differ, or a file without step counts is to be added to others.
    """
    if len(measurements) == 1:
        return measurements[0]
    first = measurements[0]
    for other in measurements[1:]:
        if other.k != first.k:
            raise MetricsProblem(
                "combine",
                Phrase(
                    N_("has k = {k}, but {first} has k = {first_k}; fit files with different k separately"),
                    k=other.k,
                    first=first.sources[0],
                    first_k=first.k,
                ),
                other.sources[0],
            )
    if any(m.steps is None for m in measurements):
        if all(m.tau_samples for m in measurements):
            samples = functools.reduce(Samples.merged, (m.tau_samples for m in measurements))
            return replace(
                first,
                format="+".join(dict.fromkeys(m.format for m in measurements)),
                sources=tuple(s for m in measurements for s in m.sources),
                tau_samples=samples,
                lines_read=sum(m.lines_read for m in measurements),
                lines_used=sum(m.lines_used for m in measurements),
                engine_acceptance=None,
                context=merged_context([m.context for m in measurements]),
            )
        odd = next(m for m in measurements if m.steps is None)
        raise MetricsProblem(
            "combine",
            Phrase(
                N_(
                    "gives means without step counts, which cannot be added to the other files' counts; "
                    "fit it alone"
                )
            ),
            odd.sources[0],
        )
    counts = None
    if all(m.position_counts for m in measurements):
        counts = tuple(sum(c) for c in zip(*(m.position_counts or () for m in measurements), strict=True))
    bases = {m.engine_basis for m in measurements}
    return Measurement(
        format="+".join(dict.fromkeys(m.format for m in measurements)),
        sources=tuple(s for m in measurements for s in m.sources),
        k=first.k,
        steps=sum(m.steps or 0 for m in measurements),
        accepted=sum(m.accepted or 0.0 for m in measurements),
        position_counts=counts,
        engine_acceptance=None
        if len(bases) > 1 or any(m.engine_acceptance is None for m in measurements)
        else sum((m.engine_acceptance or 0) * (m.steps or 0) for m in measurements)
        / sum(m.steps or 0 for m in measurements),
        engine_basis=bases.pop() if len(bases) == 1 else None,
        lines_read=sum(m.lines_read for m in measurements),
        lines_used=sum(m.lines_used for m in measurements),
        first_line=first.first_line,
        notes=tuple(dict.fromkeys(n for m in measurements for n in m.notes)),
        variable_k=any(m.variable_k for m in measurements),
        drafted=sum(m.drafted or 0.0 for m in measurements) or None,
        # each file a group, so the fit tests whether the files agree
        group_taus=tuple((1.0 + (m.accepted or 0.0) / m.steps, m.steps) for m in measurements if m.steps),
        context=merged_context([m.context for m in measurements]),
    )
