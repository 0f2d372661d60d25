"""One self-contained HTML report of a measurement and its decision (no Qt, nothing online).

The page holds a context block (what the file says of engine, draft length and lines; the
assumptions; the command that reproduces it), the fit and its verdict, the per-position bars,
the decision of :func:`~specdec_desktop.measured.decision.measured_figures` in the words of
:mod:`specdec_desktop.wording.measured_words` (the same as the window and ``fit``), the flags
to paste, and a chart drawn at the decision's own figures (its p, curve and assumptions, with
the measured point), as inline SVG.  Every piece of text that came from a file (file names,
formats, notes) is HTML-escaped; the page loads nothing from anywhere else.

Language: the caller names it (``language=``): the window writes the report in its own
language, the command line's ``fit --report`` in the language it speaks (``--lang``, else English).  The
page's words come from the text layer inside :func:`~specdec_desktop.text.speaking`, so the
window on screen does not change; its numbers follow the language (0,7929 in German), the
flags to paste and the reproducing command stay as an engine and a shell read them.  The fit's
verdict, its test and the warnings are phrases (English data, :class:`~specdec_desktop.text.Phrase`)
said here in the report's language, as are the readers' notes (kept English, marked ``N_``).
"""

from __future__ import annotations

import datetime
import math
from html import escape

from .. import __version__
from ..measured import Fit, Timings
from ..measured.decision import MeasuredFigures
from ..model import Parameters, cycle_cost, speedup
from ..text import N_, Phrase, _, localize, said, speaking
from ..wording.measured_words import ENGINE_NAMES, k_range_text, recommendation_text

__all__ = ["report_html"]

#: The context rows a log gives (measured/log_context.py), as the report names them.
_CONTEXT_NAMES = {
    "engine": N_("Engine version (from the log)"),
    "model": N_("Model (from the log)"),
    "time": N_("Time span of the metric lines"),
}

#: What the decision rests on, by ``MeasuredFigures.basis``.
_BASIS = {
    "per_position": N_("the measured per-position curve"),
    "constant_p": N_("one constant p"),
    "none": N_("none (drafts vary in length)"),
}

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em;
       color: #1b1b1b; background: #fff; line-height: 1.45; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em 0.2em 0; text-align: left;
