"""The text layer: every word the app shows goes through :func:`_` (or :func:`ngettext`).

Plain Python, no Qt: the wording, the command line and the views all call the same functions,
so the model's neighbours stay Qt-free.  Catalogues are gettext ``.po`` sources compiled to
``.mo`` (``resources/locale/<code>.po`` → ``.mo``, by ``python -m specdec_desktop.devtools.compile``)
and read with the standard library's :mod:`gettext`; why gettext rather than Qt's ``.ts``/``.qm``
is in docs/i18n.md.

=====================  ==========================================================================
name                   what
=====================  ==========================================================================
``_(msg)``             ``msg`` in the active language (English: ``msg`` itself, byte for byte)
``N_(msg)``            marks ``msg`` for extraction only; translate it later with ``_``
``Phrase(msg, **v)``   English text now (a ``str``) that ``_`` says again in any language
``error_text(error)``   an exception's message in the active language (a phrase said again)
``error_line(p, m)``   a command-line refusal's line, ``p: error: m``, in the active language
``said(text)``         a phrase in the active language; any other text (a file name) as it is
``ngettext(s, p, n)``  the singular or plural form for ``n`` in the active language
``activate(code)``     switch language; returns a one-line warning when it fell back to English
``current()``          the active code: ``en``, ``de``, ``es``, ``zh_CN`` or ``pseudo``
``speaking(code)``     a ``with`` block in ``code`` (a file in a chosen language), then back
``localize(text)``     a number written with a dot (``0.75``, ``36,633``) in the language's way
``delocalize(text)``   a typed number ("0,75" or "0.75", in every language) with a dot
``split_numbers(t)``   a typed list of numbers, each with a dot (the rule: :mod:`.number_list`)
``join_numbers(vs)``   numbers written as that rule reads them back (German ``0,15; 0,05``)
=====================  ==========================================================================

Module-level tables hold English strings marked with ``N_``; code translates them where it
shows them, so a live language switch needs no re-import.  Sentences made below the views (the
fit's verdict, the decision's warnings, the model's refusals) are :class:`Phrase` values: English
data for files and the command line, said in the window's language by ``_()`` where shown.
"""

from __future__ import annotations

from .catalogue import (
    ENGLISH,
    LANGUAGES,
    N_,
    PSEUDO,
    Language,
    _,
    activate,
    current,
    error_line,
    error_text,
    language_names,
    ngettext,
    on_change,
    said,
    speaking,
    system_language,
)
from .number_list import ListRule, join_numbers, split_numbers
from .numbers import decimal_point, delocalize, group_separator, localize
from .phrase import Figures, Phrase

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "Figures",
    "Language",
    "ListRule",
    "Phrase",
    "_",
    "activate",
    "current",
    "decimal_point",
    "delocalize",
    "error_line",
    "error_text",
    "group_separator",
    "join_numbers",
    "language_names",
    "localize",
    "ngettext",
    "on_change",
    "said",
    "speaking",
    "split_numbers",
    "system_language",
]
