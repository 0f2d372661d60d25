"""Whether a file name can exist at all (no Qt, no numpy).

A NUL, or a character the file system's encoding cannot hold (a lone surrogate), makes
``os.stat`` and ``open`` raise ``ValueError`` rather than ``OSError``.  Readers and the one
writer ask :func:`unusable_name` first and refuse such a name with their own kind of error.
The reasons are phrases (:class:`specdec_desktop.text.Phrase`): ``str()`` is the English the
command line prints, and the window says them in its language.
"""

from __future__ import annotations

import os

from .text import N_, Phrase

__all__ = ["pseudo_file", "unusable_name"]

#: Folders of the kernel's pseudo-files: regular files to ``stat``, but endless or blocking.
_PSEUDO_FOLDERS = ("/proc", "/sys", "/dev")


def unusable_name(name: str | bytes) -> str | None:
    """Why no file can have ``name`` (a phrase for a message), or ``None`` if one can."""
    text = os.fsdecode(name) if isinstance(name, bytes) else name
    if "\x00" in text:
        return Phrase(N_("a file name cannot hold a NUL character"))
    try:
        os.fsencode(text)
    except UnicodeError:
        return Phrase(N_("a file name cannot hold that character"))
    return None


def pseudo_file(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is a kernel pseudo-file not to read (``/proc``, ``/sys``, ``/dev``), or ``None``.

    ``/proc/kmsg`` is a regular file of size 0 to ``stat``, and reading it blocks for ever;
    such files are refused by where they really are, links followed, before any read.
    """
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    for folder in _PSEUDO_FOLDERS:
        if real == folder or real.startswith(folder + "/"):
            return Phrase(
                N_("is a file of the system ({folder}), not a data file: it is not read"), folder=folder
            )
    return None
