"""Every line of a block that holds one of many markers, found in one pass (numpy, no Qt).

Searching a block with ``bytes.find`` once per marker is a pass over the block per marker: with
the 29 markers of the line readers that was most of a log's reading time, and a third of a
JSON Lines file's.  Here one pass serves them all:

1. Each marker is represented by one four-byte piece of it (its *key*), the piece least likely
   to occur in other text (:func:`rarest_piece`).
2. The block is read as unsigned 32-bit words at each of the four byte offsets (so every four
   bytes of it, wherever they start, are one word), each word is hashed, and the hash is looked
   up in a table of the keys' hashes: one numpy pass, a few milliseconds per MiB at most.
3. Where a word is a key (checked exactly, not only by hash), the marker around it is compared
   byte for byte, in numpy; only markers that are really there reach Python.

Any occurrence of a marker holds its key, so none is missed, and the comparison makes every one
found exact: the lines and the markers each holds are those ``bytes.find`` per marker finds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["MarkerSearch", "rarest_piece"]

#: Rough share of each byte in English text, logs and JSON (letters: English frequencies); a
#: byte not listed (capitals, most punctuation) counts as rare.  Only speed depends on it.
_LETTERS = b"etaoinshrdlcumwfgypbvkjxqz"
_LETTER_SHARES = (127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28)
_LETTER_SHARES += (24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1)
_SHARE = {
    **dict(zip(_LETTERS, _LETTER_SHARES, strict=True)),
    ord(" "): 180,
    **dict.fromkeys(b"0123456789", 20),
    **dict(zip(b'_":,.=-#()', (10, 20, 10, 10, 10, 3, 5, 1, 2, 2), strict=True)),
}
_RARE_SHARE = 3
#: A piece made only of lower-case letters and underscores lies inside a word or identifier
#: (the engines' JSON keys repeat "draft", "accept", "spec"): counted this much more common.
_INSIDE_A_WORD = 100
_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyz_")

_PIECE = 4
_HASH_BITS = 16  # a 64 KiB table: its lookups stay in the cache
_HASH_FACTOR = np.uint32(0x9E3779B1)  # Knuth's multiplicative hash
_HASH_SHIFT = np.uint32(32 - _HASH_BITS)
#: Candidates compared at once (each compare gathers marker-length bytes per candidate).
_COMPARE_SLICE = 4096


def rarest_piece(marker: bytes) -> int:
    """Offset of the four bytes of ``marker`` least likely to occur in other text."""
    best_offset, best_score = 0, None
    for offset in range(len(marker) - _PIECE + 1):
        piece = marker[offset : offset + _PIECE]
        score = 1
        for byte in piece:
            score *= _SHARE.get(byte, _RARE_SHARE)
        if all(byte in _WORD_BYTES for byte in piece):
            score *= _INSIDE_A_WORD
        if best_score is None or score < best_score:
            best_offset, best_score = offset, score
    return best_offset


def _hashed(words: np.ndarray) -> np.ndarray:
    return (words * _HASH_FACTOR) >> _HASH_SHIFT


class MarkerSearch:
    """Finds the lines of a block holding any of ``markers`` (byte strings without line breaks)."""

    def __init__(self, markers: Sequence[bytes]) -> None:
        if any(b"\n" in marker or not marker for marker in markers):
            raise ValueError("markers must be non-empty and hold no line break")
        self.markers = list(markers)
        self._short: list[int] = []  # markers shorter than a piece: searched with bytes.find
        by_key: dict[int, list[tuple[int, int]]] = {}
        for index, marker in enumerate(self.markers):
            if len(marker) < _PIECE:
                self._short.append(index)
                continue
            offset = rarest_piece(marker)
            key = int.from_bytes(marker[offset : offset + _PIECE], "little")
            by_key.setdefault(key, []).append((index, offset))
        self._keys = np.array(sorted(by_key), dtype=np.uint32)
        self._holders = [by_key[int(key)] for key in self._keys]
        self._table = np.zeros(1 << _HASH_BITS, dtype=bool)
        self._table[_hashed(self._keys)] = True
        self._bytes = [np.frombuffer(marker, dtype=np.uint8) for marker in self.markers]
        # Work arrays kept from block to block: a block's hashes, its hits, its line breaks.  New
        # arrays of a megabyte each per block cost page faults, as much as the work at times.
        self._hashes = np.empty(0, dtype=np.uint32)
        self._hits = np.empty(0, dtype=bool)
        self._breaks = np.empty(0, dtype=bool)

    def lines(self, chunk: bytes) -> dict[int, tuple[int, int, int]]:
        """Each line holding a marker: its start -> (its end, bit ``i`` set when it holds marker
        ``i``, how many line breaks ``chunk`` has before it).

        A line ends before its ``\\n`` (or at the end of ``chunk``).
        """
        return self.lines_of(chunk, self.found(chunk))

    def found(self, chunk: bytes) -> list[tuple[np.ndarray, int]]:
        """(positions, index) of each marker ``chunk`` holds: every position of a marker at least
        a piece long, at least the first in each line of a shorter one."""
        found = self._occurrences(chunk, np.frombuffer(chunk, dtype=np.uint8))
        for index in self._short:
            marker, starts = self.markers[index], []
            position = chunk.find(marker)
            while position >= 0:
                starts.append(position)
                end = chunk.find(b"\n", position)  # one per line is enough
                position = chunk.find(marker, end) if end >= 0 else -1
            if starts:
                found.append((np.array(starts), index))
        return found

    def lines_of(self, chunk: bytes, found: list[tuple[np.ndarray, int]]) -> dict[int, tuple[int, int, int]]:
        """:meth:`lines` from what :meth:`found` gave (or a part of it)."""
        if not found:
            return {}
        # Each occurrence's line, as the number of line breaks before it: Python then sees each
        # line once per marker, however many times the marker repeats in it.
        if self._breaks.size < len(chunk):
            self._breaks = np.empty(len(chunk), dtype=bool)
        is_break = self._breaks[: len(chunk)]
        np.equal(np.frombuffer(chunk, dtype=np.uint8), 10, out=is_break)
        breaks = np.flatnonzero(is_break)
        masks: dict[int, int] = {}
        for starts, index in found:
            for line in np.unique(np.searchsorted(breaks, starts)).tolist():
                masks[line] = masks.get(line, 0) | 1 << index
        lines = sorted(masks)
        bounds = np.concatenate(([-1], breaks, [len(chunk)]))  # line i runs between i and i + 1
        at = np.array(lines, dtype=np.intp)
        starts, ends = (bounds[at] + 1).tolist(), bounds[at + 1].tolist()
        return {start: (end, masks[line], line) for start, end, line in zip(starts, ends, lines, strict=True)}

    def _occurrences(self, chunk: bytes, data: np.ndarray) -> list[tuple[np.ndarray, int]]:
        """(positions, marker index) of each marker at least a piece long that occurs in ``chunk``."""
        size = len(chunk)
        if size < _PIECE or not self._holders:
            return []
        if self._hashes.size < size // _PIECE:
            self._hashes = np.empty(size // _PIECE, dtype=np.uint32)
            self._hits = np.empty(size // _PIECE, dtype=bool)
        positions, words = [], []
        for offset in range(_PIECE):
            count = (size - offset) // _PIECE
            if count <= 0:
                continue
            view = np.frombuffer(chunk, dtype="<u4", count=count, offset=offset)
            hashes, hit = self._hashes[:count], self._hits[:count]
            np.multiply(view, _HASH_FACTOR, out=hashes)
            np.right_shift(hashes, _HASH_SHIFT, out=hashes)
            np.take(self._table, hashes, out=hit)
            hits = np.flatnonzero(hit)
            if hits.size:
                positions.append(hits * _PIECE + offset)
                words.append(view[hits])
        if not positions:
            return []
        at = np.concatenate(positions)
        word = np.concatenate(words)
        slot = np.searchsorted(self._keys, word)
        slot[slot >= self._keys.size] = 0
        real = self._keys[slot] == word  # the hash only narrows the search: the word must be a key
        at, slot = at[real], slot[real]
        occurrences: list[tuple[np.ndarray, int]] = []
        for key_slot in np.unique(slot).tolist():
            piece_at = at[slot == key_slot]
            for index, offset in self._holders[key_slot]:
                marker = self._bytes[index]
                begin = piece_at - offset
                begin = begin[(begin >= 0) & (begin + marker.size <= size)]
                starts = _same(data, begin, marker)
                if starts.size:
                    occurrences.append((starts, index))
        return occurrences


def _same(data: np.ndarray, begin: np.ndarray, marker: np.ndarray) -> np.ndarray:
    """The positions in ``begin`` where ``data`` holds ``marker``, compared a slice at a time."""
    span = np.arange(marker.size)
    parts = [
        part[(data[part[:, None] + span] == marker).all(axis=1)]
        for part in (begin[first : first + _COMPARE_SLICE] for first in range(0, begin.size, _COMPARE_SLICE))
    ]
    return np.concatenate(parts) if parts else begin
