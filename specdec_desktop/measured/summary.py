"""The fit as one JSON-ready dict (the keys of ``fit --json``, docs/interface.md) and as text (no Qt).

The decision (best k, its basis and interval, the k within 1 % of the best, the time per token,
the engine flags) comes from :func:`~.decision.measured_figures`, the one figures path, and its
words from :mod:`specdec_desktop.wording.measured_words`, the one writer.
"""

from __future__ import annotations

from specdec_desktop.text import N_, _, localize, said
from specdec_desktop.text.columns import padded, widest
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


#: The row heads of the plain-text ``fit`` (shown with ``_()``; files and JSON never use them).
_HEADS = {
    "read": N_("read"),
    "lines": N_("lines"),
    "engine": N_("engine"),
    "model": N_("model"),
    "time": N_("time"),
    "k": "k",
    "tokens": N_("tokens/step"),
    "rate": N_("engine rate"),
    "p": N_("fitted p"),
    "verdict": N_("verdict"),
    "test": N_("test"),
    "note": N_("note"),
    "warning": N_("warning"),
    "decision": N_("decision"),
    "time_per_token": N_("time"),
}
#: The narrowest column of row heads (the English one: "tokens/step", "engine rate").
_HEAD_WIDTH = 11


def summary_lines(
    fit: Fit, figures: MeasuredFigures | None = None, timings: Timings | None = None
) -> list[str]:
    """The fit in words, one figure a line (the plain-text ``fit`` output), in the active
    language (English: as it always was); its numbers in the language's way."""
    m = fit.measurement
    width = widest((_(head) for head in _HEADS.values()), _HEAD_WIDTH)

    def row(head: str, value: str) -> str:
        return f"{padded(head, width)} {value}"

    drafts = str(m.k) + (_(" (the longest draft; drafts vary in length)") if m.variable_k else "")
    if m.steps is not None:
        drafts += _(", {steps} verify steps").format(steps=m.steps)
    lines = [
        row(_(_HEADS["read"]), f"{', '.join(said(source) for source in m.sources)}: {said(m.label)}"),
        row(
            _(_HEADS["lines"]),
            _("{read} read, {used} used, {skipped} skipped").format(
                read=m.lines_read, used=m.lines_used, skipped=m.lines_skipped
            ),
        ),
        *(row(_(_HEADS[name]) if name in _HEADS else name, said(value)) for name, value in m.context),
        row("k", drafts),
        row(_(_HEADS["tokens"]), _("{tau:.4f} (the target's own token included)").format(tau=fit.tau)),
    ]
    if m.engine_acceptance is not None:
        rate = localize(f"{m.engine_acceptance:.4f}")
        lines.append(row(_(_HEADS["rate"]), f"{rate} = {said(m.engine_basis)}"))
    if fit.fitted_p is None:
        lines.append(row(_(_HEADS["p"]), _("none: {why}").format(why=fit.p_interval_text())))
    else:
        lines.append(
            row(
                _(_HEADS["p"]),
                _("{p:.4f} ({interval}): one p that gives {tau:.4f} tokens per step").format(
                    p=fit.fitted_p, interval=fit.p_interval_text(), tau=fit.tau
                ),
            )
        )
    texts = fit.per_position_texts()
    if texts is not None:
        positions = "; ".join(f"a{i} {localize(text)}" for i, text in enumerate(texts, 1))
        lines.append(f"{_('per position')} {positions}")
    lines.append(row(_(_HEADS["verdict"]), said(fit.verdict_text)))
    lines.append(row(_(_HEADS["test"]), said(fit.test_text)))
    for note in m.notes:
        lines.append(row(_(_HEADS["note"]), _(note)))  # English data (N_ or a phrase), said here
    for warning in figures.warnings if figures is not None else fit.warnings:
        lines.append(row(_(_HEADS["warning"]), said(warning)))
    if figures is not None:
        lines.append(row(_(_HEADS["decision"]), recommendation_text(figures)))
        for key, flags in (figures.flags or {}).items():
            lines.append(f"{ENGINE_NAMES[key]:<12}{flags}")
    ms = None if timings is None or figures is None else figures.ms_per_token(timings.target_ms)
    if timings is not None and ms is not None and figures is not None and figures.best_k:
        lines.append(
            row(
                _(_HEADS["time_per_token"]),
                _(
                    "{ms:.3f} ms per token ({rate:.1f} tokens/s) against {plain:.3f} ms without drafting"
                ).format(ms=ms, rate=1000 / ms, plain=timings.target_ms),
            )
        )
    return lines
