"""Which language is active, and its catalogue: ``_``, ``ngettext``, ``activate`` (no Qt).

A language is one compiled gettext catalogue, ``resources/locale/<code>.mo``, whose header names
it and its numbers (``Language``, ``X-Language-Name``, ``X-Decimal-Point``,
``X-Group-Separator``).  English is the source text itself and needs no file; ``pseudo`` is made
here from the English (:mod:`.pseudo`).  A catalogue that is missing or cannot be read leaves
English active and says so in one line; nothing else changes.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .message import Message
from .phrase import Phrase
from .pseudo import pseudo

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "Language",
    "_",
    "activate",
    "catalogue_path",
    "current",
    "error_line",
    "error_text",
    "language_names",
    "ngettext",
    "on_change",
    "said",
    "speaking",
    "system_language",
]

ENGLISH = "en"
PSEUDO = "pseudo"


@dataclass(frozen=True)
class Language:
    """One language the app can show: its code, its own name, how it writes numbers."""

    code: str
    name: str
    decimal_point: str = "."
    group_separator: str = ","


#: The languages shipped, in menu order (a new ``.po`` file adds one; see docs/i18n.md).
LANGUAGES: dict[str, Language] = {
    ENGLISH: Language(ENGLISH, "English"),
    "de": Language("de", "Deutsch", ",", "."),
    "es": Language("es", "Español", ",", "."),
    "zh_CN": Language("zh_CN", "简体中文", ".", ","),
    PSEUDO: Language(PSEUDO, "[Ƥšéûðô ·····]", ",", "."),
}


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale: every message longer, accented and bracketed (placeholders kept)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ENGLISH_CATALOGUE = gettext.NullTranslations()
_catalogue: gettext.NullTranslations = _ENGLISH_CATALOGUE
_language: Language = LANGUAGES[ENGLISH]
_listeners: list[Callable[[str], None]] = []
#: Catalogues read so far: code → ((path, modification time), language, catalogue).
_loaded: dict[str, tuple[tuple[Path, int], Language, gettext.NullTranslations]] = {}


def _(message: str) -> str:
    """``message`` in the active language (English: ``message`` itself); its ``format``
    writes numbers in the language's way (:class:`~.message.Message`).  A
    :class:`~.phrase.Phrase` is said again from its message and values."""
    if isinstance(message, Phrase):
        return Message(message.said(_))
    return Message(_catalogue.gettext(message))


def said(text: str) -> str:
    """``text`` as shown: a :class:`~.phrase.Phrase` said in the active language, any other text
    (a file's name, a number) as it is."""
    return _(text) if isinstance(text, Phrase) else text


def error_text(error: BaseException) -> str:
    """An exception's message in the active language: a :class:`~.phrase.Phrase` it was raised
    with is said again (the model's refusals), any other message is shown as it is."""
    message = error.args[0] if len(error.args) == 1 else None
    return _(message) if isinstance(message, Phrase) else str(error)


def error_line(prog: str, message: str) -> str:
    """The one line a refusal of the command line is printed as, ``prog: error: message``: argparse's
    own message (``%(prog)s: error: %(message)s``, one translation for both) in the active language."""
    return (_("%(prog)s: error: %(message)s\n") % {"prog": prog, "message": message}).rstrip("\n")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (tables built at import)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, in the active language."""
    return Message(_catalogue.ngettext(singular, plural, n))


def current() -> Language:
    """The active language."""
    return _language


def _locale_dir() -> Path:
    from ..resources import root

    return root() / "locale"


def catalogue_path(code: str) -> Path:
    """Where the compiled catalogue of ``code`` lives (it may be missing)."""
    return _locale_dir() / f"{code}.mo"


def normalise(code: str) -> str | None:
    """The shipped language a code such as ``de_AT.UTF-8``, ``zh-Hans`` or ``es`` means, or None."""
    text = code.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if text in LANGUAGES:
        return text
    lowered = text.lower()
    if lowered in ("c", "posix"):
        return ENGLISH
    base, _sep, region = lowered.partition("_")
    if base == "zh":
        return "zh_CN" if region in ("", "cn", "sg", "hans") else None
    if base in LANGUAGES and base != PSEUDO:
        return base
    for candidate in (text, base):  # a language added by its file alone (docs/i18n.md)
        plain = candidate.isascii() and candidate.replace("_", "").isalnum()
        if plain and catalogue_path(candidate).is_file():
            return candidate
    return None


def system_language() -> str:
    """The language the system asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), or en."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        for code in value.split(":"):
            if code:
                return normalise(code) or ENGLISH
    if sys.platform in ("win32", "darwin"):
        import locale

        code = locale.getlocale()[0]
        if code:
            return normalise(code) or ENGLISH
    return ENGLISH


