"""Reading a JSON file the user chose, as data and within limits.

Every file the app reads (scenarios, tours) goes through :func:`read_json`:

* it must be a regular data file (:func:`specdec_desktop.user_files.open_user_file`, the one
  check every reader of a user's file makes: no folder, pipe, device or system pseudo-file);
* the size is checked from the file system *before* reading, and the read is
  bounded as well (a file that grows is cut off);
* the bytes must be UTF-8 (a byte-order mark is allowed: Windows editors write one;
  UTF-16 and UTF-32 files are recognised by theirs and named in the message);
* ``json.loads`` rejects ``NaN``/``Infinity``, numbers that overflow to
  infinity, integers longer than 40 digits and keys that appear twice;
* nesting deeper than a small limit is refused.

Anything wrong raises :class:`FileProblem`, whose message names the file and
the problem in words a lecturer can act on.  No Qt here.
"""

from __future__ import annotations

import codecs
import json
import math
import os
from pathlib import Path
from typing import Any

from ..file_names import unusable_name
from ..plain_text import printable, size_text
from ..text import N_, Phrase
from ..user_files import open_user_file

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "FileProblem",
    "parse_json_bytes",
    "read_json",
    "usable_path",
]

_EMPTY = N_("is empty")
_TOO_DEEP = N_("nests more than {limit} levels deep")

DEFAULT_MAX_BYTES = 64 * 1024
DEFAULT_MAX_DEPTH = 8
_MAX_INT_DIGITS = 40
#: Byte-order marks of the other Unicode encodings (UTF-32 first: its mark begins with UTF-16's).
_OTHER_UNICODE = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


class FileProblem(ValueError):
    """A file could not be used; ``str(error)`` names the file and the problem.

    Attributes
    ----------
    kind : str
        A short code for tests and logs: ``missing``, ``not_a_file``, ``too_large``,
        ``empty``, ``binary``, ``not_utf8``, ``truncated``, ``not_json``,
        ``not_finite``, ``too_deep``, ``duplicate_key``, ``format``, ``version``,
        ``schema``, ``type``, ``range``, ``bad_name`` (a name no file can have: a NUL
        character, an unencodable character, an unknown ``~user``).
    problem : str
        The problem alone, without the file name.
    """

    def __init__(self, kind: str, problem: str, path: str | os.PathLike[str] | None = None) -> None:
        self.kind = kind
        self.problem = problem
        self.path = None if path is None else Path(path)
        # printable(): a newline in a file name must not break the message in two.  A phrase:
        # str() is the English (the command line, tests), text.error_text() the window's language.
        where = f"{printable(self.path.name, 80)}: " if self.path is not None else ""
        super().__init__(Phrase.joined((where, problem), ""))

    def with_path(self, path: str | os.PathLike[str]) -> FileProblem:
        """The same problem, attributed to ``path``."""
        return FileProblem(self.kind, self.problem, path)


def usable_path(path: str | os.PathLike[str]) -> Path:
    """``path`` as a :class:`Path` the file system can be asked about, else :class:`FileProblem`.

    Refused: a NUL character, a character the file system's encoding cannot hold (a lone
    surrogate), ``~user`` naming no user.
    """
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    problem = unusable_name(text)
    if problem is not None:
        raise FileProblem("bad_name", Phrase.joined((printable(text, 80), problem), ": "))
    result = Path(text)
    if text.startswith("~"):
        try:
            result = result.expanduser()
        except RuntimeError:  # "~nosuchuser"
            user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
            shown = printable(text, 80)
            raise FileProblem(
                "bad_name",
                Phrase(N_("{path}: there is no user {user}"), path=shown, user=repr(printable(user, 40))),
            ) from None
    return result


def _reject_constant(name: str) -> Any:
    raise FileProblem("not_finite", Phrase(N_("holds {name}, which is not a number JSON allows"), name=name))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FileProblem(
            "not_finite", Phrase(N_("holds the number {number}, which is too large"), number=text[:20])
        )
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        raise FileProblem("not_finite", Phrase(N_("holds an integer with {digits} digits"), digits=len(text)))
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            shown = repr(key) if len(key) <= 40 else repr(key[:37] + "...")
            raise FileProblem(
                "duplicate_key", Phrase(N_("the key {key} appears twice in one object"), key=shown)
            )
        result[key] = value
    return result


def _depth(value: Any, limit: int) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                raise FileProblem("too_deep", Phrase(_TOO_DEEP, limit=limit))
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def parse_json_bytes(data: bytes, max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """Decode and parse ``data`` under the rules above.

    Raises
    ------
    FileProblem
        Without a path; :func:`read_json` adds it.
    """
    if not data.strip():
        raise FileProblem("empty", Phrase(_EMPTY))
    for mark, encoding in _OTHER_UNICODE:
        if data.startswith(mark):  # Notepad's "Unicode": say so, rather than "binary"
            raise FileProblem(
                "not_utf8", Phrase(N_("is {encoding} text; save it as UTF-8"), encoding=encoding)
            )
    if b"\x00" in data:
        raise FileProblem("binary", Phrase(N_("is a binary file, not JSON text")))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileProblem(
            "not_utf8", Phrase(N_("is not UTF-8 text (bad byte at offset {offset})"), offset=error.start)
        ) from None
    if not text.strip():  # a byte-order mark and nothing else
        raise FileProblem("empty", Phrase(_EMPTY))
    try:
        value = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            parse_int=_bounded_int,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()):
            raise FileProblem("truncated", Phrase(N_("ends too early: the file looks cut off"))) from None
        raise FileProblem(
            "not_json",
            Phrase(
                N_("is not valid JSON: {why} at line {line}, column {column}"),
                why=error.msg,
                line=error.lineno,
                column=error.colno,
            ),
        ) from None
    except RecursionError:
        raise FileProblem("too_deep", Phrase(_TOO_DEEP, limit=max_depth)) from None
    except ValueError as error:  # int() refusing a huge literal, and the like
        if isinstance(error, FileProblem):
            raise
        raise FileProblem("not_json", Phrase(N_("is not valid JSON: {why}"), why=str(error))) from None
    _depth(value, max_depth)
    return value


def read_json(
    path: str | os.PathLike[str],
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Any:
    """Read and parse the JSON file at ``path``.

    Raises
    ------
    FileProblem
        Naming the file and what is wrong with it.
    """
    path = usable_path(path)
    stream, _size = open_user_file(path, max_bytes, FileProblem)
    try:
        with stream:
            data = stream.read(max_bytes + 1)
    except OSError as error:
        raise FileProblem(
            "missing", Phrase(N_("cannot be read ({why})"), why=error.strerror or str(error)), path
        ) from None
    if len(data) > max_bytes:  # it grew while being read
        limit = size_text(max_bytes)
        raise FileProblem(
            "too_large", Phrase(N_("grew past the limit of {limit} while being read"), limit=limit), path
        )
    try:
        return parse_json_bytes(data, max_depth)
    except FileProblem as problem:
        raise problem.with_path(path) from None
