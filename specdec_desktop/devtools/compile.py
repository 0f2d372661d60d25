"""Compile the catalogues: ``python -m specdec_desktop.devtools.compile`` turns every
``resources/locale/<code>.po`` into ``<code>.mo`` (pure Python, no gettext tools needed).

Fuzzy and untranslated entries are left out, as ``msgfmt`` does, so the English shows for them.
The output is deterministic (sorted, no timestamp), so a test can check the committed ``.mo``
matches its ``.po``.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from ..text.po_file import Entry, read_po

__all__ = ["Entry", "compile_catalogue", "main", "mo_bytes", "read_po"]


def mo_bytes(entries: list[Entry]) -> bytes:
    """The ``.mo`` file of ``entries`` (GNU format, little-endian, no hash table)."""
    table: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.translated:
            continue
        if not entry.msgid and not entry.msgstr.get(0):
            continue
        msgid = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.msgctxt is not None:
            msgid = f"{entry.msgctxt}\x04{msgid}"
        value = "\0".join(entry.msgstr[i] for i in sorted(entry.msgstr))
        table[msgid.encode()] = value.encode()
    keys = sorted(table)
    ids = b"".join(key + b"\0" for key in keys)
    strs = b"".join(table[key] + b"\0" for key in keys)
    count = len(keys)
    start = 7 * 4 + 16 * count
    offsets_ids, offsets_strs, position = [], [], 0
    for key in keys:
        offsets_ids += [len(key), start + position]
        position += len(key) + 1
    position = 0
    for key in keys:
        offsets_strs += [len(table[key]), start + len(ids) + position]
        position += len(table[key]) + 1
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return (
        header
        + struct.pack(f"<{2 * count}i", *offsets_ids)
        + struct.pack(f"<{2 * count}i", *offsets_strs)
        + ids
        + strs
    )


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s ``.mo`` beside it; returns its path."""
    from ..atomic_write import write_atomically

    return write_atomically(po.with_suffix(".mo"), mo_bytes(read_po(po.read_text(encoding="utf-8"), po.name)))


def main(argv: list[str] | None = None) -> int:
    from ..resources import root

    sources = [Path(a) for a in argv] if argv else sorted((root() / "locale").glob("*.po"))
    for po in sources:
        try:
            written = compile_catalogue(po)
        except (OSError, ValueError, SyntaxError) as error:
            print(f"{po}: {error}", file=sys.stderr)
            return 1
        print(f"wrote {written}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
