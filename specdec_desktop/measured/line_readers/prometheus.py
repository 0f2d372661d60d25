"""One sample line of the Prometheus text format, as vLLM and SGLang expose their metrics (no Qt).

A sample is ``name{label="value",...} number [timestamp]``; :func:`parse_sample` splits it
into its name, its labels (as a dict and as printed) and its value, and :data:`LABEL` reads
``label="value"`` pairs.  What a metric means is the business of the engine's reader.

Both patterns run in time linear in the line (docs/robustness.md): a label name may start
only where a word starts (``(?<!\\w)``), so a label set of 200 KB of letters is scanned once
rather than once from every letter, and a value is the unrolled ``[^"\\\\]*(?:\\\\.[^"\\\\]*)*``,
which never tries two ways to read the same character.  :func:`series_key` gives a label set
a key of bounded size, so a reader that keeps one entry per series keeps a few bytes each.
"""

from __future__ import annotations

import hashlib
import re

from .base import NUMBER, plausible

__all__ = ["LABEL", "MAX_SERIES", "parse_sample", "series_key"]

_SAMPLE = re.compile(
    r"^\s*([A-Za-z_:][A-Za-z0-9_:]*)(\{[^}]*\})?\s+" + NUMBER + r"(?:\s+\d+)?\s*$", re.IGNORECASE
)
LABEL = re.compile(r'(?<!\w)(\w+)="([^"\\]*(?:\\.[^"\\]*)*)"')

#: Most distinct series (label sets) of one metric a reader keeps: a real server exposes a
#: handful (one per engine, model or rank); more is a generated file, refused with a message.
MAX_SERIES = 10_000
#: A label set longer than this is kept as its digest rather than as printed.
_KEY_CHARS = 256


def series_key(label_text: str) -> str:
    """``label_text`` itself when short, else a digest of it (same set, same key)."""
    if len(label_text) <= _KEY_CHARS:
        return label_text
    return "#" + hashlib.blake2b(label_text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def parse_sample(text: str, with_labels: bool = True) -> tuple[str, dict[str, str], str, float] | None:
    """Name, labels, labels as printed and value of a sample line, or ``None`` for any other line.

    ``with_labels=False`` leaves the labels unread (``{}``): a reader that needs them for one
    metric only reads them with :data:`LABEL` then (a 200 KB label set costs 20 ms to read).
    """
    match = _SAMPLE.match(text)
    if match is None:
        return None
    name, labels, value = (
        match.group(1),
        match.group(2) or "",
        plausible(float(match.group(3)), match.group(3)),
    )
    return name, dict(LABEL.findall(labels)) if with_labels else {}, labels, value
