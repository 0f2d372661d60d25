"""View ▸ Language switches the Sampling tab (with its real-text run) and the Compare tab live:
every word they show is said again in the new language, and the switch back gives the English
exactly as before."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QProgressBar, QWidget

from specdec_desktop import text
from specdec_desktop.window_services.language_menu import LanguageMenu
from specdec_desktop.window_services.settings_store import SettingsStore

from ..support.window import open_window

BUILD_MS = 30_000  # the real-text run's models (about 2 s on a quiet machine)


def _texts(root: QWidget) -> dict[tuple[str, int, str], str]:
    """Every text ``root`` and its children show or name: (class, id, what) -> text."""
    texts: dict[tuple[str, int, str], str] = {}
    for widget in (root, *root.findChildren(QWidget)):
        key = (type(widget).__name__, id(widget))
        if isinstance(widget, QLabel | QAbstractButton):
            texts[(*key, "text")] = widget.text()
        if isinstance(widget, QComboBox):
            for index in range(widget.count()):
                texts[(*key, f"item{index}")] = widget.itemText(index)
        if isinstance(widget, QProgressBar):
            texts[(*key, "format")] = widget.format()
        texts[(*key, "tip")] = widget.toolTip()
        texts[(*key, "name")] = widget.accessibleName()
    return texts


def _switch_checks(menu: LanguageMenu, root: QWidget) -> tuple[dict, int]:
    """The English texts, and how many whole catalogue messages were checked."""
    english = _texts(root)
    assert menu.switch("de")
    german = _texts(root)
    assert german.keys() == english.keys()
    checked = 0
    for key, shown in english.items():
        translated = text._(shown) if shown else shown
        if translated != shown:  # a whole message of the catalogue: now in German
            assert german[key] == translated, key
            checked += 1
    return english, checked


def _menu(window, tmp_path) -> LanguageMenu:
    return LanguageMenu(window, SettingsStore(tmp_path / "settings.ini"))


def test_the_sampling_tab_and_its_real_text_run_follow_a_live_switch(qtbot, tmp_path):
    window = open_window(qtbot, [], active=False)
    menu = _menu(window, tmp_path)
    run = window.app_state.text_run
    with qtbot.waitSignal(run.run_changed, timeout=BUILD_MS):
        window.tabs.setCurrentWidget(window.sampling_scroll)
    run.set_distributions_shown(True)  # the position's caption and legend are on screen too
    view = window.sampling_view
    view.findChild(QWidget, "samplingDrawButton").click()
    english, checked = _switch_checks(menu, view)
    assert checked >= 40  # captions, buttons, tips, names, rules, pairs, policies
    figures = view.findChild(QLabel, "textRunFigures")
    assert "Zeichen in" in figures.text() and "Beschleunigung" in figures.text()
    assert view.findChild(QLabel, "samplingDistance").text().startswith("10.000 ")
    assert view.findChild(QLabel, "textPositionCaption").text().startswith("Zyklus ")
    assert view.findChild(QWidget, "samplingDrawButton").text() == "10.000 ziehen"
    assert view.pair_input.itemText(0) == "Durchgerechnetes Beispiel"
    assert menu.switch("en")
    assert _texts(view) == english


def test_the_compare_tab_and_its_message_follow_a_live_switch(qtbot, tmp_path):
    window = open_window(qtbot, [], active=False)
    menu = _menu(window, tmp_path)
    window.tabs.setCurrentWidget(window.compare_scroll)
    panel = window.compare.panel
    assert window.compare.pin("Mine")
    message = panel.findChild(QLabel, "pinMessage")
    assert message.text() == "Pinned Mine."
    window.compare.apply_preset(0)
    english, checked = _switch_checks(menu, panel)
    assert checked >= 10  # the buttons, their tips, the table's name, the presets' box
    assert message.text() == "Mine angeheftet."
    citation = panel.findChild(QLabel, "presetCitation").text()  # the published configuration's words
    assert "Tabelle 2" in citation and "Hier übertrifft die Messung die Formel." in citation
    assert panel.presets.itemText(1) == "T5-XXL mit T5-small als Entwurf (Übersetzung, greedy)"
    assert window.compare.chart_button.text() == text._("Speedup vs k") != "Speedup vs k"
    assert menu.switch("en")
    assert _texts(panel) == english
    assert window.compare.chart_button.text() == "Speedup vs k"


def test_a_refusal_in_the_compare_tab_is_said_again_after_a_switch(qtbot, tmp_path):
    window = open_window(qtbot, [], active=False)
    menu = _menu(window, tmp_path)
    assert window.compare.pin("Mine")
    assert not window.compare.pin("Mine")  # the name is taken
    message = window.compare.panel.findChild(QLabel, "pinMessage")
    english = message.text()
    assert "Mine" in english
    assert menu.switch("de")
    assert message.text() != english and "Mine" in message.text()
    assert menu.switch("en")
    assert message.text() == english
