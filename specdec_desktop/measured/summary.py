"""The fit as one JSON-ready dict (the keys of ``fit --json``, docs/interface.md) and as text (no Qt).

The decision (best k, its basis and interval, the k within 1 % of the best, the time per token,
the engine flags) comes from :func:`~.decision.measured_figures`, the one figures path, and its
words from :mod:`specdec_desktop.wording.measured_words`, the one writer.
"""

from __future__ import annotations

from specdec_desktop.wording.measured_words import ENGINE_NAMES, recommendation_text

from .decision import MeasuredFigures, near_best_range
from .fit import Fit
from .timings import Timings

__all__ = ["summary_dict", "summary_lines"]


def _round(value: float | None, digits: int = 6) -> float | None:
    return None if value is None else round(float(value), digits)


def _decided(fit: Fit, figures: MeasuredFigures | None) -> bool:
    return figures is not None and figures.basis != "none" and fit.fitted_p is not None


def summary_dict(fit: Fit, figures: MeasuredFigures | None = None, timings: Timings | None = None) -> dict:
    """Contract keys first, then additions (additions may grow; contract keys stay).

    ``figures`` (with a draft cost) gives ``best_k``, ``best_speedup`` and the rest of the
    decision; ``timings`` (those ``figures`` were computed with) add milliseconds per token.
    """
    m = fit.measurement
    result: dict = {
        "format": m.format,
        "k": m.k,
        "steps": m.steps,
        "tokens_per_step": _round(fit.tau),
        "engine_acceptance": _round(m.engine_acceptance),
        "fitted_p": _round(fit.fitted_p),
        "per_position": None if fit.per_position is None else [_round(a) for a in fit.per_position],
        "lines_read": m.lines_read,
        "lines_used": m.lines_used,
    }
    if m.context:  # what the log says of the run: engine, model, time (issue 23.6)
        result["context"] = dict(m.context)
    if figures is not None:
        result["best_k"] = figures.best_k
        result["best_speedup"] = _round(figures.best_speedup)
    result["measured_k"] = m.k
    result["best_k_basis"] = None if figures is None or figures.basis == "none" else figures.basis
    result["beyond_measured"] = None if figures is None else figures.beyond_measured
    result["never_accepted_from"] = fit.never_accepted_from
    result["warnings"] = list(figures.warnings if figures is not None else fit.warnings)
    result["engine_flags"] = None if figures is None else figures.flags
    if figures is not None:
        result["best_k_interval"] = [figures.k_low, figures.k_high]
        result["assumptions"] = figures.assumptions.as_dict()
        result["recommendation"] = recommendation_text(figures)
    result["drafts_vary"] = m.variable_k
    result["files"] = list(m.sources)
    result["engine_acceptance_divides_by"] = m.engine_basis
    result["tokens_per_step_se"] = _round(fit.tau_se)
    result["fitted_p_interval"] = None if fit.fitted_p is None else [_round(fit.p_low), _round(fit.p_high)]
    result["per_position_interval"] = (
        None
        if fit.per_position_low is None
        else [
            [_round(lo), _round(hi)]
            for lo, hi in zip(fit.per_position_low, fit.per_position_high or (), strict=True)
        ]
    )
    result["histogram"] = None if fit.histogram is None else list(fit.histogram)
    result["verdict"] = fit.verdict
    result["verdict_text"] = fit.verdict_text
    result["test"] = fit.test_text
    result["notes"] = list(m.notes)
    if _decided(fit, figures):
        assert figures is not None
        result["c"] = _round(figures.c)
        result["verify_growth"] = _round(figures.assumptions.verify_growth)
        near = near_best_range(figures)
        result["k_within_1_percent"] = None if near is None else list(near)
        result["speedup_at_measured_k"] = _round(figures.speedup_at_measured_k)
        ms = None if timings is None else figures.ms_per_token(timings.target_ms)
        if timings is not None and ms is not None:
            result["ms_per_token"] = _round(ms)
            result["tokens_per_second"] = _round(1000.0 / ms)
            result["plain_ms_per_token"] = _round(timings.target_ms)
    return result


def summary_lines(
    fit: Fit, figures: MeasuredFigures | None = None, timings: Timings | None = None
) -> list[str]:
    """The fit in words, one figure a line (the plain-text ``fit`` output)."""
    m = fit.measurement
    drafts = f"k           {m.k}" + (" (the longest draft; drafts vary in length)" if m.variable_k else "")
    lines = [
        f"read        {', '.join(m.sources)}: {m.label}",
        f"lines       {m.lines_read} read, {m.lines_used} used, {m.lines_skipped} skipped",
        *(f"{name:<11} {value}" for name, value in m.context),
        drafts + (f", {m.steps} verify steps" if m.steps is not None else ""),
        f"tokens/step {fit.tau:.4f} (the target's own token included)",
    ]
    if m.engine_acceptance is not None:
        lines.append(f"engine rate {m.engine_acceptance:.4f} = {m.engine_basis}")
    if fit.fitted_p is None:
        lines.append(f"fitted p    none: {fit.p_interval_text()}")
    else:
        lines.append(
            f"fitted p    {fit.fitted_p:.4f} ({fit.p_interval_text()}): one p that gives {fit.tau:.4f} "
            "tokens per step"
        )
    texts = fit.per_position_texts()
    if texts is not None:
        lines.append("per position " + "; ".join(f"a{i} {text}" for i, text in enumerate(texts, 1)))
    lines.append(f"verdict     {fit.verdict_text}")
    lines.append(f"test        {fit.test_text}")
    for note in m.notes:
        lines.append(f"note        {note}")
    for warning in figures.warnings if figures is not None else fit.warnings:
        lines.append(f"warning     {warning}")
    if figures is not None:
        lines.append(f"decision    {recommendation_text(figures)}")
        for key, flags in (figures.flags or {}).items():
            lines.append(f"{ENGINE_NAMES[key]:<12}{flags}")
    ms = None if timings is None or figures is None else figures.ms_per_token(timings.target_ms)
    if timings is not None and ms is not None and figures is not None and figures.best_k:
        lines.append(
            f"time        {ms:.3f} ms per token ({1000 / ms:.1f} tokens/s) against "
            f"{timings.target_ms:.3f} ms without drafting"
        )
    return lines
