"""Log files: the engines' metric lines found by their markers, read, and judged (no Qt).

The blocks are searched for every line reader's markers in one pass (:mod:`.marker_search`:
numpy, then an exact comparison); only the lines holding one are decoded and handed to their
reader, every other line is counted and skipped.  :func:`finish_logs` then decides which
reader's lines make the measurement (one engine, one kind of line) and says why when none or
two do.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from specdec_desktop.plain_text import size_text
from specdec_desktop.text import N_, Phrase

from .line_readers import LINE_READERS, LineReader
from .log_context import ContextReader, time_span
from .marker_search import MarkerSearch
from .measurement import FORMAT_LABELS, Measurement
from .problems import MetricsProblem
from .stream_blocks import Blocks

__all__ = [
    "MAX_METRIC_LINE_BYTES",
    "LongLines",
    "also_scanned",
    "finish_logs",
    "first_meaningful",
    "line_readers",
    "scan_logs",
    "with_lines",
]

#: A marker line longer than this is skipped, and the measurement says how many were: no
#: engine prints a metric line of 256 KiB, and reading one is time spent holding the GIL.
MAX_METRIC_LINE_BYTES = 256 * 1024


class LongLines:
    """Marker lines skipped for their length (:data:`MAX_METRIC_LINE_BYTES`): how many, the first."""

    def __init__(self) -> None:
        self.count = 0
        self.first: int | None = None

    def add(self, line: int) -> None:
        self.count += 1
        if self.first is None:
            self.first = line

    def notes(self) -> tuple[Phrase, ...]:
        if not self.count:
            return ()
        lines = Phrase(N_("1 line")) if self.count == 1 else Phrase(N_("{count:,} lines"), count=self.count)
        return (
            Phrase(
                N_(
                    "{lines} longer than {size} skipped (the first is line {first}): no engine prints a "
                    "metric line that long"
                ),
                lines=lines,
                size=size_text(MAX_METRIC_LINE_BYTES),
                first=self.first,
            ),
        )


class _Plan:
    """The markers of every reader, in the readers' order, and one search for all of them (and
    for ``extra`` markers, whose presence in a block is reported)."""

    def __init__(self, readers: list[LineReader], extra: Sequence[bytes] = ()) -> None:
        pairs = [(marker, reader) for reader in readers for marker in reader.markers]
        self.readers = [reader for _marker, reader in pairs]
        self.search = MarkerSearch([marker for marker, _reader in pairs] + list(extra))
        self.extra = list(extra)
        # The context reader reads its lines beside the metric readers (a line may serve both).
        self.context_bits = sum(
            1 << index for index, reader in enumerate(self.readers) if isinstance(reader, ContextReader)
        )


def scan_logs(
    blocks: Iterable[tuple[bytes, int]], readers: list[LineReader], long_lines: LongLines | None = None
) -> None:
    plan = _Plan(readers)
    for chunk, first in blocks:
        _scan_block(chunk, first, plan, long_lines)


def _scan_block(chunk: bytes, first: int, plan: _Plan, long_lines: LongLines | None) -> set[bytes]:
    """Feed ``chunk``'s log lines to their readers; the extra markers it holds."""
    found = plan.search.found(chunk)
    count = len(plan.readers)
    present = {plan.extra[index - count] for _starts, index in found if index >= count}
    # Each line goes to the reader of the first marker it holds (in the readers' order), as
    # when each marker was searched for in turn, and to the context reader when it holds one of
    # its markers.
    hits: dict[int, tuple[int, LineReader, int]] = {}
    context: dict[int, tuple[int, LineReader, int]] = {}
    readers, context_bits = plan.readers, plan.context_bits
    ours = [(starts, index) for starts, index in found if index < count]
    for start, (end, mask, breaks) in plan.search.lines_of(chunk, ours).items():
        for bits, found in ((mask & ~context_bits, hits), (mask & context_bits, context)):
            if bits:
                found[start] = (end, readers[(bits & -bits).bit_length() - 1], first + breaks)
    for found, counted in ((hits, True), (context, False)):
        for start in sorted(found):
            end, reader, line = found[start]
            if end - start > MAX_METRIC_LINE_BYTES:
                if long_lines is not None and counted:
                    long_lines.add(line)
                continue
            try:
                reader.feed(chunk[start:end].decode("utf-8", "replace"), line)
            except MetricsProblem as problem:
                raise problem.at(line=line) from None
    return present


