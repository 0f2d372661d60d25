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

from specdec_desktop.text import _, localize, said
from specdec_desktop.text.columns import cells, padded, widest

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
        return _("none (drafts vary)")
    if fit.p_low is None or fit.p_high is None:
        return localize(f"{fit.fitted_p:.4f}")
    return _("{p:.4f} ({low:.3f} to {high:.3f})").format(p=fit.fitted_p, low=fit.p_low, high=fit.p_high)


def _positions_text(fit: Fit) -> str:
    if fit.per_position is None:
        return _("not reported")
    return " ".join("–" if a is None else localize(f"{a:.2f}") for a in fit.per_position)


def _best_text(figures: MeasuredFigures | None) -> str:
    if figures is None:
        return _("give --c (or timings) to decide")
    if figures.best_k is None:
        return _("no best k (drafts vary, or no peak)")
    if figures.best_speedup is None:
        text = f"k = {figures.best_k}"
    else:
        text = _("k = {k} at {speedup:.2f}×").format(k=figures.best_k, speedup=figures.best_speedup)
    return text + (_(" (beyond the measured k)") if figures.beyond_measured else "")


def _cut(value: str, width: int) -> str:
    """``value`` cut to ``width`` terminal cells, with an ellipsis when cut."""
    if cells(value) <= width:
        return value
    while value and cells(value) > width - 1:
        value = value[:-1]
    return value + "…"


def compare_lines(runs: Sequence[Run]) -> list[str]:
    """The runs as rows of one table (a figure per row, a run per column), then what changed;
    in the active language (English: as it always was), numbers in the language's way."""
    names = [name for name, _fit, _figures in runs]
    rows: list[tuple[str, list[str]]] = [
        (_("format"), [said(fit.measurement.label) for _n, fit, _f in runs]),
        ("k", [str(fit.measurement.k) for _n, fit, _f in runs]),
        (
            _("verify steps"),
            [
                "–" if fit.measurement.steps is None else localize(f"{fit.measurement.steps:,}")
                for _n, fit, _f in runs
            ],
        ),
        (_("tokens/step"), [localize(f"{fit.tau:.4f}") for _n, fit, _f in runs]),
        (_("fitted p"), [_p_text(fit) for _n, fit, _f in runs]),
        (_("per position"), [_positions_text(fit) for _n, fit, _f in runs]),
        (_("best k"), [_best_text(figures) for _n, _fit, figures in runs]),
    ]
    heads = [_("run"), _("change"), _("verdict")]
    label_width = widest([label for label, _values in rows] + heads)
    widths = [
        min(48, max(cells(name), *(cells(values[i]) for _label, values in rows)))
        for i, name in enumerate(names)
    ]

    def row(label: str, values: Sequence[str]) -> str:
        cut = [_cut(value, w) for value, w in zip(values, widths, strict=True)]
        return "  ".join(
            [padded(label, label_width), *(padded(c, w) for c, w in zip(cut, widths, strict=True))]
        ).rstrip()

    lines = [row(heads[0], names)]
    lines += [row(label, values) for label, values in rows]
    first, last = runs[0][1], runs[-1][1]
    change = (last.tau - first.tau) / first.tau * 100
    lines.append(
        f"{padded(heads[1], label_width)}  "
        + _("tokens per step {first:.4f} -> {last:.4f} ({change:+.1f} %), first run to last").format(
            first=first.tau, last=last.tau, change=change
        )
    )
    decided = [figures for _n, _fit, figures in runs if figures is not None]
    if len(decided) == len(runs) and decided[0].best_k != decided[-1].best_k:
        lines.append(
            f"{' ' * label_width}  "
            + _("best k {first} -> {last} under the same c and assumptions").format(
                first=decided[0].best_k, last=decided[-1].best_k
            )
        )
    for name, fit, _figures in runs:  # whole sentences, not cut to a column
        lines.append(f"{padded(heads[2], label_width)}  {name}: {said(fit.verdict_text)}")
    return lines
