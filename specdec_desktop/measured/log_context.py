"""What a log says about the run around its metrics: engine version, model, time span (no Qt).

A report attached to a ticket needs its context (issue 23.6): which engine and version served
which model, and over what time the metric lines were written.  :class:`ContextReader` is fed
the lines that carry one of its markers (the scanner finds them as it finds metric lines, and
gives them to it even when a metric reader reads the same line); it never counts as a format.
The time span comes from the first and last metric lines a reader used
(:func:`time_span`), read only at the end, so the readers' speed is unchanged.

The lines, as the engines print them:

* vLLM: ``vLLM API server version 0.9.1``, ``Initializing a V1 LLM engine (v0.9.1) with config:
  model='meta-llama/Llama-3.1-8B-Instruct', ...``, and the command line's ``--model NAME`` or
  ``vllm serve NAME``; log lines open with ``INFO 11-30 19:00:00`` (month-day, no year).
* SGLang: ``server_args=ServerArgs(model_path='meta-llama/...', ...)`` or ``--model-path NAME``,
  and ``[2026-11-30 19:00:00 TP0]`` before each line.
* llama.cpp: ``build: 4567 (abcdef12) with cc ...`` and ``-m PATH`` / ``--model PATH``.
"""

from __future__ import annotations

import re

from specdec_desktop.text import N_, Phrase

from .line_readers.base import LineReader
from .measurement import Measurement

__all__ = ["ContextReader", "merged_context", "time_span"]

#: Values longer than this are cut: a context row, not a copy of the line.
_MAX_VALUE = 120

_VERSIONS = (
    ("vLLM", re.compile(r"vLLM API server version\s+v?(\d+\.\d+[\w.+-]{0,40})")),
    ("vLLM", re.compile(r"LLM engine \(v(\d+\.\d+[\w.+-]{0,40})\)")),
    ("SGLang", re.compile(r"\bsglang(?:\s+version|==|\s+v)\s*v?(\d+\.\d+[\w.+-]{0,40})", re.IGNORECASE)),
    ("llama.cpp", re.compile(r"\bbuild:\s+(\d{1,7}\s+\([0-9a-f]{6,40}\))")),
)
_MODELS = (
    re.compile(r"\bmodel(?:_path)?='([^'\n]{1,300})'"),
    re.compile(r"\bmodel(?:_path)?=\"([^\"\n]{1,300})\""),
    re.compile(r"(?:^|\s)(?:--model-path|--model|-m)[\s=]+([^\s'\"]{1,300})"),
    re.compile(r"\bvllm serve\s+([^\s'\"-][^\s'\"]{0,299})"),
)
#: A date and time near a line's start: ``2026-11-30 19:00:00`` or vLLM's ``11-30 19:00:00``.
_TIME = re.compile(r"\b((?:\d{4}-)?\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2})\b")


def _cut(value: str) -> str:
    value = value.strip()
    return value if len(value) <= _MAX_VALUE else value[: _MAX_VALUE - 1] + "…"


class ContextReader(LineReader):
    """Engine version and model, from the lines that state them; never a format of its own."""

    format = "context"
    markers = (
        b"version",
        b"LLM engine (v",
        b"model=",
        b"model_path=",
        b"--model",
        b"build: ",
        b"vllm serve ",
    )

    def __init__(self) -> None:
        super().__init__()
        self.engine: str | None = None
        self.version: str | None = None
        self.model: str | None = None

    def _feed(self, text: str, line: int) -> bool:
        if self.version is None:
            for engine, pattern in _VERSIONS:
                match = pattern.search(text)
                if match is not None:
                    self.engine, self.version = engine, _cut(match[1])
                    break
        if self.model is None:
            for pattern in _MODELS:
                match = pattern.search(text)
                if match is not None:
                    self.model = _cut(match[1])
                    break
        return False  # context, not metrics: the line counts for no format

    def _near(self, text: str) -> bool:
        return False

    def finish(self, k_hint: int | None) -> Measurement | None:
        return None

    def rows(self) -> tuple[tuple[str, str], ...]:
        """What was found, as (name, value) rows: ``engine``, ``model``."""
        rows = []
        if self.version is not None:
            rows.append(("engine", f"{self.engine} {self.version}"))
        if self.model is not None:
            rows.append(("model", self.model))
        return tuple(rows)


def time_span(first: str | None, last: str | None) -> str | None:
    """``"11-30 19:00:00 to 11-30 19:42:10"`` from a reader's first and last metric lines, when
    both open with a date and time (within their first 80 characters)."""
    if first is None or last is None:
        return None
    start, end = _TIME.search(first[:80]), _TIME.search(last[:80])
    if start is None or end is None:
        return None
    if start[1] == end[1]:
        return start[1]
    return Phrase(N_("{first} to {last}"), first=start[1], last=end[1])  # English as data


def merged_context(contexts: list[tuple[tuple[str, str], ...]]) -> tuple[tuple[str, str], ...]:
    """The context of several files: each name once, its values joined when the files differ."""
    values: dict[str, list[str]] = {}
    for context in contexts:
        for name, value in context:
            kept = values.setdefault(name, [])
            if value not in kept:
                kept.append(value)
    # Phrase.joined: the English "a; b", each part said in the window's language where shown.
    return tuple(
        (name, kept[0] if len(kept) == 1 else Phrase.joined(kept, "; ")) for name, kept in values.items()
    )
