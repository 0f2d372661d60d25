"""The pseudo-locale: in the converted parts of the window, no word escapes the text layer.

Scope (docs/i18n.md): the four readout cards, the formulas box, the assumptions panel, the
parameter controls, the essays, the Compare, Measured and Draft trees tabs, every menu action and
the View ▸ Language menu, and the window's own words (its title, heading, hook, the tabs' titles
at every tier and the status bar), the token-by-token run (its controls, race lanes, totals,
legend, "Simulate now" and the words it paints), the sampling tab with the real-text run, and the
chart (title, legend, axes, labels, its name and description).  What appears only after an
action (an import, a refusal, a pin, a preset): tests/app/test_pseudo_locale_actions.py.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ..support.pseudo_scan import scan, unbracketed_words
from ..support.window import open_window

SCANNED = (
    "tokensCard",
    "costCard",
    "speedupCard",
    "bestCard",
    "formulaPanel",
    "assumptionsPanel",
    "kControl",
    "pControl",
    "cControl",
)
TABS = ("why-peak", "acceptance", "model-limits", "compare", "measured", "trees", "sampling")


def test_the_scan_finds_a_word_outside_the_text_layer():
    assert unbracketed_words("[Šƥééðûƥ ···] 1,82×") == []
    assert unbracketed_words("[Šƥééðûƥ ···] at k = 4") == ["at"]
    assert unbracketed_words("<b>[ţĥé ··]</b> Speedup") == ["Speedup"]


def test_no_unbracketed_words_in_the_converted_parts(qtbot):
    window = open_window(qtbot, ["--lang", "pseudo"], active=False)
    window.assumptions_panel.set_expanded(True)
    roots = [window.findChild(QWidget, name) for name in SCANNED]
    assert all(root is not None for root in roots)
    actions = [
        a for a in window.findChildren(type(window.actions()[0])) if a.objectName().startswith("action:")
    ]
    problems = scan(roots, actions)
    for tab in TABS:
        window.show_tab(tab)
        page = window.tabs.currentWidget()
        problems += [f"{tab}: {p}" for p in scan([page])]
    assert problems == []


def test_english_has_words_the_scan_would_flag(qtbot):
    """The scan is not blind: the same parts in English are full of unbracketed words."""
    window = open_window(qtbot, [], active=False)
    roots = [window.findChild(QWidget, name) for name in SCANNED]
    assert len(scan(roots)) > 10


def test_the_windows_own_words_go_through_the_text_layer(qtbot):
    from specdec_desktop.text import _
    from specdec_desktop.views.window_layout import TABS as TAB_TITLES

    window = open_window(qtbot, ["--lang", "pseudo"], size=(1920, 1080), active=False)
    tabs = window.tabs
    words = [window.windowTitle(), window.title_label.text(), window.subtitle_label.text()]
    words.append(window.statusBar().currentMessage())
    for index in range(tabs.count()):
        words += [tabs.tabToolTip(index), tabs.tabText(index)]
    for tab in TAB_TITLES:  # the tiers a narrower window shows
        words += [tab.whole(), _(tab.short), _(tab.shortest)]
    assert [w for word in words for w in unbracketed_words(word)] == []


def test_the_token_run_goes_through_the_text_layer(qtbot):
    """The run's tab after a few events and one "Simulate now": its widgets, and the words the
    race lanes, the legend and the strip paint (no widget holds those)."""
    window = open_window(qtbot, ["--lang", "pseudo"], size=(1920, 1080), active=False)
    window.show_tab("token-run")
    view = window.token_run
    painted = [view.strip._hint, *view.lanes.lane_labels(), *view.legend.names()]
    for _step in range(10):
        view.player.step()
    view.simulate_now.simulate(1_000)
    view.player.toggle()  # playing: the Play button shows its other name
    problems = scan([view])
    view.player.toggle()
    painted += [view.lanes.accessibleDescription(), view.legend.accessibleDescription()]
    painted += [view.strip.accessibleDescription(), view.caption.text()]
    problems += [f"painted: {words}" for text in painted if (words := unbracketed_words(text))]
    assert problems == []
    assert view.strip._hint == ""  # stepped: the start hint was checked above, before it went


def test_the_chart_says_every_word_through_the_text_layer(qtbot):
    """The chart's title and legend, axes, labels and its words for a screen reader: with the
    original model, and under an assumption (the reference curve's legend entry and label)."""
    import pyqtgraph as pg

    from specdec_desktop.model import Assumptions

    window = open_window(qtbot, ["--lang", "pseudo"], size=(1920, 1080), active=False)
    chart = window.chart
    plot = chart.getPlotItem()
    problems = []
    for assumptions in (Assumptions(), Assumptions(decay=0.9)):
        window.app_state.assumptions.set_assumptions(assumptions)
        window.settle()
        words = [plot.titleLabel.text, chart.accessibleName(), chart.accessibleDescription()]
        words += [plot.getAxis(side).labelText for side in ("left", "bottom")]
        words += [item.toPlainText() for item in plot.items if isinstance(item, pg.TextItem)]
        problems += [(text, found) for text in words if (found := unbracketed_words(text))]
    assert problems == []
    assert "[" in chart.accessibleDescription()
