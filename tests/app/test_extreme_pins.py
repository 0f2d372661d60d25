"""Pins at the extremes (issue 24.7): p = 1 − 2⁻⁵³ with c = 5e-324 fills its Compare row.

Before issue 24 the pin's best-k speedup was evaluated through the public ``speedup``, which
refuses k ≈ 6.4e18, so the row stayed empty and a scenario holding such a pin gave a
traceback at start.  Now the pin's figures come from the main chart's own path, and a best k
past the chart is said in words, as the chart's arrow says it.
"""

from __future__ import annotations

import json

from specdec_desktop.model import Configuration, Parameters
from specdec_desktop.model.figures import MAX_X_MAX, readouts
from specdec_desktop.model.pins import Pin, pin_figures

EDGE = Parameters(k=6, p=0.9999999999999999, c=5e-324)


def test_pin_figures_at_the_edge_are_the_cards_figures() -> None:
    figures = pin_figures(Pin("edge", Configuration(EDGE)))
    cards = readouts(EDGE)
    assert figures.best_k == cards.best_k and figures.best_k > MAX_X_MAX
    assert figures.best_speedup == cards.best_speedup and figures.speedup == cards.speedup


def test_compare_row_of_an_extreme_pin_says_best_k_beyond_the_chart(qtbot) -> None:
    from ..support.window import open_window

    window = open_window(qtbot)
    window.app_state.pinned.pin("edge", Configuration(EDGE))
    table = window.compare.panel.table
    qtbot.waitUntil(lambda: table.rowCount() == 1)
    texts = [table.item(0, column).text() for column in range(table.columnCount())]
    assert all(texts), texts
    assert any("beyond the chart" in text for text in texts)


def test_a_scenario_with_an_extreme_pin_opens(qtbot, tmp_path) -> None:
    from specdec_desktop.app import create_main_window

    path = tmp_path / "edge.json"
    path.write_text(
        json.dumps(
            {
                "format": "specdec-desktop-scenario",
                "version": 2,
                "parameters": {"k": 6, "p": EDGE.p, "c": EDGE.c},
                "view": {"theme": "light", "zoom": 1.0},
                "pinned": [{"name": "edge", "k": 6, "p": EDGE.p, "c": EDGE.c}],
            }
        )
    )
    window = create_main_window(["--scenario", str(path)])
    qtbot.addWidget(window)
    assert [pin.name for pin in window.app_state.pinned.pins] == ["edge"]
    assert window.compare.panel.table.item(0, 6).text().endswith("beyond the chart")
