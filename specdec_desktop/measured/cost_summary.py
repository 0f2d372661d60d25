"""The per-batch cost fit in words and as JSON, with the model's best k at the fitted costs (no Qt).

One row per batch size: the measured best k (most tokens per second), its throughput and its
speedup over k = 0, the costs the step times imply (:mod:`.cost_table`), and the model's best k
at those costs (the same search the chart uses), so the two can be compared.  ``fit`` prints the
table (:func:`cost_lines`), the Measured tab and the report show it (:data:`COST_COLUMNS`,
:func:`cost_cells`); the window's chart and the report draw :func:`measured_speedups`: each run's
tokens per second over the k = 0 run's, in one batch size.  :func:`cost_model` is the one
place the fitted figures become a configuration (p, c, overhead, verify growth): the model's best
k in the table, ``fit``'s pricing with a table and its JSON's ``model``, and the window's "Use
measured costs" all take it from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from specdec_desktop.model import Parameters
from specdec_desktop.model.assumptions import Assumptions
from specdec_desktop.model.figures import readouts
from specdec_desktop.text import ENGLISH, N_, _, current, localize
from specdec_desktop.text.columns import cells, padded

from .cost_table import BatchCosts

__all__ = [
    "COST_COLUMNS",
    "CostModel",
    "MeasuredSpeedups",
    "chosen_batch",
    "cost_assumptions",
    "cost_cells",
    "cost_dicts",
    "cost_headings",
    "cost_lines",
    "cost_model",
    "cost_notes",
    "measured_speedups",
    "model_best_k",
]

#: The table's columns: key of :func:`cost_dicts` and :func:`cost_cells`, and the heading
#: (English, shown with ``_()``; the symbols are the same in every language).
COST_COLUMNS: tuple[tuple[str, str], ...] = (
    ("batch", N_("Batch")),
    ("best_k_measured", N_("Best k (measured)")),
    ("tokens_per_second", N_("Tokens/s")),
    ("speedup_over_k0", N_("× over k = 0")),
    ("overhead", N_("Overhead o")),
    ("c_plus_verify_growth", "c + β"),
    ("c", "c"),
    ("verify_growth", "β"),
    ("p", "p"),
    ("best_k_model", N_("Best k (model)")),
)

#: Headings that are symbols, the same in every language (never translated).
_SYMBOLS = frozenset({"c + β", "c", "β", "p"})


def cost_headings() -> list[str]:
    """The columns' headings in the active language."""
    return [heading if heading in _SYMBOLS else _(heading) for _key, heading in COST_COLUMNS]


#: Digits shown after the point, per column (the rest are whole numbers).
_DIGITS = {"tokens_per_second": 1, "speedup_over_k0": 3}


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


@dataclass(frozen=True)
class CostModel:
    """The model one batch size's runs give: the constant p of their tokens per step, the draft
    cost c, and the overhead and verify growth (every other assumption the original model's: the
    measured step times already hold the batch's cost, the tokens per step any decay)."""

    batch: int
    p: float
    c: float
    assumptions: Assumptions


def cost_model(costs: BatchCosts) -> CostModel | None:
    """The configuration the window's "Use measured costs" sets, and ``fit`` reports and prices
    (``None``: no k = 0 run to fit costs against, or no drafting run to give a p)."""
    fitted = cost_assumptions(costs)
    if fitted is None or costs.p is None:
        return None
    c, assumptions = fitted
    return CostModel(costs.batch, round(min(1.0, costs.p), 4), c, assumptions)


def chosen_batch(batches: Sequence[BatchCosts], batch: int | None = None) -> BatchCosts | None:
    """The batch size ``batch`` of a table (its first when it has not that one; ``None``: no table)."""
    if not batches:
        return None
    return next((b for b in batches if b.batch == batch), batches[0])


def model_best_k(costs: BatchCosts) -> int | None:
    """The model's best k at the fitted p and costs (``None``: no costs, no p, or no peak)."""
    model = cost_model(costs)
    if model is None:
        return None
    return readouts(Parameters(k=1, p=model.p, c=model.c), model.assumptions).best_k


