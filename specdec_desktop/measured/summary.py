"""The fit as one JSON-ready dict (the keys of ``fit --json``, docs/interface.md) and as text (no Qt)."""

from __future__ import annotations

from .fit import Fit
from .recommend import Recommendation

__all__ = ["summary_dict", "summary_lines"]


def _round(value: float | None, digits: int = 6) -> float | None:
    return None if value is None else round(float(value), digits)


def summary_dict(fit: Fit, recommendation: Recommendation | None = None) -> dict:
    """Contract keys first, then additions (additions may grow; contract keys stay)."""
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
    if recommendation is not None:
        result["best_k"] = recommendation.best_k
        result["best_speedup"] = _round(recommendation.best_speedup)
    result["files"] = list(m.sources)
    result["engine_acceptance_divides_by"] = m.engine_basis
    result["tokens_per_step_se"] = _round(fit.tau_se)
    result["fitted_p_interval"] = [_round(fit.p_low), _round(fit.p_high)]
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
    if recommendation is not None:
        result["c"] = _round(recommendation.c)
        result["verify_growth"] = _round(recommendation.verify_growth)
        result["k_within_1_percent"] = [recommendation.k_low, recommendation.k_high]
        result["speedup_at_measured_k"] = _round(recommendation.measured_speedup)
        timings = recommendation.timings
        if timings is not None and recommendation.best_k is not None:
            ms = timings.ms_per_token(fit.fitted_p, recommendation.best_k)
            result["ms_per_token"] = _round(ms)
            result["tokens_per_second"] = _round(1000.0 / ms)
            result["plain_ms_per_token"] = _round(timings.target_ms)
    return result


def summary_lines(fit: Fit, recommendation: Recommendation | None = None) -> list[str]:
    """The fit in words, one figure a line (the plain-text ``fit`` output)."""
    m = fit.measurement
    lines = [
        f"read        {', '.join(m.sources)}: {m.label}",
        f"lines       {m.lines_read} read, {m.lines_used} used, {m.lines_skipped} skipped",
        f"k           {m.k}" + (f", {m.steps} verify steps" if m.steps is not None else ""),
        f"tokens/step {fit.tau:.4f} (the target's own token included)",
    ]
    if m.engine_acceptance is not None:
        lines.append(f"engine rate {m.engine_acceptance:.4f} = {m.engine_basis}")
    interval = "" if fit.p_low == fit.p_high else f" (95 %: {fit.p_low:.4f} to {fit.p_high:.4f})"
    lines.append(f"fitted p    {fit.fitted_p:.4f}{interval}: one p that gives {fit.tau:.4f} tokens per step")
    texts = fit.per_position_texts()
    if texts is not None:
        lines.append("per position " + "; ".join(f"a{i} {text}" for i, text in enumerate(texts, 1)))
    lines.append(f"verdict     {fit.verdict_text}")
    lines.append(f"test        {fit.test_text}")
    for note in m.notes:
        lines.append(f"note        {note}")
    if recommendation is not None:
        r = recommendation
        cost = f"c = {r.c:g}" + (f", verify growth {r.verify_growth:.4g}" if r.verify_growth else "")
        if r.best_k is None:
            lines.append(f"best k      none: the speedup keeps rising with k ({cost})")
        elif r.best_k == 0:
            lines.append(f"best k      0: do not speculate ({cost})")
        else:
            lines.append(
                f"best k      {r.best_k} (speedup {r.best_speedup:.4f}×, {cost}); within 1 %: "
                f"{r.range_text()}"
            )
        lines.append(f"at k = {r.measured_k}   speedup {r.measured_speedup:.4f}×")
        if r.timings is not None and r.best_k:
            ms = r.timings.ms_per_token(fit.fitted_p, r.best_k)
            lines.append(
                f"time        {ms:.3f} ms per token ({1000 / ms:.1f} tokens/s) against "
                f"{r.timings.target_ms:.3f} ms without drafting"
            )
    return lines
