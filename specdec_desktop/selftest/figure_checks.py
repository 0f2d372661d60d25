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
from ..text import _, delocalize
from ..wording.cards import CARDS, card_texts
from .context import SelfTestContext, expect

__all__ = ["REFERENCE_POINTS", "check_cards", "check_chart"]


def _close(have: float | None, want: float | None) -> bool:
    if have is None or want is None:
        return have is None and want is None
    return math.isclose(have, want, rel_tol=1e-6, abs_tol=1e-6)


def _card_value(ctx: SelfTestContext, name: str) -> str:
    card = ctx.window.findChild(QWidget, name)
    expect(card is not None, f"no card named {name!r}")
    label = card.findChild(QLabel, "value")
    expect(label is not None, f"card {name} has no 'value' label")
    return label.text()


def check_cards(ctx: SelfTestContext) -> str:
    """At each reference point the model gives the reference figures and the cards show them."""
    start = ctx.window.state.params
    try:
        for k, p, c, tokens, cost, speedup, best_k, best_speedup in REFERENCE_POINTS:
            params = Parameters(k=k, p=p, c=c)
            ctx.window.state.set_params(params)
            figures = readouts(params)
            where = f"k={k} p={p} c={c}"
            for label, have, want in (
                ("tokens per cycle", figures.tokens_per_cycle, tokens),
                ("cost per cycle", figures.cost_per_cycle, cost),
                ("speedup", figures.speedup, speedup),
                ("best speedup", figures.best_speedup, best_speedup),
            ):
                expect(_close(have, want), f"{label} at {where} is {have}, reference {want}")
            expect(figures.best_k == best_k, f"best k at {where} is {figures.best_k}, reference {best_k}")
            texts = card_texts(figures)
            for name in (card.name for card in CARDS):
                shown = _card_value(ctx, name)
                expect(
                    shown == texts[name].value,
                    f"{name} at {where} shows {shown!r}, not {texts[name].value!r}",
                )
            shown_tokens = float(delocalize(_card_value(ctx, "tokensCard")))
            expect(abs(shown_tokens - tokens) <= 0.005, f"tokens card at {where} shows {shown_tokens}")
            shown_speedup = float(delocalize(_card_value(ctx, "speedupCard").rstrip("×")))
            expect(abs(shown_speedup - speedup) <= 0.005, f"speedup card at {where} shows {shown_speedup}")
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
    expect(chart is not None, "the chart was not installed")
    expect(chart.objectName() == "speedupPlot", f"the chart is named {chart.objectName()!r}")
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
            where = f"k={k} p={p} c={c}"
            for label, item, want in (
                ("curve", chart.curve, curves.speedup),
                ("band lower edge", chart.lower, curves.lower),
                ("band upper edge", chart.upper, curves.upper),
            ):
                x, y = _xy(item)
                expect(
                    np.array_equal(x, curves.k.astype(float)),
                    f"{label} x at {where} is not 0..{curves.x_max}",
                )
                expect(
                    np.allclose(y, want, rtol=1e-12, atol=1e-12), f"{label} at {where} differs from the model"
                )
            x, y = _xy(chart.current)
            expect(
                list(x) == [k] and np.allclose(y, [figures.speedup]),
                f"current-k marker at {where} is at {list(zip(x, y, strict=True))}",
            )
            x, y = _xy(chart.best)
            if figures.best_k is None:
                expect(len(x) == 0, f"best-k marker shown at {where} where there is no peak")
            else:
                expect(
                    list(x) == [figures.best_k] and np.allclose(y, [figures.best_speedup]),
                    f"best-k marker at {where} is at {list(zip(x, y, strict=True))}",
                )
            (x_low, x_high), (y_low, y_high) = chart.getPlotItem().viewRange()
            for marker in (k, figures.best_k):
                if marker is not None:
                    expect(x_low <= marker <= x_high, f"k = {marker} is outside the x-range at {where}")
            expect(y_low <= 1.0 <= y_high, f"the break-even line is outside the y-range at {where}")
    finally:
        ctx.window.state.set_params(start)
    return _("{count} reference points: curve, band, markers, ranges").format(count=len(REFERENCE_POINTS))
