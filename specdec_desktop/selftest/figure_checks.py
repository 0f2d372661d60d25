"""Self-test checks of the figures: model against reference values, cards and chart against the model.

The reference points are :data:`~specdec_desktop.model.reference.REFERENCE_POINTS`
(E, C, S and the best k at (k, p, c), listed in docs/model.md); reproducing them in the
frozen build shows the bundled numpy computes what the source does.  The cards and the chart must then show
exactly what :func:`~specdec_desktop.model.readouts` and
:func:`~specdec_desktop.model.speedup_curves` give at each point.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtWidgets import QLabel, QWidget

from ..model import Parameters, readouts, speedup_curves
from ..model.reference import REFERENCE_POINTS
from ..text import N_, Phrase, _, delocalize
from ..wording.cards import CARDS, card_texts
from .context import SelfTestContext, expect

__all__ = ["REFERENCE_POINTS", "check_cards", "check_chart"]


#: What a failure names (phrases, so said in the self-test's language).
_TOKENS = Phrase(N_("tokens per cycle"))
_COST = Phrase(N_("cost per cycle"))
_SPEEDUP = Phrase(N_("speedup"))
_BEST_SPEEDUP = Phrase(N_("best speedup"))
_CURVE = Phrase(N_("curve"))
_LOWER = Phrase(N_("band lower edge"))
_UPPER = Phrase(N_("band upper edge"))


def _where(k: int, p: float, c: float) -> Phrase:
    """The reference point a failure names, ``k=6 p=0.75 c=0.15`` (0,75 in German)."""
    return Phrase(N_("k={k} p={p} c={c}"), k=k, p=p, c=c)


def _close(have: float | None, want: float | None) -> bool:
    if have is None or want is None:
        return have is None and want is None
    return math.isclose(have, want, rel_tol=1e-6, abs_tol=1e-6)


def _card_value(ctx: SelfTestContext, name: str) -> str:
    card = ctx.window.findChild(QWidget, name)
    expect(card is not None, N_("no card named {name!r}"), name=name)
    label = card.findChild(QLabel, "value")
    expect(label is not None, N_("card {name} has no 'value' label"), name=name)
    return label.text()


def check_cards(ctx: SelfTestContext) -> str:
    """At each reference point the model gives the reference figures and the cards show them."""
    start = ctx.window.state.params
    try:
        for k, p, c, tokens, cost, speedup, best_k, best_speedup in REFERENCE_POINTS:
            params = Parameters(k=k, p=p, c=c)
            ctx.window.state.set_params(params)
            figures = readouts(params)
            where = _where(k, p, c)
            for label, have, want in (
                (_TOKENS, figures.tokens_per_cycle, tokens),
                (_COST, figures.cost_per_cycle, cost),
                (_SPEEDUP, figures.speedup, speedup),
                (_BEST_SPEEDUP, figures.best_speedup, best_speedup),
            ):
                expect(
                    _close(have, want),
                    N_("{figure} at {where} is {have}, reference {want}"),
                    figure=label,
                    where=where,
                    have=have,
                    want=want,
                )
            expect(
                figures.best_k == best_k,
                N_("best k at {where} is {have}, reference {want}"),
                where=where,
                have=figures.best_k,
                want=best_k,
            )
            texts = card_texts(figures)
            for name in (card.name for card in CARDS):
                shown = _card_value(ctx, name)
                expect(
                    shown == texts[name].value,
                    N_("{card} at {where} shows {shown!r}, not {want!r}"),
                    card=name,
                    where=where,
                    shown=shown,
                    want=texts[name].value,
                )
            shown_tokens = float(delocalize(_card_value(ctx, "tokensCard")))
            expect(
                abs(shown_tokens - tokens) <= 0.005,
                N_("tokens card at {where} shows {shown}"),
                where=where,
                shown=shown_tokens,
            )
            shown_speedup = float(delocalize(_card_value(ctx, "speedupCard").rstrip("×")))
            expect(
                abs(shown_speedup - speedup) <= 0.005,
                N_("speedup card at {where} shows {shown}"),
                where=where,
                shown=shown_speedup,
            )
    finally:
        ctx.window.state.set_params(start)
    return _("{count} reference points, {cards} cards each").format(
        count=len(REFERENCE_POINTS), cards=len(CARDS)
    )


def _xy(item) -> tuple[np.ndarray, np.ndarray]:
    x, y = item.getData()
    return (np.asarray([] if x is None else x, dtype=float), np.asarray([] if y is None else y, dtype=float))


def check_chart(ctx: SelfTestContext) -> str:
    """At each reference point the chart's curves, band and markers are the model's, and in range."""
    chart = getattr(ctx.window, "chart", None)
    expect(chart is not None, N_("the chart was not installed"))
    expect(chart.objectName() == "speedupPlot", N_("the chart is named {name!r}"), name=chart.objectName())
    start = ctx.window.state.params
    try:
        for k, p, c, *_rest in REFERENCE_POINTS:
            params = Parameters(k=k, p=p, c=c)
            ctx.window.state.set_params(params)
            # One point after another is a burst, whose ranges only grow until it rests: check
            # the picture at rest, as a class sees it once the change is over.
            chart.rest_ranges()
            ctx.settle()
            figures = readouts(params)
            curves = speedup_curves(params, figures.best_k)
            where = _where(k, p, c)
            for label, item, want in (
                (_CURVE, chart.curve, curves.speedup),
                (_LOWER, chart.lower, curves.lower),
                (_UPPER, chart.upper, curves.upper),
            ):
                x, y = _xy(item)
                expect(
                    np.array_equal(x, curves.k.astype(float)),
                    N_("{item} x at {where} is not 0..{most}"),
                    item=label,
                    where=where,
                    most=curves.x_max,
                )
                expect(
                    np.allclose(y, want, rtol=1e-12, atol=1e-12),
                    N_("{item} at {where} differs from the model"),
                    item=label,
                    where=where,
                )
            x, y = _xy(chart.current)
            expect(
                list(x) == [k] and np.allclose(y, [figures.speedup]),
                N_("current-k marker at {where} is at {points}"),
                where=where,
                points=list(zip(x, y, strict=True)),
            )
            x, y = _xy(chart.best)
            if figures.best_k is None:
                expect(len(x) == 0, N_("best-k marker shown at {where} where there is no peak"), where=where)
            else:
                expect(
                    list(x) == [figures.best_k] and np.allclose(y, [figures.best_speedup]),
                    N_("best-k marker at {where} is at {points}"),
                    where=where,
                    points=list(zip(x, y, strict=True)),
                )
            (x_low, x_high), (y_low, y_high) = chart.getPlotItem().viewRange()
            for marker in (k, figures.best_k):
                if marker is not None:
                    expect(
                        x_low <= marker <= x_high,
                        N_("k = {marker} is outside the x-range at {where}"),
                        marker=marker,
                        where=where,
                    )
            expect(
                y_low <= 1.0 <= y_high,
                N_("the break-even line is outside the y-range at {where}"),
                where=where,
            )
    finally:
        ctx.window.state.set_params(start)
    return _("{count} reference points: curve, band, markers, ranges").format(count=len(REFERENCE_POINTS))
