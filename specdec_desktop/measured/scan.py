"""Reading a metrics file of any size: format from the content, streamed, bounded (no Qt).

:func:`read_metrics` opens a file, looks at its first bytes and then streams it in 4 MiB
blocks, reporting progress and honouring a cancel flag between blocks, so memory stays
bounded whatever the size.  Log files are scanned for the markers of the engines' metric
lines with ``bytes.find`` (C speed); only those lines are decoded and parsed, every other
line is counted and skipped.  Tables of numbers go through :mod:`.cycle_table`'s numpy path;
JSON through :mod:`.request_json`.

Refused, with the file (and line) named: what :func:`specdec_desktop.user_files.open_user_file`
refuses for every reader (a missing path, a folder, pipe or device, a system pseudo-file, more
than :data:`MAX_BYTES`), an empty file, binary data (a NUL byte), UTF-16/32 text, a file without
any speculative-decoding metrics, lines from two engines at once, numbers that contradict
each other, and a draft length that neither the file nor the caller gives.
"""

from __future__ import annotations

import codecs
import functools
import io
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

import numpy as np

from specdec_desktop.file_names import unusable_name
from specdec_desktop.plain_text import printable, size_text
from specdec_desktop.user_files import open_user_file

from .cycle_table import CycleTable, looks_like_table
from .engine_json import JSON_COLLECTORS
from .line_readers import LINE_READERS, LineReader
from .log_context import ContextReader, merged_context, time_span
from .measurement import FORMAT_LABELS, MAX_K, Measurement, Samples
from .problems import ImportCancelled, MetricsProblem
from .request_json import DECODER as _DECODER
from .request_json import MARKER as REQUEST_MARKER
from .request_json import RequestHistograms, parse_json

__all__ = [
    "BLOCK_BYTES",
    "MAX_BYTES",
    "MAX_JSON_BYTES",
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
#: Largest single JSON document (JSON Lines files stream, and may be up to MAX_BYTES).  Parsed,
#: a document takes up to about 50 times its size (a 64 MiB one took 3.2 GB): 4 MiB keeps
#: the peak near 200 MB whatever it holds (docs/robustness.md).
MAX_JSON_BYTES = 4 * 1024**2
#: Deepest nesting of a JSON document or line, checked before it is parsed (engines write 6).
MAX_JSON_DEPTH = 64
#: Most objects and lists in one JSON document, counted before it is parsed: each is walked in
#: Python after parsing (1.4 M empty objects in 4 MiB took 37 s), and a request holds a few.
MAX_JSON_CONTAINERS = 200_000
#: Read in blocks of this size: Cancel is asked between blocks, a few milliseconds apart.
BLOCK_BYTES = 1024**2
#: A line longer than this is cut into pieces (and cannot hold a metric line).
MAX_LINE_BYTES = 1024**2
#: A marker line longer than this is skipped, and the measurement says how many were: no
#: engine prints a metric line of 256 KiB, and reading one is time spent holding the GIL.
MAX_METRIC_LINE_BYTES = 256 * 1024

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]

#: A JSON string, unrolled (``[^"\\]*(?:\\.[^"\\]*)*``): one way to read each character.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')

_OTHER_UNICODE = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


