"""Writing a user's file so that a failure never leaves it damaged (no Qt, no numpy).

Every file the app writes (chart PNG and SVG, curve CSV, screenshots, scenarios,
settings) goes through :func:`write_atomically`:

* the bytes go to a temporary file in the *same folder*, are flushed to disk, and only then
  replace the target with one ``os.replace`` (atomic on one file system).  A full disk, a
  file-size limit (``RLIMIT_FSIZE``) or a crash part-way leaves the user's existing file as
  it was, and the temporary file is removed;
* a target that exists keeps its permission bits; a new one gets the usual ``0o666`` less
  the umask (not ``mkstemp``'s private ``0o600``);
* a symbolic link is written *through*: its final target is replaced and the link stays,
  except where the kernel itself would not follow it (``fs.protected_symlinks``): a link in a
  sticky folder that others may write to (``/tmp``), owned neither by the user nor by the
  folder's owner, is refused (:class:`UnsafeLink`), so a link planted in ``/tmp`` by another
  user cannot make an export replace a file of the user's;
* a target that exists and is not a regular file (a FIFO that would block for ever, a
  device, a folder) is refused before anything is written;
* a target the user made read-only is refused (:class:`ReadOnlyTarget`) and left as it was,
  as the shell and Qt's ``QSaveFile`` refuse it: ``os.replace`` needs only the folder's
  permission, so without this check a ``chmod 444`` file would be replaced.  Read-only means
  ``os.access(W_OK)`` says no, or no write bit is set at all (root may write anything, but a
  file nobody may write is still one the user meant to keep);
* temporary files of this writer (``.specdec-*.part``) older than :data:`STALE_SECONDS`,
  left in the folder by a process that was killed mid-write, are removed on the next write
  to that folder.

Errors are :class:`OSError`; :func:`reason` turns one into a short phrase for a message.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from .file_names import unusable_name
from .plain_text import printable
from .text import N_, Phrase

__all__ = [
    "STALE_SECONDS",
    "NotARegularFile",
    "ReadOnlyTarget",
    "UnsafeLink",
    "clean_stale_folders",
    "clean_stale_parts",
    "reason",
    "write_atomically",
]

#: A temporary file of this writer older than this is a leftover of a killed process.
STALE_SECONDS = 60.0
_PREFIX, _SUFFIX = ".specdec-", ".part"


class NotARegularFile(OSError):
    """The target exists but is a FIFO, a device, a socket or a folder: nothing was written."""


class ReadOnlyTarget(OSError):
    """The target exists and is read-only: nothing was written, the file is as it was."""


class UnsafeLink(OSError):
    """A link the kernel's ``protected_symlinks`` rule would not follow: nothing was written."""


def _check_link(link: Path) -> None:
    """Refuse ``link`` where the kernel would (a sticky, world-writable folder; another owner)."""
    try:
        folder = os.stat(link.parent)
        owner = os.lstat(link).st_uid
    except OSError:
        return  # the write itself will say what is wrong
    sticky_shared = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
    if sticky_shared and owner not in (os.geteuid(), folder.st_uid):
        raise UnsafeLink(
            errno.EACCES,
            Phrase(
                N_(
                    "it is a symbolic link another user made in the shared folder {folder}; it was "
                    "not followed and nothing was written"
                ),
                folder=printable(str(link.parent), 80),
            ),
            printable(str(link), 80),
        )


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
        _check_link(path)
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
            if stat.S_ISDIR(info.st_mode):
                raise NotARegularFile(Phrase(N_("it is a folder; nothing was written")))
            raise NotARegularFile(
                Phrase(N_("it is not a regular file (a FIFO or a device); nothing was written"))
            )
        mode = stat.S_IMODE(info.st_mode)
        if not mode & 0o222 or not os.access(target, os.W_OK):
            where = printable(str(target), 80)
            raise ReadOnlyTarget(errno.EACCES, Phrase(N_("it is read-only; nothing was written")), where)
    clean_stale_parts(target.parent)
    # A short prefix: a name near the 255-byte limit must still leave room for the suffix.
    handle, temporary = tempfile.mkstemp(prefix=_PREFIX, suffix=_SUFFIX, dir=target.parent)
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


def _remove_own_leftovers(folder, wanted, is_kind, older_than: float, now: float, remove) -> int:
    """Remove the entries of ``folder`` whose name is ``wanted``, of kind ``is_kind`` (a
    ``stat.S_IS*`` test), owned by the user and older than ``older_than`` seconds; links are never
    followed.  Returns how many were removed; errors are ignored."""
    removed = 0
    try:
        entries = os.scandir(folder)
    except OSError:
        return 0
    with entries:
        for entry in entries:
            if not wanted(entry.name):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if is_kind(info.st_mode) and info.st_uid == os.geteuid() and now - info.st_mtime > older_than:
                    remove(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed


def clean_stale_parts(folder: str | os.PathLike[str], now: float | None = None) -> int:
    """Remove this writer's temporary files in ``folder`` older than :data:`STALE_SECONDS`.

    Only regular files named ``.specdec-*.part`` and owned by the user are touched (a write in
    progress is younger than a minute).  Returns how many were removed; errors are ignored.
    """
    return _remove_own_leftovers(
        folder,
        lambda name: name.startswith(_PREFIX) and name.endswith(_SUFFIX),
        stat.S_ISREG,
        STALE_SECONDS,
        time.time() if now is None else now,
        os.unlink,
    )


def clean_stale_folders(prefix: str, older_than: float = 3600.0, folder: str | None = None) -> int:
    """Remove the app's temporary folders ``<tmp>/<prefix>*`` older than ``older_than`` seconds.

    The self-test and the fuzzer work in a ``tempfile.TemporaryDirectory``, removed when they
    end; a run killed with ``kill -9`` leaves its folder behind, so the next run removes the
    leftovers (only folders owned by the user, older than an hour: not a run in progress).
    """
    import shutil

    return _remove_own_leftovers(
        tempfile.gettempdir() if folder is None else folder,
        lambda name: name.startswith(prefix),
        stat.S_ISDIR,
        older_than,
        time.time(),
        shutil.rmtree,
    )


def reason(error: OSError) -> str:
    """A short phrase for ``error``: its ``strerror`` ("No space left on device"), else its text.

    This module's own refusals are :class:`~specdec_desktop.text.Phrase` values (English as a
    ``str``); the window shows ``text.said(reason(error))``, in its language.
    """
    if isinstance(error, NotARegularFile) or not error.strerror:
        return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Phrase) else str(error)
    return error.strerror
