"""The bundled text and the n-gram counts built from it, once per process.

The text is the tinyshakespeare compilation of the char-rnn project (Karpathy 2015): works of
William Shakespeare, public domain, 1,115,394 ASCII characters, shipped xz-compressed as
``resources/text/tinyshakespeare.txt.xz`` (reached through :mod:`specdec_desktop.resources`).
A text the user brings is read with the same limits (:func:`read_text_file`).  Its credit
line (Help ▸ About) is ``wording.sampling.TEXT_CREDIT``; resources/text/README.txt says more.
"""

from __future__ import annotations

import hashlib
import lzma
import threading
from collections.abc import Callable
from pathlib import Path

from specdec_desktop import resources

from .ngram import NgramCounts, build_counts

__all__ = [
    "BUNDLED_SHA256",
    "MAX_TEXT_BYTES",
    "TARGET_ORDER",
    "bundled_counts",
    "bundled_text",
    "read_text_file",
]

#: sha256 of the uncompressed bundled text.
BUNDLED_SHA256 = "86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed"
#: The target model's order (draft orders go from 1 to TARGET_ORDER − 1).
TARGET_ORDER = 6
#: Largest text read, compressed or not (the bundled one is 1.1 MB).
MAX_TEXT_BYTES = 20_000_000

_lock = threading.Lock()
_built: dict[str, NgramCounts] = {}


def bundled_text() -> str:
    """The bundled text, decompressed (about 60 ms; compressed with a 2 MiB dictionary, so the
    decoder holds little more than the text)."""
    parts: list[bytes] = []
    size = 0
    with lzma.open(resources.path("text", "tinyshakespeare.txt.xz")) as handle:
        while size <= MAX_TEXT_BYTES and (chunk := handle.read(1 << 16)):
            parts.append(chunk)
            size += len(chunk)
    return b"".join(parts).decode("ascii")


def read_text_file(path: str | Path) -> str:
    """A user's own plain-text file (UTF-8, at most 20 MB); ``ValueError`` in one line if not."""
    shown = Path(path).name
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_TEXT_BYTES + 1)
    except OSError as error:
        raise ValueError(f"could not read {shown}: {error.strerror}") from None
    if len(data) > MAX_TEXT_BYTES:
        raise ValueError(f"{shown} is larger than {MAX_TEXT_BYTES // 1_000_000} MB")
    if not data.strip():
        raise ValueError(f"{shown} is empty")
    if b"\x00" in data:
        raise ValueError(f"{shown} is not plain text (it holds NUL bytes: a binary file?)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{shown} is not UTF-8 text") from None


def bundled_counts(progress: Callable[[float], None] | None = None) -> NgramCounts:
    """The counts of orders 1 to :data:`TARGET_ORDER` of the bundled text, built at first use.

    Thread-safe: a second caller waits for the first build rather than building again.
    ``progress`` (optional) receives the share done, from 0 to 1.
    """
    with _lock:
        counts = _built.get("bundled")
        if counts is None:
            text = bundled_text()
            if progress is not None:
                progress(0.05)
            scaled = None if progress is None else (lambda share: progress(0.05 + 0.95 * share))
            counts = build_counts(text, TARGET_ORDER, scaled)
            _built["bundled"] = counts
        elif progress is not None:
            progress(1.0)
        return counts


def text_digest(text: str) -> str:
    """sha256 of ``text`` as ASCII/UTF-8 bytes (the bundled text's is :data:`BUNDLED_SHA256`)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
