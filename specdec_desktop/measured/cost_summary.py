"""The per-batch cost fit in words and as JSON, with the model's best k at the fitted costs (no Qt).

One row per batch size: the measured best k (most tokens per second), its throughput and its
speedup over k = 0, the costs the step times imply (:mod:`.cost_table`), and the model's best k
at those costs (the same search the chart uses), so the two can be compared.
"""

from __future__ import annotations

from specdec_desktop.model import Parameters
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.figures import readouts

from .cost_table import BatchCosts

__all__ = ["cost_assumptions", "cost_dicts", "cost_lines", "model_best_k"]


def cost_assumptions(costs: BatchCosts) -> tuple[float, Assumptions] | None:
    """``(c, assumptions)`` the fitted costs give (``c`` is c + β when the two cannot be told apart)."""
    if costs.slope is None and costs.c is None:
        return None
    if costs.c is not None:
        c, growth = costs.c, costs.verify_growth or 0.0
    else:
        c, growth = costs.slope or 0.0, 0.0
    return min(1.0, round(c, 4)), Assumptions(
        overhead=min(100.0, round(costs.overhead or 0.0, 4)), verify_growth=min(100.0, round(growth, 6))
    )


def model_best_k(costs: BatchCosts) -> int | None:
    """The model's best k at the fitted p and costs (``None``: no costs, no p, or no peak)."""
    fitted = cost_assumptions(costs)
    if fitted is None or costs.p is None:
        return None
    c, assumptions = fitted
    return readouts(Parameters(k=1, p=round(min(1.0, costs.p), 4), c=c), assumptions).best_k


def _round(value: float | None, digits: int = 6) -> float | None:
    return None if value is None else round(value, digits)


def cost_dicts(batches: list[BatchCosts]) -> list[dict]:
    """One JSON object per batch size (``fit --json``'s ``cost_table``)."""
    return [
        {
            "batch": b.batch,
            "best_k_measured": b.best_k,
            "tokens_per_second": _round(b.best_tokens_per_second, 3),
            "speedup_over_k0": _round(b.speedup),
            "plain_ms_per_step": _round(b.plain_ms),
            "overhead": _round(b.overhead),
            "c_plus_verify_growth": _round(b.slope),
            "c": _round(b.c),
            "verify_growth": _round(b.verify_growth),
            "p": _round(b.p),
            "best_k_model": model_best_k(b),
            "ks": [row.k for row in b.rows],
        }
        for b in batches
    ]


def cost_lines(batches: list[BatchCosts]) -> list[str]:
    """The K-per-batch-size table in words, one batch a line, with a header."""
    lines = [
        "batch  best k (measured)  tokens/s   × over k=0  overhead o  c + β    c       β       p       "
        "best k (model)"
    ]
    for b in batches:

        def show(value: float | None, width: int = 8, digits: int = 4) -> str:
            return ("—" if value is None else f"{value:.{digits}f}").ljust(width)

        model = model_best_k(b)
        lines.append(
            f"{b.batch:<7}{b.best_k:<19}{b.best_tokens_per_second:<11.1f}{show(b.speedup, 12, 3)}"
            f"{show(b.overhead, 12)}{show(b.slope, 9)}{show(b.c)}{show(b.verify_growth)}{show(b.p)}"
            f"{'—' if model is None else model}"
        )
    if any(b.plain_ms is None for b in batches):
        lines.append(
            "note: without a k = 0 row a batch has no plain step time, so no costs are fitted for it"
        )
    if any(b.slope is not None and b.c is None for b in batches):
        lines.append(
            "note: step times alone cannot tell the draft's cost c from the verify growth β; "
            "add draft_ms and verify_ms columns to split c + β"
        )
    return lines
