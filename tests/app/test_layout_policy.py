"""The window's layout policy (views/window_layout.py): plain values in, what shows out.

No window is built here: the policy decides from the moment (theme, full screen, the tour scene's
focus, the panel asked for) and from numbers the window measures.
"""

from __future__ import annotations

import itertools

from specdec_desktop.scenario.tour_file import SCENE_FOCI, TAB_IDS
from specdec_desktop.views import window_layout as policy
from specdec_desktop.views.window_layout import CROWD_STEPS, LayoutPolicy, Moment, decide

THEMES = ("light", "dark", "projector")
PANELS = (None, "run", "panel")


def all_moments():
    for theme, full, scene, panel in itertools.product(THEMES, (False, True), (None, *SCENE_FOCI), PANELS):
        yield Moment(theme_name=theme, full_screen=full, scene_focus=scene, panel_focus=panel)


def test_the_tabs_are_declared_once_in_tab_ids_order_with_three_tiers():
    assert tuple(tab.tab_id for tab in policy.TABS) == TAB_IDS
    for tab in policy.TABS:
        whole = tab.whole()
        assert whole and tab.short and tab.shortest
        assert len(tab.shortest) <= len(tab.short) <= len(whole)


def test_the_default_view_shows_everything():
    layout = decide(Moment())
    assert not layout.presenting and layout.focus is None and layout.crowding == 0
    shown = "title hook formulas map_switch explanations left_column cards chart tabs chart_title"
    shown += " axis_titles legend"
    assert all(getattr(layout, name) for name in shown.split())
    assert layout.chart_share == policy.DEFAULT_CHART_SHARE
    assert not layout.panel_focus_applies


def test_presenting_sets_the_secondary_parts_aside_and_keeps_40_percent():
    for moment in (Moment("projector"), Moment(full_screen=True), Moment(scene_focus="chart")):
        layout = decide(moment)
        assert layout.presenting
        assert not (layout.formulas or layout.map_switch or layout.explanations)
        assert layout.chart_share == policy.PRESENTING_CHART_SHARE


def test_a_scene_gives_its_room_to_its_subject_whatever_the_crowding():
    for crowding in range(len(CROWD_STEPS) + 1):
        chart = decide(Moment(scene_focus="chart"), crowding)
        assert chart.chart and not chart.tabs and not chart.title and not chart.hook
        assert not chart.chart_title  # the caption names what the chart shows
        for focus in ("run", "essay"):
            layout = decide(Moment(scene_focus=focus, panel_focus="run"), crowding)
            assert layout.focus == focus
            assert layout.tabs and not (layout.chart or layout.cards or layout.left_column)
            assert not layout.panel_focus_applies  # the scene decides, not the panel asked for


def test_crowding_steps_aside_in_order_and_never_brings_back():
    moment = Moment()
    previous = None
    for level in range(len(CROWD_STEPS) + 1):
        layout = decide(moment, level)
        shown = {
            "tabs": layout.tabs,
            "title": layout.title,
            "cards": layout.cards,
            "axis-titles": layout.axis_titles,
            "legend": layout.legend,
            "caption-room": layout.caption_room,
            "caption-type": layout.caption_headline,
            "chrome": layout.chrome,
        }
        assert [step for step in CROWD_STEPS if not shown[step]] == list(CROWD_STEPS[:level])
        assert layout.hook and layout.chart  # the hook and the chart never step aside
        assert layout.explanations and layout.formulas  # they step aside presenting, not crowded
        if previous is not None:
            assert all(previous[step] or not shown[step] for step in CROWD_STEPS)
        previous = shown


def test_a_panel_asked_for_takes_the_charts_place_presenting_or_crowded():
    for panel, focus in (("run", "run"), ("panel", "essay")):
        assert decide(Moment(panel_focus=panel)).focus is None  # roomy default view: the chart stays
        for layout in (decide(Moment("projector", panel_focus=panel)), decide(Moment(panel_focus=panel), 1)):
            assert layout.panel_focus_applies and layout.focus == focus
            assert layout.tabs and not (layout.chart or layout.cards or layout.left_column)


def test_every_moment_shows_the_chart_or_the_tabs_and_never_keeps_hidden_cards_beside_no_chart():
    for moment in all_moments():
        for crowding in range(len(CROWD_STEPS) + 1):
            layout = decide(moment, crowding)
            assert layout.chart or layout.tabs, (moment, crowding)
            assert not layout.cards or layout.chart
            assert layout.left_column == layout.chart


def test_the_policy_keeps_its_crowding_only_for_a_panel_that_took_the_charts_place():
    holder = LayoutPolicy()
    assert holder.decide(Moment()) == decide(Moment(), 0)
    holder.crowding = 2
    assert holder.decide(Moment()).crowding == 2
    assert holder.keeps_crowding(Moment(panel_focus="panel"))
    assert not holder.keeps_crowding(Moment())
    assert not holder.keeps_crowding(Moment("projector", panel_focus="panel"))


def test_tab_titles_take_the_first_tier_that_fits():
    whole = [tab.whole() for tab in policy.TABS]

    def needed(titles):
        return sum(len(t) for t in titles)

    short = [tab.short for tab in policy.TABS]
    shortest = [tab.shortest for tab in policy.TABS]
    assert policy.tab_title_tier(10_000, needed, whole) == (whole, True)
    assert policy.tab_title_tier(needed(whole) - 1, needed, whole) == (short, True)
    assert policy.tab_title_tier(needed(short) - 1, needed, whole) == (shortest, True)
    assert policy.tab_title_tier(needed(shortest) - 1, needed, whole) == (shortest, False)


def test_cards_take_one_row_while_it_fits_else_two():
    widths = {"whole": 900, "short": 700}
    assert policy.card_tier(1000, widths.__getitem__) == ("whole", 4)
    assert policy.card_tier(800, widths.__getitem__) == ("short", 4)
    assert policy.card_tier(600, widths.__getitem__) == ("whole", 2)


def test_the_split_keeps_the_charts_least_height_presenting():
    common = dict(natural=400, compact=200, chart_least=160, font_px=20)
    # Room for the run's natural height with the chart keeping half: the run gets it.
    assert policy.split_heights(1000, chart_min=300, run_in_focus=False, presenting=False, **common) == 400
    # Presenting, the chart keeps chart_min even when the run would fit.
    tabs = policy.split_heights(600, chart_min=450, run_in_focus=False, presenting=True, **common)
    assert 600 - tabs >= 450 or tabs == min(600 // 4, 4 * 20)
    # A run in focus gets all it needs, the chart its least.
    assert policy.split_heights(500, chart_min=450, run_in_focus=True, presenting=True, **common) == 340


def test_full_screen_has_no_menu_or_status_bar_and_a_crowded_scene_gives_up_both_and_the_caption_room():
    assert not decide(Moment(full_screen=True)).chrome
    scene = Moment("projector", scene_focus="run")
    assert decide(scene).chrome and decide(scene).caption_room
    last = decide(scene, len(CROWD_STEPS))
    assert not last.chrome and not last.caption_room
    assert policy.SCENE_STEPS == CROWD_STEPS[-len(policy.SCENE_STEPS) :]
