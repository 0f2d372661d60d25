"""The race's lanes: each count sits after its bar or past the end of its track, never across it."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics

from specdec_desktop.model.race import RaceTotals
from specdec_desktop.theme import LIGHT, PROJECTOR
from specdec_desktop.views.token_run.race_lanes import RaceLanes


def _totals(spec: int, plain: int) -> RaceTotals:
    checked = max(1, spec // 4)
    return RaceTotals(
        passes=float(plain),
        cycles_checked=checked,
        draft_steps=3 * checked,
        accepted_tokens=spec - checked,
        plain_tokens=plain,
        draft_cost=0.15,
        expected_speedup=1.8,
        achieved_speedup=1.8,
        standard_error=None,
    )


def _track_end(lanes: RaceLanes) -> float:
    bar_left, bar_width, _per_token, _separated = lanes._scale(lanes._totals)
    return bar_left + bar_width


@pytest.mark.parametrize("theme", [LIGHT, PROJECTOR], ids=["light", "projector"])
@pytest.mark.parametrize("width", [0, 330, 420, 600, 900])
def test_no_count_lies_across_the_end_of_its_track(qtbot, theme, width):
    lanes = RaceLanes(theme)
    qtbot.addWidget(lanes)
    width = max(width, lanes.minimumSizeHint().width())  # a layout never makes them narrower
    lanes.resize(width, lanes.height())
    bold = QFontMetrics(lanes._bold)
    crossings_avoided = 0
    for spec in range(1, 400, 3):
        lanes.show_totals(_totals(spec, max(1, spec // 2)))
        end = _track_end(lanes)
        for words, box in lanes.count_boxes():
            right = box.left() + bold.horizontalAdvance(words)
            assert box.left() >= end or right <= end, (spec, words, box.left(), right, end)
            assert right <= width + 0.5, (spec, words, right, width)  # the reserved column holds it
            crossings_avoided += box.left() > end
    if width <= 420:
        assert crossings_avoided  # the narrow lanes did have counts that would have crossed
