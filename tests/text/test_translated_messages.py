"""The metric readers' refusals in the active language (issue 27): a German window shows a
German reason, and English stays byte for byte what the tests and CONTRACT.md rely on."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop import text
from specdec_desktop.measured import MetricsProblem, read_metrics, read_metrics_text

DATA = Path(__file__).resolve().parent.parent / "data" / "metrics"
_OVER = "INFO SpecDecoding metrics: Mean acceptance length: 2.50, Accepted: 50 tokens, Drafted: 40 tokens\n"


def _problem(read) -> str:
    with pytest.raises(MetricsProblem) as caught:
        read()
    return str(caught.value)


def test_a_contradiction_reads_in_german_and_english_is_unchanged():
    read = lambda: read_metrics(DATA / "contradictory.log")  # noqa: E731
    english = _problem(read)
    assert english == (
        "contradictory.log: line 3: the numbers contradict each other: the draft acceptance rate (%) "
        "is 97.5, but the counts give 46.57"
    )
    text.activate("de")
    assert _problem(read) == (
        "contradictory.log: Zeile 3: die Zahlen widersprechen sich: die Entwurfsakzeptanzrate (%) "
        "ist 97,5, die Anzahlen ergeben aber 46,57"
    )
    text.activate("en")
    assert _problem(read) == english


@pytest.mark.parametrize("code", ["de", "es", "zh_CN"])
def test_a_line_readers_refusal_is_not_english(code):
    text.activate(code)
    shown = _problem(lambda: read_metrics_text(_OVER))
    assert "tokens accepted out of" not in shown and "line 1" not in shown
    assert "50" in shown and "40" in shown


def test_the_reason_k_is_missing_is_translated_whole():
    text.activate("de")
    line = "INFO SpecDecoding metrics: Accepted: 30 tokens, Drafted: 40 tokens\n"
    shown = _problem(lambda: read_metrics_text(line))
    assert "die Entwurfslänge k fehlt" in shown
    assert "keine Raten je Position" in shown or "weder Raten je Position" in shown


def test_a_readers_notes_stay_english_data_and_have_translations():
    measurement = read_metrics(DATA / "sglang_metrics.prom")
    note = "a gauge holds the latest interval only"
    assert note in measurement.notes  # data: English whatever the language
    text.activate("de")
    assert text._(note) == "ein Gauge enthält nur das letzte Intervall"


def test_a_broken_tour_file_is_refused_in_german_and_english_is_unchanged(tmp_path):
    import json

    from specdec_desktop.scenario import FileProblem
    from specdec_desktop.scenario.tour_file import load_tour

    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"format": "specdec-desktop-tour", "version": 1, "title": "x", "scenes": 3}))
    with pytest.raises(FileProblem) as english:
        load_tour(path)
    assert str(english.value) == "mine.json: scenes must be a list of scenes"
    text.activate("de")
    with pytest.raises(FileProblem) as german:
        load_tour(path)
    assert str(german.value) == "mine.json: scenes muss eine Liste von Szenen sein"
