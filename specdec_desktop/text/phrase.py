"""A sentence made before its language is known: English data now, any language when shown (no Qt).

The fit's verdict, the decision's warnings and the model's refusals are written in layers that
do not know where the sentence will be read: the command line's JSON and a test read it as
English data, a German window shows it in German, and a live switch of language shows it again
in the new one.  A :class:`Phrase` is both: a ``str`` holding the English (so ``in``, ``==``,
hashing, JSON and ``str(error)`` see the English, byte for byte what an f-string gave), which
also keeps its message and the values it was made from, so ``_(phrase)`` writes it again in the
active language, its numbers in the language's way::

    warning = Phrase(N_("Only {steps} verify steps"), steps=20)   # "Only 20 verify steps"
    _(warning)                                                    # "Nur 20 Prüfschritte" in German

A value may itself be a phrase (said in the same language) or :class:`Figures` (numbers shown as
a list).  :meth:`Phrase.joined` puts whole sentences one after another.  The message is marked
with ``N_`` where the phrase is made, so the extractor finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Figures", "Phrase"]

#: A sentence ending in full-width punctuation (Chinese) takes no space before the next one.
_CLOSED = ("。", "！", "？", "）", "；")


class Figures(tuple):
    """Numbers shown as one list: ``format(Figures((3.441, 1.4)), ".2f")`` is ``3.44, 1.40``.

    In a translated message each number is written in the language's way, and the list is
    separated by ``; `` where the numbers themselves hold commas (German ``3,44; 1,40``).
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(format(value, spec) for value in self)


class Phrase(str):
    """English text (its ``str`` value) that ``_()`` says again in the active language.

    Parameters
    ----------
    message : str
        The English message with ``{placeholders}`` (marked ``N_`` for the catalogue).
    **values
        What fills the placeholders: numbers, text, phrases, :class:`Figures`.
    """

    message: str | None
    values: tuple[tuple[str, Any], ...]
    parts: tuple[str, ...]

    def __new__(cls, message: str, /, **values: Any) -> Phrase:
        self = super().__new__(cls, message.format(**values))
        self.message = message
        self.values = tuple(values.items())
        self.parts = ()
        return self

    @classmethod
    def joined(cls, parts: Iterable[str], separator: str = " ") -> Phrase:
        """Sentences one after another (each said in the language when shown; empty ones left out)."""
        kept = tuple(part for part in parts if part)
        self = super().__new__(cls, separator.join(kept))
        self.message = None
        self.values = (("separator", separator),)
        self.parts = kept
        return self

    def with_values(self, **changes: Any) -> Phrase:
        """The same message with some values replaced (a refusal that names ``p`` said again of
        ``scenario.parameters.p``); a joined phrase is returned as it is."""
        if self.message is None:
            return self
        return Phrase(self.message, **{**dict(self.values), **changes})

    def said(self, translate: Callable[[str], str]) -> str:
        """The phrase in the language of ``translate`` (the text layer's ``_``)."""
        if self.message is None:
            separator = dict(self.values)["separator"]
            said = [translate(part) if isinstance(part, Phrase) else part for part in self.parts]
            return "".join(
                text if i == 0 or (separator == " " and said[i - 1].endswith(_CLOSED)) else separator + text
                for i, text in enumerate(said)
            )
        if not self.message:
            return ""  # (gettext's empty message is the catalogue's header)
        values = {
            name: translate(value) if isinstance(value, Phrase) else value for name, value in self.values
        }
        return translate(self.message).format(**values)

    def __reduce__(self):
        if self.message is None:
            return (_rejoin, (self.parts, dict(self.values)["separator"]))
        return (_remake, (self.message, self.values))


def _remake(message: str, values: tuple[tuple[str, Any], ...]) -> Phrase:
    return Phrase(message, **dict(values))


def _rejoin(parts: tuple[str, ...], separator: str) -> Phrase:
    return Phrase.joined(parts, separator)
