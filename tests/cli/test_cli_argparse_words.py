"""argparse's own words follow ``--lang``: help, usage and refusals say no English word in German.

argparse looks its messages up through ``argparse._`` and ``argparse.ngettext``; our parser points
them at the text layer while it runs (``launch/argparse_words.py``).  Every msgid the running
Python's argparse has is either in our catalogues or named as one this command line never shows;
a new Python that adds one fails here.  Without ``--lang`` every line is argparse's English, byte
for byte, and argparse is left as it was found.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gettext
import io
import re

import pytest

from specdec_desktop import cli, text
from specdec_desktop.launch.argparse_words import MESSAGES, PLURALS, UNREACHABLE
from specdec_desktop.launch.arguments import build_parser


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def run(*args: str) -> tuple[int, str, str]:
    """``specdec-desktop ARGS`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(args))
        except SystemExit as done:  # --help
            status = done.code
    text.activate(text.ENGLISH)
    return status, out.getvalue(), err.getvalue()


def _argparse_msgids() -> set[str]:
    """Every message the running Python's argparse looks up (``_("…")``, ``ngettext("…", …)``)."""
    with open(argparse.__file__, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("_", "ngettext"):
                found.update(
                    arg.value
                    for arg in node.args[: 1 if node.func.id == "_" else 2]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                )
    return found


def test_every_argparse_message_is_ours_or_named_unreachable():
    ours = {*MESSAGES, *(form for pair in PLURALS for form in pair)}
    assert _argparse_msgids() - ours - UNREACHABLE.keys() == set()
    assert not ours & UNREACHABLE.keys()


#: argparse's English words a German help or refusal must not show.
_ENGLISH = re.compile(
    r"\b(usage|options|positional|arguments?|show|this|help|message|exit|program's|version|error|"
    r"required|following|unrecognized|invalid|choice|choose|expected|ambiguous|allowed|ignored)\b"
)


def _english(output: str) -> list[str]:
    return _ENGLISH.findall(re.sub(r"--?[\w-]+", " ", output))  # flags are typed, not words


@pytest.mark.parametrize("command", [(), ("fit",)], ids=["top", "fit"])
def test_german_help_has_no_english_argparse_word(command):
    status, out, err = run("--lang", "de", *command, "--help")
    assert (status, err) == (0, "")
    assert out.startswith("Aufruf: specdec-desktop")
    assert "\nOptionen:\n" in out and "diese Hilfe anzeigen und beenden" in out
    assert "\nPositionsargumente:\n" in out  # COMMAND, and fit's FILE
    assert _english(out) == [], out


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("calc", "--k"), "Argument --k: erwartet einen Wert"),
        (("nosuch",), "Argument COMMAND: ungültige Auswahl: 'nosuch' (möglich: 'calc', 'fit', "),
        (("sample",), "die folgenden Argumente sind erforderlich: --target-logits, --draft-logits"),
        (("calc", "--bogus", "1"), "unbekannte Argumente: --bogus 1"),
        (("--K", "6"), "unbekanntes Argument: --K"),  # found in German too, not "6" as a command
    ],
)
def test_a_usage_error_in_german(args, line):
    status, out, err = run("--lang", "de", *args)
    assert (status, out) == (2, "")
    assert err.startswith(f"specdec-desktop: Fehler: {line}"), err
    assert _english(err) == [], err


def test_without_lang_argparse_speaks_its_own_english():
    status, out, _err = run("calc", "--help")
    assert status == 0
    assert out.startswith("usage: specdec-desktop calc [-h] ")
    assert "\noptions:\n  -h, --help            show this help message and exit\n" in out
    cases = {
        ("calc", "--k"): "argument --k: expected one argument",
        ("nosuch",): "argument COMMAND: invalid choice: 'nosuch' (choose from 'calc', 'fit', 'presets', "
        "'sample', 'text')",
        ("sample",): "the following arguments are required: --target-logits, --draft-logits",
        ("calc", "--bogus", "1"): "unrecognized arguments: --bogus 1",
    }
    for args, line in cases.items():
        assert run(*args) == (2, "", f"specdec-desktop: error: {line}\n")


def test_argparse_is_left_as_it_was_found():
    run("--lang", "de", "calc", "--k")
    run("--lang", "de", "--help")
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext


def test_a_parser_built_in_a_language_writes_its_help_in_it():
    text.activate("es")
    help_text = build_parser().format_help()
    assert help_text.startswith("uso: specdec-desktop") and "\nopciones:\n" in help_text
    text.activate(text.ENGLISH)
    assert build_parser().format_usage().startswith("usage: specdec-desktop")
