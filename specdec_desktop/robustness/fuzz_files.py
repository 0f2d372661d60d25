"""Fuzzed files for the monkey to offer when the app asks for one (Qt-free).

Each file is a scenario or tour document, valid or broken in one of the ways a real file
breaks: cut short, bytes flipped, random bytes, a wrong type or an out-of-range value in one
field, NaN, very deep nesting, far over the size limit.  Files are written into one folder and
reused by name, so a long run keeps a bounded number of them on disk.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ..scenario.safe_json import DEFAULT_MAX_BYTES
from ..scenario.scenario_file import SCENARIO_FORMAT, SCENARIO_VERSION
from ..scenario.tour_file import TAB_IDS, TOUR_FORMAT, TOUR_VERSION

__all__ = ["FuzzedFiles"]

_ODD_VALUES = (None, True, "0.5", [], {}, -1, 2, 1e308, -0.0, "NaN", "", 10**40)


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

    def __init__(self, folder: Path, rng: random.Random, slots: int = 8) -> None:
        self.folder = folder
        self.rng = rng
        self.slots = slots
        self.written = 0

    def make(self) -> str:
        """Write one fuzzed file and return its path."""
        rng = self.rng
        document = _valid_scenario(rng) if rng.random() < 0.6 else _valid_tour(rng)
        kind = rng.choice(
            ("valid", "field", "field", "truncated", "flipped", "random", "nan", "deep", "huge")
        )
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
        path = self.folder / f"fuzzed-{self.written % self.slots}.json"
        path.write_bytes(data)
        self.written += 1
        return str(path)
