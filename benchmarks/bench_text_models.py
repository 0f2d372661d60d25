"""Where p comes from, timed: the n-gram models' build, one next-token distribution, 10,000 draws.

    python benchmarks/bench_text_models.py [--repeats 5] [--quick]

* build: decompress the bundled text and count orders 1 to 6 (``model/text_corpus.py``,
  ``model/ngram.py``), against decompressing the text alone; also the traced memory peak of
  one build (tracemalloc sees numpy's buffers).  Targets: median ≤ 2 s, peak ≤ 100 MB.
* next-token distribution: ``NgramCounts.distribution`` at order 6 and order 3 on contexts
  taken from the text, against one ``np.searchsorted`` in the order-6 context table (the floor
  of any look-up).  Target: median ≤ 1 ms.
* 10,000 draws: ``draw_outputs`` (the sampling view's "draw 10,000"), against numpy's
  ``Generator.choice`` of 10,000 tokens from the target alone.  Target: median ≤ 100 ms.
* a text run of 400 characters (draft order 3, k = 4): what the window simulates before it
  replays, and ``text``'s default.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
from _common import arguments, emit, row, time_calls

from specdec_desktop.model.ngram import build_counts
from specdec_desktop.model.sampling import draw_outputs, softmax
from specdec_desktop.model.text_corpus import TARGET_ORDER, bundled_text
from specdec_desktop.model.text_run import run_text


def main() -> int:
    args = arguments(__doc__.splitlines()[0], default_repeats=5).parse_args()
    repeats = 2 if args.quick else args.repeats
    builds, decompress = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        text = bundled_text()
        decompress.append(time.perf_counter() - start)
        start = time.perf_counter()
        counts = build_counts(bundled_text(), TARGET_ORDER)
        builds.append(time.perf_counter() - start)
    tracemalloc.start()
    build_counts(bundled_text(), TARGET_ORDER)
    peak_mb = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()

    positions = np.random.default_rng(0).integers(10, len(text), 2000 if not args.quick else 200)
    contexts = [counts.ids[max(0, i - 8) : i] for i in positions]
    table = counts._tables[-1].contexts  # the floor: one look-up in the largest table

    def per_call(function) -> list[float]:
        samples = []
        for _ in range(repeats):
            start = time.perf_counter()
            for context in contexts:
                function(context)
            samples.append((time.perf_counter() - start) / len(contexts) * 1e3)
        return samples

    order6 = per_call(lambda context: counts.distribution(context, 6))
    order3 = per_call(lambda context: counts.distribution(context, 3))
    floor = per_call(lambda context: np.searchsorted(table, int(context[-1])))

    p, q = softmax([2, 1.5, 0.2, -1]), softmax([1.4, 1.7, 0, -0.5])
    rng = np.random.default_rng(1)
    draws = [t * 1e3 for t in time_calls(lambda: draw_outputs(p, q, 10_000, seed=1), 10 * repeats)]
    choice = [t * 1e3 for t in time_calls(lambda: rng.choice(4, 10_000, p=p), 10 * repeats)]
    run = [t * 1e3 for t in time_calls(lambda: run_text(counts, tokens=400, seed=2), repeats, warmup=1)]

    rows = [
        row("build", "decompress + count orders 1-6", builds, unit="s", targets={"median": 2.0}),
        row("build", "decompress the text alone", decompress, unit="s", reference=True),
        row("build memory", "traced peak of one build", [peak_mb], unit="MB", targets={"median": 100.0}),
        row("next-token distribution", "order 6 (target)", order6, unit="ms", targets={"median": 1.0}),
        row("next-token distribution", "order 3 (draft)", order3, unit="ms", targets={"median": 1.0}),
        row("next-token distribution", "one searchsorted (floor)", floor, unit="ms", reference=True),
        row("10,000 draws", "draw_outputs", draws, unit="ms", targets={"median": 100.0}),
        row("10,000 draws", "Generator.choice from p alone", choice, unit="ms", reference=True),
        row("text run", "400 characters, order 3, k = 4", run, unit="ms"),
    ]
    notes = [
        f"{repeats} repeats; distributions averaged over {len(contexts)} contexts from the text; "
        "memory is tracemalloc's peak during one build (numpy buffers included)."
    ]
    result = emit("text_models", rows, notes=notes)
    return 0 if result["all_targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
