"""The one rule that places the chart's labels: clear of each other, the markers and the curves."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from specdec_desktop.views.chart.labels import Box, LabelRequest, Obstacles, around, overlaps, place_labels

PLOT = Box(0, 0, 400, 200)


def test_a_label_takes_its_first_free_candidate():
    boxes = place_labels(PLOT, [LabelRequest("a", around(200, 100, 60, 16, 8))], Obstacles())
    assert boxes["a"] == Box(170, 76, 230, 92)  # above the point


def test_labels_keep_clear_of_each_other_markers_and_lines():
    obstacles = Obstacles(boxes=[Box(190, 90, 210, 110)])
    obstacles.add_line(np.linspace(0, 400, 50), np.linspace(200, 0, 50))
    requests = [LabelRequest(key, around(200, 100, 80, 18, 10)) for key in "abcd"]
    boxes = place_labels(PLOT, requests, obstacles)
    assert len(boxes) == 4
    for first, second in itertools.combinations(boxes.values(), 2):
        assert not overlaps(first, second)
    for box in boxes.values():
        assert PLOT.contains(box)
        assert not overlaps(box, obstacles.boxes[0])
        assert obstacles.line_hits(box) == 0


@pytest.mark.parametrize("x, y", [(0, 0), (400, 200), (0, 200), (399, 1)])
def test_a_label_at_the_edge_stays_inside_the_plot(x, y):
    boxes = place_labels(PLOT, [LabelRequest("edge", around(x, y, 120, 20, 8))], Obstacles())
    assert PLOT.contains(boxes["edge"])


def test_a_label_stays_inside_its_area():
    region = Box(0, 120, 400, 200)
    request = LabelRequest("slower", [Box(300, 10, 390, 30)], area=region)
    assert region.contains(place_labels(PLOT, [request], Obstacles())["slower"])


def test_when_nothing_is_free_the_label_avoids_other_labels_first():
    small = Box(0, 0, 100, 40)
    first = LabelRequest("first", [Box(0, 0, 60, 20)])
    # Its candidates: over the first label, or over a line.
    obstacles = Obstacles()
    obstacles.add_line([0, 100], [30, 30])
    second = LabelRequest("second", [Box(0, 0, 60, 20), Box(0, 20, 60, 40)])
    boxes = place_labels(small, [first, second], obstacles)
    assert not overlaps(boxes["first"], boxes["second"])
