"""Fuzzed files for the monkey to offer when the app asks for one (Qt-free).

Each file is a serving engine's metrics (:mod:`.fuzz_metrics`), a table of benchmark runs at
several k (:mod:`.fuzz_costs`), or a scenario or tour document, valid or broken in one of the ways
a real file breaks: cut short, bytes flipped, random bytes, a wrong type or an out-of-range value in one
field, NaN, very deep nesting, far over the size limit.  Files are written into one folder and
reused by name, so a long run keeps a bounded number of them on disk.

Hostile but *valid* files and names are offered too (docs/robustness.md lists them all):

* ``markup``: a tour whose titles and captions are markup (``<img src="/dev/zero">``);
* ``extreme``: p and c walking to 1 and 0 together, far past the controls' decimals;
* ``hostile_tour``: a scenario whose ``tour.file`` is ``~nosuchuser/...``, holds a NUL, a lone
  surrogate or a newline, is missing, or is a device;
* a hostile *path* instead of a file (:meth:`FuzzedFiles.hostile_path`): a FIFO, a folder, a
  name of 300 characters, a name with a newline or markup, a symbolic link to a user file.

For save dialogs, :meth:`FuzzedFiles.save_target` sometimes answers with one of a few *user
files* (files with known content) and, where the platform has ``RLIMIT_FSIZE``, sets a
file-size limit so that the write fails part-way.  :meth:`FuzzedFiles.after_action` lifts the
limit and checks the invariant: every user file holds either its old bytes or a complete new
file, never a truncated one.
"""

from __future__ import annotations

import json
import os
import random
import signal
import stat
from pathlib import Path

from ..scenario.safe_json import DEFAULT_MAX_BYTES
from ..scenario.scenario_file import SCENARIO_FORMAT, SCENARIO_VERSION
from ..scenario.tour_file import TAB_IDS, TOUR_FORMAT, TOUR_VERSION
from .fuzz_costs import fuzzed_cost_table
from .fuzz_metrics import fuzzed_metrics

__all__ = ["FuzzedFiles"]

_ODD_VALUES = (None, True, "0.5", [], {}, -1, 2, 1e308, -0.0, "NaN", "", 10**40)
#: Kinds of file :meth:`FuzzedFiles.make` writes, each drawn equally often ("field" twice).
_KINDS = (
    *("valid", "field", "field", "truncated", "flipped", "random", "nan", "deep", "huge"),
    *("markup", "extreme", "hostile_tour"),
)
#: Markup a file may carry into a caption or title: must be shown as these characters.
MARKUP = ('<img src="/dev/zero">', "<b>x</b>", "<a href='x'>link</a>", "&lt;&amp;", "<table><tr><td>")
#: A tour.file a scenario may name: each must be refused with a message or opened without it.
HOSTILE_TOUR_FILES = (
    "~nosuchuser16/t.json",
    "t\u0000.json",
    "t\ud800.json",
    "line\nbreak.json",
    "missing.json",
    "/dev/zero",
    "x" * 300 + ".json",
)
#: User files the save dialogs may answer with: (name, content).  A write over one must leave
#: the old bytes or a complete new file.
#: A user file the user made read-only (chmod 444): every writer must refuse it, leaving it as it is.
READ_ONLY_NAME = "kept (read-only).csv"
READ_ONLY_CONTENT = b"k,speedup\n1,1.5\n"
_USER_FILES = {
    "lecture.json": json.dumps({"note": "the user's own scenario"}).encode() + b"\n",
    "chart.png": b"\x89PNG\r\n\x1a\n" + b"user png " * 40,
    "chart.svg": b"<svg>" + b"user svg " * 40 + b"</svg>\n",
    "curve.csv": b"k,user\n" + b"1,2\n" * 40,
}
#: The suffixes of the fuzzed files (one file a slot, whatever its kind).
_SUFFIXES = (".json", ".log", ".csv")
#: Tail bytes each kind of file ends with when it was written completely.
_COMPLETE_TAIL = {".json": b"}\n", ".png": b"IEND\xaeB`\x82", ".svg": b"</svg>\n", ".csv": b"\n"}


def _valid_scenario(rng: random.Random) -> dict:
    return {
        "format": SCENARIO_FORMAT,
        "version": SCENARIO_VERSION,
        "parameters": {"k": rng.randint(1, 128), "p": round(rng.random(), 3), "c": round(rng.random(), 3)},
        "view": {
            "theme": rng.choice(["system", "light", "dark", "projector"]),
            "zoom": rng.choice([0.75, 1, 1.5]),
        },
    }


def _valid_tour(rng: random.Random) -> dict:
    scenes = [
        {
            "title": f"Scene {i + 1}",
            "caption": "A caption.",
            "parameters": {"k": rng.randint(1, 16), "p": round(rng.random(), 2), "c": round(rng.random(), 2)},
            "tab": rng.choice(TAB_IDS),
        }
        for i in range(rng.randint(1, 6))
    ]
    return {"format": TOUR_FORMAT, "version": TOUR_VERSION, "title": "Fuzzed", "scenes": scenes}


