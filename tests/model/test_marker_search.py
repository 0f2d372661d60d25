"""The one-pass marker search finds exactly the lines that a bytes.find per marker finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.measured.log_scan import _Plan, line_readers
from specdec_desktop.measured.marker_search import MarkerSearch, rarest_piece

MARKERS = _Plan(line_readers(None)).search.markers


def _by_find(chunk: bytes, markers: list[bytes]) -> dict[int, tuple[int, int, int]]:
    """The reference: each marker searched for in turn, as the scanner did before (and the
    line breaks before each line counted as it did)."""
    found: dict[int, tuple[int, int, int]] = {}
    for index, marker in enumerate(markers):
        position = chunk.find(marker)
        while position >= 0:
            start = chunk.rfind(b"\n", 0, position) + 1
            end = chunk.find(b"\n", position)
            if end < 0:
                end = len(chunk)
            _, mask, breaks = found.get(start, (end, 0, chunk.count(b"\n", 0, start)))
            found[start] = (end, mask | 1 << index, breaks)
            position = chunk.find(marker, end)
    return found


#: Pieces text is made of: the markers, pieces of them (near misses), words and line breaks.
_PIECES = [*MARKERS, *(m[: len(m) // 2] for m in MARKERS), *(m[1:] for m in MARKERS)]
_PIECES += [b"\n", b" ", b"draft_n", b"accepted", b"spec_", b"tokens", b"ion ", b"llamacpp:", b"\x00\xff"]


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.binary(max_size=12)), max_size=60))
def test_same_lines_as_a_find_per_marker(pieces):
    chunk = b"".join(pieces)
    assert MarkerSearch(MARKERS).lines(chunk) == _by_find(chunk, MARKERS)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.lists(st.binary(min_size=1, max_size=9).filter(lambda m: b"\n" not in m), min_size=1, max_size=6),
    st.lists(st.binary(max_size=8), max_size=40),
)
def test_any_markers_any_text(markers, pieces):
    """Short markers (searched with bytes.find), shared pieces and repeats included."""
    chunk = b"".join(pieces[i % len(pieces)] + markers[i % len(markers)] for i in range(len(pieces)))
    assert MarkerSearch(markers).lines(chunk) == _by_find(chunk, markers)


@pytest.mark.parametrize("offset", range(8))
def test_every_alignment_and_the_block_edges(offset):
    for marker in MARKERS:
        for chunk in (b"x" * offset + marker, marker + b"y" * offset, b"\n" * offset + marker + b"\n"):
            assert MarkerSearch(MARKERS).lines(chunk) == _by_find(chunk, MARKERS), (marker, offset)


def test_many_candidates_are_compared_in_slices():
    """A block full of one marker's key (more than one comparison slice) and a few real markers."""
    marker = b"llamacpp:spec_decode_num_"
    key = marker[rarest_piece(marker) :][:4]
    chunk = key * 30_000 + b"\n" + marker + b" 1\n" + (b"x" + key) * 5_000 + marker
    assert MarkerSearch(MARKERS).lines(chunk) == _by_find(chunk, MARKERS)
    assert len(MarkerSearch(MARKERS).lines(chunk)) == 2


def test_rarest_piece_avoids_words():
    """The piece chosen spans punctuation or a capital where the marker has one."""
    assert b"vllm:spec_decode_num_"[rarest_piece(b"vllm:spec_decode_num_") :][:4] == b"m:sp"
    assert b"Draft"[rarest_piece(b"Draft") :][:4] == b"Draf"


def test_markers_with_a_line_break_are_refused():
    with pytest.raises(ValueError):
        MarkerSearch([b"a\nb"])
    with pytest.raises(ValueError):
        MarkerSearch([b""])
