"""Surfaces that must not fall back to English in a translated window (issue 27): the chart's
axes, title, legend, labels and description, the keyboard help, the tour's banner, and the
tab titles.  Each is checked in German against the catalogue, and again after a live switch back
to English, which must give the English text byte for byte."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from specdec_desktop import text
from specdec_desktop.shortcuts import GROUPS, SHORTCUTS
from specdec_desktop.views.chart.speedup_chart import CHART_TITLE, X_TITLE, Y_TITLE
from specdec_desktop.views.cover import HelpOverlay
from specdec_desktop.wording.chart_words import CHART_NAME

from ..support.window import open_window


def _chart(window):
    if window.chart is None:
        window.install_chart()
    return window.chart


def _chart_words(chart) -> dict[str, str]:
    plot = chart.getPlotItem()
    return {
        "x": plot.getAxis("bottom").labelText,
        "y": plot.getAxis("left").labelText,
        "title": plot.titleLabel.text,
        "name": chart.accessibleName(),
        "description": chart.accessibleDescription(),
        "slower": chart.slower_label.toPlainText(),
        "current": chart.current_label.toPlainText(),
        "best": chart.best_label.toPlainText(),
        "band": chart.band_label.toPlainText(),
    }


def test_the_chart_speaks_german_and_switches_back_to_the_same_english(qtbot):
    window = open_window(qtbot, [], active=False)
    chart = _chart(window)
    english = _chart_words(chart)
    assert english["x"] == X_TITLE and english["y"] == Y_TITLE and english["name"] == CHART_NAME
    assert CHART_TITLE in english["title"] and "this acceptance rate" in english["title"]
    assert english["current"] == "k = 6: 1.82×" and english["best"] == "best k = 4"

    menu = window.services.language_menu
    assert menu.switch("de")
    german = _chart_words(chart)
    assert german["x"] == "Entwurfslänge k (vorgeschlagene Tokens pro Prüfung)"
    assert german["y"] == "Beschleunigung ×"
    assert german["name"] == text._(CHART_NAME) != CHART_NAME
    assert "Beschleunigung über der Entwurfslänge" in german["title"]
    assert "diese Akzeptanzrate" in german["title"] and "p ± 0,10" in german["title"]
    assert german["current"] == "k = 6: 1,82×"
    assert german["best"] == "bestes k = 4"
    assert german["band"].startswith("Band: p = 0,650 bis 0,850")
    assert german["description"].startswith("Die Kurve hat ihr Maximum bei k = 4")
    assert german["description"].endswith("zwischen 1,43× und 2,38×.")  # the band, in German
    assert [key for key in english if german[key] == english[key]] == []

    assert menu.switch("en")
    assert _chart_words(chart) == english


def test_a_chart_built_in_german_has_no_english_axis_or_title(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    words = _chart_words(_chart(window))
    assert words["x"] == text._(X_TITLE) != X_TITLE
    assert words["y"] == text._(Y_TITLE) != Y_TITLE
    assert CHART_TITLE not in words["title"]
    assert "slower than plain decoding" != words["slower"] == "langsamer als gewöhnliches Dekodieren"


@pytest.mark.parametrize("code", ["de", "es", "zh_CN"])
def test_the_keyboard_help_is_in_the_language(qtbot, code):
    window = open_window(qtbot, ["--lang", code], active=False)
    overlay = HelpOverlay(window)
    shown = {label.text() for label in overlay.findChildren(QLabel)}
    english = {row.label for row in SHORTCUTS} | set(GROUPS) | {"Keyboard shortcuts"}
    # Every shortcut's words, every group and the heading: none left in English (a few, such as
    # "Tour" in German, are the same word in both languages and are allowed).
    same = {"Tour", "Esc"}
    assert not (shown & english) - same
    assert overlay.findChild(QPushButton, "helpClose").text() != "Close (F1)"
    assert overlay.accessibleName() == text._("Keyboard shortcuts") != "Keyboard shortcuts"
    tips = {label.toolTip() for label in overlay.findChildren(QLabel) if label.toolTip()}
    assert tips and not tips & {row.description for row in SHORTCUTS}


def test_the_keyboard_help_follows_a_live_switch(qtbot):
    window = open_window(qtbot, [], active=False)
    overlay = HelpOverlay(window)
    before = sorted(label.text() for label in overlay.findChildren(QLabel))
    assert "Keyboard shortcuts" in before
    menu = window.services.language_menu
    menu.switch("de")
    assert "Tastenkürzel" in {label.text() for label in overlay.findChildren(QLabel)}
    menu.switch("en")
    assert sorted(label.text() for label in overlay.findChildren(QLabel)) == before


def test_the_bundled_tour_speaks_german_and_a_live_switch_follows(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.services.tour.start(0)
    counter = window.findChild(QLabel, "sceneCounter")
    caption = window.services.banner.caption
    assert counter.text() == "Szene 1 von 19: Die Voreinstellung liegt jenseits des Maximums"
    assert caption.text().startswith("6 vorgeschlagene Tokens pro Prüfung")
    assert "1,82×" in caption.text()
    menu = window.services.language_menu
    menu.switch("en")
    assert counter.text() == "Scene 1 of 19: The default is past the peak"
    assert caption.text().startswith("Guessing 6 tokens per check makes decoding 1.82× faster")


def test_the_bundled_tours_pins_are_named_in_the_language_and_follow_a_switch(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    app_state = window.app_state
    window.services.tour.start(6)  # scene 7: the careful draft pinned beside the quick one
    assert [pin.name for pin in app_state.pinned.pins] == ["genauer Entwurf"]
    _chart(window)
    overlay = window.compare.overlay
    assert overlay.labels[0].toPlainText() == "genauer Entwurf: bestes k = 4"
    assert not window.services.banner.changed_shown
    steps = app_state.history.stack.count()
    window.services.language_menu.switch("en")
    assert [pin.name for pin in app_state.pinned.pins] == ["careful draft"]
    assert overlay.labels[0].toPlainText() == "careful draft: best k = 4"
    assert app_state.history.stack.count() == steps  # renamed by the language, not an edit
    assert not window.services.banner.changed_shown
    window.services.tour.next()  # scene 8 holds the same pin: no change to undo
    assert [pin.name for pin in app_state.pinned.pins] == ["careful draft"]


def test_a_users_own_tour_is_shown_as_written_in_german(qtbot, tmp_path):
    import json

    from specdec_desktop.scenario.tour_file import default_tour_path

    document = json.loads(default_tour_path().read_text(encoding="utf-8"))
    document["scenes"] = document["scenes"][:2]  # the bundled words, in a file of the user's own
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.services.tour.open_tour_file(str(path))
    counter = window.findChild(QLabel, "sceneCounter")
    assert counter.text() == "Szene 1 von 2: The default is past the peak"


def test_the_window_and_its_tabs_are_german_and_switch_back(qtbot):
    from specdec_desktop.views.main_window import HEADING, HOOK, WINDOW_TITLE
    from specdec_desktop.wording.tabs import TAB_TITLES

    window = open_window(qtbot, ["--lang", "de"], size=(1920, 1080), active=False)
    tabs = window.tabs
    shown = [tabs.tabToolTip(i) for i in range(tabs.count())]
    assert shown == [text._(title) for title in TAB_TITLES.values()]
    assert not set(shown) & set(TAB_TITLES.values())
    assert [tabs.tabText(i) for i in range(tabs.count())] == shown  # wide enough for whole titles
    german = (window.windowTitle(), window.title_label.text(), window.subtitle_label.text())
    assert german == (text._(WINDOW_TITLE), text._(HEADING), text._(HOOK))
    assert not set(german) & {WINDOW_TITLE, HEADING, HOOK}
    window.services.language_menu.switch("en")
    assert [tabs.tabToolTip(i) for i in range(tabs.count())] == list(TAB_TITLES.values())
    assert (window.windowTitle(), window.title_label.text(), window.subtitle_label.text()) == (
        WINDOW_TITLE,
        HEADING,
        HOOK,
    )


def test_the_parameter_controls_speak_german_and_switch_back(qtbot):
    from PySide6.QtWidgets import QSpinBox, QWidget

    window = open_window(qtbot, ["--lang", "de"], active=False)
    k_control = window.findChild(QWidget, "kControl")
    p_control = window.findChild(QWidget, "pControl")
    entry = window.findChild(QSpinBox, "draftLengthInput")
    assert k_control.title.text() == "Entwurfslänge  <i>k</i>"
    assert p_control.meaning.text().startswith("Die Wahrscheinlichkeit")
    assert entry.lineEdit().text() == "6 Tokens"
    assert entry.valueFromText("8 Tokens") == 8 and entry.valueFromText("8 tokens") == 8
    assert entry.accessibleDescription().endswith("prüft. Bereich 1 bis 128.")
    window.services.language_menu.switch("en")
    assert k_control.title.text() == "Draft length  <i>k</i>"
    assert entry.lineEdit().text() == "6 tokens"
    assert entry.accessibleName() == "Draft length"
    assert entry.accessibleDescription() == (
        "How many tokens the small draft model guesses before the big model checks them. Range 1 to 128."
    )


def test_an_exported_svg_in_german_has_german_words_and_the_english_one_is_unchanged(qtbot, tmp_path):
    from specdec_desktop.export import chart_title

    window = open_window(qtbot, ["--lang", "de"], active=False)
    path = tmp_path / "chart.svg"
    assert window.services.exports.export_to(path)  # File ▸ Export chart as SVG
    svg = path.read_text(encoding="utf-8")
    assert "Beschleunigung über der Entwurfslänge k, bei k = 6, p = 0,750, c = 0,150" in svg
    assert "Entwurfslänge k (vorgeschlagene Tokens pro Prüfung)" in svg
    assert "draft length k (tokens guessed per check)" not in svg
    text.activate("en")
    english = "Speedup against draft length k, at k = 6, p = 0.750, c = 0.150"
    assert chart_title(window.state.params) == english


def test_the_map_speaks_german_and_switches_back(qtbot):
    from PySide6.QtCore import Qt

    window = open_window(qtbot, ["--lang", "de"], active=False)
    compare = window.compare
    qtbot.mouseClick(compare.map_button, Qt.MouseButton.LeftButton)
    view = compare.map_view
    plot = view.getPlotItem()
    assert plot.getAxis("bottom").labelText == "Akzeptanzrate p"
    assert "Beste Beschleunigung (Farbe)" in plot.titleLabel.text
    assert view.labels[1].toPlainText() == "Gewinnschwelle: p = c"
    window.services.language_menu.switch("en")
    assert plot.getAxis("left").labelText == "draft cost c"
    assert "Best speedup (colour) and best draft length (lines) for every p and c" in plot.titleLabel.text
    assert view.labels[1].toPlainText() == "break-even: p = c"
    assert view.accessibleName() == "Map of the best speedup over acceptance rate and draft cost"


def test_edit_undo_names_the_step_in_german(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.state.set(p=0.8)
    assert window.services.actions["edit.undo"].text() == "&Rückgängig: Akzeptanzrate ändern"
    window.services.language_menu.switch("en")
    window.state.set(c=0.2)
    assert window.services.actions["edit.undo"].text() == "&Undo change draft cost"


def test_a_closed_chart_or_map_ignores_a_language_switch(qtbot):
    from PySide6.QtCore import QCoreApplication, QEvent

    from specdec_desktop.theme import LIGHT
    from specdec_desktop.views.chart.speedup_chart import SpeedupChart
    from specdec_desktop.views.phase_map_view import PhaseMapView

    # Not given to qtbot: pyqtgraph's PlotWidget cannot be closed twice.
    chart, view = SpeedupChart(LIGHT, "Inter"), PhaseMapView(LIGHT, "Inter")
    for widget in (chart, view):
        widget.close()  # pyqtgraph drops its plot item here; the widget lives until deleted
    text.activate("de")  # an export's offscreen chart, closed, must not break the switch
    text.activate("en")
    for widget in (chart, view):
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_hidden_cards_and_the_draft_tree_speak_german_and_follow_a_switch(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.services.actions["view.predict"].trigger()  # predict, then reveal: the cards hide
    detail = window.findChild(QWidget, "speedupCard").findChild(QLabel, "detail")
    assert detail.text() == "Erst vorhersagen: V deckt auf"
    window.show_tab("trees")
    window.app_state.shape.set(kind="sglang")
    tree = window.findChild(QWidget, "treeView")
    assert tree.accessibleName() == "Entwurfsbaum"
    described = tree.accessibleDescription()
    assert " Vorschläge auf " in described and "guesses" not in described
    window.services.language_menu.switch("en")
    assert detail.text() == "Predict it first: V reveals"
    assert tree.accessibleName() == "Draft tree" and " guesses in " in tree.accessibleDescription()