def _break_one_field(rng: random.Random, document: dict) -> dict:
    """Replace one value somewhere in ``document`` with an odd one."""
    node = document
    while True:
        key = rng.choice(list(node))
        child = node[key]
        if isinstance(child, dict) and child and rng.random() < 0.6:
            node = child
            continue
        if isinstance(child, list) and child and isinstance(child[0], dict) and rng.random() < 0.6:
            node = rng.choice(child)
            continue
        node[key] = rng.choice(_ODD_VALUES)
        return document


def _extreme(rng: random.Random) -> dict[str, float | int]:
    digits = rng.choice((3, 6, 7, 8, 9, 10, 12, 15, 16))
    p = max(0.0, 1.0 - 10.0**-digits) if digits < 16 else 1.0 - 2.0**-53
    c = 10.0**-digits if digits < 16 else rng.choice((5e-324, 0.0, 1e-300))
    return {"k": rng.choice((1, 6, 128)), "p": p, "c": c}


def _markup_tour(rng: random.Random) -> dict:
    document = _valid_tour(rng)
    for scene in document["scenes"]:
        scene["title"] = rng.choice(MARKUP)[:80]
        scene["caption"] = " ".join(rng.choice(MARKUP) for _ in range(rng.randint(1, 4)))[:300]
    document["title"] = rng.choice(MARKUP)
    return document


