"""Phrases: English data now, said in any language by ``_()`` (specdec_desktop/text/phrase.py)."""

from __future__ import annotations

import copy
import json
import pickle

from specdec_desktop import text
from specdec_desktop.text import N_, Figures, Phrase, _

#: Messages the German catalogue translates (from the fit and the decision).
FEW = N_("Only {steps} verify steps: too few to say much; every figure carries a wide interval.")
FALLS = N_(
    "Acceptance falls with position: a_1 = {first:.2f} down to a_{position} = {last:.2f}; one p "
    "overstates the later guesses."
)
MORE = N_(", … ({count} in all)")


def test_a_phrase_is_its_english_as_a_plain_string():
    phrase = Phrase(FALLS, first=0.8125, position=4, last=0.5937)
    english = (
        "Acceptance falls with position: a_1 = 0.81 down to a_4 = 0.59; one p overstates the later guesses."
    )
    assert phrase == english and isinstance(phrase, str) and hash(phrase) == hash(english)
    assert json.dumps({"verdict": phrase}) == json.dumps({"verdict": english})
    assert str(ValueError(phrase)) == english
    text.activate("de")  # made while German is active, it is still English data
    assert Phrase(FALLS, first=0.8125, position=4, last=0.5937) == english


def test_underscore_says_a_phrase_in_the_active_language_with_its_numbers():
    phrase = Phrase(FALLS, first=0.8125, position=4, last=0.5937)
    assert _(phrase) == phrase  # English: byte for byte
    text.activate("de")
    assert _(phrase) == (
        "Die Akzeptanz sinkt mit der Position: von a_1 = 0,81 bis a_4 = 0,59; ein einziges p "
        "überschätzt die späteren Vorschläge."
    )
    text.activate("zh_CN")
    assert _(phrase).startswith("接受率随位置下降：从 a_1 = 0.81")


def test_nested_phrases_and_number_lists_follow_the_language():
    more = Phrase(MORE, count=12)
    phrase = Phrase("{shown:.2f}{more}", shown=Figures((2.861, 3.04)), more=more)
    assert phrase == "2.86, 3.04, … (12 in all)"
    text.activate("de")
    assert _(phrase) == "2,86; 3,04, … (insgesamt 12)"  # decimal commas: the list takes ";"
    text.activate("es")
    assert _(Phrase(MORE, count=1234)) == ", … (1234 en total)"


def test_joined_sentences_are_each_said_and_chinese_takes_no_space_between():
    joined = Phrase.joined((Phrase(FEW, steps=10), Phrase(MORE, count=3)))
    assert joined == (
        "Only 10 verify steps: too few to say much; every figure carries a wide interval. , … (3 in all)"
    )
    text.activate("zh_CN")
    said = _(Phrase.joined((Phrase(FEW, steps=10), Phrase(FEW, steps=4))))
    sentence = "只有 {n} 个验证步：太少，难以得出多少结论；每个数字的区间都很宽。"
    assert said == sentence.format(n=10) + sentence.format(n=4)


def test_an_empty_phrase_stays_empty_in_every_language():
    text.activate("de")
    assert _(Phrase("")) == "" and _(Phrase.joined(("", Phrase("")))) == ""


def test_pseudo_brackets_a_phrase_and_keeps_its_numbers():
    text.activate("pseudo")
    said = _(Phrase(FEW, steps=1234))
    assert said.startswith("[Öñĺý 1234 ") and said.endswith("]")


def test_a_phrase_survives_pickle_and_copy_whole():
    for phrase in (
        Phrase(FALLS, first=0.8, position=3, last=0.5),
        Phrase.joined((Phrase(FEW, steps=3), "plain")),
    ):
        for again in (pickle.loads(pickle.dumps(phrase)), copy.deepcopy(phrase), copy.copy(phrase)):
            assert again == phrase and isinstance(again, Phrase)
            text.activate("de")
            assert _(again) == _(phrase) != phrase
            text.activate("en")


def test_a_message_formats_as_python_does_where_the_language_writes_numbers_so():
    from specdec_desktop.text import message

    fields = {"a": 3.14159, "b": 1234567, "c": "words", "d": True, "e": 0.5}
    template = message.Message("{a:.2f} {b:,} {c} {d} {e:.0%} {a!r}")
    slow = message._FORMATTER.vformat(template, (), fields)
    assert template.format(**fields) == slow == "3.14 1,234,567 words True 50% 3.14159"
    assert message.Message("{0:.1f}; {x}").format(2.25, x=Figures((1.0, 2.5))) == "2.2; 1.0, 2.5"
    text.activate("de")  # the language's own marks: the slow path, numbers swapped
    assert template.format(**fields) == "3,14 1.234.567 words True 50% 3.14159"  # !r: as repr
