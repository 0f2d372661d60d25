"""Read a gettext ``.po`` file (or the ``.pot`` template) into its entries, in plain Python.

The self-test reads the template with it, to know every message the app uses; the maintainers'
compiler (:mod:`specdec_desktop.devtools.compile`) reads the catalogues with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Entry", "read_po"]


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


#: The escapes a ``.po`` string may hold (C's, as GNU gettext writes them).
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _string(token: str, where: str) -> str:
    """A quoted ``.po`` string's text: its escapes decoded, read and never evaluated."""
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise ValueError(f"{where}: expected a quoted string")
    body, out, index = token[1:-1], [], 0
    while index < len(body):
        char = body[index]
        if char == '"':
            raise ValueError(f"{where}: a quote inside a string must be escaped")
        if char != "\\":
            out.append(char)
            index += 1
            continue
        escape = body[index + 1 : index + 2]
        if escape not in _ESCAPES:
            raise ValueError(f"{where}: unknown escape \\{escape}")
        out.append(_ESCAPES[escape])
        index += 2
    return "".join(out)


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
