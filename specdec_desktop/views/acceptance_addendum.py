"""The essay on acceptance's addendum: the user's own imported numbers, as the chart computes them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Parameters, best_draft_length, speedup
from ..model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from ..text import _, said

if TYPE_CHECKING:  # the measured package is imported with the first measurement shown
    from ..measured import Fit

__all__ = ["acceptance_addendum"]


def acceptance_addendum(
    fit: Fit | None, params: Parameters, assumptions: Assumptions = DEFAULT_ASSUMPTIONS
) -> str:
    """The user's own numbers for the essay on acceptance (HTML; file-provided text escaped).

    What the chart would say with the engine's rate or the fitted p typed into the p box: the
    model's speedup and best k at ``params``' c under the window's ``assumptions`` (as the chart
    computes them), not a formula of its own.
    """
    if fit is None or fit.fitted_p is None:
        return ""
    from html import escape

    m = fit.measurement
    c = params.c
    keywords = assumptions.keywords()

    def best(p: float) -> int | None:
        return best_draft_length(p, c, **keywords) if (p < 1 or c > 0) else None

    def at_measured_k(p: float) -> float:
        return float(speedup(p, m.k, c, **keywords))

    right_k = best(fit.fitted_p)
    parts = [
        _("<h3>Your numbers</h3>"),
        _(
            "<p>From {label} ({sources}): {tau:.3f} tokens per verify step at <i>k</i> = {k}, "
            "which one acceptance rate <i>p</i> = {p:.4f} reproduces.</p>"
        ).format(
            label=escape(said(m.label)),
            sources=escape(", ".join(map(said, m.sources))),
            tau=fit.tau,
            k=m.k,
            p=fit.fitted_p,
        ),
    ]
    ratio = m.engine_acceptance
    if ratio is not None and 0 <= ratio <= 1:
        wrong_k = best(ratio)
        unbounded = _("unbounded")
        parts.append(
            _(
                "<p>The engine calls {ratio:.3f} its acceptance rate ({basis}). Typed into the <i>p</i> "
                "box at <i>c</i> = {c:g}, it would say <i>k</i> = {k} gives {wrong_speedup:.2f}× and the "
                "best <i>k</i> is {wrong_k}; with <i>p</i> = {p:.4f}, <i>k</i> = {k} gives "
                "{right_speedup:.2f}× and the best <i>k</i> is {right_k}.</p>"
            ).format(
                ratio=ratio,
                basis=escape(said(m.engine_basis or "")),
                c=c,
                k=m.k,
                wrong_speedup=at_measured_k(ratio),
                wrong_k=unbounded if wrong_k is None else wrong_k,
                p=fit.fitted_p,
                right_speedup=at_measured_k(fit.fitted_p),
                right_k=unbounded if right_k is None else right_k,
            )
        )
    return "".join(parts)
