"""The .po reader decodes a string's escapes itself (the self-test runs it on the bundled template)."""

from __future__ import annotations

import pytest

from specdec_desktop.text.po_file import read_po


def _one(text: str) -> str:
    entries = read_po(f'msgid ""\nmsgstr ""\n\nmsgid "x"\nmsgstr {text}\n')
    return entries[1].msgstr[0]


def test_escapes_are_decoded_and_wide_text_kept():
    assert _one(r'"a\"b\\c\nd\te"') == 'a"b\\c\nd\te'
    assert _one('"加速比 ×"') == "加速比 ×"


@pytest.mark.parametrize("bad", [r'"\q"', '"a"b"', '"', r'"ends with \"'])
def test_a_malformed_string_is_refused_with_its_place(bad):
    with pytest.raises(ValueError, match=r"<po>:5: "):
        _one(bad)


def test_a_string_is_read_never_evaluated():
    assert _one("\"__import__('os')\"") == "__import__('os')"
