"""``--lang``: a bad code is one line and English, and changes nothing else; data stays English."""

from __future__ import annotations

import subprocess

from ..support.cli import run_app


def _run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The app in a C.UTF-8 locale with no language asked for, unless ``env`` asks."""
    return run_app(*args, env={"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", **(env or {})})


def test_unknown_language_is_one_line_then_the_same_output():
    plain = _run("calc", "--k", "6", "--p", "0.75", "--c", "0.15")
    bad = _run("--lang", "xx", "calc", "--k", "6", "--p", "0.75", "--c", "0.15")
    assert bad.returncode == plain.returncode == 0
    assert bad.stdout == plain.stdout
    assert bad.stderr.count("\n") == 1 and "unknown language 'xx'" in bad.stderr and "English" in bad.stderr


def test_printed_data_stays_english_with_dots_in_any_language():
    plain = _run("calc", "--k", "6", "--p", "0.75", "--c", "0.15", "--json")
    for code in ("de", "zh_CN", "pseudo"):
        shown = _run(f"--lang={code}", "calc", "--k", "6", "--p", "0.75", "--c", "0.15", "--json")
        assert (shown.returncode, shown.stdout, shown.stderr) == (0, plain.stdout, "")


def test_help_follows_the_language():
    german = _run("--lang", "de", "--help")
    assert german.returncode == 0 and "Sprache des Fensters" in german.stdout
