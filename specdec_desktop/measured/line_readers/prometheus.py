"""One sample line of the Prometheus text format, as vLLM and SGLang expose their metrics (no Qt).

A sample is ``name{label="value",...} number [timestamp]``; :func:`parse_sample` splits it
into its name, its labels (as a dict and as printed) and its value, and :data:`LABEL` reads
``label="value"`` pairs.  What a metric means is the business of the engine's reader.
"""

from __future__ import annotations

import re

from .base import NUMBER, plausible

__all__ = ["LABEL", "parse_sample"]

_SAMPLE = re.compile(
    r"^\s*([A-Za-z_:][A-Za-z0-9_:]*)(\{[^}]*\})?\s+" + NUMBER + r"(?:\s+\d+)?\s*$", re.IGNORECASE
)
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def parse_sample(text: str) -> tuple[str, dict[str, str], str, float] | None:
    """Name, labels, labels as printed and value of a sample line, or ``None`` for any other line."""
    match = _SAMPLE.match(text)
    if match is None:
        return None
    name, labels, value = (
        match.group(1),
        match.group(2) or "",
        plausible(float(match.group(3)), match.group(3)),
    )
    return name, dict(LABEL.findall(labels)), labels, value
