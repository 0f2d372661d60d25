"""Whether a file name can exist at all (no Qt, no numpy).

A NUL, or a character the file system's encoding cannot hold (a lone surrogate), makes
``os.stat`` and ``open`` raise ``ValueError`` rather than ``OSError``.  Readers and the one
writer ask :func:`unusable_name` first and refuse such a name with their own kind of error.
"""

from __future__ import annotations

import os

__all__ = ["unusable_name"]


def unusable_name(name: str | bytes) -> str | None:
    """Why no file can have ``name`` (a phrase for a message), or ``None`` if one can."""
    text = os.fsdecode(name) if isinstance(name, bytes) else name
    if "\x00" in text:
        return "a file name cannot hold a NUL character"
    try:
        os.fsencode(text)
    except UnicodeError:
        return "a file name cannot hold that character"
    return None
