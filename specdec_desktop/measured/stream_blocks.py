"""A metrics file streamed in whole-line blocks: line numbers, progress, cancel (no Qt).

:class:`Blocks` hands a reader the file a block at a time, each cut at a line break, with the
number of its first line; it refuses binary data where it finds it and asks whether to cancel
before each block, so a read of any size stays bounded in memory and can be stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import BinaryIO

from specdec_desktop.text import N_, Phrase

from .problems import ImportCancelled, MetricsProblem

__all__ = ["MAX_LINE_BYTES", "Blocks", "Cancelled", "Progress"]

#: A line longer than this is cut into pieces (and cannot hold a metric line).
MAX_LINE_BYTES = 1024**2


Progress = Callable[[int, int], None]


Cancelled = Callable[[], bool]


class Blocks:
    """Whole-line blocks of a stream, with line numbers, progress and cancel."""

    def __init__(
        self,
        stream: BinaryIO,
        size: int,
        head: bytes,
        progress: Progress | None,
        cancelled: Cancelled | None,
        block_bytes: int,
    ) -> None:
        self.stream, self.size, self.head, self.block_bytes = stream, size, head, block_bytes
        self.progress, self.cancelled = progress, cancelled
        self.lines = 0  # lines completed so far
        self.unterminated = False  # the last line had no line break (the file may be cut off)
        self.done = 0

    def __iter__(self) -> Iterator[tuple[bytes, int]]:
        carry = b""
        pending = self.head
        while True:
            if self.cancelled is not None and self.cancelled():
                raise ImportCancelled()
            wanted = min(self.block_bytes, self.size - self.done)
            block = pending if pending else (self.stream.read(wanted) if wanted > 0 else b"")
            pending = b""
            if not block:
                break
            self.done += len(block)
            if b"\x00" in block:
                before = (carry + block)[: (carry + block).find(b"\x00")]
                raise MetricsProblem(
                    "binary",
                    Phrase(N_("holds binary data (a NUL byte), not text")),
                    line=self.lines + before.count(b"\n") + 1,
                )
            data = carry + block
            cut = data.rfind(b"\n")
            if cut < 0:
                if len(data) <= MAX_LINE_BYTES:
                    carry = data
                    continue
                cut = len(data) - 1  # a very long line: hand it on in pieces
            whole, carry = data[: cut + 1], data[cut + 1 :]
            first = self.lines + 1
            self.lines += whole.count(b"\n")
            yield whole, first
            if self.progress is not None:
                self.progress(min(self.done, self.size), self.size)
        if carry:
            self.unterminated = True
            first = self.lines + 1
            self.lines += 1
            yield carry, first
        if self.progress is not None:
            self.progress(self.size, self.size)