vertical-align: top; } th { font-weight: 600; } .muted { color: #555; font-size: 0.9em; }
.verdict { font-weight: 600; } code { background: #f3f3f3; padding: 0.1em 0.3em; }
.warning { color: #8a3b00; }
"""


def _text(words: str) -> str:
    """A message as an element's content: ``<``, ``>`` and ``&`` escaped, quotes kept."""
    return escape(words, quote=False)


def _bars_svg(fit: Fit) -> str:
    values = fit.per_position or ()
    if not values:
        return ""
    width, height, left, bottom = 560, 200, 36, 24
    slot = (width - left - 8) / len(values)
    inner = height - bottom - 8

    def y(v: float) -> float:
        return 8 + (1 - v) * inner

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(_("per-position acceptance"))}">',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 8}" y2="{y(0):.1f}" stroke="#333"/>',
    ]
    for tick in (0.0, 0.5, 1.0):
        parts.append(
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end">'
            f"{localize(f'{tick:g}')}</text>"
        )
    for i, value in enumerate(values):
        x = left + slot * (i + 0.5)
        if value is not None:
            parts.append(
                f'<rect x="{x - slot * 0.3:.1f}" y="{y(value):.1f}" width="{slot * 0.6:.1f}" '
                f'height="{value * inner:.1f}" fill="#0072B2"/>'
            )
        if fit.per_position_low is not None and fit.per_position_high is not None:
            low, high = fit.per_position_low[i], fit.per_position_high[i]
            if low is not None and high is not None:
                parts.append(
                    f'<line x1="{x:.1f}" y1="{y(low):.1f}" x2="{x:.1f}" y2="{y(high):.1f}" stroke="#000" '
                    'stroke-width="1.5"/>'
                )
        if len(values) <= 24 or i % max(1, len(values) // 12) == 0:
            parts.append(
                f'<text x="{x:.1f}" y="{height - 6}" font-size="11" text-anchor="middle">a{i + 1}</text>'
            )
    if fit.fitted_p is not None:
        parts.append(
            f'<line x1="{left}" y1="{y(fit.fitted_p):.1f}" x2="{width - 8}" y2="{y(fit.fitted_p):.1f}" '
            'stroke="#D55E00" stroke-width="2" stroke-dasharray="6 4"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _measured_points(costs) -> list[tuple[int, float]]:
    """``(k, tokens/s over k = 0)`` of the first batch size of a cost table, when it has k = 0."""
    from ..measured.cost_summary import measured_speedups

    points = measured_speedups(costs or [])
    return [] if points is None else list(zip(points.k, points.speedup, strict=True))


def _chart_svg(fit: Fit, figures: MeasuredFigures, points: list[tuple[int, float]] = ()) -> str:
    """Speedup against k at the decision's figures, the measured point and the best k (SVG)."""
    if figures.p is None:
        return ""
    keywords = figures.assumptions.keywords()
    reach = max(12, figures.measured_k, figures.best_k or 0)
    x_max = min(2000, math.ceil(reach * 1.4))
    ks = list(range(x_max + 1))
    values = [float(speedup(figures.p, k, figures.c, **keywords)) for k in ks]
    measured = fit.tau / float(cycle_cost(fit.k, figures.c, **_cost_keywords(keywords)))
    top = max(max(values), measured, 1.0, *(s for _, s in points)) * 1.1
    width, height, left, bottom, right, above = 600, 300, 44, 30, 12, 10
    inner_w, inner_h = width - left - right, height - bottom - above

    def x(k: float) -> float:
        return left + k / x_max * inner_w

    def y(s: float) -> float:
        return above + (1 - s / top) * inner_h

    path = " ".join(f"{'M' if k == 0 else 'L'}{x(k):.1f},{y(s):.1f}" for k, s in zip(ks, values, strict=True))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(_("speedup against draft length at the fitted figures"))}">',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#333"/>',
        f'<line x1="{left}" y1="{above}" x2="{left}" y2="{y(0):.1f}" stroke="#333"/>',
        f'<line x1="{left}" y1="{y(1):.1f}" x2="{width - right}" y2="{y(1):.1f}" stroke="#777" '
        'stroke-dasharray="4 4"/>',
        f'<text x="{width - right}" y="{y(1) - 4:.1f}" font-size="11" text-anchor="end">'
        f"{_text(_('break-even'))}</text>",
        f'<path d="{path}" fill="none" stroke="#0072B2" stroke-width="2.5"/>',
        f'<circle cx="{x(fit.k):.1f}" cy="{y(measured):.1f}" r="5" fill="#D55E00"/>',
        f'<text x="{x(fit.k) + 8:.1f}" y="{y(measured) + 4:.1f}" font-size="11">'
        f"{_text(_('measured, k = {k}').format(k=fit.k))}</text>",
    ]
    for k, s in points:
        if k <= x_max:
            parts.append(
                f'<path d="M{x(k) - 5:.1f},{y(s) + 4:.1f} L{x(k):.1f},{y(s) - 5:.1f} '
                f'L{x(k) + 5:.1f},{y(s) + 4:.1f} Z" '
                'fill="#CC79A7"/>'
            )
    for tick in range(0, x_max + 1, max(1, x_max // 8)):
        parts.append(
            f'<text x="{x(tick):.1f}" y="{height - 12}" font-size="11" text-anchor="middle">{tick}</text>'
        )
    for tick in (0.0, 1.0, round(top / 1.1, 1)):
        parts.append(
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end">'
            f"{localize(f'{tick:g}')}×</text>"
        )
    if figures.best_k is not None and figures.best_speedup is not None and figures.best_k <= x_max:
        parts.append(
            f'<rect x="{x(figures.best_k) - 5:.1f}" y="{y(figures.best_speedup) - 5:.1f}" '
            'width="10" height="10" '
            'fill="none" stroke="#009E73" stroke-width="2.5"/>'
        )
        parts.append(
            f'<text x="{x(figures.best_k):.1f}" y="{y(figures.best_speedup) - 10:.1f}" font-size="11" '
            f'text-anchor="middle">{_text(_("best k = {k}").format(k=figures.best_k))}</text>'
        )
    parts.append(
        f'<text x="{left + inner_w / 2:.1f}" y="{height - 1}" font-size="11" text-anchor="middle">'
        f"{_text(_('draft length k'))}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _cost_keywords(keywords: dict) -> dict:
    return {name: value for name, value in keywords.items() if name not in ("decay", "spread")}


def _costs_html(costs) -> str:
    if not costs:
        return ""
    from ..measured.cost_summary import COST_COLUMNS, cost_cells, cost_headings

    rows = (
        "".join(f"<td>{escape(localize(cells[key]))}</td>" for key, _heading in COST_COLUMNS)
        for cells in map(cost_cells, costs)
    )
    body = "".join(f"<tr>{row}</tr>" for row in rows)
    head = "".join(f"<th>{escape(heading)}</th>" for heading in cost_headings())
    return (
        f"<h2>{_text(_('Measured costs: best k per batch size'))}</h2>"
        '<p class="muted">'
        + _text(
            _(
                "Triangles on the chart: the first batch size's measured tokens per second at "
                "each k, over those at k = 0."
            )
        )
        + "</p>"
        f"<table><tr>{head}</tr>{body}</table>"
    )


def _rows(pairs: list[tuple[str, str]]) -> str:
    return "".join(f"<tr><th>{escape(a)}</th><td>{escape(b)}</td></tr>" for a, b in pairs)


def report_html(
    fit: Fit,
    figures: MeasuredFigures,
    origin: str = "",
    timings: Timings | None = None,
    command: str = "",
    params: Parameters | None = None,
    costs=None,
    *,
    language: str,
) -> str:
    """The report as one HTML document (UTF-8 text); ``costs`` a cost table's per-batch fit.

    ``language`` is the code of the language to write it in (``"en"`` from the command line,
    :func:`specdec_desktop.text.current` from the window); the active language is left alone.
    """
    with speaking(language) as spoken:
        return _report(fit, figures, origin, timings, command, params, costs, spoken.code)


def _report(fit, figures, origin, timings, command, params, costs, code: str) -> str:
    m = fit.measurement
    ratio = m.engine_acceptance
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    described = figures.assumptions.describe()
    context = [
        (_("Source"), said(origin) or ", ".join(map(said, m.sources))),
        (_("Engine and format"), said(m.label)),
        *(
            (_(_CONTEXT_NAMES[name]) if name in _CONTEXT_NAMES else name, said(value))
            for name, value in m.context
        ),
        (
            _("Draft length k"),
            _("{k} (the longest; drafts vary in length)").format(k=m.k) if m.variable_k else str(m.k),
        ),
        (
            _("Batch"),
            _("{batch} (as assumed; the file does not state it)").format(batch=figures.assumptions.batch),
        ),
        (
            _("Lines"),
            _("{read:,} read, {used:,} used from line {first}, {skipped:,} skipped").format(
                read=m.lines_read, used=m.lines_used, first=m.first_line or "?", skipped=m.lines_skipped
            ),
        ),
        (
            _("Draft cost and assumptions"),
            localize(f"c = {figures.c:.4g}")
            + (f"; {described}" if described else _("; the original model's")),
        ),
    ]
    if command:
        context.append((_("Command that reproduces it"), command))
    not_reported = _("not reported")
    figures_rows = [
        (_("Verify steps"), not_reported if m.steps is None else localize(f"{m.steps:,}")),
        (
            _("Tokens per step τ (the target's own included)"),
            localize(f"{fit.tau:.4f}" + ("" if fit.tau_se is None else f" ± {1.96 * fit.tau_se:.4f}")),
        ),
        (
            _("The engine's acceptance rate"),
            not_reported if ratio is None else f"{localize(f'{ratio:.4f}')} ({said(m.engine_basis or '')})",
        ),
        (
            _("Fitted p (one p giving τ at k)"),
            _("none")
            if fit.fitted_p is None
            else f"{localize(f'{fit.fitted_p:.4f}')} ({fit.p_interval_text()})",
        ),
    ]
    texts = fit.per_position_texts()
    if texts is not None:
        figures_rows.append(
            (
                _("Per position (95 % intervals)"),
                "; ".join(f"a{i} = {localize(t)}" for i, t in enumerate(texts, 1)),
            )
        )
    decision = [
        (_("Best k"), _("none") if figures.best_k is None else str(figures.best_k)),
        (_("Under the fit's uncertainty"), k_range_text(figures) if figures.basis != "none" else "—"),
        (_("Basis"), _(_BASIS[figures.basis])),
        (_("Beyond the measured k"), _("yes") if figures.beyond_measured else _("no")),
    ]
    ms = figures.ms_per_token(timings.target_ms) if timings is not None and figures.best_k else None
    if timings is not None and ms is not None:
        decision.append(
            (
                _("Time per token"),
                _(
                    "{ms:.3f} ms ({rate:.1f} tokens/s) at k = {k}, against {plain:.3f} ms without drafting"
                ).format(ms=ms, rate=1000 / ms, k=str(figures.best_k), plain=timings.target_ms),
            )
        )
    flags = "".join(
        # (at k = 0 an engine's entry is a sentence, a phrase: said in the report's language)
        f"<tr><th>{escape(ENGINE_NAMES[key])}</th>"
        f"<td><code>{escape(_(value) if isinstance(value, Phrase) else value)}</code></td></tr>"
        for key, value in (figures.flags or {}).items()
    )
    window = ""
    if params is not None:
        values = localize(f"k = {params.k}, p = {params.p:g}, c = {params.c:g}")
        window = f"<h2>{_text(_('The window'))}</h2><table>{_rows([('k, p, c', values)])}</table>"
    warnings = "".join(f'<li class="warning">{escape(_(w))}</li>' for w in figures.warnings)
    notes = "".join(f"<li>{escape(_(n))}</li>" for n in m.notes)
    title = _text(_("Speculative decoding: measured acceptance"))
    written = _text(
        _("Written by SpecDec Desktop {version} on {when}.").format(version=__version__, when=when)
    )
    model = _text(
        _(
            "Each guess survives with chance a_i given the ones before it; a cycle\ncosts o + k·c + "
            "(1 + β·k)·(batch load) target passes (Leviathan, Kalman and Matias 2023, eq. 1 and\n"
            "Theorem 3.8; the assumptions as in the app's documentation)."
        )
    )
    lang = "en" if code == "pseudo" else code.replace("_", "-")

    def h2(words: str) -> str:
        return f"<h2>{_text(_(words))}</h2>"

    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{_STYLE}</style></head>
<body>
<h1>{title}</h1>
<p class="muted">{written}</p>
{h2(N_("Context"))}<table>{_rows(context)}</table>
{h2(N_("The fit"))}<table>{_rows(figures_rows)}</table>
{_bars_svg(fit)}
<p class="verdict">{escape(_(fit.verdict_text))}</p>
<p class="muted">{escape(_(fit.test_text))}</p>
{"<ul>" + warnings + "</ul>" if warnings else ""}
{h2(N_("Decision"))}
<p>{escape(recommendation_text(figures))}</p>
<table>{_rows(decision)}</table>
{h2(N_("Flags to paste")) + "<table>" + flags + "</table>" if flags else ""}
{h2(N_("Chart at the fitted figures"))}
{_chart_svg(fit, figures, _measured_points(costs))}
{_costs_html(costs)}
{window}
{h2(N_("Model"))}<p class="muted">{model}</p>
{h2(N_("Notes")) + "<ul>" + notes + "</ul>" if notes else ""}
</body></html>
"""
