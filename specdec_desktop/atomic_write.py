"""Writing a user's file so that a failure never leaves it damaged (no Qt, no numpy).

Every file the app writes (chart PNG and SVG, curve CSV, screenshots, scenarios,
settings) goes through :func:`write_atomically`:

* the bytes go to a temporary file in the *same folder*, are flushed to disk, and only then
  replace the target with one ``os.replace`` (atomic on one file system).  A full disk, a
  file-size limit (``RLIMIT_FSIZE``) or a crash part-way leaves the user's existing file as
  it was, and the temporary file is removed;
* a target that exists keeps its permission bits; a new one gets the usual ``0o666`` less
  the umask (not ``mkstemp``'s private ``0o600``);
* a symbolic link is written *through*: its final target is replaced and the link stays;
* a target that exists and is not a regular file (a FIFO that would block for ever, a
  device, a folder) is refused before anything is written.

Errors are :class:`OSError`; :func:`reason` turns one into a short phrase for a message.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from .file_names import unusable_name
from .plain_text import printable

__all__ = ["NotARegularFile", "reason", "write_atomically"]


class NotARegularFile(OSError):
    """The target exists but is a FIFO, a device, a socket or a folder: nothing was written."""


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _final_target(path: Path) -> Path:
    """``path`` with every symbolic link followed (a dangling link gives the file it names).

    Raises
    ------
    OSError
        On a link loop (``ELOOP``).
    """
    seen = 0
    while path.is_symlink():
        seen += 1
        if seen > 40:
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
        link = Path(os.readlink(path))
        path = link if link.is_absolute() else path.parent / link
    return path


def write_atomically(path: str | os.PathLike[str], data: bytes) -> Path:
    """Replace the file at ``path`` with ``data`` in one step; return the file written.

    Raises
    ------
    NotARegularFile
        If ``path`` (or the file a link names) exists and is not a regular file.
    OSError
        If the file cannot be written; the existing file is then unchanged.
    """
    problem = unusable_name(os.fspath(path))
    if problem is not None:  # os.stat would raise ValueError: refuse it as the OSError callers expect
        raise OSError(errno.EINVAL, problem, printable(os.fspath(path), 80))
    target = _final_target(Path(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    else:
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a FIFO or a device)"
            raise NotARegularFile(f"it is {what}; nothing was written")
        mode = stat.S_IMODE(info.st_mode)
    # A short prefix: a name near the 255-byte limit must still leave room for the suffix.
    handle, temporary = tempfile.mkstemp(prefix=".specdec-", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return target


def reason(error: OSError) -> str:
    """A short phrase for ``error``: its ``strerror`` ("No space left on device"), else its text."""
    if isinstance(error, NotARegularFile) or not error.strerror:
        return str(error)
    return error.strerror
