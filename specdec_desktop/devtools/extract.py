"""Gather every message the app marks, and bring the catalogues up to date (for maintainers).

``python -m specdec_desktop.devtools.extract`` reads the package's source for ``_("…")``,
``N_("…")`` and ``ngettext("…", "…", n)`` (string literals only), adds the tables kept in
English elsewhere (the shortcut table's menu words, :mod:`specdec_desktop.shortcuts`; the
parameters' and the assumptions' labels and meanings, :mod:`specdec_desktop.model.parameters`
and :mod:`specdec_desktop.model.assumptions`; the bundled tour's titles, captions and pin names,
``resources/tours/default.json``; argparse's own words,
:mod:`specdec_desktop.launch.argparse_words`), writes ``resources/locale/specdec.pot``, and
merges it into every ``<code>.po``: new messages are added untranslated, translations kept,
messages the code no longer has are dropped.  Then ``python -m specdec_desktop.devtools.compile``.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .compile import Entry, read_po

__all__ = ["Message", "extract", "main", "merge", "write_po"]

_PACKAGE = Path(__file__).resolve().parent.parent


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract(package: Path = _PACKAGE) -> dict[str, Message]:
    """Every marked message by its msgid, in the order first met (files sorted by path)."""
    found: dict[str, Message] = {}

    def add(msgid: str, plural: str | None, place: str) -> None:
        if not msgid:
            return
        message = found.setdefault(msgid, Message(msgid, plural))
        message.places.append(place)

    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name in ("_", "N_") and node.args:
                text = _literal(node.args[0])
                if text is not None:
                    add(text, None, f"{relative}:{node.lineno}")
            elif name == "ngettext" and len(node.args) >= 2:
                one, many = _literal(node.args[0]), _literal(node.args[1])
                if one is not None and many is not None:
                    add(one, many, f"{relative}:{node.lineno}")
    from ..shortcuts import GROUPS, SHORTCUTS

    for group in GROUPS:
        add(f"&{group}", None, "specdec_desktop/shortcuts/shortcut.py (GROUPS)")
    for row in SHORTCUTS:
        place = f"specdec_desktop/shortcuts/{row.group.lower()}_menu.py ({row.id})"  # a menu's rows
        add(row.text, None, place)
        add(row.description, None, place)
    from ..model.parameters import SPECS

    for spec in SPECS:  # the parameter controls show _(spec.label), _(spec.meaning)
        add(spec.label, None, f"specdec_desktop/model/parameters.py ({spec.name})")
        add(spec.meaning, None, f"specdec_desktop/model/parameters.py ({spec.name})")
    from ..model.assumptions import ASSUMPTION_SPECS

    for spec in ASSUMPTION_SPECS:  # the assumptions panel shows _(spec.label), _(spec.meaning)
        add(spec.label, None, f"specdec_desktop/model/assumptions.py ({spec.name})")
        add(spec.meaning, None, f"specdec_desktop/model/assumptions.py ({spec.name})")
    from ..model.trees.shape import SHAPE_LABELS

    # The undo steps name a value by its label in lower case ("change acceptance rate"), or by
    # the draft shape's field names (state/history.py shows them with _()).
    for spec in (*SPECS, *ASSUMPTION_SPECS):
        add(spec.label.lower(), None, f"specdec_desktop/state/history.py ({spec.name})")
    for name, label in SHAPE_LABELS.items():
        add(label, None, f"specdec_desktop/model/trees/shape.py ({name})")
    # argparse's own words ("usage: ", "invalid choice: ..."): argparse looks them up in our
    # catalogues while our parser runs (launch/argparse_words.py says why and which).
    from ..launch.argparse_words import MESSAGES, PLURALS

    place = "argparse (Python's standard library), via specdec_desktop/launch/argparse_words.py"
    for msgid in MESSAGES:
        add(msgid, None, place)
    for one, many in PLURALS:
        add(one, many, place)
    # The bundled tour's words (the tour controller shows them with _(); a user's tour is not
    # translated).  Read as plain JSON: the extractor needs no validation, and no Qt.
    import json

    from ..resources import path as resource_path  # the same file scenario.default_tour_path names

    tour = json.loads(resource_path("tours", "default.json").read_text(encoding="utf-8"))
    for number, scene in enumerate(tour["scenes"], start=1):
        add(scene["title"], None, f"resources/tours/default.json (scene {number} title)")
        add(scene["caption"], None, f"resources/tours/default.json (scene {number} caption)")
        for pin in scene.get("pins", ()):
            add(pin["name"], None, f"resources/tours/default.json (scene {number} pin)")
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return f'"{escaped}"'
    lines = escaped.split("\n")
    parts = [f"{line}\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write_po(header: str, entries: list[Entry], places: dict[str, list[str]]) -> str:
    """A ``.po`` file's text: ``header`` (the msgstr of the empty msgid) and ``entries``."""
    out = ['msgid ""', "msgstr " + _quote(header), ""]
    for entry in entries:
        for place in places.get(entry.msgid, [])[:3]:
            out.append(f"#: {place}")
        if entry.flags:
            out.append("#, " + ", ".join(sorted(entry.flags)))
        out.append("msgid " + _quote(entry.msgid))
        if entry.msgid_plural is not None:
            out.append("msgid_plural " + _quote(entry.msgid_plural))
            for index in sorted(entry.msgstr) or [0, 1]:
                out.append(f"msgstr[{index}] " + _quote(entry.msgstr.get(index, "")))
        else:
            out.append("msgstr " + _quote(entry.msgstr.get(0, "")))
        out.append("")
    return "\n".join(out)


