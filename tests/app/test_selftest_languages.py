"""The self-test's ``languages`` check: every shipped language's catalogue loads and translates
every message of the template, and Qt's catalogue of its own words for it loads.

It passes on the catalogues as committed; it fails, with a one-line reason in the ``--lang``
language, on a catalogue that lacks a message, on a catalogue that is gone or damaged, on a
missing template, and on Qt's catalogue missing from Qt's folder.  A language added by its
``.mo`` alone (no Qt catalogue: Qt's words stay English) is checked for its messages too.
"""

from __future__ import annotations

import shutil

import pytest

from specdec_desktop import resources, text
from specdec_desktop.devtools.compile import mo_bytes, read_po
from specdec_desktop.launch.arguments import parse_options
from specdec_desktop.selftest import CHECKS, language_checks
from specdec_desktop.selftest.runner import run_checks


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    checks = [(name, check) for name, check in CHECKS if name == "languages"]
    status = run_checks(parse_options(list(argv)), checks)
    out, err = capsys.readouterr()
    text.activate(text.ENGLISH)
    return status, out, err.rstrip("\n")


@pytest.fixture
def locale_copy(monkeypatch, tmp_path):
    """A copy of the resources the check reads instead of the real ones; returns its locale folder."""
    copy = tmp_path / "resources"
    shutil.copytree(resources.root(), copy)
    monkeypatch.setattr(resources, "root", lambda: copy)
    return copy / "locale"


def _without(locale, code: str, msgid: str, source: str | None = None) -> None:
    """Compile ``code``'s catalogue again (from ``source``'s .po) without the message ``msgid``."""
    po = (locale / f"{source or code}.po").read_text(encoding="utf-8")
    entries = [entry for entry in read_po(po) if entry.msgid != msgid]
    (locale / f"{code}.mo").write_bytes(mo_bytes(entries))


def test_the_catalogues_as_committed_pass(qapp, capsys):
    status, out, err = _run(capsys)
    template = read_po((resources.root() / "locale" / "specdec.pot").read_text(encoding="utf-8"))
    total = sum(1 for entry in template if entry.msgid)
    assert status == 0, err
    assert f"languages: ok (3 languages, {total} messages each; Qt's own words in 3 of them)" in out


def test_a_lacking_message_fails_in_every_language(qapp, capsys, locale_copy):
    _without(locale_copy, "de", "Speedup")
    total = sum(
        1 for entry in read_po((locale_copy / "specdec.pot").read_text(encoding="utf-8")) if entry.msgid
    )
    status, _out, english = _run(capsys)
    assert status == 1
    assert english == (
        "specdec-desktop: self-test failed: languages: the Deutsch catalogue lacks 1 of the app's "
        f"{total} messages (first: 'Speedup')"
    )
    _status, _out, german = _run(capsys, "--lang", "de")
    assert german.endswith(
        f"Sprachen: dem Katalog für Deutsch fehlen 1 der {total} Meldungen der App (erste: 'Speedup')"
    ), german
    _status, _out, spanish = _run(capsys, "--lang", "es")
    assert "idiomas: al catálogo de Deutsch le faltan 1 de los" in spanish, spanish
    _status, _out, chinese = _run(capsys, "--lang", "zh_CN")
    assert "语言：Deutsch 的翻译目录缺少应用" in chinese, chinese


def test_a_missing_or_damaged_catalogue_fails(qapp, capsys, locale_copy):
    (locale_copy / "zh_CN.mo").write_bytes(b"not a catalogue at all")
    _status, _out, line = _run(capsys)
    assert line.endswith("languages: the 简体中文 catalogue zh_CN.mo cannot be read (OSError)"), line
    (locale_copy / "es.mo").unlink()
    status, _out, line = _run(capsys, "--lang", "de")
    assert status == 1
    assert line.endswith("Sprachen: der Katalog für Español (es.mo) fehlt"), line


def test_a_missing_template_fails(qapp, capsys, locale_copy):
    (locale_copy / "specdec.pot").unlink()
    status, _out, line = _run(capsys, "--lang", "es")
    assert status == 1
    assert line.endswith("idiomas: falta la lista de mensajes de la aplicación (specdec.pot)"), line


def test_qt_words_missing_from_qt_folder_fail(qapp, capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(language_checks, "qt_folder", lambda: str(tmp_path))
    status, _out, line = _run(capsys)
    assert status == 1
    assert line.endswith(
        f"languages: Qt's own words for Deutsch (qtbase_de.qm) do not load from {tmp_path}"
    ), line


def test_a_language_added_by_its_file_needs_its_messages_not_qt(qapp, capsys, locale_copy):
    shutil.copyfile(locale_copy / "de.mo", locale_copy / "xx.mo")  # Qt has no qtbase_xx.qm
    status, out, err = _run(capsys)
    assert status == 0, err
    assert "4 languages" in out and "Qt's own words in 3 of them" in out
    _without(locale_copy, "xx", "Speedup", source="de")
    status, _out, line = _run(capsys)
    assert status == 1 and "the xx catalogue lacks 1 of" in line, line


def test_untranslated_counts_plural_forms():
    messages = [("one", None), ("{n} file", "{n} files"), ("gone", None)]
    catalogue = {"one": "eins", ("{n} file", 0): "{n} Datei", ("{n} file", 1): "", "gone": ""}
    assert language_checks.untranslated(catalogue, messages) == ["{n} file", "gone"]
    catalogue[("{n} file", 1)] = "{n} Dateien"
    assert language_checks.untranslated(catalogue, messages) == ["gone"]