class FuzzedFiles:
    """Writes fuzzed scenario and tour files into ``folder``.

    Parameters
    ----------
    folder : Path
        Where the files go (a temporary folder).
    rng : random.Random
        The source of randomness (the monkey's, so a seed replays the same files).
    slots : int
        How many file names are reused.
    """

    def __init__(
        self,
        folder: Path,
        rng: random.Random,
        slots: int = 8,
        hostile_folder: Path | None = None,
        failing_writes: bool = True,
    ) -> None:
        self.folder = folder
        self.rng = rng
        self.slots = slots
        self.written = 0
        #: What was offered, by kind (for the summary and the tests).
        self.offered: dict[str, int] = {}
        #: Writes that were made to fail (a file-size limit was set for them).
        self.failed_writes = 0
        self._limited = False
        self._resource = None
        if failing_writes and hasattr(signal, "SIGXFSZ"):
            try:
                import resource  # POSIX only

                self._resource = resource
            except ImportError:
                pass
        #: Hostile paths and the user's files live here (None: offer neither).
        self.hostile_folder = hostile_folder
        self.user_folder = None if hostile_folder is None else hostile_folder / "user files"
        if self.user_folder is not None:
            self.user_folder.mkdir(parents=True, exist_ok=True)
            for name, content in _USER_FILES.items():
                (self.user_folder / name).write_bytes(content)
            kept = self.user_folder / READ_ONLY_NAME  # made read-only by the user: never replaced
            kept.write_bytes(READ_ONLY_CONTENT)
            kept.chmod(0o444)

    def _count(self, kind: str) -> None:
        self.offered[kind] = self.offered.get(kind, 0) + 1

    def make(self) -> str:
        """Write one fuzzed file and return its path (now and then a hostile path instead)."""
        rng = self.rng
        if self.hostile_folder is not None and rng.random() < 0.1:
            return self.hostile_path()
        roll = rng.random()
        if roll < 0.3:  # File > Import measurements: a garbled engine log, or a table of runs at several k
            if roll < 0.1:
                kind, data = fuzzed_cost_table(rng)
                self._count(f"costs_{kind.split(':')[0]}")
                path = self._slot(".csv")
            else:
                kind, data = fuzzed_metrics(rng)
                self._count(f"metrics_{kind}")
                path = self._slot(".log")
            path.write_bytes(data)
            self.written += 1
            return str(path)
        document = _valid_scenario(rng) if rng.random() < 0.6 else _valid_tour(rng)
        kind = rng.choice(_KINDS)
        self._count(kind)
        if kind == "markup":
            document = _markup_tour(rng)
        elif kind == "extreme":
            document = _valid_scenario(rng) if rng.random() < 0.5 else _valid_tour(rng)
            for target in [document] if "parameters" in document else document["scenes"]:
                target["parameters"] = _extreme(rng)
        elif kind == "hostile_tour":
            document = _valid_scenario(rng)
            document["tour"] = {"file": rng.choice(HOSTILE_TOUR_FILES), "scene": 1, "active": True}
        if kind == "field":
            document = _break_one_field(rng, document)
        data = json.dumps(document).encode()
        if kind == "truncated":
            data = data[: rng.randrange(len(data))]
        elif kind == "flipped":
            data = bytearray(data)
            for _ in range(rng.randint(1, 5)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            data = bytes(data)
        elif kind == "random":
            data = rng.randbytes(rng.randint(0, 512))
        elif kind == "nan":
            data = data.replace(b'"p": ', b'"p": NaN, "q": ', 1)
        elif kind == "deep":
            data = b'{"format": "' + SCENARIO_FORMAT.encode() + b'", "x": ' + b"[" * 500 + b"]" * 500 + b"}"
        elif kind == "huge":
            data = b'{"pad": "' + b"x" * (DEFAULT_MAX_BYTES + 1) + b'"}'
        path = self._slot(".json")
        path.write_bytes(data)
        self.written += 1
        return str(path)

    def _slot(self, suffix: str) -> Path:
        """The next slot's path with ``suffix`` (the slot's file of any other kind removed)."""
        path = self.folder / f"fuzzed-{self.written % self.slots}{suffix}"
        for other in _SUFFIXES:
            if other != suffix:
                path.with_suffix(other).unlink(missing_ok=True)
        return path

    # -- hostile paths ------------------------------------------------------------------------

    def hostile_path(self) -> str:
        """A path no well-behaved file dialog would return: each must be refused or handled."""
        rng = self.rng
        kind = rng.choice(("fifo", "folder", "long", "newline", "markup", "nul", "link", "missing"))
        self._count(f"path:{kind}")
        folder = self.hostile_folder
        if folder is None or self.user_folder is None:
            raise ValueError("hostile paths need a hostile_folder")
        if kind == "fifo" and hasattr(os, "mkfifo"):
            path = folder / "pipe.json"
            if not path.exists():
                os.mkfifo(path)
            return str(path)
        if kind == "folder":
            return str(folder)
        if kind == "long":
            return str(folder / ("x" * 300 + ".json"))
        if kind == "newline":
            path = folder / "two\nlines.json"
        elif kind == "markup":
            path = folder / "<b>x<b> <img src=x>.json"
        elif kind == "nul":
            return str(folder / "nul\x00.json")
        elif kind == "link":
            path = folder / "link.json"
            if not path.is_symlink():
                try:
                    path.symlink_to(self.user_folder / "lecture.json")
                except OSError:  # no symlinks here (Windows without the privilege)
                    return str(self.user_folder / "lecture.json")
            return str(path)
        else:
            return str(folder / "no such folder" / "x.json")
        path.write_bytes(json.dumps(_valid_scenario(rng)).encode())
        return str(path)

    # -- saving over the user's files, with failing writes --------------------------------------

    def save_target(self) -> str:
        """Where a save dialog says to write: a fuzzed name, a hostile path or a user file.

        A user file is sometimes offered under a file-size limit smaller than any file the app
        writes (the next :meth:`after_action` lifts it), so the write fails part-way.
        """
        rng = self.rng
        roll = rng.random()
        if roll < 0.5 or self.user_folder is None:
            return self.make()
        if roll < 0.6:
            return self.hostile_path()
        name = rng.choice([*sorted(_USER_FILES), READ_ONLY_NAME])
        self._count("read_only_file" if name == READ_ONLY_NAME else "user_file")
        if self._resource is not None and rng.random() < 0.6:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
            soft, hard = self._resource.getrlimit(self._resource.RLIMIT_FSIZE)
            self._saved_limit = (soft, hard)
            self._resource.setrlimit(self._resource.RLIMIT_FSIZE, (16, hard))
            self._limited = True
            self.failed_writes += 1
        return str(self.user_folder / name)

    def after_action(self) -> list[str]:
        """Lift a file-size limit; return the user files left truncated (the invariant's breaches)."""
        if self._limited and self._resource is not None:
            self._resource.setrlimit(self._resource.RLIMIT_FSIZE, self._saved_limit)
            self._limited = False
        return self.user_file_problems()

    def user_file_problems(self) -> list[str]:
        """Each user file holds its old bytes or a complete file; no temporary file is left over.

        (A save dialog answered with ``lecture.json`` for a PNG makes ``lecture.json.png``
        beside it: a new file, which must be complete too.)
        """
        problems: list[str] = []
        if self.user_folder is None:
            return problems
        for path in sorted(self.user_folder.iterdir()):
            name = path.name
            if name == READ_ONLY_NAME:
                if path.read_bytes() != READ_ONLY_CONTENT or stat.S_IMODE(path.stat().st_mode) != 0o444:
                    problems.append(f"the read-only user file {name} was replaced")
                continue
            if name.startswith(".specdec-"):
                problems.append(f"a temporary file was left beside the user's files: {name}")
                continue
            try:
                data = path.read_bytes()
            except OSError as error:
                problems.append(f"user file {name} cannot be read after a write: {error}")
                continue
            tail = _COMPLETE_TAIL.get(path.suffix.lower())
            if data != _USER_FILES.get(name) and tail is not None and not data.endswith(tail):
                problems.append(f"user file {name} left truncated ({len(data)} bytes)")
        return problems
