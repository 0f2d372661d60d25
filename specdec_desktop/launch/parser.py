"""The ArgumentParser of this command line: a refusal is one line and an exception, not a usage
dump; "-1e-3" is a number, not an option; argparse's own words are in the active language.

:class:`Parser` raises :class:`~.options.UsageError` (:class:`Refused` when argparse refused one
argument, naming it), which the command line prints as one line with exit status 2.  It is
built, parses and writes its help speaking the text layer's language
(:func:`.argparse_words.speaking_ours`), and lays the help out by terminal cells
(:class:`.help_layout.CellsFormatter`: Chinese characters take two).
"""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from .argparse_words import argument_error, speaking_ours
from .help_layout import CellsFormatter
from .options import UsageError

__all__ = ["Parser", "Refused"]


#: What argparse should take for a negative number rather than an option: "-1e-3" as well as
#: "-1" and "-.5" (its own pattern has no exponent, so "--c -1e-3" read as a missing value).
_NEGATIVE_NUMBER = re.compile(r"^-(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")


class Refused(UsageError):
    """argparse refused one argument; ``argument_name`` is the one it names (``--k``, ``COMMAND``)."""

    def __init__(self, message: str, argument_name: str | None) -> None:
        super().__init__(message)
        self.argument_name = argument_name


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and an exception, not a usage dump, and whose
    own words ("usage:", "options", "invalid choice") are in the active language
    (:mod:`.argparse_words`): it is built, parses and writes its help speaking ours."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("exit_on_error", False)  # a refused argument reaches parse_known_args
        kwargs.setdefault("formatter_class", CellsFormatter)  # Chinese help wrapped by its cells
        with speaking_ours():
            super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER  # argparse's own hook (Python 3.9 to 3.13)

    def parse_args(self, args=None, namespace=None):
        # "unrecognized arguments" is said here, after parse_known_args (Python 3.13 raises it)
        with speaking_ours():
            try:
                return super().parse_args(args, namespace)
            except argparse.ArgumentError as error:
                raise Refused(argument_error(error), error.argument_name) from None

    def parse_known_args(self, args=None, namespace=None):
        with speaking_ours():
            try:
                return super().parse_known_args(args, namespace)
            except argparse.ArgumentError as error:
                raise Refused(argument_error(error), error.argument_name) from None

    def add_subparsers(self, **kwargs):
        with speaking_ours():
            return super().add_subparsers(**kwargs)

    def format_usage(self) -> str:
        with speaking_ours():
            return super().format_usage()

    def format_help(self) -> str:
        with speaking_ours():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)
