"""``--help`` laid out by terminal cells: Chinese lines fit the terminal, English is as before.

A Chinese character takes two cells of a terminal.  With ``COLUMNS=80`` no line of the Chinese
help of any command is wider than 80 cells, except a unit argparse cannot break (one option
group of the usage line, which is as long in English); the usage's lines after the first start
under the program's name.  In English, German and Spanish (no wide characters) the help of every
command is byte for byte what argparse's own formatter writes.
"""

from __future__ import annotations

import argparse
import re

import pytest

from specdec_desktop import text
from specdec_desktop.launch.arguments import build_parser
from specdec_desktop.launch.help_layout import CellsFormatter, has_wide, wrap_cells
from specdec_desktop.text.columns import cells

from ..support.cli import run_app

COMMANDS = ("", "calc", "fit", "presets", "sample", "text")
#: One option group of a usage line (``[--tree PATHS | --tree-budget N | ...]``): argparse keeps it whole.
_GROUP = re.compile(r"^\[[^\[\]]*\]$")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    text.activate(text.ENGLISH)


def _parsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **{name: commands.choices[name] for name in COMMANDS if name}}


def _unbreakable(line: str) -> bool:
    unit = line.strip()
    return bool(_GROUP.match(unit)) or (" " not in unit and not has_wide(unit))


@pytest.mark.parametrize("command", COMMANDS)
def test_no_chinese_help_line_is_wider_than_the_terminal(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    text.activate("zh_CN")
    shown = _parsers()[command].format_help()
    assert has_wide(shown)
    wide = [line for line in shown.splitlines() if cells(line) > 80 and not _unbreakable(line)]
    assert wide == []
    usage = shown.splitlines()
    head = f"用法：specdec-desktop {command}".rstrip() + " "
    assert usage[0].startswith(head)
    if len(usage) > 1 and usage[1].startswith(" "):  # the usage goes on: under the program's name
        assert len(usage[1]) - len(usage[1].lstrip(" ")) == cells(head)


def test_chinese_help_from_the_command_line_fits_80_columns():
    shown = run_app("--lang", "zh_CN", "--help", env={"COLUMNS": "80"})
    assert shown.returncode == 0 and "显示此帮助信息并退出" in shown.stdout
    lines = shown.stdout.splitlines()
    assert [line for line in lines if cells(line) > 80 and not _unbreakable(line)] == []
    # The usage names the tree group: kept whole up to Python 3.12, broken at its bars from 3.13.
    assert "[--tree PATHS" in shown.stdout and "--medusa-heads S1,S2,...]" in shown.stdout


@pytest.mark.parametrize("code", ["en", "de", "es"])
@pytest.mark.parametrize("columns", ["80", "60", "120"])
def test_help_without_wide_characters_is_argparse_own(code, columns, monkeypatch):
    monkeypatch.setenv("COLUMNS", columns)
    text.activate(code)
    for command, parser in _parsers().items():
        ours = parser.format_help()
        parser.formatter_class = argparse.HelpFormatter
        assert parser.format_help() == ours, command
        parser.formatter_class = CellsFormatter


def test_wrapping_breaks_between_chinese_characters_not_at_punctuation():
    lines = wrap_cells("接受率随位置衰减（d），一项假设：大于 0 且不超过 1；默认值 1 即原始模型", 20)
    assert all(cells(line) <= 20 for line in lines)
    assert (
        "".join(lines).replace(" ", "")
        == "接受率随位置衰减（d），一项假设：大于0且不超过1；默认值1即原始模型"
    )
    assert not any(line[0] in "，。、；：）" for line in lines[1:])
    assert not any(line[-1] in "（「" for line in lines)


def test_wrapping_keeps_latin_words_and_their_spaces():
    assert wrap_cells("n-gram 草稿模型猜测，6-gram 目标模型验证", 16) == [
        "n-gram 草稿模型",
        "猜测，6-gram 目",
        "标模型验证",
    ]
    assert wrap_cells("--speculative-num-steps、多", 10) == [
        "--speculative-num-steps、",
        "多",
    ]  # too long: alone