POT_HEADER = (
    "Project-Id-Version: specdec-desktop\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
)


def merge(messages: dict[str, Message], po_text: str | None, plurals: int = 2) -> tuple[str, list[Entry]]:
    """The header and entries of a ``.po`` brought up to ``messages`` (translations kept)."""
    old = {e.msgid: e for e in read_po(po_text)} if po_text else {}
    header = old[""].msgstr.get(0, POT_HEADER) if "" in old else POT_HEADER
    entries = []
    for msgid, message in messages.items():
        entry = old.get(msgid)
        if entry is None or entry.msgid_plural != message.plural:
            entry = Entry(msgid=msgid, msgid_plural=message.plural)
            if message.plural is not None:
                entry.msgstr = {i: "" for i in range(plurals)}
        entries.append(entry)
    return header, entries


_PROSE = re.compile(r"[A-Za-z]{2,}[ ,.;:'’-]+[A-Za-z]{2,}")


def english_literals(package: Path = _PACKAGE) -> dict[str, int]:
    """Module → string literals that look like English prose and do not go through the text
    layer (docstrings, ``_()``/``N_()``/``ngettext`` arguments and f-string parts of them left out).

    A rough census for the docs (``--literals``): it also counts exception messages, log lines,
    file-format words and comments-in-strings that are right to stay English.
    """
    counts: dict[str, int] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ("_", "N_", "ngettext"):
                    skip.update(id(n) for arg in node.args for n in ast.walk(arg))
            body = getattr(node, "body", None)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
                first = body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    skip.add(id(first.value))
        found = 0
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _PROSE.search(node.value):
                found += 1
        if found:
            counts[relative] = found
    return counts


def main(argv: list[str] | None = None) -> int:
    from ..resources import root

    if argv and argv[0] == "--literals":
        counts = english_literals()
        for module, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"{count:5d}  {module}")
        print(f"{sum(counts.values()):5d}  in {len(counts)} modules")
        return 0

    folder = root() / "locale"
    messages = extract()
    places = {m.msgid: m.places for m in messages.values()}
    pot = [Entry(msgid=m.msgid, msgid_plural=m.plural) for m in messages.values()]
    from ..atomic_write import write_atomically

    write_atomically(folder / "specdec.pot", write_po(POT_HEADER, pot, places).encode("utf-8"))
    print(f"{len(messages)} messages → {folder / 'specdec.pot'}")
    for po in sorted(folder.glob("*.po")):
        text = po.read_text(encoding="utf-8")
        plurals = 1 if "nplurals=1" in text else 2
        header, entries = merge(messages, text, plurals)
        write_atomically(po, write_po(header, entries, places).encode("utf-8"))
        missing = sum(1 for e in entries if not e.translated)
        print(f"{po.name}: {len(entries) - missing} translated, {missing} to do")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
