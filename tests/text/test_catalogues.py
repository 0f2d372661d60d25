"""The catalogues: complete, their placeholders and markup those of the English, compiled as committed.

A translation that lacks a string, has one left fuzzy, or writes ``{n}`` where the English has
``{count}`` fails here (it would raise KeyError on screen, or show English in a German window).
"""

from __future__ import annotations

import gettext
import re
import string

import pytest

from specdec_desktop.devtools.compile import Entry, mo_bytes, read_po
from specdec_desktop.devtools.extract import extract
from specdec_desktop.resources import root

from ..support.paths import ROOT

LOCALE = root() / "locale"
SHIPPED = ("de", "es", "zh_CN")
#: HTML tags and entities a translation must keep (their order may change, not their number).
_MARKUP = re.compile(r"</?[a-z0-9]+|&[#a-z0-9]+;")


#: A printf field, as argparse's messages hold them (``%s``, ``%(prog)s``, ``%r``).
_PRINTF = re.compile(r"%(?:\([a-z_]+\))?[sdr]")


def _fields(text: str) -> list[str]:
    """The replacement fields of a format string, with their format specs, and its printf fields
    (argparse's messages: ``%`` reads them by name, or by order), sorted."""
    fields = [f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text) if name is not None]
    return sorted(fields + _PRINTF.findall(text))


def problems(entries: list[Entry], wanted: dict) -> list[str]:
    """Everything wrong with a catalogue's entries against the messages the code marks."""
    found = []
    by_id = {e.msgid: e for e in entries if e.msgid}
    for msgid, message in wanted.items():
        entry = by_id.get(msgid)
        if entry is None:
            found.append(f"missing: {msgid[:60]!r}")
            continue
        if not entry.translated:
            found.append(f"untranslated or fuzzy: {msgid[:60]!r}")
            continue
        sources = [msgid] if message.plural is None else [msgid, message.plural]
        expected = {tuple(_fields(s)) for s in sources}
        markup = sorted(_MARKUP.findall(msgid))
        for form in entry.msgstr.values():
            if tuple(_fields(form)) not in expected:
                found.append(f"placeholders differ: {msgid[:50]!r} → {form[:50]!r}")
            if sorted(_MARKUP.findall(form)) != markup:
                found.append(f"markup differs: {msgid[:50]!r}")
    for msgid in by_id.keys() - wanted.keys():
        found.append(f"no longer in the code: {msgid[:60]!r}")
    return found


@pytest.fixture(scope="module")
def wanted():
    return extract()


@pytest.mark.parametrize("code", SHIPPED)
def test_catalogue_is_complete_and_its_placeholders_match(code, wanted):
    entries = read_po((LOCALE / f"{code}.po").read_text(encoding="utf-8"), f"{code}.po")
    assert problems(entries, wanted) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_committed_mo_is_the_po_compiled(code):
    po = (LOCALE / f"{code}.po").read_text(encoding="utf-8")
    assert (LOCALE / f"{code}.mo").read_bytes() == mo_bytes(read_po(po)), (
        f"run python -m specdec_desktop.devtools.compile ({code}.mo is stale)"
    )


def test_the_check_fails_on_a_missing_string_and_on_other_placeholders(wanted):
    entries = read_po((LOCALE / "de.po").read_text(encoding="utf-8"))
    some = next(e for e in entries if e.msgid == "{passes} passes")
    some.msgstr = {0: "{n} Durchläufe"}
    dropped = [e for e in entries if e.msgid != "Speedup"]
    found = problems(dropped, wanted)
    assert "missing: 'Speedup'" in found
    assert any(line.startswith("placeholders differ: '{passes} passes'") for line in found)


def test_the_check_fails_on_an_argparse_message_with_other_printf_fields(wanted):
    entries = read_po((LOCALE / "de.po").read_text(encoding="utf-8"))
    usage = next(e for e in entries if e.msgid == "%(prog)s: error: %(message)s\n")
    usage.msgstr = {0: "%(programm)s: Fehler: %(message)s\n"}
    found = problems(entries, wanted)
    assert any(line.startswith("placeholders differ: '%(prog)s: error:") for line in found), found


def test_template_lists_every_marked_message(wanted):
    template = read_po((LOCALE / "specdec.pot").read_text(encoding="utf-8"))
    listed = {e.msgid for e in template if e.msgid}
    assert listed == set(wanted), "run python -m specdec_desktop.devtools.extract"


def test_our_compiler_agrees_with_gnu_msgfmt(tmp_path):
    import shutil
    import subprocess

    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian: gettext)")
    subprocess.run([msgfmt, "--check", "-o", str(tmp_path / "de.mo"), str(LOCALE / "de.po")], check=True)
    with open(LOCALE / "de.mo", "rb") as mine, open(tmp_path / "de.mo", "rb") as gnu:
        assert gettext.GNUTranslations(mine)._catalog == gettext.GNUTranslations(gnu)._catalog


def test_the_readme_counts_the_messages(wanted):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    counted = re.search(r"([\d,]+) messages each", readme)
    assert counted is not None, "README's state of the translations lost its count"
    assert int(counted.group(1).replace(",", "")) == len(wanted), "update README's message count"


@pytest.mark.parametrize("code", SHIPPED)
def test_the_bundled_tours_pin_names_fit_the_charts_label_in_every_language(code):
    """A pin's chart label shortens a long name with "…"; the tour's own pins are named whole."""
    import json

    from specdec_desktop.model.configuration import Configuration
    from specdec_desktop.model.pins import Pin
    from specdec_desktop.scenario.tour_file import default_tour_path
    from specdec_desktop.views.chart.pinned_overlay import pin_label

    entries = {
        entry.msgid: entry.msgstr[0] for entry in read_po((LOCALE / f"{code}.po").read_text(encoding="utf-8"))
    }
    document = json.loads(default_tour_path().read_text(encoding="utf-8"))
    names = {pin["name"] for scene in document["scenes"] for pin in scene.get("pins", ())}
    assert names, "the bundled tour has pins"
    for name in names:
        shown = entries[name]
        assert "…" not in pin_label(Pin(shown, Configuration()), 4), (code, name, shown)
