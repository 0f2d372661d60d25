"""The token-by-token run in a translated window (issue 27): its buttons, race lanes, totals,
legend and "Simulate now" must not fall back to English in German, must follow a live switch,
and a switch back to English must give the English words byte for byte."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QLabel

from specdec_desktop.text import _
from specdec_desktop.views.token_run.legend import LEGEND

from ..support.window import open_window


def _run_words(view) -> dict[str, str]:
    """Every word of the run a person or a screen reader meets, by where it is."""
    controls, lanes, totals, legend = view.controls, view.lanes, view.totals, view.legend
    words: dict[str, str] = {}
    for button in view.findChildren(QAbstractButton):
        name = button.objectName()
        words[f"{name} text"] = button.text()
        words[f"{name} tip"] = button.toolTip()
        words[f"{name} name"] = button.accessibleName()
    words["speed caption"] = controls.speed_caption.text()
    words["speed name"] = controls.speed.accessibleName()
    words["speed tip"] = controls.speed.toolTip()
    words["speed item"] = controls.speed.itemText(0)
    words["seed caption"] = controls.seed_caption.text()
    words["seed tip"] = controls.seed.toolTip()
    for index, label in enumerate(lanes.lane_labels()):
        words[f"lane {index}"] = label
    words["lanes name"] = lanes.accessibleName()
    words["lanes description"] = lanes.accessibleDescription()
    for index, label in enumerate(totals.findChildren(QLabel)):
        words[f"totals {index} {label.objectName()}"] = label.text()
    words["totals name"] = totals.accessibleName()
    for index, name in enumerate(legend.names()):
        words[f"legend {index}"] = name
    words["legend name"] = legend.accessibleName()
    words["legend description"] = legend.accessibleDescription()
    words["simulate caption"] = view.simulate_now.caption.text()
    words["simulate result"] = view.simulate_now.result.text()
    words["strip name"] = view.strip.accessibleName()
    words["strip description"] = view.strip.accessibleDescription()
    words["view name"] = view.accessibleName()
    return words


def _played(window):
    """The run tab shown, ten events played and one "Simulate now" line written."""
    window.show_tab("token-run")
    view = window.token_run
    for _step in range(10):
        view.player.step()
    view.simulate_now.simulate(1_000)
    return view


#: Words that are the same in both languages: figures alone ("1,000", "18"), the speed ("1×"),
#: "Tokens" (German takes the English word), "–" for a figure not yet measured.
def _is_figure(text: str) -> bool:
    return not any(ch.isalpha() for ch in text)


def test_the_run_speaks_german_and_switches_back_to_the_same_english(qtbot):
    window = open_window(qtbot, [], active=False)
    view = _played(window)
    english = _run_words(view)
    assert english["runPlayButton text"] == "Play" and english["lane 1"] == "Plain decoding"
    assert english["legend 0"] == "drafted, not yet checked"
    assert english["simulate result"].startswith("1,000 cycles: ")

    menu = window.services.language_menu
    assert menu.switch("de")
    german = _run_words(view)
    assert german["runPlayButton text"] == "Abspielen"
    assert german["runStepButton text"] == "Schritt"
    assert german["runRestartButton text"] == "Neustart"
    assert german["runNewSeedButton text"] == "Neuer Startwert"
    assert german["runNewSeedButton tip"].startswith("Einen anderen Lauf auslosen (")
    assert german["speed caption"] == "Tempo" and german["seed caption"] == "Startwert"
    assert german["lane 0"] == "Spekulativ" and german["lane 1"] == "Gewöhnliches Dekodieren"
    assert german["lanes name"] == "Wettlauf gegen gewöhnliches Dekodieren"
    assert german["legend 0"] == "entworfen, noch nicht geprüft"
    assert german["legend description"].startswith("ausstehend: entworfen, noch nicht geprüft; ")
    assert german["simulate caption"] == "Jetzt simulieren:"
    assert german["simulate result"].startswith("1.000 Zyklen: ") and "(Modell " in german["simulate result"]
    shown = {label.text() for label in view.totals.findChildren(QLabel)}
    assert {"Gemessene Beschleunigung", "Durchläufe des großen Modells", "Entwurfsschritte"} <= shown
    assert view.totals.figures["clock"].text().endswith(" Durchläufe")
    assert "," in view.totals.figures["clock"].text()  # the German decimal mark
    # Nothing with letters is left in English (the same word in both languages: "Tokens").
    same = {key for key in english if german[key] == english[key] and not _is_figure(english[key])}
    assert {english[key] for key in same} <= {"Tokens"}

    assert menu.switch("en")
    assert _run_words(view) == english


def test_a_run_built_in_german_has_no_english_button_lane_total_or_legend(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    view = _played(window)
    words = _run_words(view)
    assert words["runPlayButton text"] == _("Play") == "Abspielen"
    assert {"Play", "Step", "Restart", "New seed", "Pause"}.isdisjoint(
        button.text() for button in view.findChildren(QAbstractButton)
    )
    assert words["lane 0"] != "Speculative" and words["lane 1"] != "Plain decoding"
    assert set(view.legend.names()).isdisjoint(text for _state, text in LEGEND)
    captions = {label.text() for label in view.totals.findChildren(QLabel)}
    assert captions.isdisjoint({"Measured speedup", "Big-model passes", "Draft steps", "Clock", "Plain"})
    view.player.toggle()  # playing: the button says what it does next, in German
    assert view.controls.play.text() == "Anhalten" == view.controls.play.accessibleName()
    view.player.toggle()
