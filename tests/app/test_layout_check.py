"""Every classroom screen x every theme x every moment: the window fits and every text can be read.

The check itself is tests/support/layout_check.py (reusable: a new panel is checked by being in
the window).  The contact sheet it writes, one thumbnail per combination, is at
``build/layout-check/contact-sheet.png`` (or ``$SPECDEC_LAYOUT_SHEET``): look at it after a
layout change.
"""

from __future__ import annotations

import os

from specdec_desktop.app import create_main_window
from tests.support import layout_check


def test_every_screen_theme_and_moment_fits(qtbot):
    path = os.environ.get("SPECDEC_LAYOUT_SHEET", layout_check.DEFAULT_SHEET)
    made = []

    def make_window():
        window = create_main_window([])
        qtbot.addWidget(window)
        made.append(window)
        return window

    found = layout_check.run_matrix(make_window, path)
    report = [f"{name}: {problem}" for name, problems in found.items() for problem in problems]
    assert not report, "\n".join(report[:40])
    assert len(made) == len(layout_check.SCREENS) * len(layout_check.THEMES)
    assert os.path.getsize(path) > 100_000  # the sheet holds every thumbnail


def test_the_check_sees_a_window_that_does_not_fit(qtbot):
    """Zoomed to 200 % on a 1280x800 projector the window cannot fit: the check must say so."""
    window = create_main_window([])
    qtbot.addWidget(window)
    window.show()
    window.services.view.set_zoom(2.0)
    for moment in ("default", "scene-7", "scene-8"):
        combination = layout_check.Combination(layout_check.Screen(1280, 800), "projector", moment)
        layout_check.prepare(window, combination)
        problems = layout_check.check_window(window, combination)
        assert any("content needs" in p for p in problems), problems
    assert any("below the scroll fold" in p for p in problems)


def test_tour_scenes_give_their_room_to_their_subject(qtbot):
    """A chart scene keeps the plot >= 40 % of the window's height; a run or essay scene shows it all."""
    window = create_main_window([])
    qtbot.addWidget(window)
    window.show()
    for screen in (layout_check.Screen(1280, 800), layout_check.Screen(1920, 1080)):
        for index, scene in enumerate(window.services.tour.tour.scenes):
            combination = layout_check.Combination(screen, "projector", f"scene-{index + 1}")
            layout_check.prepare(window, combination)
            if scene.focus == "chart":
                assert window.chart.plot_size()[1] >= 0.4 * window.height()
                assert not window.tabs.isVisible()
            else:
                assert not window.chart.isVisible() and window.tabs.isVisible()
            if scene.focus == "essay":  # the whole essay, at the type the screen asks for
                essay = window.tabs.currentWidget()
                assert essay.document().defaultFont().pixelSize() >= (20 if screen.height == 800 else 24)
                assert essay.verticalScrollBar().maximum() == 0
        assert window.theme.font_px >= (20 if screen.height == 800 else 24)


def test_an_essay_scene_refits_when_the_window_grows(qtbot):
    """The tour can start before the window has its final size (--tour-scene with --screenshot, or
    full screen): the essay must fit the room it ends up with, not the room it had at the start."""
    window = create_main_window(["--projector", "--tour", "--tour-scene", "8"])
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.settle()
    essay = window.tabs.currentWidget()
    assert window.services.tour.tour.scenes[7].focus == "essay"
    assert essay.document().defaultFont().pixelSize() == essay.font().pixelSize() >= 20
    assert essay.verticalScrollBar().maximum() == 0
