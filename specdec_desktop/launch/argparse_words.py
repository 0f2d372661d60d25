"""argparse's own words ("usage:", "options", "invalid choice: …") in the command line's language.

argparse looks its messages up while it runs, through two names of its own module:
``argparse._`` and ``argparse.ngettext`` (it imports ``gettext`` and ``ngettext`` from the
standard library's :mod:`gettext` under those names, in every Python from 3.10 to 3.13).
:func:`speaking_ours` points those two names at the text layer for as long as our parser is
built, parses or writes its help, and puts them back after, so argparse's msgids are looked up in
our catalogues (which carry them: :data:`MESSAGES` and :data:`PLURALS`, added by the extractor),
and nothing else in the process (pytest's own parser, a user's script) sees a change.  English is
each msgid itself, so without ``--lang`` every line is argparse's own, byte for byte; a system
locale with Python's ``messages.mo`` installed no longer makes the help half German.

Why this and not a parser that rewrites argparse's English: argparse formats its messages
before our code sees them (``"argument --k: invalid choice: 'x' (choose from …)"``), so a
rewriter would have to parse English back into its parts; looking the words up where argparse
does is shorter, and a test (tests/cli/test_cli_argparse_words.py) lists every msgid of the
running Python's argparse and fails on one that is neither here nor named as unreachable.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ..text import _, ngettext

__all__ = ["MESSAGES", "PLURALS", "UNREACHABLE", "argument_error", "speaking_ours"]

#: argparse's messages a user of this command line can meet (Python 3.10 to 3.13), in English.
MESSAGES = (
    "usage: ",
    "positional arguments",
    "options",
    "%(heading)s:",  # 3.13: a section's heading ("options:")
    "show this help message and exit",
    "show program's version number and exit",
    "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s",
    "one of the arguments %s is required",
    "not allowed with argument %s",
    "unrecognized arguments: %s",
    "ambiguous option: %(option)s could match %(matches)s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "ignored explicit argument %r",
    "unexpected option string: %s",
)
#: argparse's messages with a plural form: (singular, plural).
PLURALS = (("expected %s argument", "expected %s arguments"),)

#: argparse's msgids this command line never shows, and why (kept English, not in the catalogues).
UNREACHABLE = {
    "subcommands": "only with add_subparsers(title=...), which this parser does not use",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "the choices check refuses first",
    "%(prog)s: warning: %(message)s\n": "3.13's deprecation warnings: no option is deprecated",
    "option '%(option)s' is deprecated": "no option is deprecated",
    "argument '%(argument_name)s' is deprecated": "no argument is deprecated",
    "command '%(parser_name)s' is deprecated": "no command is deprecated",
    "can't open '%(filename)s': %(error)s": "argparse.FileType is not used",
    'argument "-" with mode %r': "argparse.FileType is not used",
    " (default: %(default)s)": "ArgumentDefaultsHelpFormatter is not used",
    # A programmer's mistakes in building the parser, never a user's input:
    ".__call__() not defined": "programming error",
    "%r is not callable": "programming error",
    "'required' is an invalid argument for positionals": "programming error",
    "cannot have multiple subparser arguments": "programming error",
    "cannot merge actions - two groups are named %r": "programming error",
    "conflicting option string: %s": "programming error",
    "conflicting option strings: %s": "programming error",
    "conflicting subparser: %s": "programming error",
    "conflicting subparser alias: %s": "programming error",
    "dest= is required for options like %r": "programming error",
    "invalid conflict_resolution value: %r": "programming error",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r": "programming error",
    "mutually exclusive arguments must be optional": "programming error",
}


def _gettext(message: object) -> object:
    """What argparse's ``_`` does here: a message in the active language, anything else as it is
    (argparse passes a subparsers group's title and description through ``_``, None if not given)."""
    return _(message) if isinstance(message, str) and message else message


@contextmanager
def speaking_ours() -> Iterator[None]:
    """For the length of the ``with`` block, argparse looks its words up in the text layer."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def argument_error(error: argparse.ArgumentError) -> str:
    """The line argparse writes for a refused argument, ``argument --k: <why>``, in the active
    language (Python 3.10's argparse writes the ``argument`` part without looking it up)."""
    if error.argument_name is None:
        return error.message
    return _("argument %(argument_name)s: %(message)s") % {
        "argument_name": error.argument_name,
        "message": error.message,
    }
