"""Opening a file the user named, for reading: one check that it is a data file (no Qt, no numpy).

Every reader of a user's file (metrics: :func:`specdec_desktop.measured.scan.read_metrics`;
scenarios and tours: :func:`specdec_desktop.scenario.safe_json.read_json`) opens it with
:func:`open_user_file`, which refuses, before any byte is read:

* a name no file can have (a NUL, an unencodable character: :func:`~.file_names.unusable_name`);
* a missing path, or one the system will not let us look at;
* a folder, a named pipe, a device or a socket (whose read may block or never end);
* a file larger than the reader's limit (the size from the file system);
* a kernel pseudo-file under ``/proc``, ``/sys`` or ``/dev`` (regular to ``stat``, yet endless or
  blocking: :func:`~.file_names.pseudo_file`), links followed.

It opens without blocking and checks what it opened again, so a FIFO swapped in after the checks
cannot hold the read up.  Each reader raises its own kind of error (``refuse``); the kinds and
words are the same for all: ``bad_name``, ``missing``, ``not_a_file``, ``too_large``.  The words
are :class:`~specdec_desktop.text.Phrase` values: English as text, said in the window's language
where a reader keeps them (the metrics readers do).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .file_names import pseudo_file, unusable_name
from .plain_text import size_text
from .text import N_, Phrase

__all__ = ["TOO_LARGE", "Refuse", "not_a_data_file", "open_user_file"]

#: A file or text over a reader's limit (``size`` and ``limit`` as :func:`.plain_text.size_text`).
TOO_LARGE = N_("is {size}; the limit is {limit}")

#: Makes the reader's own error from a kind, the problem in words and the file to blame.
Refuse = Callable[[str, str, Path], Exception]

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def not_a_data_file(mode: int) -> Phrase | None:
    """Why a file of ``st_mode`` ``mode`` is not a regular file to read (a phrase), or ``None``."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Phrase(N_("is a folder, not a file"))
    if stat.S_ISFIFO(mode):
        return Phrase(N_("is a named pipe (FIFO), not a regular file: it is not read"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Phrase(N_("is a device, not a regular file: it is not read"))
    if stat.S_ISSOCK(mode):
        return Phrase(N_("is a socket, not a regular file: it is not read"))
    return Phrase(N_("is not a regular file"))


def _failed(message: str, error: OSError) -> Phrase:
    return Phrase(message, why=error.strerror or str(error))


def open_user_file(
    path: str | os.PathLike[str], max_bytes: int, refuse: Refuse, too_large_advice: str = ""
) -> tuple[BinaryIO, int]:
    """Open the user's file ``path`` for reading once it passed the checks above.

    Parameters
    ----------
    path : path-like
        The file, as the user named it (``~`` is the caller's to expand).
    max_bytes : int
        The reader's limit; a larger file is refused from its size on disk.
    refuse : callable
        ``refuse(kind, problem, path)`` makes the exception raised for a refusal.
    too_large_advice : str
        Added to the ``too_large`` message (what to do instead), starting with a space.

    Returns
    -------
    (stream, size)
        The open binary stream (the caller closes it) and the file's size when opened; the
        caller reads at most what it means to and says if the file grew.
    """
    path = Path(path)
    problem = unusable_name(os.fspath(path))
    if problem is not None:  # os.stat would raise ValueError
        raise refuse("bad_name", problem, path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise refuse("missing", Phrase(N_("no such file")), path) from None
    except OSError as error:
        raise refuse("missing", _failed(N_("cannot be opened ({why})"), error), path) from None
    problem = not_a_data_file(info.st_mode)
    if problem is not None:
        raise refuse("not_a_file", problem, path)
    if info.st_size > max_bytes:
        limit = Phrase(TOO_LARGE, size=size_text(info.st_size), limit=size_text(max_bytes))
        raise refuse("too_large", Phrase.joined((limit, too_large_advice), ""), path)
    problem = pseudo_file(path)
    if problem is not None:  # /proc/kmsg is a regular file of size 0 whose read blocks for ever
        raise refuse("not_a_file", problem, path)
    try:
        stream = open(os.open(path, _FLAGS), "rb")  # closed by the caller
    except OSError as error:
        raise refuse("missing", _failed(N_("cannot be read ({why})"), error), path) from None
    try:
        opened = os.fstat(stream.fileno())
    except OSError as error:
        stream.close()
        raise refuse("missing", _failed(N_("cannot be read ({why})"), error), path) from None
    problem = not_a_data_file(opened.st_mode)
    if problem is not None:  # swapped for something else after the checks above
        stream.close()
        raise refuse("not_a_file", problem, path)
    return stream, opened.st_size
