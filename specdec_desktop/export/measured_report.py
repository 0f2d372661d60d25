"""One self-contained HTML report of an imported measurement (no Qt, nothing online).

The page holds the parameters, what was imported and from where, the fit and its verdict, the
chart (a PNG inlined as a data URI, when given), per-position bars as inline SVG, the
recommendation and the assumptions behind it.  Every piece of text that came from a file (file
names, formats, notes) is HTML-escaped; the page loads nothing: no scripts, fonts, styles or
images from anywhere else.
"""

from __future__ import annotations

import base64
import datetime
from html import escape

from .. import __version__
from ..measured import Fit, Recommendation, Timings
from ..model import Parameters, best_draft_length, expected_tokens, speedup

__all__ = ["report_html"]

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em;
       color: #1b1b1b; background: #fff; line-height: 1.45; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em 0.2em 0; text-align: left;
vertical-align: top; } th { font-weight: 600; } .muted { color: #555; font-size: 0.9em; }
.verdict { font-weight: 600; } img { max-width: 100%; height: auto; border: 1px solid #ccc; }
"""


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
        f'aria-label="per-position acceptance">',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 8}" y2="{y(0):.1f}" stroke="#333"/>',
    ]
    for tick in (0.0, 0.5, 1.0):
        parts.append(
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end">{tick:g}</text>'
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
    parts.append(
        f'<line x1="{left}" y1="{y(fit.fitted_p):.1f}" x2="{width - 8}" y2="{y(fit.fitted_p):.1f}" '
        'stroke="#D55E00" stroke-width="2" stroke-dasharray="6 4"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _rows(pairs: list[tuple[str, str]]) -> str:
    return "".join(f"<tr><th>{escape(a)}</th><td>{escape(b)}</td></tr>" for a, b in pairs)


def report_html(
    fit: Fit,
    params: Parameters,
    recommendation: Recommendation,
    origin: str,
    chart_png: bytes | None = None,
    timings: Timings | None = None,
    assumptions: dict[str, object] | None = None,
) -> str:
    """The report as one HTML document (UTF-8 text)."""
    m = fit.measurement
    ratio = m.engine_acceptance
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    imported = [
        ("Source", origin or ", ".join(m.sources)),
        ("Format", m.label),
        ("Lines", f"{m.lines_read:,} read, {m.lines_used:,} used, {m.lines_skipped:,} skipped"),
    ]
    figures = [
        ("Draft length k", str(m.k)),
        ("Verify steps", "not reported" if m.steps is None else f"{m.steps:,}"),
        ("Tokens per step τ (the target's own included)", f"{fit.tau:.4f}"),
        (
            "The engine's acceptance rate",
            "not reported" if ratio is None else f"{ratio:.4f} ({m.engine_basis})",
        ),
        (
            "Fitted p (one p giving τ at k)",
            f"{fit.fitted_p:.4f}"
            + ("" if fit.p_low == fit.p_high else f" (95 %: {fit.p_low:.4f} to {fit.p_high:.4f})"),
        ),
    ]
    texts = fit.per_position_texts()
    if texts is not None:
        parts = "; ".join(f"a{i} = {text}" for i, text in enumerate(texts, 1))
        figures.append(("Per position (95 % intervals)", parts))
    r = recommendation
    if r.best_k is None:
        best = "none: the speedup keeps rising with k"
    elif r.best_k == 0:
        best = "0: do not speculate"
    else:
        best = f"{r.best_k} ({r.best_speedup:.3f}×); within 1 % under the fit's uncertainty: {r.range_text()}"
    advice = [
        (
            "Draft cost c",
            f"{r.c:.4g}" + (f", verify growth {r.verify_growth:.4g}" if r.verify_growth else ""),
        ),
        ("Best k at the fitted p", best),
        (f"Speedup at the measured k = {r.measured_k}", f"{r.measured_speedup:.3f}×"),
    ]
    if timings is not None and r.best_k:
        ms = timings.ms_per_token(fit.fitted_p, r.best_k)
        advice.append(
            (
                "Time per token",
                f"{ms:.3f} ms ({1000 / ms:.1f} tokens/s) at k = {r.best_k}, "
                f"against {timings.target_ms:.3f} ms "
                f"without drafting (draft {timings.draft_ms:g} ms per token, target {timings.target_ms:g} ms "
                "per pass"
                + (f", {timings.verify_ms:g} ms at k + 1 tokens" if timings.verify_ms else "")
                + ")",
            )
        )
    if ratio is not None and 0 <= ratio <= 1:
        wrong_k = best_draft_length(ratio, r.c) if r.c > 0 or ratio < 1 else None
        wrong = "no peak" if wrong_k is None else str(wrong_k)
        advice.append(
            (
                "Had the engine's rate been typed in as p",
                f"best k would read {wrong}, and k = {m.k} would read "
                f"{float(speedup(ratio, m.k, r.c)):.3f}× instead of {r.measured_speedup:.3f}×",
            )
        )
    params_rows = [
        ("Window's k, p, c", f"k = {params.k}, p = {params.p:g}, c = {params.c:g}"),
        (
            "Window's readouts",
            f"{float(expected_tokens(params.p, params.k)):.4f} tokens per cycle, "
            f"{float(speedup(params.p, params.k, params.c)):.4f}×",
        ),
    ]
    model_rows = [
        (
            "Model",
            "each guess survives with one chance p given the ones before; "
            "a cycle costs k·c + 1 target passes",
        ),
        ("Source of the formulas", "Leviathan, Kalman and Matias (2023), eq. 1 and Theorem 3.8"),
    ]
    for name, value in (assumptions or {}).items():
        model_rows.append((f"Assumption: {name}", str(value)))
    chart = ""
    if chart_png:
        data = base64.b64encode(chart_png).decode("ascii")
        chart = f'<h2>Chart</h2><img alt="speedup against draft length" src="data:image/png;base64,{data}">'
    notes = "".join(f"<li>{escape(n)}</li>" for n in m.notes)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Speculative decoding: measured acceptance</title>
<style>{_STYLE}</style></head>
<body>
<h1>Speculative decoding: measured acceptance</h1>
<p class="muted">Written by SpecDec Desktop {escape(__version__)} on {when}.</p>
<h2>What was imported</h2><table>{_rows(imported)}</table>
<h2>The fit</h2><table>{_rows(figures)}</table>
{_bars_svg(fit)}
<p class="verdict">{escape(fit.verdict_text)}</p>
<p class="muted">{escape(fit.test_text)}</p>
<h2>Recommendation</h2><table>{_rows(advice)}</table>
{chart}
<h2>Parameters</h2><table>{_rows(params_rows)}</table>
<h2>Assumptions</h2><table>{_rows(model_rows)}</table>
{"<h2>Notes</h2><ul>" + notes + "</ul>" if notes else ""}
</body></html>
"""
