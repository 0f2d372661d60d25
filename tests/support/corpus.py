"""A seeded corpus of bad input files: scenarios, tours and settings the app must refuse politely.

Each :class:`BadFile` is one file (or one thing that is not a file: a folder, a
missing path, a pipe, a symbolic-link loop) plus the words its refusal must
contain.  The same seed gives the same corpus, so a failure names a case that
replays.  The test suite opens every case through the window, the command line
and the settings store.  No Qt here; it serves the tests only, so it is not
installed with the app.

Kinds, by ``BadFile.group``: ``syntax`` (truncated, random and foreign bytes,
other encodings, not JSON at all), ``size`` (over the limit, deep nesting just
under it), ``number`` (NaN, infinities, overflow), ``type`` (a wrong type for
every field), ``range`` (each bound of every value, both sides), ``header``
(format and version), ``schema`` (unknown, missing and duplicate keys),
``tour_ref`` (a scenario naming a bad tour; one naming a *missing* tour opens without it),
``hostile`` (tour paths no file can have: ``~nosuchuser``, a NUL, a lone surrogate; markup in a
value the message quotes, which must be shown as text), ``place`` (not a
regular file), ``value`` (one bad settings value) and ``whole`` (a settings file
that is unusable as a whole).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_SEED",
    "BadFile",
    "all_bad_files",
    "bad_scenarios",
    "bad_settings",
    "bad_tours",
]

DEFAULT_SEED = 20261130
_LIMIT = 64 * 1024  # the JSON size limit (safe_json.DEFAULT_MAX_BYTES), restated to stay import-free
_SENTINEL = "@@value@@"

#: A valid scenario; every bad case is this with one thing wrong.
GOOD_SCENARIO: dict[str, Any] = {
    "format": "specdec-desktop-scenario",
    "version": 1,
    "parameters": {"k": 8, "p": 0.8, "c": 0.1},
    "view": {"theme": "projector", "zoom": 1.25},
    "tour": {"file": "default", "scene": 3, "active": True},
}
_SCENE = {
    "title": "A scene",
    "caption": "Something worth saying.",
    "parameters": {"k": 4, "p": 0.7, "c": 0.1},
    "tab": "why-peak",
}
_RUN_SCENE = {
    "title": "A run",
    "caption": "Watch it.",
    "parameters": {"k": 4, "p": 0.7, "c": 0.1},
    "animation": {"play": True, "seed": 7, "speed": 1},
}
#: A valid tour of three scenes (the faults go into the last one, so messages must name scenes[2]).
GOOD_TOUR: dict[str, Any] = {
    "format": "specdec-desktop-tour",
    "version": 1,
    "title": "A tour",
    "scenes": [_SCENE, _RUN_SCENE, _SCENE],
}
#: What a good settings file holds, as the app writes it.
GOOD_SETTINGS: dict[str, dict[str, str]] = {
    "General": {"version": "1"},
    "parameters": {"k": "9", "p": "0.8", "c": "0.1"},
    "view": {"theme": "dark", "zoom": "1.25"},
}
#: Name of each settings value in the notice that reports it.
SETTINGS_LABELS = {
    "parameters/k": "draft length",
    "parameters/p": "acceptance rate",
    "parameters/c": "draft cost",
    "view/theme": "theme",
    "view/zoom": "zoom",
}


@dataclass(frozen=True)
class BadFile:
    """One bad input.

    Attributes
    ----------
    name : str
        Unique, file-name safe; the file is ``name`` plus ``suffix``.
    what : str
        ``"scenario"``, ``"tour"`` or ``"settings"``.
    group : str
        Which kind of fault (see the module docstring).
    data : bytes or None
        The contents (``None`` for shapes other than ``"file"``).
    expect : tuple of str
        The refusal must contain one of these (empty: any clear refusal will do).
    shape : str
        ``file``, ``folder``, ``missing``, ``fifo``, ``loop`` (a link to itself),
        ``device`` (a link to ``/dev/zero``), ``sparse`` (a huge file of zero bytes
        that takes no disk space) or ``unreadable`` (no read permission).
    field : str or None
        The field at fault (``"parameters.k"``, ``"view/zoom"``), when there is one.
    sidecar : bytes or None
        Contents of a tour file written next to a scenario (``<name>-tour.json``).

    In ``data``, ``@sidecar`` stands for the sidecar's file name and ``@self`` for the
    case's own; :meth:`write` puts the names in.
    """

    name: str
    what: str
    group: str
    data: bytes | None
    expect: tuple[str, ...] = ()
    shape: str = "file"
    field: str | None = None
    sidecar: bytes | None = None

    @property
    def suffix(self) -> str:
        return ".ini" if self.what == "settings" else ".json"

    def write(self, folder: Path) -> Path:
        """Create the case in ``folder`` and return its path (which may not exist, by design)."""
        path = Path(folder) / f"{self.name}{self.suffix}"
        data = (self.data or b"").replace(b"@self", path.name.encode())
        if self.sidecar is not None:
            sidecar = Path(folder) / f"{self.name}-tour.json"
            sidecar.write_bytes(self.sidecar)
            data = data.replace(b"@sidecar", sidecar.name.encode())
        if self.shape == "file":
            path.write_bytes(data)
        elif self.shape == "folder":
            path.mkdir()
        elif self.shape == "fifo":
            os.mkfifo(path)
        elif self.shape == "loop":
            path.symlink_to(path.name)
        elif self.shape == "device":
            path.symlink_to("/dev/zero")
        elif self.shape == "sparse":
            with path.open("wb") as stream:
                stream.truncate(2**30)
        elif self.shape == "unreadable":
            path.write_bytes(data)
            path.chmod(0)
        return path

    @property
    def posix_only(self) -> bool:
        return self.shape in ("fifo", "loop", "device", "sparse", "unreadable")


# -- helpers ------------------------------------------------------------------------------------


def _dump(document: Any, indent: int | None = None) -> bytes:
    return json.dumps(document, indent=indent, ensure_ascii=False).encode("utf-8")


def _copy(document: Any) -> Any:
    return json.loads(json.dumps(document))


def _set(document: Any, dotted: str, value: Any) -> Any:
    """A copy of ``document`` with ``dotted`` (``a.b``, ``scenes.2.tab``) set, or deleted for ``...``."""
    document = _copy(document)
    *parents, last = dotted.split(".")
    target = document
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is ...:
        del target[last]
    else:
        target[last] = value
    return document


def _with_literal(document: Any, dotted: str, literal: str) -> bytes:
    """``document`` with ``dotted`` replaced by raw JSON text (NaN, 1e999: what json.dumps won't write)."""
    return _dump(_set(document, dotted, _SENTINEL)).replace(f'"{_SENTINEL}"'.encode(), literal.encode())


def _where(dotted: str) -> str:
    """How messages name a field: ``scenes.2.caption`` is ``scenes[2].caption`` (counting from 0, as JSON)."""
    parts: list[str] = []
    for part in dotted.split("."):
        if part.isdigit():
            parts[-1] += f"[{int(part)}]"
        else:
            parts.append(part)
    return ".".join(parts)


def _safe(text: str) -> str:
    """``text`` as a file name: ASCII letters and digits, single underscores, at most 60 characters."""
    text = re.sub(r"(?<!\w)-(?=[\d.iIN])", " minus ", text)  # -1, -inf, -Infinity, -NaN
    text = re.sub(r"(?<=\d)\.(?=\d)", " point ", text)
    words = "".join(
        ch if ch.isascii() and ch.isalnum() else (" " if ch.isascii() else f" u{ord(ch):04x} ") for ch in text
    ).split()
    return "_".join(words)[:60] or "empty"


def _label(value: Any, width: int) -> str:
    text = json.dumps(value)
    return {'""': "empty text", "[]": "empty list", "{}": "empty object"}.get(text, text)[:width]


class _Cases:
    """Collects cases and keeps their names unique."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.items: list[BadFile] = []
        self._names: set[str] = set()

    def add(self, name: str, group: str, data: bytes | None, *expect: str, **extra: Any) -> None:
        name = f"{self.what}-{group}-{_safe(name)}"
        base, n = name, 2
        while name in self._names:
            name, n = f"{base}-{n}", n + 1
        self._names.add(name)
        self.items.append(BadFile(name, self.what, group, data, tuple(expect), **extra))


# -- faults every JSON file can have ------------------------------------------------------------


_SYNTAX = ("cut off", "not valid JSON", "is empty", "binary", "UTF-8", "UTF-16", "UTF-32", "JSON object")


def _json_syntax(cases: _Cases, good: Any, rng: random.Random, n_truncations: int, n_random: int) -> None:
    text = _dump(good, indent=2)
    end = text.rindex(b"}")  # a cut after the last brace would still be valid
    offsets = sorted({1, 2, end - 1, end, *rng.sample(range(3, end - 1), n_truncations - 4)})
    for offset in offsets:
        cases.add(f"truncated at {offset}", "syntax", text[:offset], "cut off", "not valid JSON")
    for i in range(n_random):
        size = rng.choice((1, 2, 3, 17, 100, 1000, 4096, 30000))
        blob = bytes(rng.getrandbits(8) for _ in range(size))
        cases.add(f"random {i} {size} bytes", "syntax", blob, *_SYNTAX)
    foreign = {
        "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01",
        "zip": b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        "gzip": b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03",
        "pdf": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n",
        "elf": b"\x7fELF\x02\x01\x01\x00" + bytes(8),
        "sqlite": b"SQLite format 3\x00",
        "pickle": b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01k\x94K\x06s.",
        "python": b"import os\nos.system('echo hi')\n",
        "html": b"<!DOCTYPE html><html><body>hi</body></html>",
        "csv": b"k,speedup\n1,1.2\n2,1.4\n",
    }
    for name, blob in foreign.items():
        cases.add(f"a {name} file", "syntax", blob, "binary", "not valid JSON", "UTF-8")
    plain = _dump(good)
    encodings = {
        "utf16 le bom": (b"\xff\xfe" + plain.decode().encode("utf-16-le"), "UTF-16"),
        "utf16 be bom": (b"\xfe\xff" + plain.decode().encode("utf-16-be"), "UTF-16"),
        "utf16 no bom": (plain.decode().encode("utf-16-le"), "binary"),
        "utf32 bom": (plain.decode().encode("utf-32"), "UTF-32"),
        "latin1": (plain.replace(b'"A tour"', b'"Caf\xe9"').replace(b"projector", b"caf\xe9"), "UTF-8"),
        "cp1252 quotes": (b"{\x93format\x94: 1}", "UTF-8"),
        "overlong slash": (plain[:10] + b"\xc0\xaf" + plain[10:], "UTF-8"),
        "lone continuation": (plain[:10] + b"\x80" + plain[10:], "UTF-8"),
        "surrogate": (plain[:10] + b"\xed\xa0\x80" + plain[10:], "UTF-8"),
        "cut multibyte": (plain + b"\xe2\x82", "UTF-8"),
        "five byte": (b"\xf8\x88\x80\x80\x80" + plain, "UTF-8"),
        "nul in string": (
            plain.replace(b"A tour", b"A\x00tour").replace(b"default", b"def\x00ault"),
            "binary",
        ),
        "double bom": (b"\xef\xbb\xbf\xef\xbb\xbf" + plain, "not valid JSON"),
        "smart quotes": ("{\u201cformat\u201d: 1}".encode(), "not valid JSON"),
    }
    for name, (blob, words) in encodings.items():
        cases.add(name, "syntax", blob, words)
    text_faults = {
        "line comment": b"// my lecture\n" + plain,
        "block comment": b"/* x */" + plain,
        "trailing comma": plain[:-1] + b",}",
        "single quotes": plain.replace(b'"', b"'"),
        "unquoted keys": plain.replace(b'"format"', b"format"),
        "hex number": plain.replace(b'"version": 1', b'"version": 0x1'),
        "plus sign": plain.replace(b'"version": 1', b'"version": +1'),
        "leading point": _with_literal(good, "version", ".5"),
        "two documents": plain + b"\n" + plain,
        "missing colon": plain.replace(b'"version": 1', b'"version" 1'),
        "python literals": plain.replace(b"true", b"True"),
    }
    for name, blob in text_faults.items():
        cases.add(name, "syntax", blob, "not valid JSON")
    for name, blob in {
        "empty": b"",
        "spaces": b"   \n\t  \r\n",
        "bom only": b"\xef\xbb\xbf",
        "newline": b"\n",
    }.items():
        cases.add(name, "syntax", blob, "is empty", "not valid JSON")
    for name, blob in {
        "null": b"null",
        "true": b"true",
        "zero": b"0",
        "string": b'"specdec-desktop-scenario"',
        "empty list": b"[]",
        "list of good": b"[" + plain + b"]",
        "empty object": b"{}",
    }.items():
        cases.add(f"top level {name}", "header", blob, "JSON object", "no 'format' key")


def _json_size(cases: _Cases, good: Any, deep_path: str) -> None:
    plain = _dump(good)
    cases.add(
        "over the limit by one", "size", b" " * (_LIMIT + 1 - len(plain)) + plain, "the limit is 64 KiB"
    )
    cases.add("one mebibyte", "size", b"[" + b"0," * (2**19 - 1) + b"0]", "the limit is 64 KiB")
    cases.add("a gibibyte of nothing", "size", None, "the limit is 64 KiB", shape="sparse")
    n = (_LIMIT - 100) // 2
    cases.add("deep lists under the limit", "size", b"[" * n + b"]" * n, "levels deep")
    n = (_LIMIT - 100) // 6
    cases.add("deep objects under the limit", "size", b'{"a":' * n + b"1" + b"}" * n, "levels deep")
    for depth in (8, 9, 50, 1000):
        cases.add(
            f"nested {depth} at {deep_path}",
            "size",
            _with_literal(good, deep_path, "[" * depth + "1" + "]" * depth),
            "levels deep",
            _where(deep_path),
            field=_where(deep_path),
        )
    wide = "[" + ",".join("0" for _ in range(20000)) + "]"
    where = _where(deep_path)
    cases.add("a wide list", "size", _with_literal(good, deep_path, wide), where, field=where)
    many = {f"key{i}": i for i in range(3000)}
    cases.add("many unknown keys", "size", _dump({**good, **many}), "unknown key")
    long_key = "x" * 30000
    cases.add("a long key", "size", _dump({**good, long_key: 1}), "unknown key")
    twice = _dump({long_key: 1, **good}).replace(b"{", b'{"' + long_key.encode() + b'": 1, ', 1)
    cases.add("a long key twice", "size", twice, "appears twice")


def _numbers(cases: _Cases, good: Any, fields: Iterable[str]) -> None:
    literals = {
        "NaN": "NaN",
        "Infinity": "Infinity",
        "-Infinity": "-Infinity",
        "1e999": "too large",
        "-1e999": "too large",
        "1" + "0" * 45: "digits",
    }
    for field in fields:
        for literal, words in literals.items():
            data = _with_literal(good, field, literal)
            cases.add(f"{field} {literal[:8]}", "number", data, words, field=_where(field))


def _wrong_types(cases: _Cases, good: Any, fields: dict[str, str]) -> None:
    wrong = {
        "number": [None, True, False, "0.5", "", [], {}, [0.5], {"value": 0.5}],
        "int": [None, True, "3", 2.5, [], {}],
        "text": [None, True, 1, 0.5, [], {}, ["projector"], {"name": "x"}],
        "opt_text": [True, 1, 0.5, [], {}, ["token-run"]],
        "opt_int": [True, "3", 2.5, [], {}],
        "bool": [None, 0, 1, "true", "yes", [], {}],
        "object": [True, 1, "x", [], [{}]],
        "list": [True, 1, "x", {}, None],
    }
    for field, kind in fields.items():
        for value in wrong[kind]:
            label = _label(value, 12)
            where = _where(field)
            cases.add(f"{field} {label}", "type", _dump(_set(good, field, value)), where, field=where)


def _values(cases: _Cases, good: Any, values: dict[str, list[Any]]) -> None:
    for field, bad_values in values.items():
        for value in bad_values:
            label = _label(value, 16)
            where = _where(field)
            cases.add(f"{field} {label}", "range", _dump(_set(good, field, value)), where, field=where)


def _header(cases: _Cases, good: Any, other_format: str, newer: int = 2) -> None:
    for value in (other_format, "", "SPECDEC-DESKTOP-SCENARIO", "specdec-desktop-settings", None, 1, ...):
        label = "missing" if value is ... else json.dumps(value)
        cases.add(f"format {label}", "header", _dump(_set(good, "format", value)), "format")
    for value in (0, newer, -1, 999999, 1.0, "1", None, True, [1], ...):
        label = "missing" if value is ... else json.dumps(value)
        cases.add(f"version {label}", "header", _dump(_set(good, "version", value)), "version")


def _schema(cases: _Cases, good: Any, objects: dict[str, list[str]]) -> None:
    """Unknown keys in each object, each required key missing, each key twice."""
    for where, required in objects.items():
        prefix = f"{where}." if where else ""
        for key in ("colour", "K", "", " theme", "paramètres"):
            document = _copy(good)
            target = document
            for part in filter(None, where.split(".")):
                target = target[int(part)] if isinstance(target, list) else target[part]
            target[key] = 1
            cases.add(f"{where or 'top'} unknown {key or 'empty'}", "schema", _dump(document), "unknown key")
        for key in required:
            data = _dump(_set(good, prefix + key, ...))
            cases.add(f"{where or 'top'} missing {key}", "schema", data, f"'{key}'", "'format'", "version")
        if required:
            key = required[-1]
            text = _dump(_set(good, prefix + key, _SENTINEL))
            marker = f'"{key}": "{_SENTINEL}"'.encode()
            value = json.dumps(_get(good, prefix + key)).encode()
            twice = text.replace(
                marker, f'"{key}": '.encode() + value + b", " + f'"{key}": '.encode() + value
            )
            cases.add(f"{where or 'top'} twice {key}", "schema", twice, "appears twice")


def _get(document: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        document = document[int(key)] if isinstance(document, list) else document[key]
    return document


def _places(cases: _Cases, good: Any) -> None:
    cases.add("a folder", "place", None, "is a folder", shape="folder")
    cases.add("no such file", "place", None, "no such file", shape="missing")
    cases.add("a named pipe", "place", None, "not a regular file", shape="fifo")
    cases.add("a link to itself", "place", None, "cannot be opened", shape="loop")
    cases.add("a link to dev zero", "place", None, "not a regular file", shape="device")
    cases.add("no read permission", "place", _dump(good), "cannot be read", shape="unreadable")


# -- the three corpora --------------------------------------------------------------------------


def bad_scenarios(seed: int = DEFAULT_SEED) -> list[BadFile]:
    """Scenario files the app must refuse, each naming the file and the problem."""
    rng = random.Random(seed)
    good = GOOD_SCENARIO
    cases = _Cases("scenario")
    _json_syntax(cases, good, rng, n_truncations=40, n_random=12)
    _json_size(cases, good, "parameters.k")
    _numbers(cases, good, ["parameters.k", "parameters.p", "parameters.c", "view.zoom", "tour.scene"])
    _wrong_types(
        cases,
        good,
        {
            "parameters": "object",
            "parameters.k": "number",
            "parameters.p": "number",
            "parameters.c": "number",
            "view": "object",
            "view.theme": "text",
            "view.zoom": "number",
            "tour": "object",
            "tour.file": "text",
            "tour.scene": "int",
            "tour.active": "bool",
        },
    )
    _values(
        cases,
        good,
        {
            "parameters.k": [0, -1, 129, 1000, 1e308, -1e308, 2.5, 128.5],
            "parameters.p": [-0.001, -1e-300, 1.001, 2, 1e308, -1e308],
            "parameters.c": [-0.001, -1e-300, 1.001, 2, 1e308, -1e308],
            "view.zoom": [0, 0.49, -1, 3.01, 1e308],
            "view.theme": ["neon", "", " ", "Projector", " projector", "projector\n", "x" * 5000],
            "tour.scene": [0, -1, 101, 10**12],
            "tour.file": ["", "   ", "x" * 1025],
        },
    )
    _header(cases, good, "specdec-desktop-tour", newer=4)  # scenarios are at version 3
    _schema(
        cases,
        good,
        {
            "": ["format", "version", "parameters", "view"],
            "parameters": ["k", "p", "c"],
            "view": ["theme", "zoom"],
            "tour": ["file", "scene", "active"],
        },
    )
    _places(cases, good)
    tour_faults = {
        "a folder": (".", "is a folder"),
        "a device": ("/dev/zero", "not a regular file", "no such file"),
        "itself": ("@self", "not a SpecDec Desktop tour"),
        "scene past the end": ("default", "tour has"),
    }
    for name, (file, *words) in tour_faults.items():
        scene = 100 if file == "default" else 1
        document = _set(good, "tour", {"file": file, "scene": scene, "active": True})
        cases.add(f"tour {name}", "tour_ref", _dump(document), *words, field="tour")
    # Hostile values: tour paths no file can have, and markup that the message must quote as text.
    hostile_paths = {
        "unknown user": ("~nosuchuser16/t.json", "no user 'nosuchuser16'"),
        "NUL": ("t\x00.json", "NUL character"),
        "lone surrogate": ("t\ud800.json", "cannot hold that character"),
    }
    for name, (file, words) in hostile_paths.items():
        document = _set(good, "tour", {"file": file, "scene": 1, "active": True})
        data = json.dumps(document).encode()  # ASCII escapes: a lone surrogate has no UTF-8
        cases.add(f"tour path {name}", "hostile", data, words, field="tour")
    for markup in ("<b>x</b>", "<img src=/dev/zero>"):
        document = _set(good, "view.theme", markup)
        cases.add(f"theme {markup}", "hostile", _dump(document), markup, field="view.theme")
    document = _set(good, "tour", {"file": "@sidecar", "scene": 1, "active": False})
    samples = [case for case in bad_tours(seed) if case.shape == "file"][::8]
    for i, bad_tour in enumerate(samples):  # a scenario whose own tour file is bad
        cases.add(
            f"bad tour {i}", "tour_ref", _dump(document), "its tour", field="tour", sidecar=bad_tour.data
        )
    return cases.items


def bad_tours(seed: int = DEFAULT_SEED) -> list[BadFile]:
    """Tour files the app must refuse; faults sit in the third scene, so messages name it."""
    rng = random.Random(seed + 1)
    good = GOOD_TOUR
    cases = _Cases("tour")
    _json_syntax(cases, good, rng, n_truncations=12, n_random=4)
    _json_size(cases, good, "scenes.2.parameters.k")
    _numbers(cases, good, ["scenes.2.parameters.p", "scenes.1.animation.seed", "scenes.1.animation.speed"])
    _wrong_types(
        cases,
        good,
        {
            "title": "text",
            "scenes": "list",
            "scenes.2": "object",
            "scenes.2.title": "text",
            "scenes.2.caption": "text",
            "scenes.2.parameters": "object",
            "scenes.2.tab": "opt_text",
            "scenes.1.animation": "object",
            "scenes.1.animation.play": "bool",
            "scenes.1.animation.seed": "opt_int",
            "scenes.1.animation.speed": "number",
        },
    )
    scene = good["scenes"][2]
    _values(
        cases,
        good,
        {
            "scenes": [[], [scene] * 101],
            "title": ["", "t" * 81],
            "scenes.2.title": ["", "   ", "t" * 81],
            "scenes.2.caption": ["", "\n", "c" * 301, "word " * 2000],
            "scenes.2.tab": ["chart", "", "TOKEN-RUN", "token_run", " why-peak", "x" * 41],
            "scenes.2.parameters.k": [0, 129],
            "scenes.2.parameters.p": [-0.5, 1.5],
            "scenes.2.parameters.c": [-0.5, 1.5],
            "scenes.1.animation.seed": [-1, 2**31, 3_000_000_000, 1.5],
            "scenes.1.animation.speed": [0, 0.24, 8.01, -1],
        },
    )
    cases.add(
        "animation on another tab",
        "schema",
        _dump(_set(good, "scenes.1.tab", "why-peak")),
        "must be 'token-run'",
        field="scenes[1]",
    )
    for value, words in (({}, "play"), ({"play": True, "loop": True}, "unknown key")):
        label = json.dumps(value)
        cases.add(f"animation {label}", "schema", _dump(_set(good, "scenes.1.animation", value)), words)
    for markup in ('<img src="/dev/zero">', "<b>x</b>", "<a href=x>y</a>"):
        document = _set(good, "scenes.2.tab", markup)
        cases.add(f"tab {markup}", "hostile", _dump(document), markup, field="scenes[3].tab")
    _header(cases, good, "specdec-desktop-scenario")
    _schema(
        cases,
        good,
        {"": ["format", "version", "title", "scenes"], "scenes.2": ["title", "caption", "parameters"]},
    )
    _places(cases, good)
    return cases.items


def _ini(sections: dict[str, dict[str, str]]) -> bytes:
    lines: list[str] = []
    for section, values in sections.items():
        lines += [f"[{section}]", *(f"{key}={value}" for key, value in values.items()), ""]
    return "\n".join(lines).encode("utf-8")


def bad_settings(seed: int = DEFAULT_SEED) -> list[BadFile]:
    """Settings files with one bad value (``group="value"``, ``field`` names it) or bad as a whole."""
    rng = random.Random(seed + 2)
    cases = _Cases("settings")
    number_faults = [
        "",
        " ",
        "banana",
        "nan",
        "inf",
        "-inf",
        "1e999",
        "0x10",
        "\u0666",
        "\uff10.\uff15",
        "1_0",
        "1,5",
        "0.5.5",
        "6 6",
        "\u00bd",
        "9" * 400,
        '"0.5"',
        "@Variant(\\0\\0\\0\\x2\\0\\0\\0\\x6)",
        "@ByteArray(0.5)",
        "@Point(1 2)",
        "1, 2",
    ]
    range_faults = {
        "parameters/k": ["0", "129", "-1", "2.5", "-0"],
        "parameters/p": ["-0.01", "1.01", "2"],
        "parameters/c": ["-0.01", "1.01", "2"],
        "view/zoom": ["0", "0.49", "3.01", "-1"],
        "view/theme": [
            "neon",
            "da\x00rk",
            "Dark",
            "system\\n",
            "@Size(1 2)",
            "1, 2",
            "",
            "dark;",
            "x" * 1000,
        ],
    }
    for key, label in SETTINGS_LABELS.items():
        section, name = key.split("/")
        faults = range_faults[key] + ([] if key == "view/theme" else number_faults)
        for value in faults:
            sections = _copy(GOOD_SETTINGS)
            sections[section][name] = value
            cases.add(f"{key} {value[:12]}", "value", _ini(sections), label, field=key)
    other_version = {
        "General": {"version": "2"},
        **{s: v for s, v in GOOD_SETTINGS.items() if s != "General"},
    }
    no_version = {s: v for s, v in GOOD_SETTINGS.items() if s != "General"}
    good = _ini(GOOD_SETTINGS)
    whole = {
        "version 2": _ini(other_version),
        "no version": _ini(no_version),
        "version words": good.replace(b"version=1", b"version=one"),
        "binary": bytes(rng.getrandbits(8) for _ in range(300)),
        "latin1": good.replace(b"dark", b"d\xe9rk"),
        "utf16": good.decode().encode("utf-16"),
        "too large": good + b"; padding\n" * 7000,
        "no section": b"version=1\nk=6\n",
        "open bracket": b"[\n",
        "only equals": b"=\n",
        "twice a section": good + b"[view]\nzoom=1\n",
        "twice a key": good.replace(b"k=9", b"k=9\nk=10"),
        "line without equals": good.replace(b"k=9", b"k 9"),
    }
    for name, data in whole.items():
        cases.add(name, "whole", data, "damaged", "another version")
    cases.add("a folder", "whole", None, "damaged", shape="folder")
    cases.add("a named pipe", "whole", None, "damaged", shape="fifo")
    cases.add("a link to itself", "whole", None, "could not be read", shape="loop")
    cases.add("no read permission", "whole", good, "could not be read", shape="unreadable")
    return cases.items


def all_bad_files(seed: int = DEFAULT_SEED) -> list[BadFile]:
    return bad_scenarios(seed) + bad_tours(seed) + bad_settings(seed)
