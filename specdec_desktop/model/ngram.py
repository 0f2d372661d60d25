"""Character n-gram language models with Witten-Bell smoothing: a real draft and a real target.

An order-n model predicts the next character from the n − 1 before it.  Counts come from one
text (the bundled Shakespeare, ``model/text_corpus.py``); the estimate interpolates every order
down to the uniform distribution (Witten and Bell 1991; the interpolated form in Chen and
Goodman 1998, "An empirical study of smoothing techniques for language modeling", §2.5):

    P_0(w)     = 1 / V
    P_n(w | h) = (c(h, w) + T(h) · P_(n−1)(w | h')) / (c(h) + T(h))

where h is the n − 1 characters of context, h' the same without its oldest character,
c(h, w) how often w followed h in the text, c(h) = Σ_w c(h, w), T(h) how many different
characters followed h, and V the alphabet's size.  A context never seen (c(h) = 0) falls back
to P_(n−1).  Every probability is above 0, so any temperature applies (``log P / T``).

One :class:`NgramCounts` holds the counts of every order up to the largest asked for, so a
6-gram target and drafts of orders 1 to 4 share their tables.  Built with numpy only: each
order is one sort of the text's (context, next) codes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["MAX_ORDER", "MIN_TEXT", "NgramCounts", "build_counts"]

#: Highest order built (the target's): its context codes must fit in 63 bits.
MAX_ORDER = 8
#: Fewest characters a text must have to build models worth drafting with.
MIN_TEXT = 1000
#: Most distinct characters (codes are small integers; a bigger alphabet is not plain text).
MAX_ALPHABET = 256


@dataclass(frozen=True)
class _OrderTable:
    """Counts of one order n ≥ 2, sorted by context code, then by next character."""

    contexts: NDArray[np.int64]  # distinct context codes, sorted
    starts: NDArray[np.int64]  # where each context's rows begin (one more entry: the end)
    totals: NDArray[np.float64]  # c(h)
    types: NDArray[np.float64]  # T(h)
    nexts: NDArray[np.intp]  # next character of each row
    counts: NDArray[np.float64]  # c(h, w) of each row

    @property
    def nbytes(self) -> int:
        arrays = (self.contexts, self.starts, self.totals, self.types, self.nexts, self.counts)
        return sum(a.nbytes for a in arrays)


class NgramCounts:
    """The counts of orders 1 to ``max_order`` of one text, and each order's smoothed distribution.

    Parameters
    ----------
    alphabet : str
        The characters, in code order.
    ids : numpy.ndarray
        The text as codes into ``alphabet``.
    unigram : numpy.ndarray
        Counts of each character.
    tables : list of _OrderTable
        One table for each order from 2 to ``max_order``.
    """

    def __init__(
        self, alphabet: str, ids: NDArray[np.uint8], unigram: NDArray[np.float64], tables: list[_OrderTable]
    ) -> None:
        self.alphabet = alphabet
        self.ids = ids
        self._index = {ch: i for i, ch in enumerate(alphabet)}
        size = len(alphabet)
        self._unigram = (unigram + 1.0) / (unigram.sum() + size)  # Witten-Bell over P_0, T = V
        self._tables = tables
        self._eye = np.eye(size)

    @property
    def max_order(self) -> int:
        """The highest order these counts serve."""
        return len(self._tables) + 1

    @property
    def vocabulary_size(self) -> int:
        """V, the number of distinct characters."""
        return len(self.alphabet)

    @property
    def nbytes(self) -> int:
        """Memory held by the tables and the text's codes, in bytes."""
        return int(self.ids.nbytes + sum(t.nbytes for t in self._tables))

    def encode(self, text: str) -> NDArray[np.intp]:
        """``text`` as codes; a character outside the alphabet raises ``ValueError`` naming it."""
        try:
            return np.fromiter((self._index[ch] for ch in text), dtype=np.intp, count=len(text))
        except KeyError as error:
            raise ValueError(f"text has a character the models never saw: {error.args[0]!r}") from None

    def decode(self, ids) -> str:
        """Codes back to text."""
        return "".join(self.alphabet[int(i)] for i in ids)

    def distribution(self, context: NDArray[np.intp] | list[int], order: int) -> NDArray[np.float64]:
        """P_order(· | the last order − 1 codes of ``context``), a vector over the alphabet.

        A context shorter than order − 1 uses the orders it can fill.
        """
        if not 1 <= order <= self.max_order:
            raise ValueError(f"order must be from 1 to {self.max_order}, got {order!r}")
        size = self.vocabulary_size
        probs = self._unigram
        code = 0
        history = list(context[-(order - 1) :]) if order > 1 else []
        for n in range(2, order + 1):
            if len(history) < n - 1:
                break
            code = code + int(history[-(n - 1)]) * size ** (n - 2)
            table = self._tables[n - 2]
            j = int(np.searchsorted(table.contexts, code))
            if j == table.contexts.size or table.contexts[j] != code:
                continue  # never seen: P_n = P_(n−1); a longer context is unseen as well
            lo, hi = table.starts[j], table.starts[j + 1]
            seen = np.zeros(size)
            seen[table.nexts[lo:hi]] = table.counts[lo:hi]
            weight = table.types[j]
            probs = (seen + weight * probs) / (table.totals[j] + weight)
        return probs


