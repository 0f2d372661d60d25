"""The last English refusals, made as phrases (issue 27): the timings box's, a name no file can
have, a file of the system, the one writer's, a JSON file's, a pin's; and the formats' names.

Each ``str()`` is the English the command line prints (byte for byte as before), and
``text.error_text()`` / ``text.said()`` say it in the window's language.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from specdec_desktop import text
from specdec_desktop.atomic_write import reason, write_atomically
from specdec_desktop.file_names import pseudo_file, unusable_name
from specdec_desktop.measured import FORMAT_LABELS, Timings, read_metrics
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.model.pins import Pin, check_pins
from specdec_desktop.scenario import FileProblem
from specdec_desktop.scenario.safe_json import parse_json_bytes, usable_path

DATA = Path(__file__).resolve().parent.parent / "data" / "metrics"


@pytest.fixture
def german():
    text.activate("de")
    yield
    text.activate("en")


def _refused(make, kind=ValueError):
    with pytest.raises(kind) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(
    ("make", "english", "german_words"),
    [
        (
            lambda: Timings(30, 20),
            "draft time (30 ms) exceeds the target's (20 ms): a draft slower than the target never helps",
            "die Entwurfszeit (30 ms) übersteigt die des Zielmodells (20 ms)",
        ),
        (
            lambda: Timings(2, 20, 10),
            "verify time at k + 1 tokens (10 ms) is below the time at one token (20 ms)",
            "die Verifikationszeit bei k + 1 Tokens (10 ms)",
        ),
        (
            lambda: Timings(float("nan"), 20),
            "draft time must be a number of milliseconds, 0 or more, got nan",
            "die Entwurfszeit muss eine Zahl von Millisekunden sein",
        ),
        (
            lambda: Timings(2.5, 20.5, 0),
            "verify time must be above 0 ms, got 0",
            "die Verifikationszeit muss über 0 ms liegen",
        ),
        (lambda: Pin("   "), "a pin needs a name: type one first", "braucht einen Namen"),
        (
            lambda: check_pins([Pin("A", Configuration()), Pin("a", Configuration())]),
            "a pin called 'a' exists already: choose another name",
            "namens 'a' gibt es schon",
        ),
        (
            lambda: parse_json_bytes(b'{"a": 1, "a": 2}'),
            "the key 'a' appears twice in one object",
            "der Schlüssel 'a' kommt in einem Objekt zweimal vor",
        ),
        (
            lambda: parse_json_bytes(b'{"a": [1,'),
            "ends too early: the file looks cut off",
            "endet zu früh",
        ),
        (
            lambda: usable_path("a\x00b.json"),
            "a\\x00b.json: a file name cannot hold a NUL character",
            "a\\x00b.json: ein Dateiname kann kein NUL-Zeichen enthalten",
        ),
    ],
)
def test_a_refusal_is_english_data_and_german_on_a_german_screen(german, make, english, german_words):
    error = _refused(make)
    assert str(error) == english  # what the command line prints, whatever the language
    shown = text.error_text(error)
    assert german_words in shown and shown != english


def test_a_json_files_refusal_names_the_file_in_both(german, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x00\x01")
    from specdec_desktop.scenario.safe_json import read_json

    error = _refused(lambda: read_json(path), FileProblem)
    assert str(error) == "bad.json: is a binary file, not JSON text"
    assert text.error_text(error) == "bad.json: ist eine Binärdatei, kein JSON-Text"


def test_the_file_name_checks_are_phrases(german):
    assert unusable_name("a\x00b") == "a file name cannot hold a NUL character"
    assert text.said(unusable_name("a\ud800b")) == "ein Dateiname kann dieses Zeichen nicht enthalten"
    assert unusable_name("fine.log") is None
    found = pseudo_file("/proc/self/status")
    assert found == "is a file of the system (/proc), not a data file: it is not read"
    assert text.said(found) == "ist eine Datei des Systems (/proc), keine Datendatei: Sie wird nicht gelesen"


def test_the_writers_refusals_are_phrases(german, tmp_path):
    folder = tmp_path / "out.csv"
    folder.mkdir()
    error = _refused(lambda: write_atomically(folder, b"x"), OSError)
    assert str(error) == "it is a folder; nothing was written"
    assert text.said(reason(error)) == "es ist ein Ordner; nichts wurde geschrieben"
    error = _refused(lambda: write_atomically(tmp_path / "a\x00b", b"x"), OSError)
    assert error.errno == errno.EINVAL and reason(error) == "a file name cannot hold a NUL character"
    assert text.said(reason(error)) == "ein Dateiname kann kein NUL-Zeichen enthalten"
    if os.geteuid() != 0:  # root writes through a read-only mode
        locked = tmp_path / "locked.csv"
        locked.write_bytes(b"old")
        locked.chmod(0o444)
        error = _refused(lambda: write_atomically(locked, b"x"), OSError)
        assert text.said(reason(error)) == "die Datei ist schreibgeschützt; nichts wurde geschrieben"


def test_the_formats_names_are_english_data_and_said_in_the_language(german):
    measurement = read_metrics(DATA / "sglang_bench_serving.txt", k=3)
    assert measurement.label == "sglang.bench_serving summary"  # what `fit` prints
    assert text.said(measurement.label) == "Zusammenfassung von sglang.bench_serving"
    assert all(text.said(label) != label for label in FORMAT_LABELS.values())
    text.activate("zh_CN")
    assert text.said(FORMAT_LABELS["vllm"]) == "vLLM 日志（SpecDecoding metrics）"
