"""Compile the catalogues: ``python -m specdec_desktop.devtools.compile`` turns every
``resources/locale/<code>.po`` into ``<code>.mo`` (pure Python, no gettext tools needed).

Fuzzy and untranslated entries are left out, as ``msgfmt`` does, so the English shows for them.
The output is deterministic (sorted, no timestamp), so a test can check the committed ``.mo``
matches its ``.po``.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Entry", "compile_catalogue", "main", "mo_bytes", "read_po"]


@dataclass
class Entry:
    """One message of a ``.po`` file."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and bool(self.msgstr) and all(self.msgstr.values())


def _string(token: str, where: str) -> str:
    if not (token.startswith('"') and token.endswith('"')):
        raise ValueError(f"{where}: expected a quoted string")
    return ast.literal_eval(token)  # a C-style string: escapes as in Python


def read_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file (header included, as the entry with an empty msgid)."""
    entries: list[Entry] = []
    entry = Entry()
    key: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#,"):
            if started and key is not None and key[0] == "msgstr":
                finish()
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            if started and key is not None and key[0] == "msgstr":
                finish()
            continue
        word, _sep, rest = line.partition(" ")
        if line.startswith('"'):
            if key is None:
                raise ValueError(f"{where}: a string outside any message")
            value = _string(line, where)
            if key[0] == "msgid":
                entry.msgid += value
            elif key[0] == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + value
            elif key[0] == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + value
            else:
                entry.msgstr[key[1]] = entry.msgstr.get(key[1], "") + value
            continue
        if word in ("msgctxt", "msgid") and started and key is not None and key[0] == "msgstr":
            finish()
        if word == "msgctxt":
            entry.msgctxt, key = _string(rest, where), ("msgctxt", 0)
        elif word == "msgid":
            entry.msgid, key, entry.line = _string(rest, where), ("msgid", 0), number
        elif word == "msgid_plural":
            entry.msgid_plural, key = _string(rest, where), ("msgid_plural", 0)
        elif word == "msgstr":
            entry.msgstr[0], key = _string(rest, where), ("msgstr", 0)
        elif word.startswith("msgstr[") and word.endswith("]"):
            index = int(word[7:-1])
            entry.msgstr[index], key = _string(rest, where), ("msgstr", index)
        else:
            raise ValueError(f"{where}: unexpected {word!r}")
        started = True
    finish()
    return entries


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
