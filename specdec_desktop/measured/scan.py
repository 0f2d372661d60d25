"""Reading a metrics file of any size: format from the content, streamed, bounded (no Qt).

:func:`read_metrics` opens a file, looks at its first bytes and then streams it in blocks of
:data:`BLOCK_BYTES` (:mod:`.stream_blocks`), reporting progress and honouring a cancel flag between
blocks, so memory stays bounded whatever the size.  What the first bytes show picks the
reader: tables of numbers go through :mod:`.cycle_table`'s numpy path (:mod:`.number_rows`),
JSON and JSON Lines through :mod:`.json_read`, and anything else is a log whose metric lines
:mod:`.log_scan` finds by their markers.

Refused, with the file (and line) named: what :func:`specdec_desktop.user_files.open_user_file`
refuses for every reader (a missing path, a folder, pipe or device, a system pseudo-file, more
than :data:`MAX_BYTES`), an empty file, binary data (a NUL byte), UTF-16/32 text, a file without
any speculative-decoding metrics, lines from two engines at once, numbers that contradict
each other, and a draft length that neither the file nor the caller gives.  Refusals and notes
are :class:`~specdec_desktop.text.Phrase` values: English data (the command line prints them),
said in the window's language where shown; pasted text is named :data:`CLIPBOARD`, a phrase too.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from specdec_desktop.file_names import unusable_name
from specdec_desktop.plain_text import printable, size_text
from specdec_desktop.text import N_, Phrase
from specdec_desktop.user_files import TOO_LARGE, open_user_file

from .combine import combine, with_notes
from .cycle_table import CycleTable, looks_like_table
from .json_read import MAX_JSON_BYTES, MAX_JSON_CONTAINERS, MAX_JSON_DEPTH, json_depth, read_json
from .log_scan import MAX_METRIC_LINE_BYTES, LongLines, finish_logs, first_meaningful, line_readers, scan_logs
from .log_scan import with_lines as _with_lines
from .measurement import MAX_K, Measurement
from .problems import MetricsProblem
from .stream_blocks import Blocks, Cancelled, Progress

__all__ = [
    "BLOCK_BYTES",
    "CLIPBOARD",
    "MAX_BYTES",
    "MAX_JSON_BYTES",
    "MAX_JSON_CONTAINERS",
    "MAX_JSON_DEPTH",
    "MAX_METRIC_LINE_BYTES",
    "combine",
    "distinct_files",
    "json_depth",
    "read_metrics",
    "read_metrics_text",
    "with_notes",
]

#: Largest file read (a log this big is better filtered down to its metric lines first).
MAX_BYTES = 2 * 1024**3
#: Read in blocks of this size: Cancel is asked between blocks, a few milliseconds apart.
BLOCK_BYTES = 1024**2
#: What pasted text is called in messages and as a measurement's source ("clipboard" as data).
CLIPBOARD = Phrase(N_("clipboard"))
#: The same words for a file and for pasted text.
_EMPTY = N_("is empty")
_BINARY = N_("holds binary data (a NUL byte), not text")


_OTHER_UNICODE = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def _read_stream(
    stream: BinaryIO, size: int, k: int | None, progress: Progress | None, cancelled: Cancelled | None
) -> Measurement:
    if k is not None and not 1 <= k <= MAX_K:
        raise MetricsProblem(
            "contradiction",
            Phrase(N_("the draft length k given is {k}; it must be from 1 to {MAX_K}"), k=k, MAX_K=MAX_K),
        )
    head = stream.read(min(BLOCK_BYTES, 64 * 1024))
    if not head.strip() and len(head) >= size:
        raise MetricsProblem("empty", Phrase(_EMPTY if not head else N_("holds only blank space")))
    for mark, encoding in _OTHER_UNICODE:
        if head.startswith(mark):
            raise MetricsProblem(
                "not_utf8", Phrase(N_("is {encoding} text; save it as UTF-8"), encoding=encoding)
            )
    if head.startswith(codecs.BOM_UTF8):
        head = head[len(codecs.BOM_UTF8) :]
    if b"\x00" in head:
        raise MetricsProblem(
            "binary",
            Phrase(_BINARY),
            line=head[: head.find(b"\x00")].count(b"\n") + 1,
        )
    blocks = Blocks(stream, size, head, progress, cancelled, BLOCK_BYTES)
    start = head.lstrip()
    if start[:1] == b"{" or (start[:1] == b"[" and start[1:].lstrip()[:1] in (b"{", b"[", b"]", b"")):
        return read_json(blocks, start, size, k)
    first = first_meaningful(head)
    if first and looks_like_table(first):
        table = CycleTable(k)
        chunk = b""
        for chunk, line in blocks:
            try:
                table.feed_chunk(chunk, line)
            except MetricsProblem as problem:
                raise problem.at(line=line) from None
        if blocks.unterminated and chunk.strip() and not chunk.lstrip().startswith(b"#"):
            raise MetricsProblem(  # "12" cut to "1" would be a count all the same
                "truncated",
                Phrase(
                    N_(
                        "its last row has no line break: the file looks cut off, so that row may be cut "
                        "too; complete the file, or remove the row"
                    )
                ),
                line=blocks.lines,
            )
        measurement = table.finish()
        if measurement is None:
            raise MetricsProblem("no_metrics", Phrase(N_("the table holds no counts of accepted guesses")))
        return _with_lines(measurement, blocks.lines)
    readers = line_readers(k)
    long_lines = LongLines()
    scan_logs(blocks, readers, long_lines)
    measurement = finish_logs(readers, k, blocks.lines, blocks.unterminated, long_lines)
    return _with_lines(measurement, blocks.lines)


def read_metrics(
    path: str | os.PathLike[str],
    k: int | None = None,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> Measurement:
    """Read one metrics file.

    Parameters
    ----------
    path : path-like
        The file.
    k : int, optional
        Draft length, for formats that do not state it (checked against those that do).
    progress : callable, optional
        Called with ``(bytes_read, total_bytes)`` after each block.
    cancelled : callable, optional
        Asked before each block; when it returns ``True`` the read stops with
        :class:`ImportCancelled`.

    Raises
    ------
    MetricsProblem
        Naming the file, and the line when one is to blame.
    """
    path = Path(path)
    stream, opened_size = open_user_file(
        path,
        MAX_BYTES,
        MetricsProblem,
        Phrase(N_(" (keep only the metric lines, e.g. with grep, and import that)")),
    )
    try:
        with stream:
            size = min(opened_size, MAX_BYTES)  # read up to its size now, even if it grows
            if size == 0:
                raise MetricsProblem("empty", Phrase(_EMPTY))
            measurement = _read_stream(stream, size, k, progress, cancelled)
            if stream.read(1):
                measurement = replace(
                    measurement,
                    notes=(
                        *measurement.notes,
                        Phrase(
                            N_(
                                "the file grew while it was read: read up to its size when opened "
                                "({size:,} bytes)"
                            ),
                            size=size,
                        ),
                    ),
                )
    except MetricsProblem as problem:
        raise problem.at(path) from None
    except OSError as error:
        raise MetricsProblem(
            "missing", Phrase(N_("cannot be read ({why})"), why=error.strerror or str(error)), path
        ) from None
    return _named(measurement, path.name)


def distinct_files(paths: Sequence[str | os.PathLike[str]]) -> tuple[list[Path], tuple[str, ...]]:
    """``paths`` with the second and later names of one file left out, and a note for each.

    One file is one file by identity (device and inode, links followed), so a file given
    twice, or once by name and once through a link, is counted once, not as new data.
    """
    kept: list[Path] = []
    seen: dict[tuple[int, int], Path] = {}
    notes: list[Phrase] = []
    for raw in paths:
        path = Path(raw)
        try:
            info = os.stat(path) if unusable_name(os.fspath(path)) is None else None
        except OSError:
            info = None  # the read will say what is wrong with it
        if info is not None and info.st_ino:
            key = (info.st_dev, info.st_ino)
            if key in seen:
                name, first = printable(path.name, 80), printable(seen[key].name, 80)
                same = N_("{name} is the same file as {first}: counted once")
                notes.append(Phrase(same, name=name, first=first))
                continue
            seen[key] = path
        kept.append(path)
    return kept, tuple(notes)


def read_metrics_text(text: str, name: str = CLIPBOARD, k: int | None = None) -> Measurement:
    """Read metrics pasted as text (the clipboard); ``name`` stands for the file in messages (a
    phrase, such as :data:`CLIPBOARD`, is said in the language the message is shown in)."""
    if text and not text.endswith("\n"):
        text += "\n"  # a selection pasted is whole, even without its last line break
    data = text.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise MetricsProblem(
            "too_large",
            Phrase(TOO_LARGE, size=size_text(len(data)), limit=size_text(MAX_BYTES)),
            name,
        )
    if not data.strip():
        raise MetricsProblem("empty", Phrase(_EMPTY), name)
    try:
        measurement = _read_stream(io.BytesIO(data), len(data), k, None, None)
    except MetricsProblem as problem:
        raise problem.at(name) from None
    return _named(measurement, name)


def _named(measurement: Measurement, name: str) -> Measurement:
    return replace(measurement, sources=(name,))
