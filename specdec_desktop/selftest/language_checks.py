"""Self-test check of the languages: each one the app ships is really there and whole.

For every shipped language (the text layer's table, and any language added by its file alone)
the check reads its compiled catalogue, ``resources/locale/<code>.mo``, as the text layer does,
finds a translation in it for every message of the template ``resources/locale/specdec.pot``
(the extractor writes it from the code: the messages the app uses; a test keeps it current), and
loads Qt's catalogue of its own words, ``qtbase_<code>.qm``, from Qt's translations folder as
:mod:`specdec_desktop.views.qt_words` does.  Run frozen, it proves the package carries the
languages: the ``.po`` sources stay out of the bundle, the template and the ``.mo`` files go in.

A language added by its file alone needs no Qt catalogue (Qt's words then stay English, as the
window shows them); the three of the table must have theirs.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QTranslator

from .. import resources
from ..text import ENGLISH, LANGUAGES, N_, PSEUDO, _
from ..text.po_file import read_po
from ..views.qt_words import QT_CATALOGUE
from .context import SelfTestContext, expect, failure

__all__ = ["TEMPLATE", "check_languages", "qt_folder", "shipped_languages", "untranslated"]

#: The template: every message the code marks, in English (the extractor writes it).
TEMPLATE = "specdec.pot"
#: The languages that must bring Qt's own words too (the table's; not English, not the pseudo-locale).
_WITH_QT = tuple(code for code in LANGUAGES if code not in (ENGLISH, PSEUDO))


def qt_folder() -> str:
    """Where Qt looks for its own catalogues (in the bundle: ``PySide6/Qt/translations``)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def shipped_languages(locale: Path) -> list[str]:
    """The table's languages, then those a ``.mo`` file in ``locale`` adds (sorted)."""
    added = sorted(path.stem for path in locale.glob("*.mo") if path.stem not in LANGUAGES)
    return [*_WITH_QT, *added]


def _template(locale: Path) -> list[tuple[str, str | None]]:
    """``(msgid, msgid_plural)`` of every message the app uses, from the template."""
    path = locale / TEMPLATE
    expect(path.is_file(), N_("the list of the app's messages ({file}) is missing"), file=TEMPLATE)
    entries = read_po(path.read_text(encoding="utf-8"), TEMPLATE)
    return [(entry.msgid, entry.msgid_plural) for entry in entries if entry.msgid]


def untranslated(catalogue: dict, messages: list[tuple[str, str | None]]) -> list[str]:
    """The messages ``catalogue`` (a ``GNUTranslations``' table) has no translation for.

    A plural message is stored as ``(msgid, index)`` for each form; every form it has must be
    non-empty (an untranslated entry is not compiled, so it is simply absent).
    """
    lacking = []
    for msgid, plural in messages:
        if plural is None:
            found = bool(catalogue.get(msgid))
        else:
            forms = [value for key, value in catalogue.items() if isinstance(key, tuple) and key[0] == msgid]
            found = bool(forms) and all(forms)
        if not found:
            lacking.append(msgid)
    return lacking


def _read(code: str, path: Path) -> dict:
    name = LANGUAGES[code].name if code in LANGUAGES else code
    expect(path.is_file(), N_("the {language} catalogue {file} is missing"), language=name, file=path.name)
    try:
        with open(path, "rb") as handle:
            return gettext.GNUTranslations(handle)._catalog
    except Exception as error:  # what the text layer would refuse: English on screen
        raise failure(
            N_("the {language} catalogue {file} cannot be read ({reason})"),
            language=name,
            file=path.name,
            reason=type(error).__name__,
        ) from None


def check_languages(ctx: SelfTestContext) -> str:
    """Every shipped language: its catalogue loads and is complete, and Qt's own words load."""
    locale = resources.root() / "locale"
    messages = _template(locale)
    folder = qt_folder()
    with_qt = 0
    codes = shipped_languages(locale)
    for code in codes:
        name = LANGUAGES[code].name if code in LANGUAGES else code
        lacking = untranslated(_read(code, locale / f"{code}.mo"), messages)
        expect(
            not lacking,
            N_("the {language} catalogue lacks {count} of the app's {total} messages (first: {first!r})"),
            language=name,
            count=len(lacking),
            total=len(messages),
            first=lacking[0] if lacking else "",
        )
        translator = QTranslator()
        loaded = translator.load(f"{QT_CATALOGUE}_{code}", folder) and not translator.isEmpty()
        expect(
            loaded or code not in _WITH_QT,
            N_("Qt's own words for {language} ({file}) do not load from {folder}"),
            language=name,
            file=f"{QT_CATALOGUE}_{code}.qm",
            folder=folder,
        )
        with_qt += bool(loaded)
    return _("{count} languages, {messages} messages each; Qt's own words in {qt} of them").format(
        count=len(codes), messages=len(messages), qt=with_qt
    )
