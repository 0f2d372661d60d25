"""Text from outside the app (a file name, a value from a file) made safe to show on one line.

:func:`printable` escapes what would break a one-line message: a newline or other control
character in a file name, a lone surrogate (an undecodable byte in a POSIX file name, which
cannot even be printed to a UTF-8 terminal).  Widgets additionally show such text with
``Qt.TextFormat.PlainText``, so markup in it is never interpreted.  No Qt here.
"""

from __future__ import annotations

__all__ = ["printable", "size_text"]


def _escaped(char: str) -> str:
    return repr(char)[1:-1]  # "\\n", "\\x00", "\\udcff": never a quote (those are printable)


def printable(text: str, limit: int = 200) -> str:
    """``text`` with control characters and lone surrogates escaped, shortened to ``limit``.

    ``"a\\nb.csv"`` (a real newline) becomes ``a\\nb.csv`` (a backslash and an n).
    """
    shown = "".join(
        char if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF else _escaped(char) for char in text
    )
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def size_text(n_bytes: int) -> str:
    """A size in words, exact where rounding would hide the difference from a limit.

    A whole number of KiB, MiB or GiB reads as such ("64 KiB"); any other size below 1 MiB is
    given in bytes ("65,537 bytes", never "64 KiB" for a file one byte over a 64 KiB limit), and
    a larger one to one decimal with the exact bytes after it.
    """
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n_bytes and n_bytes % size == 0:
            return f"{n_bytes // size:,} {unit}"
    if n_bytes < 1024**2:
        return f"{n_bytes:,} bytes"
    unit, size = ("GiB", 1024**3) if n_bytes >= 1024**3 else ("MiB", 1024**2)
    return f"{n_bytes / size:.1f} {unit} ({n_bytes:,} bytes)"
