"""The main window's layout policy: from the room and the moment to what is shown.

The window (:mod:`.main_window`) builds and wires the widgets; this module decides, with no
widget in hand, what they show.  Its inputs are plain values: the moment (:class:`Moment`: the
theme, full screen, the tour scene's focus and the panel asked for, all read from the view state
and the presentation state, never kept) and what the window measured (widths of titles, heights
of the run, the body's type size).  Its outputs are plain values too (:class:`Layout`, a tab-title
tier, a row of cards, a split of the height), which the window applies.

The rules:

* **Presenting** (projector theme, full screen, or a tour scene): the secondary panels step
  aside (the formulas, the chart/map switch, the controls' explanations, the cards' details, all
  kept in tooltips); the chart's plot keeps :data:`PRESENTING_CHART_SHARE` of the window's height,
  :data:`DEFAULT_CHART_SHARE` otherwise.
* **Focus**: a tour scene gives its room to what it is about (the chart: the lower tabs step
  aside; the run or an essay: the chart, the cards and the left column step aside).  Outside
  the tour, a panel asked for (``ViewState.panel_focus``: the run as it plays, or a tab by
  Ctrl+1..8) takes the chart's place the same way when presenting or crowded.
* **Crowding**: when the type is large for the window (zoom, a small projector), what no longer
  fits steps aside in a fixed order (:data:`CROWD_STEPS`) until the plot keeps its share (and,
  in a tour scene, until the scene's page or the sliders would no longer scroll).  The window
  measures; :class:`LayoutPolicy` holds how far it went.
* **Tab titles**: the whole ones when they fit the width, else the short ones, else the shortest
  (:data:`TABS`: the lower tabs' titles, in the order of ``scenario.tour_file.TAB_IDS``); the
  whole title stays the tab's tooltip.
* **Cards**: one row with the whole titles, else one row with the short ones, else two rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..text import _
from ..wording.tabs import SHORT_TAB_TITLES, SHORTEST_TAB_TITLES, TAB_TITLES

__all__ = [
    "CARD_TIERS",
    "CHART_MIN_EMS",
    "CHART_SHARE",
    "CROWD_STEPS",
    "DEFAULT_CHART_SHARE",
    "PRESENTING_CHART_SHARE",
    "SCENE_STEPS",
    "TABS",
    "Layout",
    "LayoutPolicy",
    "Moment",
    "TabTitles",
    "card_tier",
    "decide",
    "split_heights",
    "tab_title_tier",
]

#: What steps aside, in this order, while the chart's plot is under its share of the height
#: (large type: zoom, a small projector): the lower tabs (Ctrl+1 to Ctrl+8 bring one back, in
#: the chart's place), the app's title (the hook stays), the cards (the chart's labels keep
#: the speedup at k and the best k), the axes' titles, the legend; then the room the tour's
#: caption keeps for its longest caption (it keeps the room of the one shown), the caption's
#: headline size (it takes the body's, which zoom has made large), and the menu and status bars
#: (as full screen has them: every menu action keeps its key).  In a tour scene about the run or
#: an essay the last three also step aside while that page would scroll (:data:`SCENE_STEPS`).
CROWD_STEPS = ("tabs", "title", "cards", "axis-titles", "legend", "caption-room", "caption-type", "chrome")
#: The steps that make room for a tour scene's page (the run, an essay) rather than the chart.
SCENE_STEPS = ("caption-room", "caption-type", "chrome")
#: Share of the window's height the chart's plot keeps outside the presenting layout.
DEFAULT_CHART_SHARE = 0.25
#: Share of the window's height the chart's plot keeps in the presenting layout.
PRESENTING_CHART_SHARE = 0.4
#: Height the chart keeps at the least, in units of the body text size (260 px at 14 px type).
CHART_MIN_EMS = 18.6
#: Share of the split the chart keeps when even the run's compact height does not fit.
CHART_SHARE = 0.5


@dataclass(frozen=True)
class TabTitles:
    """One lower tab: its id (one of ``TAB_IDS``) and its title at each tier, in English
    (``wording/tabs.py`` marks them for the catalogues); :meth:`whole` and the tiers of
    :func:`tab_title_tier` are in the active language."""

    tab_id: str
    english: str
    short: str
    shortest: str

    def whole(self) -> str:
        """The whole title in the active language (also the tab's tooltip)."""
        return _(self.english)


#: The lower tabs, in display order (the order of ``TAB_IDS``, which a test holds), with their three
#: title tiers.
TABS = tuple(
    TabTitles(tab_id, TAB_TITLES[tab_id], SHORT_TAB_TITLES[tab_id], SHORTEST_TAB_TITLES[tab_id])
    for tab_id in TAB_TITLES
)


@dataclass(frozen=True)
class Moment:
    """What the view state says about the moment (read from it each time, never kept).

    ``theme_name``: the theme shown; ``full_screen``: the window is full screen (or a screenshot
    previews it); ``scene_focus``: the tour scene's focus (``PresentationState.focus``: None
    outside the tour); ``panel_focus``: the panel asked for outside the tour
    (``ViewState.panel_focus``).
    """

    theme_name: str = "light"
    full_screen: bool = False
    scene_focus: str | None = None
    panel_focus: str | None = None

    @property
    def in_scene(self) -> bool:
        """A tour scene is shown: its caption replaces the title and hook."""
        return self.scene_focus is not None

    @property
    def presenting(self) -> bool:
        """The presenting layout applies: projector theme, full screen, or a tour scene."""
        return self.theme_name == "projector" or self.in_scene or self.full_screen


@dataclass(frozen=True)
class Layout:
    """What the window shows (each field: shown or not), decided by :func:`decide`."""

    presenting: bool
    #: What has the room: ``"chart"``, ``"run"``, ``"essay"`` or None (the default view).
    focus: str | None
    crowding: int
    #: Asking for a panel (Ctrl+1..8, a run that plays) gives it the chart's room.
    panel_focus_applies: bool
    title: bool
    hook: bool
    formulas: bool
    map_switch: bool
    #: The controls' one-line meanings and the cards' details (kept in tooltips when not).
    explanations: bool
    left_column: bool
    cards: bool
    chart: bool
    tabs: bool
    #: The chart's own title (a scene's caption names what the chart shows).
    chart_title: bool
    axis_titles: bool
    legend: bool
    #: The tour's caption keeps the room of its longest caption (else of the one shown).
    caption_room: bool
    #: The tour's caption in its headline size (else the body's).
    caption_headline: bool
    #: The menu bar and the status bar (full screen has neither).
    chrome: bool
    #: Share of the window's height the chart's plot keeps.
    chart_share: float


def decide(moment: Moment, crowding: int = 0) -> Layout:
    """What the window shows at ``moment`` with the first ``crowding`` of :data:`CROWD_STEPS`
    stepped aside."""
    presenting = moment.presenting
    crowded = crowding > 0
    applies = not moment.in_scene and (presenting or crowded)
    if moment.in_scene:
        focus = moment.scene_focus
    elif moment.panel_focus is not None and applies:
        focus = "run" if moment.panel_focus == "run" else "essay"
    else:
        focus = None
    steps = set(CROWD_STEPS[:crowding])
    chart_view = focus not in ("run", "essay")
    return Layout(
        presenting=presenting,
        focus=focus,
        crowding=crowding,
        panel_focus_applies=applies,
        title=not moment.in_scene and "title" not in steps,
        hook=not moment.in_scene,
        formulas=not presenting,
        map_switch=not presenting,  # Ctrl+M stays
        explanations=not presenting,
        left_column=chart_view,
        cards=chart_view and "cards" not in steps,
        chart=chart_view,
        tabs=focus != "chart" and not (chart_view and "tabs" in steps),
        chart_title=not moment.in_scene,
        axis_titles="axis-titles" not in steps,
        legend="legend" not in steps,
        caption_room="caption-room" not in steps,
        caption_headline="caption-type" not in steps,
        chrome=not moment.full_screen and "chrome" not in steps,
        chart_share=PRESENTING_CHART_SHARE if presenting else DEFAULT_CHART_SHARE,
    )


class LayoutPolicy:
    """The window's layout policy: :func:`decide` with how crowded the window was found.

    ``crowding`` is how many of :data:`CROWD_STEPS` have stepped aside; the window measures (it
    alone has the widgets) and sets it.
    """

    def __init__(self) -> None:
        self.crowding = 0

    def decide(self, moment: Moment) -> Layout:
        return decide(moment, self.crowding)

    def keeps_crowding(self, moment: Moment) -> bool:
        """Whether the chart is away only because the window is crowded (a panel asked for outside
        the presenting layout): then the crowding it was found at stays, with nothing to measure."""
        return self.crowding > 0 and not moment.presenting and moment.panel_focus is not None


def tab_title_tier(available: int, needed: Callable[[Sequence[str]], int], whole: Sequence[str]):
    """The tab titles to show, and whether they fit: the whole titles when ``needed(titles)``
    fits ``available`` px, else the short ones, else the shortest (which may still not fit)."""
    count = len(whole)
    tiers = (
        list(whole),
        [_(tab.short) for tab in TABS[:count]],
        [_(tab.shortest) for tab in TABS[:count]],
    )
    titles = next((tier for tier in tiers if needed(tier) <= available), tiers[-1])
    return titles, needed(titles) <= available


#: The cards' arrangements, most preferred first: (titles, columns).  One row with the whole
#: titles, else one row with the short ones (a second row of cards would take the chart's
#: height), else two rows with the whole titles.
CARD_TIERS = (("whole", 4), ("short", 4), ("whole", 2))


def card_tier(available: int, needed: Callable[[str], int]) -> tuple[str, int]:
    """The first of :data:`CARD_TIERS` whose titles' row, ``needed(titles)`` px, fits ``available``
    (two rows at the last)."""
    for titles, columns in CARD_TIERS:
        if columns == 2 or needed(titles) <= available:
            return titles, columns
    return CARD_TIERS[-1]


def split_heights(
    total: int,
    *,
    natural: int,
    compact: int,
    chart_min: float,
    chart_least: int,
    run_in_focus: bool,
    presenting: bool,
    font_px: int,
) -> int:
    """The lower tabs' height when the chart and the tabs share ``total`` px.

    ``natural`` and ``compact`` are the run's heights with the tab bar; ``chart_min`` the chart's
    least height (its plot's share and :data:`CHART_MIN_EMS`); ``chart_least`` the chart's place
    at its smallest.  The run gets its natural height while the chart keeps half the split; else
    its compact height while the chart keeps ``chart_min``; else the chart keeps
    :data:`CHART_SHARE` and the run scrolls in its tab.  A run in focus gets all it needs.
    """
    if run_in_focus:
        tabs = min(natural, total - chart_least)
    elif total - natural >= total / 2:
        tabs = natural
    elif total - compact >= chart_min:
        tabs = max(compact, round(total - max(chart_min, total - natural)))
    else:
        tabs = round(total - max(total * CHART_SHARE, min(chart_min, total - 60)))
    if presenting and not run_in_focus:
        tabs = max(min(tabs, round(total - chart_min)), min(total // 4, 4 * font_px))
    return tabs