def also_scanned(
    blocks: Blocks, readers: list[LineReader], extra: Sequence[bytes] = ()
) -> Iterator[tuple[bytes, int, set[bytes]]]:
    """The blocks, each also scanned for log lines (JSON-formatted logs carry them in strings),
    with the ``extra`` markers each holds (found in the same pass)."""
    plan = _Plan(readers, extra)
    for chunk, first in blocks:
        yield chunk, first, _scan_block(chunk, first, plan, None)


def line_readers(k: int | None) -> list[LineReader]:
    """A fresh reader of every line format, each told the k the caller gave."""
    readers = [reader_type() for reader_type in LINE_READERS] + [ContextReader()]
    for reader in readers:
        reader.k_hint = k
    return readers


def first_meaningful(head: bytes) -> bytes:
    for raw in head.split(b"\n", 200)[:200]:
        stripped = raw.strip()
        if stripped and not stripped.startswith(b"#"):
            return stripped
    return b""


def finish_logs(
    readers: list[LineReader],
    k: int | None,
    lines: int,
    unterminated: bool = False,
    long_lines: LongLines | None = None,
) -> Measurement:
    active = [reader for reader in readers if reader.lines_used]
    formats = {reader.format for reader in active}
    notes: tuple[Phrase, ...] = ()
    if {"llama.cpp", "llama.cpp-statistics"} <= formats:  # the statistics lines count every task
        active = [reader for reader in active if reader.format != "llama.cpp"]
        notes = (
            Phrase(N_("per-task draft acceptance lines left aside: the statistics lines count every task")),
        )
    if "llama.cpp-rounds" in formats and formats & {
        "llama.cpp",
        "llama.cpp-statistics",
        "llama.cpp-speculative",
    }:
        active = [
            reader for reader in active if reader.format == "llama.cpp-rounds" or "llama" not in reader.format
        ]
        notes = (
            Phrase(N_("the per-round lines (-v) count every verify step: the summary lines are left aside")),
        )
    if not active and long_lines is not None and long_lines.count:
        raise MetricsProblem(
            "line_too_long",
            Phrase(
                N_(
                    "its only metric-like lines are longer than {size}; no engine prints one that long, so "
                    "nothing was imported"
                ),
                size=size_text(MAX_METRIC_LINE_BYTES),
            ),
            line=long_lines.first,
        )
    if not active:
        missed = [reader for reader in readers if reader.near_miss is not None]
        if missed:
            nearest = min(missed, key=lambda reader: reader.near_miss or 0)
            raise MetricsProblem(
                "near_miss",
                Phrase(
                    N_(
                        "looks like a {format}, but this line does not fit that format (a number missing "
                        "or garbled?); nothing was imported"
                    ),
                    format=FORMAT_LABELS[nearest.format],
                ),
                line=nearest.near_miss,
            )
        raise MetricsProblem(
            "no_metrics",
            Phrase(
                N_(
                    "no speculative-decoding metrics in its {lines} lines: not a vLLM, llama.cpp, SGLang "
                    "or TensorRT-LLM log, summary, Prometheus scrape or per-request JSON, or a CSV of "
                    "accepted guesses"
                ),
                lines=lines,
            ),
        )
    if len(active) > 1:
        first, second = sorted(active, key=lambda reader: reader.first_line or 0)[:2]
        raise MetricsProblem(
            "mixed",
            Phrase(
                N_(
                    "mixes two kinds of metrics: {first} (from line {first_line}) and {second}; import "
                    "them separately"
                ),
                first=FORMAT_LABELS[first.format],
                first_line=first.first_line,
                second=FORMAT_LABELS[second.format],
            ),
            line=second.first_line,
        )
    if unterminated and active[0].last_line == lines:
        raise MetricsProblem(
            "truncated",
            Phrase(
                N_(
                    "its last line holds metrics but no line break: the file looks cut off, so that line's "
                    "numbers may be cut too; complete the file, or remove the line"
                )
            ),
            line=lines,
        )
    measurement = active[0].finish(k)
    if measurement is None:
        raise MetricsProblem(
            "no_metrics", Phrase(N_("its metric lines count no drafted tokens")), line=active[0].first_line
        )
    extra = long_lines.notes() if long_lines is not None else ()
    context = next((r.rows() for r in readers if isinstance(r, ContextReader)), ())
    span = time_span(active[0].first_text, active[0].last_text)
    if span is not None:
        context += (("time", span),)
    notes = measurement.notes + notes + extra
    return replace(measurement, notes=notes, context=measurement.context + context)


def with_lines(measurement: Measurement, lines: int) -> Measurement:
    return replace(measurement, lines_read=lines)
