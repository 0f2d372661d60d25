"""The text layer itself: choosing a language, falling back, the pseudo-locale, numbers (no Qt)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from specdec_desktop import text
from specdec_desktop.text import catalogue
from specdec_desktop.text.pseudo import pseudo
from specdec_desktop.wording.numbers import format_count, format_figure, format_parameter, format_times


def test_english_is_the_source_text_itself():
    assert text.activate("en") is None
    message = "Now, cycle {n}: the big model checks all {guesses} in one pass ({cost})…"
    assert text._(message) == message
    assert text.ngettext("{n} guess", "{n} guesses", 1) == "{n} guess"
    assert (format_figure(3.4661), format_times(1.8242), format_count(36633)) == ("3.47", "1.82×", "36,633")


def test_german_translates_and_writes_numbers_its_way():
    assert text.activate("de") is None
    assert text._("Speedup") == "Beschleunigung"
    assert text.ngettext("{n} guess", "{n} guesses", 2).format(n=2) == "2 Vorschläge"
    assert (format_figure(3.4661), format_times(1.8242), format_count(36633)) == ("3,47", "1,82×", "36.633")
    assert format_parameter("p", 0.75) == "0,750"
    # A number handed to a placeholder follows the language; the translation's own words do not change.
    assert text._("Use fitted p = {p:.4f}").format(p=0.79291) == "Angepasstes p = 0,7929 verwenden"


@pytest.mark.parametrize("code", ["xx", "klingon", "", "../../etc/passwd"])
def test_an_unknown_code_is_one_line_and_english(code):
    text.activate("de")
    warning = text.activate(code)
    assert warning is not None and "\n" not in warning and "showing English" in warning
    assert text.current().code == "en"
    assert text._("Speedup") == "Speedup"


def test_a_broken_catalogue_is_one_line_and_english(tmp_path, monkeypatch):
    (tmp_path / "de.mo").write_bytes(b"\xde\x12\x04\x95 this is not a catalogue")
    monkeypatch.setattr(catalogue, "_locale_dir", lambda: tmp_path)
    warning = text.activate("de")
    assert warning is not None and "\n" not in warning and "could not be read" in warning
    assert text.current().code == "en" and text._("Speedup") == "Speedup"
    (tmp_path / "de.mo").unlink()
    assert "could not be read" in (text.activate("de") or "")


@pytest.mark.parametrize(
    ("given", "meant"),
    [
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("es_MX", "es"),
        ("zh-Hans", "zh_CN"),
        ("zh_CN.UTF-8", "zh_CN"),
        ("C", "en"),
        ("POSIX", "en"),
        ("fr_FR", None),
        ("zh_TW", None),
    ],
)
def test_codes_are_read_as_the_system_writes_them(given, meant):
    assert catalogue.normalise(given) == meant


def test_system_language_follows_the_environment(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert text.system_language() == "es"
    monkeypatch.setenv("LANGUAGE", "zh_CN:en")
    assert text.system_language() == "zh_CN"
    monkeypatch.setenv("LANGUAGE", "fr")
    assert text.system_language() == "en"


def test_switches_are_announced_to_listeners_once():
    heard = []
    stop = text.on_change(heard.append)
    try:
        text.activate("es")
        text.activate("es")
        text.activate("zh_CN")
    finally:
        stop()
    text.activate("de")
    assert heard == ["es", "zh_CN"]


def test_speaking_is_a_block_in_another_language_that_no_listener_hears():
    heard = []
    stop = text.on_change(heard.append)
    try:
        text.activate(text.ENGLISH)
        with text.speaking("de") as language:
            assert language.code == "de" and text.current().code == "de"
            assert text._("Speedup") == "Beschleunigung"
            assert text._("{p:.4f}").format(p=0.79291) == "0,7929"
        assert text.current().code == text.ENGLISH and text._("Speedup") == "Speedup"
        with text.speaking("xx"):  # an unknown code: English for the block
            assert text._("Speedup") == "Speedup"
        text.activate("es")
        with pytest.raises(RuntimeError), text.speaking("zh_CN"):
            raise RuntimeError  # an error inside the block still brings the active language back
        assert text.current().code == "es" and text._("Speedup") == "Aceleración"
    finally:
        stop()
        text.activate(text.ENGLISH)
    assert heard[-1:] == ["es"] and not {"de", "zh_CN"} & set(heard)  # only the real switch


@pytest.mark.parametrize(
    "message",
    [
        "Speedup",
        "{n} guesses in {depth} levels: {tokens:.2f} tokens",
        "<b>slower</b> than plain &nbsp;decoding",
    ],
)
def test_pseudo_is_longer_accented_bracketed_and_keeps_what_code_reads(message):
    shown = pseudo(message)
    assert shown.startswith("[") and shown.endswith("]")
    kept = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[a-z]+;")
    visible, shown_visible = kept.sub("", message), kept.sub("", shown)
    assert 1.35 * len(visible) <= len(shown_visible) <= 1.45 * len(visible) + 4  # about 40 % longer
    for kept in ("{n}", "{depth}", "{tokens:.2f}", "<b>", "</b>", "&nbsp;"):
        assert (kept in shown) == (kept in message)
    assert shown.format(n=1, depth=2, tokens=3.0) if "{" in message else True
    assert "e" not in shown_visible  # every plain e took its accent


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("0,75", "0.75"),
        ("0.75", "0.75"),
        (" 0,75 ", "0.75"),
        ("1.234,5", "1234.5"),
        ("1,234.5", "1234.5"),
        ("1\u00a0234,5", "1234.5"),
        ("6", "6"),
        ("1e-3", "1e-3"),
    ],
)
def test_typed_numbers_read_the_same_in_every_language(typed, read):
    for code in ("en", "de", "zh_CN"):
        text.activate(code)
        assert text.delocalize(typed) == read


def test_localize_touches_only_marks_between_digits():
    text.activate("de")
    assert (
        text.localize("reaches 1,234.50× at p = 0.750, c = 0.150")
        == "reaches 1.234,50× at p = 0,750, c = 0,150"
    )


def test_the_text_layer_and_the_wording_never_load_qt():
    code = (
        "import sys, specdec_desktop.text, specdec_desktop.wording.cards, specdec_desktop.wording.sampling;"
        "specdec_desktop.text.activate('pseudo');"
        "print(any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
