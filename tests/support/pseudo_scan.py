"""Find on-screen words that skipped the text layer: in the pseudo-locale every translated string
is bracketed, so text left outside brackets did not come through ``_()``.

What counts as words: two or more Latin letters in a row, outside every ``[…]``, once markup is
stripped.  Names that are the same in every language (engines, file formats, the app) are allowed.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction, QTextDocumentFragment
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QTabBar, QTextBrowser, QWidget

from .pseudo_words import ALLOWED, words_outside_brackets

__all__ = ["ALLOWED", "plain", "scan", "texts_of", "unbracketed_words"]


def plain(text: str) -> str:
    if "<" in text or "&" in text:
        return QTextDocumentFragment.fromHtml(text).toPlainText()
    return text


def unbracketed_words(text: str, quoted: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (markup stripped) outside every bracketed (pseudo-translated) span;
    ``quoted``: the user's own words a message may quote (file and folder names), left out."""
    return words_outside_brackets(plain(text), quoted)


def texts_of(widget: QWidget) -> list[tuple[str, str]]:
    """(what, text) pairs a person or a screen reader meets on ``widget``."""
    found = []
    if isinstance(widget, QLabel | QAbstractButton):
        found.append(("text", widget.text()))
    if isinstance(widget, QTextBrowser):
        found.append(("text", widget.toPlainText()))
    if isinstance(widget, QLineEdit):
        found.append(("placeholder", widget.placeholderText()))
    if isinstance(widget, QComboBox):
        found += [("item", widget.itemText(i)) for i in range(widget.count())]
    if isinstance(widget, QTabBar):
        found += [("tab", widget.tabText(i)) for i in range(widget.count())]
    found += [("tooltip", widget.toolTip()), ("accessible name", widget.accessibleName())]
    return [(what, text) for what, text in found if text]


def scan(roots: list[QWidget], actions: list[QAction] = (), quoted: Iterable[str] = ()) -> list[str]:
    """Every untranslated word under ``roots`` (visible widgets only) and in ``actions``
    (``quoted``: the user's own words to leave out, as :func:`unbracketed_words` says)."""
    problems = []
    for root in roots:
        for widget in [root, *root.findChildren(QWidget)]:
            if not widget.isVisibleTo(root.window()) or widget.property("role") == "formula":
                continue  # hidden, or mathematics (symbols, not words)
            for what, text in texts_of(widget):
                words = unbracketed_words(text, quoted)
                if words:
                    name = widget.objectName() or type(widget).__name__
                    problems.append(f"{name} {what}: {words} in {plain(text)[:70]!r}")
    for action in actions:
        if action.objectName().startswith("action:view.language."):
            continue  # each language is named in its own language, on purpose
        for what, text in (("text", action.text()), ("status tip", action.statusTip())):
            words = unbracketed_words(text)
            if words:
                problems.append(f"{action.objectName()} {what}: {words} in {text[:70]!r}")
    return problems
