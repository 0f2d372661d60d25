"""JSON metrics: one document, or JSON Lines streamed line by line (no Qt).

Before anything is parsed, its nesting and its count of objects and lists are measured in time
linear in its size (:func:`json_shape`), so a hostile document is refused instead of parsed.
vLLM's per-request histograms and the engines' JSON summaries are collected; JSON-formatted log
lines are scanned for the engines' metric lines as well.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import numpy as np

from specdec_desktop.plain_text import size_text
from specdec_desktop.text import N_, Phrase

from .engine_json import JSON_COLLECTORS
from .json_bulk import feed_all
from .log_scan import also_scanned, finish_logs, line_readers, with_lines
from .measurement import FORMAT_LABELS, Measurement
from .problems import MetricsProblem
from .request_json import DECODER as _DECODER
from .request_json import MARKER as REQUEST_MARKER
from .request_json import RequestHistograms, parse_json
from .stream_blocks import Blocks

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_JSON_CONTAINERS",
    "MAX_JSON_DEPTH",
    "check_depth",
    "json_depth",
    "json_shape",
    "read_json",
]

#: Largest single JSON document (JSON Lines files stream, and may be up to MAX_BYTES).  Parsed,
#: a document takes up to about 50 times its size (a 64 MiB one took 3.2 GB): 4 MiB keeps
#: the peak near 200 MB whatever it holds (docs/robustness.md).
MAX_JSON_BYTES = 4 * 1024**2


#: Deepest nesting of a JSON document or line, checked before it is parsed (engines write 6).
MAX_JSON_DEPTH = 64


#: Most objects and lists in one JSON document, counted before it is parsed: each is walked in
#: Python after parsing (1.4 M empty objects in 4 MiB took 37 s), and a request holds a few.
MAX_JSON_CONTAINERS = 200_000


#: A JSON string, unrolled (``[^"\\]*(?:\\.[^"\\]*)*``): one way to read each character.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
#: A document the parser refused, and why (the parser's words, kept as they are).
_NOT_JSON = N_("is not valid JSON ({why})")


#: Every byte but a quote and the four brackets (deleted to leave the text's structure).
_NOT_STRUCTURE = bytes(byte for byte in range(256) if byte not in b'"[]{}')


def json_shape(data: bytes) -> tuple[int, int]:
    """How deep ``data`` (JSON text) nests, and how many objects and lists it opens."""
    if not data.count(b"[") and not data.count(b"{"):
        return 0, 0
    if b"\\" not in data:
        return _plain_shape(data.translate(None, _NOT_STRUCTURE))
    bare = _JSON_STRING.sub(b'""', data)
    raw = np.frombuffer(bare, dtype=np.uint8)
    step = np.zeros(raw.size, dtype=np.int32)
    opening = (raw == 91) | (raw == 123)  # [ {
    step[opening] = 1
    step[(raw == 93) | (raw == 125)] = -1  # ] }
    return int(np.cumsum(step).max(initial=0)), int(np.count_nonzero(opening))


def _plain_shape(marks: bytes) -> tuple[int, int]:
    """:func:`json_shape` of a text without backslashes, from its quotes and brackets in order.

    Without backslashes the strings that :data:`_JSON_STRING` blanks, left to right, run from
    the first quote to the second, the third to the fourth, and so on (a last quote without a
    partner opens none): a bracket lies inside one when an odd number of quotes precede it and
    a quote follows.  The same figures as blanking the strings, in a few numpy passes.
    """
    raw = np.frombuffer(marks, dtype=np.uint8)
    quotes = np.cumsum(raw == 34)  # "
    inside = (quotes % 2 == 1) & (quotes < quotes[-1])
    opening = ((raw == 91) | (raw == 123)) & ~inside  # [ {
    closing = ((raw == 93) | (raw == 125)) & ~inside  # ] }
    step = opening.astype(np.int32) - closing
    return int(np.cumsum(step).max(initial=0)), int(np.count_nonzero(opening))


def json_depth(data: bytes) -> int:
    """How deep ``data`` (JSON text) nests its arrays and objects, in time linear in its size.

    Strings are blanked first (their brackets do not count), then the depth is the largest
    running sum of opening less closing brackets.  Asked before ``json.loads``, whose C
    scanner recurses once per level (1,000 levels raised RecursionError out of ``fit``).
    """
    return json_shape(data)[0]


def check_depth(data: bytes) -> None:
    depth, containers = json_shape(data)
    if containers > MAX_JSON_CONTAINERS:
        raise MetricsProblem(
            "too_large",
            Phrase(
                N_(
                    "holds {containers:,} JSON objects and lists in one document; the limit is {limit:,} "
                    "(write one request per line, JSON Lines, to read more)"
                ),
                containers=containers,
                limit=MAX_JSON_CONTAINERS,
            ),
        )
    if depth > MAX_JSON_DEPTH:
        raise MetricsProblem(
            "too_deep",
            Phrase(
                N_(
                    "nests its JSON {depth:,} levels deep; the limit is {limit} (an engine's output nests "
                    "a few levels), so it was not parsed"
                ),
                depth=depth,
                limit=MAX_JSON_DEPTH,
            ),
        )


def read_json(blocks: Blocks, head: bytes, size: int, k: int | None) -> Measurement:
    first_line = head.split(b"\n", 1)[0].strip()
    histograms = RequestHistograms()
    check_depth(first_line)
    try:
        parse_json(first_line.decode("utf-8"))
        lines_mode = True
    except (ValueError, UnicodeDecodeError, RecursionError):
        lines_mode = False
    readers = line_readers(k)
    collectors = [collector_type() for collector_type in JSON_COLLECTORS]
    if lines_mode:  # JSON Lines: one response per line (or structured log lines), unreadable lines skipped
        markers = [collector.marker for collector in collectors] + [REQUEST_MARKER]
        _read_lines(also_scanned(blocks, readers, markers), collectors, histograms)
        lines = blocks.lines
    else:
        if size > MAX_JSON_BYTES:
            raise MetricsProblem(
                "too_large",
                Phrase(
                    N_(
                        "is one JSON document of {size}; the limit is {limit} (JSON Lines files may be "
                        "larger)"
                    ),
                    size=size_text(size),
                    limit=size_text(MAX_JSON_BYTES),
                ),
            )
        data = b"".join(chunk for chunk, _ in blocks)
        lines = blocks.lines
        check_depth(data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MetricsProblem(
                "not_utf8", Phrase(N_("is not UTF-8 text")), line=data[: error.start].count(b"\n") + 1
            ) from None
        try:
            value = parse_json(text)
        except json.JSONDecodeError as error:
            if error.pos >= len(text.rstrip()):
                raise MetricsProblem(
                    "truncated", Phrase(N_("ends too early: the JSON looks cut off")), line=error.lineno
                ) from None
            raise MetricsProblem("not_json", Phrase(_NOT_JSON, why=error.msg), line=error.lineno) from None
        except (ValueError, RecursionError) as error:
            raise MetricsProblem("not_json", Phrase(_NOT_JSON, why=str(error))) from None
        # Only what the document mentions is looked for (as for JSON Lines): each search walks
        # the whole parsed document in Python.
        if REQUEST_MARKER in data:
            histograms.feed_value(value, 1)
        for collector in collectors:
            if collector.marker in data:
                feed_all(collector, [(value, 1)])
    found = [c for c in collectors if c.lines_used]
    if found:
        kinds = [histograms, *found] if histograms.lines_used else found
        if len(kinds) > 1:
            raise MetricsProblem(
                "mixed",
                Phrase(
                    N_("mixes two kinds of metrics: {first} and {second}; import them separately"),
                    first=FORMAT_LABELS[kinds[0].format],
                    second=FORMAT_LABELS[kinds[1].format],
                ),
                line=kinds[1].first_line,
            )
        collected = found[0].finish(k)
        if collected is not None:
            return with_lines(collected, lines)
    measurement = histograms.finish(k)
    if measurement is None:
        if lines_mode and any(reader.lines_used for reader in readers):
            return with_lines(finish_logs(readers, k, lines, blocks.unterminated), lines)
        raise MetricsProblem(
            "no_metrics", Phrase(N_("this JSON holds no speculative-decoding acceptance_histogram"))
        )
    return with_lines(measurement, lines)


def _read_lines(
    blocks: Iterator[tuple[bytes, int, set[bytes]]], collectors: list, histograms: RequestHistograms
) -> None:
    """Feed each JSON line to the collectors whose key it holds, and its histogram to ``histograms``.

    Only what a block mentions (``blocks`` gives each with the markers it holds) is looked for
    in its lines, and a block that mentions nothing is not cut into lines.  As for vLLM's
    histograms, the object around the key is parsed alone when it can be
    (:func:`_object_around`), which skips the rest of the response; a last line without its
    line break may be cut, so it must parse whole.  Unreadable lines are skipped.
    """
    for chunk, first, present in blocks:
        wanted = [(c, c.marker, c.key) for c in collectors if c.marker in present]
        requests = REQUEST_MARKER in present
        if not wanted and not requests:
            continue
        parts = chunk.split(b"\n")
        last = len(parts) - 1
        if len(wanted) + requests == 1:  # one reader of this block: its values go in at once
            only = wanted[0] if wanted else (histograms, REQUEST_MARKER, "acceptance_histogram")
            consumer, marker, key = only
            feed_all(consumer, _block_values(chunk, parts, first, marker, key, whole_last=bool(wanted)))
            continue
        for offset, raw in enumerate(parts):
            line = first + offset
            for collector, marker, key in wanted:
                at = raw.find(marker)
                if at < 0:
                    continue
                value = _object_around(raw, -1 if offset == last else at, key)
                if value is None:
                    continue
                _feed(collector, value, line)
            if not requests:
                continue
            at = raw.find(REQUEST_MARKER)
            if at < 0:
                continue
            value = _object_around(raw, at, "acceptance_histogram")
            if value is None:
                continue
            _feed(histograms, value, line)


def _block_values(
    chunk: bytes, parts: list[bytes], first: int, marker: bytes, key: str, whole_last: bool
) -> list[tuple[object, int]]:
    """(:func:`_object_around` of each line holding ``marker``, its line number), in order.

    A block of ASCII text is decoded once and each object parsed from its place in it, which
    gives the same object as parsing the line's rest (:func:`_object_around`) when the object
    ends within its line, and only then is it taken; any other line goes through
    :func:`_object_around` itself.  ``whole_last``: the last line must parse whole (it may be cut).
    """
    text = chunk.decode("ascii") if chunk.isascii() else None
    scan = _DECODER.scan_once
    items = []
    last, position = len(parts) - 1, 0
    for offset, raw in enumerate(parts):
        at = raw.find(marker)
        if at >= 0:
            whole = whole_last and offset == last
            value = None
            start = raw.rfind(b"{", 0, at)
            if text is not None and not whole and start >= 0:
                try:
                    value, end = scan(text, position + start)
                except (StopIteration, ValueError, RecursionError):
                    value = None
                else:
                    if end > position + len(raw) or type(value) is not dict or key not in value:
                        value = None
            if value is None:
                value = _object_around(raw, -1 if whole else at, key)
            if value is not None:
                items.append((value, first + offset))
        position += len(raw) + 1
    return items


def _object_around(raw: bytes, at: int, key: str):
    """The object holding ``key`` around ``at``, else the whole line parsed (``at`` < 0: only that).

    vLLM's ``speculative_decoding`` object holds only numbers and lists, so the nearest ``{``
    before the key opens it, and parsing that object alone skips the rest of the response (the
    generated text is most of it).
    """
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


def _feed(collector, value, line: int) -> None:
    """Hand ``value`` from ``line`` to ``collector``; a refusal names that line."""
    try:
        collector.feed_value(value, line)
    except MetricsProblem as problem:
        raise problem.at(line=line) from None
