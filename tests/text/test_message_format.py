"""A translated message's quick ``format`` (``str.format`` with each number wrapped) writes what
Python's formatter loop wrote, for every message the code marks, in every language.

The quick way serves templates of plain placeholders; the others (an attribute, an item, a
conversion, a placeholder in a spec) still go through :class:`string.Formatter`.  Both must give
the same text, numbers in the language's way.
"""

from __future__ import annotations

import string
from fractions import Fraction

import numpy as np
import pytest

from specdec_desktop import text
from specdec_desktop.devtools.extract import extract
from specdec_desktop.text import message
from specdec_desktop.text.message import Message
from specdec_desktop.text.phrase import Figures, Phrase

#: Values of each kind a placeholder is given: numbers (with groups, negative, numpy's), a bool,
#: text, a phrase, a list of figures.
VALUES = (
    12345.678,
    -0.5,
    7,
    1234567,
    np.float64(0.8143),
    np.int64(4096),
    Fraction(3, 4),
    True,
    "a, b.c",
    Phrase("Only {steps} verify steps", steps=20),
    Figures((3.441, 1.4, 1234.5)),
)


def _reference(template: str, args: tuple, kwargs: dict) -> str:
    return message._FORMATTER.vformat(template, args, kwargs)


def _fields(template: str) -> list[tuple[str, str]]:
    return [(name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name is not None]


def _fills(template: str):
    """For each kind of value, the template's fields all given that kind (where its spec takes it)."""
    fields = _fields(template)
    for value in VALUES:
        args, kwargs = [], {}
        for name, spec in fields:
            if name == "" or name.isdigit():
                args.append(value)
            else:
                kwargs[name] = value
            del spec
        try:
            expected = _reference(template, tuple(args), kwargs)
        except (ValueError, TypeError, IndexError, KeyError):
            continue  # a spec that does not take this kind ("{n:d}" and text): refused either way
        yield tuple(args), kwargs, expected


@pytest.fixture(scope="module")
def templates():
    """Every marked message with a placeholder, as (msgid, plural or None).

    Read by the tests that use them, not at import: the extractor reads the whole package (1.2 s
    of CPU), and at import it ran at the collection of every process of a run, the xdist
    controller's too, before any worker could start a test."""
    return [
        (msgid, entry.plural)
        for msgid, entry in extract().items()
        if "{" in msgid or (entry.plural and "{" in entry.plural)
    ]


@pytest.mark.parametrize("code", ["en", "de", "es", "zh_CN", "pseudo"])
def test_every_marked_message_formats_as_the_formatter_did(code, templates):
    assert len(templates) > 200
    text.activate(code)
    checked = 0
    for msgid, plural in templates:
        forms = [text._(msgid)] if plural is None else [text.ngettext(msgid, plural, n) for n in (1, 2, 5)]
        for translated in forms:
            for args, kwargs, expected in _fills(translated):
                assert Message(translated).format(*args, **kwargs) == expected, (code, msgid, args, kwargs)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "template",
    [
        "{x.real:.2f} of {y}",
        "{x!r} and {y:>{w}}",
        "{x[0]:.1f}",
        "{0:.3f} then {1}",
        "{} and {}",
        "{{literal}} {x:,.2f}",
        "{x:%}",
    ],
)
def test_other_templates_give_the_same_text(template):
    text.activate("de")
    fields = dict(x=1234.5678, y=0.25, w=8)
    if "[" in template:
        fields["x"] = Figures((1.25, 2.5))
    args = (1234.5678, "b") if "{0" in template or "{}" in template else ()
    assert Message(template).format(*args, **fields) == _reference(template, args, fields)


def test_a_bad_template_is_refused_as_before():
    for template, fields in (("{x", {"x": 1}), ("{missing}", {}), ("{0} {}", {})):
        with pytest.raises(Exception) as quick:
            Message(template).format(1.5, **fields)
        with pytest.raises(Exception) as slow:
            _reference(template, (1.5,), fields)
        assert type(quick.value) is type(slow.value) and str(quick.value) == str(slow.value)