class _Blocks:
    """Whole-line blocks of a stream, with line numbers, progress and cancel."""

    def __init__(
        self, stream: BinaryIO, size: int, head: bytes, progress: Progress | None, cancelled: Cancelled | None
    ) -> None:
        self.stream, self.size, self.head = stream, size, head
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
            wanted = min(BLOCK_BYTES, self.size - self.done)
            block = pending if pending else (self.stream.read(wanted) if wanted > 0 else b"")
            pending = b""
            if not block:
                break
            self.done += len(block)
            if b"\x00" in block:
                before = (carry + block)[: (carry + block).find(b"\x00")]
                raise MetricsProblem(
                    "binary",
                    "holds binary data (a NUL byte), not text",
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


class _LongLines:
    """Marker lines skipped for their length (:data:`MAX_METRIC_LINE_BYTES`): how many, the first."""

    def __init__(self) -> None:
        self.count = 0
        self.first: int | None = None

    def add(self, line: int) -> None:
        self.count += 1
        if self.first is None:
            self.first = line

    def notes(self) -> tuple[str, ...]:
        if not self.count:
            return ()
        lines = "1 line" if self.count == 1 else f"{self.count:,} lines"
        return (
            f"{lines} longer than {size_text(MAX_METRIC_LINE_BYTES)} skipped (the first is line "
            f"{self.first}): no engine prints a metric line that long",
        )


def _scan_logs(
    blocks: Iterable[tuple[bytes, int]], readers: list[LineReader], long_lines: _LongLines | None = None
) -> None:
    markers = [(marker, reader) for reader in readers for marker in reader.markers]
    for chunk, first in blocks:
        hits: dict[int, tuple[int, LineReader]] = {}
        # The context reader reads its lines beside the metric readers (a line may serve both).
        context: dict[int, tuple[int, LineReader]] = {}
        for marker, reader in markers:
            found = context if isinstance(reader, ContextReader) else hits
            position = chunk.find(marker)
            while position >= 0:
                start = chunk.rfind(b"\n", 0, position) + 1
                end = chunk.find(b"\n", position)
                if end < 0:
                    end = len(chunk)
                found.setdefault(start, (end, reader))
                position = chunk.find(marker, end)
        for found, counted in ((hits, True), (context, False)):
            line, last = first, 0
            for start in sorted(found):
                end, reader = found[start]
                line += chunk.count(b"\n", last, start)
                last = start
                if end - start > MAX_METRIC_LINE_BYTES:
                    if long_lines is not None and counted:
                        long_lines.add(line)
                    continue
                try:
                    reader.feed(chunk[start:end].decode("utf-8", "replace"), line)
                except MetricsProblem as problem:
                    raise problem.at(line=line) from None


def _histogram_object(raw: bytes, at: int):
    """The JSON object around ``"acceptance_histogram"`` at ``at`` in one line, or ``None``.

    vLLM's ``speculative_decoding`` object holds only numbers and lists, so the nearest ``{``
    before the key opens it and parsing that object alone skips the rest of the response (the
    generated text is most of it).  Anything else falls back to parsing the whole line.
    """
    start = raw.rfind(b"{", 0, at)
    try:
        text = raw[start:].decode("utf-8")
        value, _end = _DECODER.raw_decode(text)
        if isinstance(value, dict) and "acceptance_histogram" in value:
            return value
    except (ValueError, UnicodeDecodeError, RecursionError):
        pass
    try:
        return parse_json(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def _also_scanned(blocks: _Blocks, readers: list[LineReader]) -> Iterator[tuple[bytes, int]]:
    """The blocks, each also scanned for log lines (JSON-formatted logs carry them in strings)."""
    for chunk, first in blocks:
        _scan_logs([(chunk, first)], readers)
        yield chunk, first


def _line_readers(k: int | None) -> list[LineReader]:
    """A fresh reader of every line format, each told the k the caller gave."""
    readers = [reader_type() for reader_type in LINE_READERS] + [ContextReader()]
    for reader in readers:
        reader.k_hint = k
    return readers


def _first_meaningful(head: bytes) -> bytes:
    for raw in head.split(b"\n", 200)[:200]:
        stripped = raw.strip()
        if stripped and not stripped.startswith(b"#"):
            return stripped
    return b""


def _finish_logs(
    readers: list[LineReader],
    k: int | None,
    lines: int,
    unterminated: bool = False,
    long_lines: _LongLines | None = None,
) -> Measurement:
    active = [reader for reader in readers if reader.lines_used]
    formats = {reader.format for reader in active}
    notes: tuple[str, ...] = ()
    if {"llama.cpp", "llama.cpp-statistics"} <= formats:  # the statistics lines count every task
        active = [reader for reader in active if reader.format != "llama.cpp"]
        notes = ("per-task draft acceptance lines left aside: the statistics lines count every task",)
    if "llama.cpp-rounds" in formats and formats & {
        "llama.cpp",
        "llama.cpp-statistics",
        "llama.cpp-speculative",
    }:
        active = [
            reader for reader in active if reader.format == "llama.cpp-rounds" or "llama" not in reader.format
        ]
        notes = ("the per-round lines (-v) count every verify step: the summary lines are left aside",)
    if not active and long_lines is not None and long_lines.count:
        raise MetricsProblem(
            "line_too_long",
            f"its only metric-like lines are longer than {size_text(MAX_METRIC_LINE_BYTES)}; "
            "no engine prints one that long, so nothing was imported",
            line=long_lines.first,
        )
    if not active:
        missed = [reader for reader in readers if reader.near_miss is not None]
        if missed:
            nearest = min(missed, key=lambda reader: reader.near_miss or 0)
            raise MetricsProblem(
                "near_miss",
                f"looks like a {FORMAT_LABELS[nearest.format]}, but this line does not fit that format "
                "(a number missing or garbled?); nothing was imported",
                line=nearest.near_miss,
            )
        raise MetricsProblem(
            "no_metrics",
            f"no speculative-decoding metrics in its {lines} lines: not a "
            "vLLM, llama.cpp, SGLang or TensorRT-LLM log, summary, Prometheus scrape or per-request JSON, "
            "or a CSV of accepted guesses",
        )
    if len(active) > 1:
        first, second = sorted(active, key=lambda reader: reader.first_line or 0)[:2]
        raise MetricsProblem(
            "mixed",
            f"mixes two kinds of metrics: {FORMAT_LABELS[first.format]} (from line "
            f"{first.first_line}) and {FORMAT_LABELS[second.format]}; import them separately",
            line=second.first_line,
        )
    if unterminated and active[0].last_line == lines:
        raise MetricsProblem(
            "truncated",
            "its last line holds metrics but no line break: the file looks cut off, so that line's "
            "numbers may be cut too; complete the file, or remove the line",
            line=lines,
        )
    measurement = active[0].finish(k)
    if measurement is None:
        raise MetricsProblem(
            "no_metrics", "its metric lines count no drafted tokens", line=active[0].first_line
        )
    extra = long_lines.notes() if long_lines is not None else ()
    context = next((r.rows() for r in readers if isinstance(r, ContextReader)), ())
    span = time_span(active[0].first_text, active[0].last_text)
    if span is not None:
        context += (("time", span),)
    notes = measurement.notes + notes + extra
    return replace(measurement, notes=notes, context=measurement.context + context)


def json_shape(data: bytes) -> tuple[int, int]:
    """How deep ``data`` (JSON text) nests, and how many objects and lists it opens."""
    if not data.count(b"[") and not data.count(b"{"):
        return 0, 0
    bare = _JSON_STRING.sub(b'""', data)
    raw = np.frombuffer(bare, dtype=np.uint8)
    step = np.zeros(raw.size, dtype=np.int32)
    opening = (raw == 91) | (raw == 123)  # [ {
    step[opening] = 1
    step[(raw == 93) | (raw == 125)] = -1  # ] }
    return int(np.cumsum(step).max(initial=0)), int(np.count_nonzero(opening))


def json_depth(data: bytes) -> int:
    """How deep ``data`` (JSON text) nests its arrays and objects, in time linear in its size.

    Strings are blanked first (their brackets do not count), then the depth is the largest
    running sum of opening less closing brackets.  Asked before ``json.loads``, whose C
    scanner recurses once per level (1,000 levels raised RecursionError out of ``fit``).
    """
    return json_shape(data)[0]


def _check_depth(data: bytes) -> None:
    depth, containers = json_shape(data)
    if containers > MAX_JSON_CONTAINERS:
        raise MetricsProblem(
            "too_large",
            f"holds {containers:,} JSON objects and lists in one document; the limit is "
            f"{MAX_JSON_CONTAINERS:,} (write one request per line, JSON Lines, to read more)",
        )
    if depth > MAX_JSON_DEPTH:
        raise MetricsProblem(
            "too_deep",
            f"nests its JSON {depth:,} levels deep; the limit is {MAX_JSON_DEPTH} "
            "(an engine's output nests a few levels), so it was not parsed",
        )


def _read_json(blocks: _Blocks, head: bytes, size: int, k: int | None) -> Measurement:
    first_line = head.split(b"\n", 1)[0].strip()
    histograms = RequestHistograms()
    _check_depth(first_line)
    try:
        parse_json(first_line.decode("utf-8"))
        lines_mode = True
    except (ValueError, UnicodeDecodeError, RecursionError):
        lines_mode = False
    readers = _line_readers(k)
    collectors = [collector_type() for collector_type in JSON_COLLECTORS]
    if lines_mode:  # JSON Lines: one response per line (or structured log lines), unreadable lines skipped
        for chunk, first in _also_scanned(blocks, readers):
            wanted = [c for c in collectors if c.marker in chunk]
            parts = chunk.split(b"\n")
            for offset, raw in enumerate(parts):
                if wanted:  # a last line without its break may be cut: it must parse whole
                    _feed_collectors(wanted, raw, first + offset, whole=offset == len(parts) - 1)
                at = raw.find(REQUEST_MARKER)
                if at < 0:
                    continue
                value = _histogram_object(raw, at)
                if value is None:
                    continue
                try:
                    histograms.feed_value(value, first + offset)
                except MetricsProblem as problem:
                    raise problem.at(line=first + offset) from None
        lines = blocks.lines
    else:
        if size > MAX_JSON_BYTES:
            raise MetricsProblem(
                "too_large",
                f"is one JSON document of {size_text(size)}; the limit is "
                f"{size_text(MAX_JSON_BYTES)} (JSON Lines files may be larger)",
            )
        data = b"".join(chunk for chunk, _ in blocks)
        lines = blocks.lines
        _check_depth(data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MetricsProblem(
                "not_utf8", "is not UTF-8 text", line=data[: error.start].count(b"\n") + 1
            ) from None
        try:
            value = parse_json(text)
        except json.JSONDecodeError as error:
            if error.pos >= len(text.rstrip()):
                raise MetricsProblem(
                    "truncated", "ends too early: the JSON looks cut off", line=error.lineno
                ) from None
            raise MetricsProblem("not_json", f"is not valid JSON ({error.msg})", line=error.lineno) from None
        except (ValueError, RecursionError) as error:
            raise MetricsProblem("not_json", f"is not valid JSON ({error})") from None
        # Only what the document mentions is looked for (as for JSON Lines): each search walks
        # the whole parsed document in Python.
        if REQUEST_MARKER in data:
            histograms.feed_value(value, 1)
        for collector in collectors:
            if collector.marker not in data:
                continue
            try:
                collector.feed_value(value, 1)
            except MetricsProblem as problem:
                raise problem.at(line=1) from None
    found = [c for c in collectors if c.lines_used]
    if found:
        kinds = [histograms, *found] if histograms.lines_used else found
        if len(kinds) > 1:
            raise MetricsProblem(
                "mixed",
                f"mixes two kinds of metrics: {FORMAT_LABELS[kinds[0].format]} and "
                f"{FORMAT_LABELS[kinds[1].format]}; import them separately",
                line=kinds[1].first_line,
            )
        collected = found[0].finish(k)
        if collected is not None:
            return _with_lines(collected, lines)
    measurement = histograms.finish(k)
    if measurement is None:
        if lines_mode and any(reader.lines_used for reader in readers):
            return _with_lines(_finish_logs(readers, k, lines, blocks.unterminated), lines)
        raise MetricsProblem("no_metrics", "this JSON holds no speculative-decoding acceptance_histogram")
    return _with_lines(measurement, lines)


def _feed_collectors(collectors, raw: bytes, line: int, whole: bool = False) -> None:
    """Parse one JSON line for the collectors whose key it holds (unreadable lines are skipped).

    As for vLLM's histograms, the object around the key is parsed alone when it can be (the
    nearest ``{`` before the key opens it when the object holds only numbers and lists before
    it), which skips the rest of the response; anything else parses the whole line.
    """
    for collector in collectors:
        at = raw.find(collector.marker)
        if at < 0:
            continue
        value = _object_around(raw, -1 if whole else at, collector.key)
        if value is None:
            continue
        try:
            collector.feed_value(value, line)
        except MetricsProblem as problem:
            raise problem.at(line=line) from None


def _object_around(raw: bytes, at: int, key: str):
    """The object holding ``key`` around ``at``, else the whole line parsed (``at`` < 0: only that)."""
    start = raw.rfind(b"{", 0, at) if at >= 0 else -1
    try:
        if start < 0:
            raise ValueError("parse the whole line")
        value, _end = _DECODER.raw_decode(raw[start:].decode("utf-8"))
        if isinstance(value, dict) and key in value:
            return value
    except (ValueError, UnicodeDecodeError, RecursionError):
        pass
    try:
        return parse_json(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def _with_lines(measurement: Measurement, lines: int) -> Measurement:
    return replace(measurement, lines_read=lines)


def _read_stream(
    stream: BinaryIO, size: int, k: int | None, progress: Progress | None, cancelled: Cancelled | None
) -> Measurement:
    if k is not None and not 1 <= k <= MAX_K:
        raise MetricsProblem(
            "contradiction", f"the draft length k given is {k}; it must be from 1 to {MAX_K}"
        )
    head = stream.read(min(BLOCK_BYTES, 64 * 1024))
    if not head.strip() and len(head) >= size:
        raise MetricsProblem("empty", "is empty" if not head else "holds only blank space")
    for mark, encoding in _OTHER_UNICODE:
        if head.startswith(mark):
            raise MetricsProblem("not_utf8", f"is {encoding} text; save it as UTF-8")
    if head.startswith(codecs.BOM_UTF8):
        head = head[len(codecs.BOM_UTF8) :]
    if b"\x00" in head:
        raise MetricsProblem(
            "binary",
            "holds binary data (a NUL byte), not text",
            line=head[: head.find(b"\x00")].count(b"\n") + 1,
        )
    blocks = _Blocks(stream, size, head, progress, cancelled)
    start = head.lstrip()
    if start[:1] == b"{" or (start[:1] == b"[" and start[1:].lstrip()[:1] in (b"{", b"[", b"]", b"")):
        return _read_json(blocks, start, size, k)
    first = _first_meaningful(head)
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
                "its last row has no line break: the file looks cut off, so that row may be cut "
                "too; complete the file, or remove the row",
                line=blocks.lines,
            )
        measurement = table.finish()
        if measurement is None:
            raise MetricsProblem("no_metrics", "the table holds no counts of accepted guesses")
        return _with_lines(measurement, blocks.lines)
    readers = _line_readers(k)
    long_lines = _LongLines()
    _scan_logs(blocks, readers, long_lines)
    measurement = _finish_logs(readers, k, blocks.lines, blocks.unterminated, long_lines)
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
        " (keep only the metric lines, e.g. with grep, and import that)",
    )
    try:
        with stream:
            size = min(opened_size, MAX_BYTES)  # read up to its size now, even if it grows
            if size == 0:
                raise MetricsProblem("empty", "is empty")
            measurement = _read_stream(stream, size, k, progress, cancelled)
            if stream.read(1):
                measurement = replace(
                    measurement,
                    notes=(
                        *measurement.notes,
                        f"the file grew while it was read: read up to its size when opened ({size:,} bytes)",
                    ),
                )
    except MetricsProblem as problem:
        raise problem.at(path) from None
    except OSError as error:
        raise MetricsProblem("missing", f"cannot be read ({error.strerror or error})", path) from None
    return _named(measurement, path.name)


def distinct_files(paths: Sequence[str | os.PathLike[str]]) -> tuple[list[Path], tuple[str, ...]]:
    """``paths`` with the second and later names of one file left out, and a note for each.

    One file is one file by identity (device and inode, links followed), so a file given
    twice, or once by name and once through a link, is counted once, not as new data.
    """
    kept: list[Path] = []
    seen: dict[tuple[int, int], Path] = {}
    notes: list[str] = []
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
                notes.append(f"{name} is the same file as {first}: counted once")
                continue
            seen[key] = path
        kept.append(path)
    return kept, tuple(notes)


def read_metrics_text(text: str, name: str = "clipboard", k: int | None = None) -> Measurement:
    """Read metrics pasted as text (the clipboard); ``name`` stands for the file in messages."""
    if text and not text.endswith("\n"):
        text += "\n"  # a selection pasted is whole, even without its last line break
    data = text.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise MetricsProblem(
            "too_large", f"is {size_text(len(data))}; the limit is {size_text(MAX_BYTES)}", name
        )
    if not data.strip():
        raise MetricsProblem("empty", "is empty", name)
    try:
        measurement = _read_stream(io.BytesIO(data), len(data), k, None, None)
    except MetricsProblem as problem:
        raise problem.at(name) from None
    return _named(measurement, name)


def with_notes(measurement: Measurement, notes: Sequence[str]) -> Measurement:
    """``measurement`` with ``notes`` added (those of :func:`distinct_files`)."""
    return replace(measurement, notes=(*measurement.notes, *notes)) if notes else measurement


def _named(measurement: Measurement, name: str) -> Measurement:
    return replace(measurement, sources=(name,))


def combine(measurements: Sequence[Measurement]) -> Measurement:
    """Several files' counts as one (same k; counts add).

    Raises
    ------
    MetricsProblem
        When the draft lengths differ, or a file without step counts is to be added to others.
    """
    if len(measurements) == 1:
        return measurements[0]
    first = measurements[0]
    for other in measurements[1:]:
        if other.k != first.k:
            raise MetricsProblem(
                "combine",
                f"has k = {other.k}, but {first.sources[0]} has k = {first.k}; "
                "fit files with different k separately",
                other.sources[0],
            )
    if any(m.steps is None for m in measurements):
        if all(m.tau_samples for m in measurements):
            samples = functools.reduce(Samples.merged, (m.tau_samples for m in measurements))
            return replace(
                first,
                format="+".join(dict.fromkeys(m.format for m in measurements)),
                sources=tuple(s for m in measurements for s in m.sources),
                tau_samples=samples,
                lines_read=sum(m.lines_read for m in measurements),
                lines_used=sum(m.lines_used for m in measurements),
                engine_acceptance=None,
                context=merged_context([m.context for m in measurements]),
            )
        odd = next(m for m in measurements if m.steps is None)
        raise MetricsProblem(
            "combine",
            "gives means without step counts, which cannot be added to the other files' counts; fit it alone",
            odd.sources[0],
        )
    counts = None
    if all(m.position_counts for m in measurements):
        counts = tuple(sum(c) for c in zip(*(m.position_counts or () for m in measurements), strict=True))
    bases = {m.engine_basis for m in measurements}
    return Measurement(
        format="+".join(dict.fromkeys(m.format for m in measurements)),
        sources=tuple(s for m in measurements for s in m.sources),
        k=first.k,
        steps=sum(m.steps or 0 for m in measurements),
        accepted=sum(m.accepted or 0.0 for m in measurements),
        position_counts=counts,
        engine_acceptance=None
        if len(bases) > 1 or any(m.engine_acceptance is None for m in measurements)
        else sum((m.engine_acceptance or 0) * (m.steps or 0) for m in measurements)
        / sum(m.steps or 0 for m in measurements),
        engine_basis=bases.pop() if len(bases) == 1 else None,
        lines_read=sum(m.lines_read for m in measurements),
        lines_used=sum(m.lines_used for m in measurements),
        first_line=first.first_line,
        notes=tuple(dict.fromkeys(n for m in measurements for n in m.notes)),
        variable_k=any(m.variable_k for m in measurements),
        drafted=sum(m.drafted or 0.0 for m in measurements) or None,
        # each file a group, so the fit tests whether the files agree
        group_taus=tuple((1.0 + (m.accepted or 0.0) / m.steps, m.steps) for m in measurements if m.steps),
        context=merged_context([m.context for m in measurements]),
    )