def _order_table(keys: NDArray[np.int64], size: int) -> _OrderTable:
    unique, counts = np.unique(keys, return_counts=True)
    contexts_of_rows = unique // size
    change = np.flatnonzero(np.diff(contexts_of_rows)) + 1
    starts = np.concatenate(([0], change, [unique.size])).astype(np.int64)
    counts = counts.astype(np.float64)
    totals = np.add.reduceat(counts, starts[:-1])
    return _OrderTable(
        contexts=contexts_of_rows[starts[:-1]],
        starts=starts,
        totals=totals,
        types=np.diff(starts).astype(np.float64),
        nexts=(unique % size).astype(np.intp),
        counts=counts,
    )


def build_counts(
    text: str, max_order: int = 6, progress: Callable[[float], None] | None = None
) -> NgramCounts:
    """Count every order from 1 to ``max_order`` in ``text``.

    ``progress`` (optional) is called with the share done, from 0 to 1, after each order.

    Raises
    ------
    ValueError
        Naming ``text`` when it is too short or not plain text (NUL or other control
        characters but tab, newline and carriage return, or more than 256 distinct characters),
        or ``max_order`` when it is outside 1 to 8.
    """
    if isinstance(max_order, bool) or not isinstance(max_order, int) or not 1 <= max_order <= MAX_ORDER:
        raise ValueError(f"max_order must be a whole number from 1 to {MAX_ORDER}, got {max_order!r}")
    if len(text) < MIN_TEXT:
        raise ValueError(f"text must have at least {MIN_TEXT} characters, got {len(text)}")
    alphabet = "".join(sorted(set(text)))
    if len(alphabet) > MAX_ALPHABET:
        raise ValueError(f"text has {len(alphabet)} distinct characters; at most {MAX_ALPHABET} (plain text)")
    if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in alphabet):
        raise ValueError("text is not plain text (it has control characters: a binary file?)")
    size = len(alphabet)
    if size**max_order >= 2**62:
        raise ValueError(f"max_order {max_order} is too high for an alphabet of {size} characters")
    lookup = np.zeros(max(ord(ch) for ch in alphabet) + 1, dtype=np.uint8)
    for i, ch in enumerate(alphabet):
        lookup[ord(ch)] = i
    if alphabet.isascii():
        ids = lookup[np.frombuffer(text.encode("ascii"), dtype=np.uint8)]
    else:
        ids = lookup[np.fromiter(map(ord, text), dtype=np.int64, count=len(text))]
    unigram = np.bincount(ids, minlength=size).astype(np.float64)
    tables = []
    context = np.zeros(ids.size, dtype=np.int64)  # context code of order n for position i
    for n in range(2, max_order + 1):
        shifted = np.empty_like(context)
        shifted[1:] = context[:-1] * size + ids[:-1]
        context = shifted
        valid = slice(n - 1, None)
        tables.append(_order_table(context[valid] * size + ids[valid], size))
        if progress is not None:
            progress((n - 1) / max(1, max_order - 1))
    if progress is not None and max_order == 1:
        progress(1.0)
    return NgramCounts(alphabet, ids, unigram, tables)
