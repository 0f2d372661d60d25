"""The metric readers' refusals in the active language (issue 27): a German window shows a
German reason, and English stays byte for byte what the tests and CONTRACT.md rely on.

A refusal is a phrase: ``str(problem)`` is the English whatever the language (what ``fit``
prints), and ``text.error_text(problem)`` is what the window shows, in its language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specdec_desktop import text
from specdec_desktop.measured import MetricsProblem, read_metrics, read_metrics_text

DATA = Path(__file__).resolve().parent.parent / "data" / "metrics"
_OVER = "INFO SpecDecoding metrics: Mean acceptance length: 2.50, Accepted: 50 tokens, Drafted: 40 tokens\n"


def _problem(read) -> str:
    """The refusal as the window shows it (in the active language)."""
    with pytest.raises(MetricsProblem) as caught:
        read()
    return text.error_text(caught.value)


def _english(read) -> str:
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
    assert _english(read) == english  # data: read in German, still the English
    text.activate("en")
    assert _problem(read) == english


@pytest.mark.parametrize("code", ["de", "es", "zh_CN"])
def test_a_line_readers_refusal_is_not_english(code):
    text.activate(code)
    shown = _problem(lambda: read_metrics_text(_OVER))
    assert "tokens accepted out of" not in shown and "line 1" not in shown and "clipboard" not in shown
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


def _bad(tmp_path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.slow
def test_the_scans_own_refusals_are_said_in_german_and_stay_english(tmp_path, monkeypatch):
    from specdec_desktop.measured import scan

    cases = [
        (lambda: read_metrics(_bad(tmp_path, "leer.log", b"")), "leer.log: is empty", "leer.log: ist leer"),
        (
            lambda: read_metrics(_bad(tmp_path, "blank.log", b"  \n\n")),
            "blank.log: holds only blank space",
            "blank.log: enthält nur Leerraum",
        ),
        (
            lambda: read_metrics(_bad(tmp_path, "bin.log", b"INFO\nab\x00c\n")),
            "bin.log: line 2: holds binary data (a NUL byte), not text",
            "bin.log: Zeile 2: enthält Binärdaten (ein NUL-Byte), keinen Text",
        ),
        (
            lambda: read_metrics(_bad(tmp_path, "wide.log", b"\xff\xfeI\x00\n\x00")),
            "wide.log: is UTF-16 text; save it as UTF-8",
            "wide.log: ist UTF-16-Text; speichern Sie ihn als UTF-8",
        ),
        (
            lambda: read_metrics(DATA / "mixed_engines.log"),
            "mixed_engines.log: line 13: mixes two kinds of metrics: vLLM log (SpecDecoding metrics) "
            "(from line 6) and SGLang decode log; import them separately",
            "mixed_engines.log: Zeile 13: mischt zwei Arten von Metriken: vLLM-Log (SpecDecoding "
            "metrics) (ab Zeile 6) und Decode-Log von SGLang; importieren Sie sie getrennt",
        ),
        (
            lambda: read_metrics(tmp_path),
            f"{tmp_path.name}: is a folder, not a file",
            f"{tmp_path.name}: ist ein Ordner, keine Datei",
        ),
        (lambda: read_metrics_text(" \n"), "clipboard: is empty", "Zwischenablage: ist leer"),
        (
            lambda: read_metrics_text("a\x00b"),
            "clipboard: line 1: holds binary data (a NUL byte), not text",
            "Zwischenablage: Zeile 1: enthält Binärdaten (ein NUL-Byte), keinen Text",
        ),
        (
            lambda: read_metrics(DATA / "cycles.csv", k=5000),
            "cycles.csv: the draft length k given is 5000; it must be from 1 to 4096",
            "cycles.csv: die angegebene Entwurfslänge k ist 5000; sie muss zwischen 1 und 4096 liegen",
        ),
    ]
    for read, english, german in cases:
        text.activate("en")
        assert _english(read) == english and _problem(read) == english
        text.activate("de")
        assert _problem(read) == german
        assert _english(read) == english  # the data stays English in a German window
    monkeypatch.setattr(scan, "MAX_BYTES", 10)
    big = lambda: read_metrics_text("0123456789abc")  # noqa: E731
    assert _problem(big) == "Zwischenablage: ist 14 bytes groß; die Grenze ist 10 bytes"
    assert _english(big) == "clipboard: is 14 bytes; the limit is 10 bytes"
    too_large = lambda: read_metrics(DATA / "cycles.csv")  # noqa: E731
    assert _problem(too_large).startswith("cycles.csv: ist ")
    assert _problem(too_large).endswith(
        "(behalten Sie nur die Metrikzeilen, z. B. mit grep, und importieren Sie diese)"
    )


def test_what_the_engines_rate_divides_by_and_the_notes_are_said_in_every_language():
    """Over every sample file, each note and each "divides by" is a phrase or a marked message
    (English data), which German, Spanish and Chinese say in their words."""
    from specdec_desktop.devtools.compile import read_po
    from specdec_desktop.text import Phrase

    catalogue = {
        code: {
            e.msgid: e.msgstr.get(0)
            for e in read_po(
                (DATA.parents[2] / "resources" / "locale" / f"{code}.po").read_text(encoding="utf-8")
            )
        }
        for code in ("de", "es", "zh_CN")
    }
    said = []
    for path in sorted(DATA.iterdir()):
        for k in (None, 4):
            try:
                m = read_metrics(path, k=k)
            except (MetricsProblem, ValueError):
                continue
            said += [text for text in (*m.notes, m.engine_basis) if text]
    assert len(set(said)) > 25
    for shown in set(said):
        messages = [shown.message] if isinstance(shown, Phrase) and shown.message else [shown]
        for code, translations in catalogue.items():
            assert all(translations.get(message) for message in messages), (code, shown)
    text.activate("de")
    basis = read_metrics(DATA / "llama_server.log").engine_basis
    assert basis == "accepted ÷ generated draft tokens (llama.cpp)"  # data
    assert text._(basis) == "angenommene ÷ erzeugte Entwurfstokens (llama.cpp)"
