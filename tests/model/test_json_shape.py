"""The JSON shape check (depth, containers) gives the same figures on its fast path."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.measured.json_read import _JSON_STRING, json_shape


def _by_blanking(data: bytes) -> tuple[int, int]:
    """The reference: strings blanked by the regular expression, then brackets counted."""
    bare = _JSON_STRING.sub(b'""', data)
    raw = np.frombuffer(bare, dtype=np.uint8)
    step = np.zeros(raw.size, dtype=np.int32)
    opening = (raw == 91) | (raw == 123)
    step[opening] = 1
    step[(raw == 93) | (raw == 125)] = -1
    return int(np.cumsum(step).max(initial=0)), int(np.count_nonzero(opening))


@settings(max_examples=500, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from([b'"', b"[", b"]", b"{", b"}", b"a", b" ", b"\n", b":", b","]), max_size=80))
def test_without_backslashes_the_same_as_blanking_strings(pieces):
    data = b"".join(pieces)
    assert b"\\" not in data
    assert json_shape(data) == _by_blanking(data)


@pytest.mark.slow
@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    )
)
def test_real_json_with_and_without_escapes(value):
    data = json.dumps(value).encode()
    assert json_shape(data) == _by_blanking(data)


def test_brackets_in_strings_and_a_quote_left_open():
    assert json_shape(b'["[[[", {"a": "{{"}]') == (2, 2)
    assert json_shape(b'["x", "[[[') == (4, 4)  # after an unpaired quote, brackets count
    assert json_shape(b'[1, "\\"[", [2]]') == (2, 2)  # an escaped quote: the slow path