def _load(code: str) -> tuple[Language, gettext.NullTranslations]:
    if code == ENGLISH:
        return LANGUAGES[ENGLISH], _ENGLISH_CATALOGUE
    if code == PSEUDO:
        return LANGUAGES[PSEUDO], _Pseudo()
    path = catalogue_path(code)
    with open(path, "rb") as handle:
        stamp = os.fstat(handle.fileno()).st_mtime_ns
        cached = _loaded.get(code)
        if cached is not None and cached[0] == (path, stamp):
            return cached[1], cached[2]  # a switch back and forth reads each file once
        catalogue = gettext.GNUTranslations(handle)
    language = LANGUAGES.get(code) or _described(code, catalogue.info())
    _loaded[code] = ((path, stamp), language, catalogue)
    return language, catalogue


def _described(code: str, header: dict[str, str]) -> Language:
    """A language known only by its file: its name and numbers come from the catalogue's header."""
    return Language(
        code,
        header.get("x-language-name", code),
        header.get("x-decimal-point", "."),
        header.get("x-group-separator", ","),
    )


def activate(code: str | None) -> str | None:
    """Make ``code`` the active language (None: the system's).

    Returns ``None`` when done, else one line saying why English is shown instead (an unknown
    code, a catalogue missing or unreadable); English is then active and nothing else changed.
    """
    global _catalogue, _language
    wanted = system_language() if code is None else normalise(code)
    warning = None
    if wanted is None:
        from ..plain_text import printable

        choices = ", ".join(LANGUAGES)
        warning = f"unknown language '{printable(str(code), 40)}' (known: {choices}); showing English"
        wanted = ENGLISH
    try:
        language, catalogue = _load(wanted)
    except Exception as error:  # a damaged data file of any kind: English, one line
        reason = error.strerror if isinstance(error, OSError) and error.strerror else type(error).__name__
        name = LANGUAGES[wanted].name if wanted in LANGUAGES else wanted
        warning = f"the {name} translation ({wanted}.mo) could not be read ({reason}); showing English"
        language, catalogue = LANGUAGES[ENGLISH], _ENGLISH_CATALOGUE
    changed = language.code != _language.code
    _catalogue, _language = catalogue, language
    if changed:
        for listener in list(_listeners):
            listener(language.code)
    return warning


@contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Words and numbers in ``code`` for the length of a ``with`` block, then the active language
    again; no listener hears of it (nothing on screen changes).  For a file written in a language
    its caller chooses (the HTML report: the window's language from the window, English from the
    command line).  An unknown code or a catalogue that cannot be read gives English."""
    global _catalogue, _language
    saved = _catalogue, _language
    wanted = normalise(code) or ENGLISH
    try:
        language, catalogue = _load(wanted)
    except Exception:  # a damaged data file: English, as activate() would show
        language, catalogue = LANGUAGES[ENGLISH], _ENGLISH_CATALOGUE
    _catalogue, _language = catalogue, language
    try:
        yield language
    finally:
        _catalogue, _language = saved


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after each language switch; returns the function that stops it."""
    _listeners.append(listener)

    def stop() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return stop


def language_names() -> dict[str, str]:
    """Code → the language's own name, for the languages this build can show."""
    names = {
        code: language.name
        for code, language in LANGUAGES.items()
        if code in (ENGLISH, PSEUDO) or catalogue_path(code).is_file()
    }
    try:
        added = sorted(path.stem for path in _locale_dir().glob("*.mo") if path.stem not in LANGUAGES)
    except OSError:
        added = []
    for code in added:
        try:
            names[code] = _load(code)[0].name
        except Exception:  # an unreadable extra file is not offered
            continue
    return names
