"""A self-test check's reason for failing is said in the ``--lang`` language (English without it).

Every reason is a message of the catalogue (``expect(condition, N_("…"), **values)``): a scan of
the checks' source fails on a reason written as a plain string or an f-string.  Real checks are
then made to fail (a reference figure moved, a slider cut off from the state, a character no
font has, a file that is not text) and the line is read: German words and German numbers under
``--lang de``, nothing outside the brackets under ``--lang pseudo``, and without ``--lang`` the
English line as before, byte for byte.
"""

from __future__ import annotations

import ast
import shutil

import pytest

from specdec_desktop import resources, text
from specdec_desktop.launch.arguments import parse_options
from specdec_desktop.model.reference import REFERENCE_POINTS
from specdec_desktop.selftest import CHECKS, figure_checks
from specdec_desktop.selftest.runner import run_checks

from ..support.paths import PACKAGE
from ..support.pseudo_words import words_outside_brackets

_SELFTEST = PACKAGE / "selftest"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def _only(name: str):
    return [(n, c) for n, c in CHECKS if n == name]


def _failure_line(capsys, name: str, *argv: str) -> str:
    status = run_checks(parse_options(list(argv)), _only(name))
    _out, err = capsys.readouterr()
    text.activate(text.ENGLISH)
    assert status == 1 and err.count("\n") == 1, err
    return err.rstrip("\n")


def _is_marked(node: ast.AST) -> bool:
    """``N_("literal")``: a message the extractor collects and the catalogues translate."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def test_every_reason_in_the_checks_is_a_catalogue_message():
    unmarked = []
    for path in sorted(_SELFTEST.glob("*.py")):
        if path.name == "context.py":  # where expect() and failure() make the phrase they are given
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name, args = node.func.id, node.args
            reason = {"expect": args[1:2], "failure": args[:1], "Phrase": args[:1]}.get(name)
            if reason is not None and not (reason and _is_marked(reason[0])):
                unmarked.append(f"{path.name}:{node.lineno} {name}(...)")
            if name == "SelfTestFailure":
                unmarked.append(f"{path.name}:{node.lineno} SelfTestFailure(...): use failure(N_(...))")
    assert unmarked == []


def test_the_scan_would_find_an_english_reason():
    source = 'expect(ok, f"card {name} shows {value}")\nexpect(ok, N_("a {reason}"), reason=1)\n'
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and n.func.id == "expect"]
    assert [_is_marked(call.args[1]) for call in calls] == [False, True]


@pytest.fixture
def moved_reference(monkeypatch):
    """The first reference point's tokens per cycle moved: the model no longer reproduces it."""
    first = REFERENCE_POINTS[0]
    monkeypatch.setattr(figure_checks, "REFERENCE_POINTS", (first._replace(tokens=9.25),))
    return first


def test_a_failing_check_says_its_reason_in_german(qapp, capsys, moved_reference):
    line = _failure_line(capsys, "cards", "--lang", "de")
    got = f"{figure_checks.readouts(figure_checks.Parameters(6, 0.75, 0.15)).tokens_per_cycle}"
    assert line == (
        "specdec-desktop: Selbsttest fehlgeschlagen: Karten: Tokens pro Zyklus bei k=6 p=0,75 c=0,15 "
        f"ist {got.replace('.', ',')}, Referenz 9,25"
    )


def test_without_lang_the_reason_is_the_english_as_before(qapp, capsys, moved_reference):
    line = _failure_line(capsys, "cards")
    got = figure_checks.readouts(figure_checks.Parameters(6, 0.75, 0.15)).tokens_per_cycle
    # What the f-string of the check gave before the reasons were messages.
    assert line == (
        f"specdec-desktop: self-test failed: cards: tokens per cycle at k=6 p=0.75 c=0.15 is {got}, "
        "reference 9.25"
    )


def test_a_slider_cut_off_from_the_state_fails_in_german_and_spanish(qapp, capsys, monkeypatch):
    from specdec_desktop.views.parameter_control import ParameterControl

    monkeypatch.setattr(ParameterControl, "_on_slider", lambda self, position: None)
    german = _failure_line(capsys, "controls", "--lang", "de")
    assert german.startswith("specdec-desktop: Selbsttest fehlgeschlagen: Bedienelemente: draftLengthSlider")
    assert ": Zustand k = 6, erwartet " in german, german
    spanish = _failure_line(capsys, "controls", "--lang", "es")
    assert ": estado k = 6, se esperaba " in spanish, spanish


def _pseudo_words(line: str, *quoted: str) -> list[str]:
    return words_outside_brackets(line, ("specdec-desktop", "Inter", *quoted))


def test_a_reason_has_no_english_word_in_the_pseudo_locale(qapp, capsys, moved_reference):
    line = _failure_line(capsys, "cards", "--lang", "pseudo")
    assert _pseudo_words(line) == [], line


def test_a_missing_character_is_named_in_the_language(qapp, capsys, monkeypatch):
    from specdec_desktop.views import main_window

    original = main_window.MainWindow.__init__

    def with_clef(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.setWindowTitle(self.windowTitle() + " \U0001d11e")  # a musical clef: no font of ours

    monkeypatch.setattr(main_window.MainWindow, "__init__", with_clef)
    line = _failure_line(capsys, "fonts", "--lang", "pseudo")
    assert "U+1D11E" in line and _pseudo_words(line, "U+1D11E") == [], line
    german = _failure_line(capsys, "fonts", "--lang", "de")
    assert "Schriften: Inter (normal) fehlen U+1D11E" in german, german


def test_a_damaged_file_is_refused_in_the_language(qapp, capsys, monkeypatch, tmp_path):
    copy = tmp_path / "resources"
    shutil.copytree(resources.root(), copy)
    (copy / "scenes").mkdir()
    (copy / "scenes" / "empty.json").write_text("   ")
    monkeypatch.setattr(resources, "root", lambda: copy)
    german = _failure_line(capsys, "resources", "--lang", "de")
    assert german.endswith("Ressourcen: scenes/empty.json: kein Text darin"), german
    line = _failure_line(capsys, "resources", "--lang", "pseudo")
    assert _pseudo_words(line, "scenes/empty.json") == [], line
