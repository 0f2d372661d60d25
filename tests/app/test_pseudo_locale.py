"""The pseudo-locale: in the converted parts of the window, no word escapes the text layer.

Scope (docs/i18n.md): the four readout cards, the formulas box, the assumptions panel, the essays,
the Compare, Measured and Draft trees tabs, every menu action and the View ▸ Language menu.  Not yet
converted, so not scanned: the window's title, tab titles and hook (views/main_window.py), the
parameter controls (views/parameter_control.py), the chart's labels (views/chart/), the token run's
controls and totals (views/token_run/), the sampling tab (views/sampling_view.py), the tour.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ..support.pseudo_scan import scan, unbracketed_words
from ..support.window import open_window

SCANNED = ("tokensCard", "costCard", "speedupCard", "bestCard", "formulaPanel", "assumptionsPanel")
TABS = ("why-peak", "acceptance", "model-limits", "compare", "measured", "trees")


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
