"""The rank box's list of numbers in the language's way (specdec_desktop/text/number_list.py).

Semicolons and spaces always separate; a comma separates where the decimal mark is a dot, and is a
decimal mark between two digits where the language writes a decimal comma; a number with two
marks is refused, never misread.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from specdec_desktop import text
from specdec_desktop.text import ListRule, Phrase, _, join_numbers, split_numbers


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("0.15, 0.05", ("0.15", "0.05")),
        ("0.15,0.05", ("0.15", "0.05")),  # what --rank-acceptance takes on the command line
        ("0.15; 0.05", ("0.15", "0.05")),
        (" 0.15  0.05 ", ("0.15", "0.05")),
        (".5,1e-3", (".5", "1e-3")),
        ("", ()),
        ("0,75", ("0", "75")),  # a comma separates in English: the model refuses a rank of 75
    ],
)
def test_english_reads_a_dot_and_separates_with_commas(typed, read):
    assert split_numbers(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("0,15; 0,05", ("0.15", "0.05")),
        ("0,15 0,05", ("0.15", "0.05")),
        ("0,15, 0,05", ("0.15", "0.05")),  # a comma followed by a space cannot be a decimal mark
        ("0.15, 0.05", ("0.15", "0.05")),  # the English habit still reads the same
        ("0.15; 0,05", ("0.15", "0.05")),
        ("0,75", ("0.75",)),
        ("0,1;", ("0.1",)),
    ],
)
def test_german_reads_a_decimal_comma_or_a_dot(typed, read):
    text.activate("de")
    assert split_numbers(typed) == read


@pytest.mark.parametrize("typed", ["0,15,0,05", "0.15,0.05", "1.000,5", "0,5, x", "nan", "inf", "1_0"])
def test_german_refuses_what_it_could_misread(typed):
    text.activate("de")
    assert split_numbers(typed) is None


@pytest.mark.parametrize("typed", ["0.5, x", "0..5", "nan", "1_0", "0.1.2"])
def test_english_refuses_what_is_not_a_number(typed):
    assert split_numbers(typed) is None


def test_chinese_keyboard_separators_are_read():
    text.activate("zh_CN")
    assert split_numbers("0.15，0.05；0.02、0.01") == ("0.15", "0.05", "0.02", "0.01")


@pytest.mark.parametrize("code", ["en", "de", "es", "zh_CN", "pseudo"])
def test_what_the_box_shows_reads_back_as_the_same_numbers(code):
    text.activate(code)
    rng = np.random.default_rng(27)
    for _trial in range(200):
        values = tuple(float(v) for v in np.round(rng.uniform(0.0, 0.3, rng.integers(0, 5)), 4))
        shown = join_numbers(values)
        assert tuple(float(item) for item in split_numbers(shown)) == values, shown


def test_the_box_writes_english_as_before_and_german_with_semicolons():
    assert join_numbers((0.15, 0.05, 0.0)) == "0.15, 0.05, 0"
    text.activate("de")
    assert join_numbers((0.15, 0.05, 0.0)) == "0,15; 0,05; 0"


def test_the_rule_is_said_in_the_language_it_is_read_in():
    rule = ListRule()
    assert rule == "Separate the numbers with commas, semicolons or spaces."
    assert _(rule) == rule
    refusal = Phrase("{rule}", rule=rule)
    text.activate("de")
    german = (
        "Trennen Sie die Zahlen durch Semikolons oder Leerzeichen; als Dezimalzeichen gelten Komma und Punkt."
    )
    assert _(rule) == german and _(refusal) == german
    assert pickle.loads(pickle.dumps(refusal)) == rule and _(pickle.loads(pickle.dumps(refusal))) == german
    text.activate("zh_CN")  # a dot language: commas separate
    assert _(rule) == "数字之间用逗号、分号或空格分隔。"
