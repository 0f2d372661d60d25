"""Self-test of "Where p comes from" (issue 26): the worked example, the bundled text, the tab.

The worked example's acceptance and residual are the model's reference point; the bundled text
must decompress (``lzma`` is in the frozen bundle) to the credited file; the n-gram models build
and give distributions; the tab shows the worked example and draws 10,000 steps.
"""

from __future__ import annotations

import time

from PySide6.QtWidgets import QLabel

from ..model.sampling import (
    acceptance_probability,
    draw_outputs,
    residual_distribution,
    softmax,
    total_variation,
)
from ..model.text_corpus import BUNDLED_SHA256, TARGET_ORDER, bundled_counts, bundled_text, text_digest
from ..text import N_, _, localize
from .context import SelfTestContext, expect


def check_sampling(ctx: SelfTestContext) -> str:
    p, q = softmax([2, 1.5, 0.2, -1]), softmax([1.4, 1.7, 0, -0.5])
    beta = acceptance_probability(p, q)
    expect(
        abs(beta - 0.8143) < 5e-5, N_("the worked example's acceptance is {beta:.4f}, not 0.8143"), beta=beta
    )
    residual = residual_distribution(p, q)
    expect(abs(residual[0] - 0.9949) < 5e-5 and abs(residual[2] - 0.0051) < 5e-5, N_("wrong residual"))
    counts, _kept = draw_outputs(p, q, 200_000, seed=1)
    expect(total_variation(counts / 200_000, p) < 0.01, N_("the written tokens do not follow the target"))
    expect(text_digest(bundled_text()) == BUNDLED_SHA256, N_("the bundled text is not the credited one"))
    start = time.perf_counter()
    counts = bundled_counts()
    built = time.perf_counter() - start
    distribution = counts.distribution(counts.encode("ROMEO:\n"), TARGET_ORDER)
    expect(abs(distribution.sum() - 1) < 1e-9, N_("the 6-gram's distribution does not sum to 1"))
    window = ctx.window
    sampling = window.app_state.sampling
    before = sampling.setup
    try:
        sampling.set_pair(0)
        sampling.set_temperature(1.0)
        shown = window.findChild(QLabel, "acceptance_probabilistic")
        worked = localize("0.8143")  # in the language's numbers (0,8143 in German)
        expect(shown is not None and shown.text() == worked, N_("the sampling tab does not show 0.8143"))
        sampling.add_draws(10_000)
        distance = window.findChild(QLabel, "samplingDistance")
        expect(distance is not None and localize("10,000") in distance.text(), N_("the draws are not shown"))
    finally:
        sampling.set_pair(before.pair)
        sampling.set_temperature(before.temperature)
        sampling.clear_draws()
    return _(
        "worked example 0.8143, text sha256 ok, models built in {seconds:.2f} s, 10,000 draws shown"
    ).format(seconds=built)
