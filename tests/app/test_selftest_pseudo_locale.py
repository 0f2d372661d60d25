"""``--self-test`` and ``--fuzz`` in the pseudo-locale: the words a person reads go through the text layer.

The runner is run in-process on every real check, a failing check and a check whose run logs a
Qt warning; the fuzz summary is built from a monkey's result.  A word outside the pseudo-locale's
brackets is English that skipped ``_()``; what comes from outside (a folder, the font's family,
an exception's class and text, Qt's logged words, the app's name) is quoted.  Without ``--lang``
every line stays English, byte for byte what scripts and CI read.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import qWarning

from specdec_desktop import resources, text
from specdec_desktop.launch.arguments import parse_options
from specdec_desktop.robustness.monkey import FuzzResult
from specdec_desktop.selftest import CHECKS, SelfTestFailure
from specdec_desktop.selftest.runner import run_checks

from ..support.pseudo_words import words_outside_brackets

_QT_SAYS = "something odd from Qt"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def _failing(_ctx):
    raise SelfTestFailure("boom")


def _noisy(_ctx):
    qWarning(_QT_SAYS)
    return "done"


def _run(capsys, checks, argv=()):
    status = run_checks(parse_options(list(argv)), checks)
    out, err = capsys.readouterr()
    text.activate(text.ENGLISH)
    return status, out, err


def _said(message: str) -> str:
    """``message`` as the pseudo-locale says it (its placeholders left out): each part of a line
    is checked, since the line's own brackets hold everything put into it."""
    with text.speaking(text.PSEUDO):
        return text._(message).split("{")[0]


def _quoted(font_family: str = "Inter") -> tuple[str, ...]:
    return (str(resources.root()), font_family, "specdec-desktop", "boom", "SelfTestFailure", _QT_SAYS)


def test_every_check_name_is_a_message():
    text.activate(text.PSEUDO)
    for name, _check in CHECKS:
        shown = text._(name)
        assert shown != name and shown.startswith("["), name


def test_progress_and_the_passed_line_are_in_the_language(qapp, capsys):
    checks = CHECKS  # every check passes in the pseudo-locale (figures read as the window writes them)
    status, out, err = _run(capsys, checks, ["--lang", "pseudo"])
    assert (status, err) == (0, ""), err
    assert len(out.splitlines()) == len(checks) + 1
    assert words_outside_brackets(out, _quoted()) == [], out
    for line, (name, _check) in zip(out.splitlines(), checks, strict=False):
        assert f"{_said(name)}" in line and "([" in line, line  # the check's name, its summary


@pytest.mark.parametrize("check", [_failing, _noisy], ids=["failure", "qt-warning"])
def test_failure_lines_are_in_the_language(qapp, capsys, check):
    name = CHECKS[3][0]  # "cards": a real check's name, translated
    status, _out, err = _run(capsys, [(name, check)], ["--lang", "pseudo"])
    assert status == 1 and err.count("\n") == 1, err
    assert err.startswith("[specdec-desktop: ")
    assert words_outside_brackets(err, _quoted()) == [], err
    assert _said(name) in err
    if check is _noisy:
        assert _said("Qt warning: {message}") + _QT_SAYS in err


def test_fuzz_summaries_are_in_the_language():
    ok = FuzzResult(seed=7, actions=30000)
    failed = FuzzResult(seed=7, actions=12, failures=["boom"], log=["SelfTestFailure"])
    text.activate(text.PSEUDO)
    offered = text._("; {offered} fuzzed files offered, {failed} writes made to fail").format(
        offered=3, failed=1
    )
    for line in (ok.summary(), failed.summary(), offered):
        assert words_outside_brackets(line, _quoted()) == [], line


def test_without_lang_every_line_is_english_as_before(qapp, capsys):
    """CI and scripts read these lines: the English is the text layer's identity, byte for byte."""
    status, out, err = _run(capsys, [("cards", lambda _ctx: "4 cards"), ("chart", lambda _ctx: "ok")])
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["self-test: cards: ok (4 cards)", "self-test: chart: ok (ok)"]
    assert lines[2].startswith("self-test: passed 2 checks in ") and lines[2].endswith(" s")
    status, _out, err = _run(capsys, [("fonts", _failing)])
    assert (status, err) == (1, "specdec-desktop: self-test failed: fonts: boom\n")
    assert FuzzResult(seed=7, actions=30000).summary() == "fuzz: 30000 actions, no failure (seed 7)"
