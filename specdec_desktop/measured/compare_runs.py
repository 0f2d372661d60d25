"""Several runs side by side: each file fitted on its own (``fit FILE... --compare``; no Qt).

Before and after a change of draft model, of k or of engine version, an engineer asks what
moved: tokens per verify step, the per-token acceptance (with its interval), the acceptance at
each position, and the best k under the same draft cost and assumptions.  The figures of each
run are the one figures path's (:func:`~specdec_desktop.measured.decision.measured_figures`),
so a run here says what ``fit`` on that file alone says.  In the window the same comparison is
"Pin this run" for each import: the runs as pins on the chart and in the Compare tab.
"""

from __future__ import annotations

from collections.abc import Sequence

from .decision import MeasuredFigures
from .fit import Fit
from .summary import summary_dict

__all__ = ["compare_dict", "compare_lines"]

Run = tuple[str, Fit, "MeasuredFigures | None"]


def compare_dict(runs: Sequence[Run]) -> dict:
    """``{"runs": [...]}``: each run's ``fit --json`` object, with its ``file``."""
    return {"runs": [{"file": name, **summary_dict(fit, figures)} for name, fit, figures in runs]}


def _p_text(fit: Fit) -> str:
    if fit.fitted_p is None:
        return "none (drafts vary)"
    if fit.p_low is None or fit.p_high is None:
        return f"{fit.fitted_p:.4f}"
    return f"{fit.fitted_p:.4f} ({fit.p_low:.3f} to {fit.p_high:.3f})"


def _positions_text(fit: Fit) -> str:
    if fit.per_position is None:
        return "not reported"
    return " ".join("–" if a is None else f"{a:.2f}" for a in fit.per_position)


def _best_text(figures: MeasuredFigures | None) -> str:
    if figures is None:
        return "give --c (or timings) to decide"
    if figures.best_k is None:
        return "no best k (drafts vary, or no peak)"
    speed = "" if figures.best_speedup is None else f" at {figures.best_speedup:.2f}×"
    return f"k = {figures.best_k}{speed}" + (" (beyond the measured k)" if figures.beyond_measured else "")


def compare_lines(runs: Sequence[Run]) -> list[str]:
    """The runs as rows of one table (a figure per row, a run per column), then what changed."""
    names = [name for name, _fit, _figures in runs]
    rows: list[tuple[str, list[str]]] = [
        ("format", [fit.measurement.label for _n, fit, _f in runs]),
        ("k", [str(fit.measurement.k) for _n, fit, _f in runs]),
        (
            "verify steps",
            ["–" if fit.measurement.steps is None else f"{fit.measurement.steps:,}" for _n, fit, _f in runs],
        ),
        ("tokens/step", [f"{fit.tau:.4f}" for _n, fit, _f in runs]),
        ("fitted p", [_p_text(fit) for _n, fit, _f in runs]),
        ("per position", [_positions_text(fit) for _n, fit, _f in runs]),
        ("best k", [_best_text(figures) for _n, _fit, figures in runs]),
    ]
    label_width = max(len(label) for label, _values in rows)
    widths = [
        min(48, max(len(name), *(len(values[i]) for _label, values in rows))) for i, name in enumerate(names)
    ]

    def row(label: str, values: Sequence[str]) -> str:
        cells = [
            value if len(value) <= w else value[: w - 1] + "…"
            for value, w in zip(values, widths, strict=True)
        ]
        return "  ".join(
            [label.ljust(label_width), *(c.ljust(w) for c, w in zip(cells, widths, strict=True))]
        ).rstrip()

    lines = [row("run", names)]
    lines += [row(label, values) for label, values in rows]
    first, last = runs[0][1], runs[-1][1]
    change = (last.tau - first.tau) / first.tau * 100
    lead = "change".ljust(label_width)
    lines.append(
        f"{lead}  tokens per step {first.tau:.4f} -> {last.tau:.4f} ({change:+.1f} %), first run to last"
    )
    decided = [figures for _n, _fit, figures in runs if figures is not None]
    if len(decided) == len(runs) and decided[0].best_k != decided[-1].best_k:
        lines.append(
            f"{' ' * label_width}  best k {decided[0].best_k} -> {decided[-1].best_k} under the same c and "
            "assumptions"
        )
    for name, fit, _figures in runs:  # whole sentences, not cut to a column
        lines.append(f"{'verdict'.ljust(label_width)}  {name}: {fit.verdict_text}")
    return lines
