"""The command line in the pseudo-locale: every word of ours goes through the text layer.

Run in-process (``cli.main``) under ``--lang pseudo``: the help of every command, ``fit`` on every
sample file (with and without a decision, with timings, a cost table, ``--compare``), ``calc``'s
printed figures, the refusals of values out of range and argparse's own refusals.  A word outside
the pseudo-locale's brackets is English that skipped ``_()``: argparse's own words ("usage:",
"options:", "show this help message and exit", "error:", "invalid choice") included, since
argparse looks them up in our catalogues (``launch/argparse_words.py``).  What a user types
(metavars, commands, choices, ``--flags``) and the program's name are left out.  Printed JSON
stays English and byte for byte the same.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from specdec_desktop import cli, text
from specdec_desktop.launch.argparse_words import MESSAGES, PLURALS

from ..support.paths import ROOT
from ..support.pseudo_words import words_outside_brackets

SAMPLES = ROOT / "tests" / "data" / "metrics"
FILES = sorted(path for path in SAMPLES.iterdir() if path.suffix != ".py")
COMMANDS = ("calc", "fit", "presets", "sample", "text")
#: Values typed on the command line, the same in every language (``--knee off``, ``--rule greedy``).
TYPED = {"off", "fixed", "heuristic", "oracle", "probabilistic", "threshold", "html", "csv", "WxH"}

#: What a user types, printed as argparse prints it: a choice list ({probabilistic,strict,...}).
_TYPED_LISTS = (re.compile(r"\{[\w,-]+\}"),)
#: The program's name, the same in every language.
_PROG = "specdec-desktop"
#: argparse's English words ("usage", "invalid", "choice", ...): none may show anywhere, not even
#: inside a message of ours that quotes argparse's refusal (the brackets would hide it).
_ARGPARSE_WORDS = {
    word
    for message in (*MESSAGES, *(form for pair in PLURALS for form in pair))
    for word in re.findall(r"[A-Za-z]{2,}", re.sub(r"%\(\w+\)[sdr]", " ", message))
} - {"at", "is", "of", "the", "and", "are", "not", "one", "from", "with", "most", "least", "match"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def run(*args: str, lang: str = "pseudo") -> tuple[int, str, str]:
    """``specdec-desktop --lang LANG ARGS`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(["--lang", lang, *args])
        except SystemExit as done:  # --help
            status = done.code
    text.activate(text.ENGLISH)
    return status, out.getvalue(), err.getvalue()


def english_words(output: str, quoted: tuple[str, ...] = ()) -> list[str]:
    """The words of ``output`` that are ours and stayed English (see the module's docstring)."""
    for pattern in _TYPED_LISTS:
        output = pattern.sub(" ", output)
    for name in (_PROG, *quoted):
        output = output.replace(name, " ")
    output = re.sub(r"--[\w-]+", " ", output)  # flags, as typed
    argparse_english = [w for w in re.findall(r"[A-Za-z]{2,}", output) if w in _ARGPARSE_WORDS]
    words = words_outside_brackets(output) + argparse_english
    return [
        w for w in words if not (w.isupper() or w in COMMANDS or w in TYPED or w in ("html", "csv", "WxH"))
    ]


@pytest.mark.parametrize("command", [(), *((name,) for name in COMMANDS)], ids=lambda c: " ".join(c) or "top")
def test_help_of_every_command_is_translated(command):
    status, out, err = run(*command, "--help")
    assert status == 0 and err == ""
    assert "[" in out
    assert english_words(out) == [], out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_fit_says_every_word_in_the_language(path: Path):
    for extra in ((), ("--c", "0.1"), ("--draft-ms", "2", "--target-ms", "20", "--verify-ms", "23")):
        status, out, err = run("fit", str(path), *extra)
        assert status in (0, 2)
        shown = out + err
        assert shown.strip()
        assert english_words(shown, quoted=(str(path), path.name)) == [], shown


def test_fit_compare_and_cost_tables_are_translated():
    logs = [SAMPLES / "vllm_specdecoding.log", SAMPLES / "vllm_metrics.prom", SAMPLES / "llama_server.log"]
    for extra in ((), ("--c", "0.1")):
        status, out, err = run("fit", *map(str, logs), "--compare", *extra)
        assert status == 0 and err == ""
        assert english_words(out, quoted=tuple(p.name for p in logs)) == [], out
    tables = [SAMPLES / "costs_per_k.csv", SAMPLES / "costs_split.csv"]
    status, out, err = run("fit", *map(str, tables))
    assert status == 0 and "β" in out
    assert english_words(out) == [], out


@pytest.mark.parametrize(
    "args",
    [
        ("--k", "6", "--p", "0.75", "--c", "0.15"),
        ("--k", "6", "--decay", "0.9", "--simulate", "200", "--seed", "1"),
        ("--p", "0.99", "--c", "0.01"),
        ("--p", "0.1", "--c", "0.9"),
        ("--tree-budget", "8", "--tree-depth", "3", "--rank-acceptance", "0.7,0.1", "--spread", "4"),
        ("--sglang", "3,2,6", "--rank-acceptance", "0.7,0.1", "--simulate", "200", "--seed", "1"),
        ("--medusa-heads", "2,2", "--rank-acceptance", "0.7,0.1"),
        ("--tree", "[(0,),(1,),(0,0)]", "--rank-acceptance", "0.7,0.1"),
    ],
)
def test_calc_prints_its_figures_in_the_language(args):
    status, out, err = run("calc", *args)
    assert (status, err) == (0, "")
    assert english_words(out) == [], out


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (("calc", "--p", "1.5"), "p"),
        (("calc", "--k", "0.5"), "k"),
        (("calc", "--c", "abc"), "c"),
        (("calc", "--decay", "2"), "decay"),
        (("calc", "--knee", "-1"), "knee"),
        (("calc", "--batch", "1.5"), "batch"),
        (("calc", "--overhead", "1e9"), "overhead"),
        (("fit", str(SAMPLES / "vllm_specdecoding.log"), "--c", "5"), "c"),
    ],
)
def test_range_refusals_are_translated_and_keep_the_name(args, name):
    status, out, err = run(*args)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert english_words(err) == [], err
    assert f"[{name} " in err  # the argument's name, as typed, opens the translated sentence
    status, _out, german = run(*args, lang="de")
    assert german.startswith(f"specdec-desktop: Fehler: Argument --{name}: {name} ")
    assert " muss " in german or " darf " in german, german


def test_a_scenario_file_out_of_range_is_refused_in_the_language(tmp_path):
    scenario = tmp_path / "bad.json"
    document = {
        "format": "specdec-desktop-scenario",
        "version": 1,
        "parameters": {"k": 6, "p": 1.5, "c": 0.1},
        "view": {"theme": "light", "zoom": 1.0},
    }
    scenario.write_text(json.dumps(document), encoding="utf-8")
    status, _out, err = run("--scenario", str(scenario), "--self-test", lang="de")
    assert status == 2 and "parameters.p muss zwischen 0.000 und 1.000 liegen, erhalten: 1.5" in err, err
    status, _out, err = run("--scenario", str(scenario), "--self-test")
    assert status == 2 and english_words(err, quoted=("bad.json",)) == [], err
    del document["view"]  # the file's own root, named in the language ("the file is missing ...")
    scenario.write_text(json.dumps(document), encoding="utf-8")
    status, _out, err = run("--scenario", str(scenario), "--self-test")
    assert status == 2 and english_words(err, quoted=("bad.json",)) == [], err


def test_printed_json_stays_english_in_every_language():
    log = str(SAMPLES / "vllm_specdecoding.log")
    for args in (
        ("fit", log, "--json", "--c", "0.1"),
        ("fit", log, "--json"),
        ("calc", "--json", "--decay", "0.9"),
    ):
        english = run(*args, lang="en")
        for code in ("de", "zh_CN", "pseudo"):
            assert run(*args, lang=code) == english
        assert json.loads(english[1])


@pytest.mark.parametrize(
    "args",
    [
        ("presets",),
        ("sample", "--target-logits", "2,1.5,0.2,-1", "--draft-logits", "1,1,1,1", "--draws", "500"),
        ("text", "--tokens", "60", "--policy", "threshold:0.5"),
    ],
    ids=lambda args: args[0],
)
def test_presets_sample_and_text_print_in_the_language(args):
    status, out, err = run(*args)
    assert (status, err) == (0, "") and out.strip()
    if args[0] == "text":  # the generated text is the model's Shakespeare, not a message of ours
        out = out.split("\n\n", 1)[1]
    assert english_words(out) == [], out
    english = run(*args, "--json", lang="en")
    assert run(*args, "--json") == english  # its JSON: English with dots, byte for byte


@pytest.mark.parametrize(
    "args",
    [
        ("calc", "--k"),  # expected one argument
        ("nosuch",),  # invalid choice (a command)
        ("sample", "--rule", "nope"),  # invalid choice (a value)
        ("sample",),  # the following arguments are required
        ("calc", "--bogus"),  # unrecognized arguments
        ("calc", "--json=1"),  # ignored explicit argument
        ("calc", "--t", "1"),  # ambiguous option
        ("calc", "--tree", "[(0,)]", "--tree-budget", "3"),  # not allowed with argument
        ("fit",),  # a positional argument missing
        ("--K", "6"),  # ours: an unknown option named, not "6" as a command
    ],
    ids=lambda args: " ".join(args),
)
def test_argparse_refusals_are_translated(args):
    status, out, err = run(*args)
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith("[specdec-desktop: ")
    assert english_words(err) == [], err