def _model_dict(costs: BatchCosts) -> dict | None:
    model = cost_model(costs)
    if model is None:
        return None
    a = model.assumptions
    return {"p": model.p, "c": model.c, "verify_growth": a.verify_growth, "overhead": a.overhead}


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
            "model": _model_dict(b),
            "ks": [row.k for row in b.rows],
        }
        for b in batches
    ]


def cost_cells(costs: BatchCosts) -> dict[str, str]:
    """One batch size's row as ``fit`` prints it, by column key (English numbers, "—" for none)."""
    row = {
        "batch": costs.batch,
        "best_k_measured": costs.best_k,
        "tokens_per_second": costs.best_tokens_per_second,
        "speedup_over_k0": costs.speedup,
        "overhead": costs.overhead,
        "c_plus_verify_growth": costs.slope,
        "c": costs.c,
        "verify_growth": costs.verify_growth,
        "p": costs.p,
        "best_k_model": model_best_k(costs),
    }

    def show(key: str, value: float | None) -> str:
        if value is None:
            return "—"
        return str(value) if isinstance(value, int) else f"{value:.{_DIGITS.get(key, 4)}f}"

    return {key: show(key, value) for key, value in row.items()}


@dataclass(frozen=True)
class MeasuredSpeedups:
    """The measured speedup at each k of one batch size: tokens per second over the k = 0 run's."""

    batch: int
    k: tuple[int, ...]
    speedup: tuple[float, ...]


def measured_speedups(batches: Sequence[BatchCosts], batch: int | None = None) -> MeasuredSpeedups | None:
    """The runs of batch size ``batch`` (the first batch size when the table has not that one).

    ``None`` without a table, or when that batch size has no k = 0 run to compare with.
    """
    chosen = chosen_batch(batches, batch)
    if chosen is None:
        return None
    plain = next((row for row in chosen.rows if row.k == 0), None)
    if plain is None:
        return None
    return MeasuredSpeedups(
        chosen.batch,
        tuple(row.k for row in chosen.rows),
        tuple(row.tokens_per_second / plain.tokens_per_second for row in chosen.rows),
    )


def cost_notes(batches: Sequence[BatchCosts]) -> list[str]:
    """What the table cannot say, in English (shown with ``_()``; sentences without their full stop)."""
    notes = []
    if any(b.plain_ms is None for b in batches):
        notes.append(N_("Without a k = 0 row a batch has no plain step time, so no costs are fitted for it"))
    if any(b.slope is not None and b.c is None for b in batches):
        notes.append(
            N_(
                "Step times alone cannot tell the draft's cost c from the verify growth β; "
                "add draft_ms and verify_ms columns to split c + β"
            )
        )
    return notes


def cost_lines(batches: list[BatchCosts]) -> list[str]:
    """The K-per-batch-size table in words, one batch a line, with a header; in the active
    language (English: as it always was), columns measured in terminal cells."""
    widths = (7, 19, 11, 12, 12, 9, 8, 8, 8, 0)
    if current().code == ENGLISH:
        header = (
            "batch  best k (measured)  tokens/s   × over k=0  overhead o  c + β    c       β       p       "
            "best k (model)"
        )
    else:
        headings = cost_headings()
        widths = tuple(w and max(w, cells(h) + 2) for w, h in zip(widths, headings, strict=True))
        header = "".join(padded(h, w) for h, w in zip(headings, widths, strict=True)).rstrip()
    lines = [header]
    for b in batches:
        shown = cost_cells(b)
        columns = zip(COST_COLUMNS, widths, strict=True)
        lines.append("".join(padded(localize(shown[key]), width) for (key, _heading), width in columns))
    if current().code == ENGLISH:
        return lines + [f"note: {note[0].lower()}{note[1:]}" for note in cost_notes(batches)]
    return lines + [f"{_('note')}: {_(note)}" for note in cost_notes(batches)]
