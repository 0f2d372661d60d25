"""Scenario files: a saved set-up (parameters, theme, zoom, tour and scene) as versioned JSON.

Version 1 looks like this (``tour`` may be left out or ``null``)::

    {
      "format": "specdec-desktop-scenario",
      "version": 1,
      "parameters": {"k": 6, "p": 0.75, "c": 0.15},
      "view": {"theme": "projector", "zoom": 1.25},
      "tour": {"file": "default", "scene": 3, "active": true}
    }

Version 2 (written since issue 11) adds the assumptions of the active model, every key
present (``null`` turns ``spread`` or ``knee`` off)::

      "assumptions": {"decay": 1.0, "spread": null, "verify_growth": 0.05,
                      "batch": 1, "knee": null, "overhead": 0.0}

and, optionally, the pinned configurations (issue 13)::

      "pinned": [{"name": "small draft", "k": 7, "p": 0.75, "c": 0.02}]

Version 3 (issue 25) adds the draft shape, every field present (``trees/shape.py``)::

      "shape": {"kind": "sglang", "budget": 8, "max_depth": null, "sglang": [5, 4, 8],
                "paths": [[0], [1], [0, 0]], "heads": [3, 2], "more_ranks": [0.15, 0.05, 0.02]}

and a pin may carry its own ``shape`` (left out for the chain).  Version 1 and 2 files open
unchanged, drafting a chain; version 1 files under the original model's assumptions.  A key a
version does not have (``assumptions`` in version 1, ``shape`` before 3) is an error, as any
unknown key is.

``tour.file`` is ``"default"`` for the tour that ships with the app, or the path
of a tour file, relative to the scenario file's folder (or absolute);
``tour.scene`` counts from 1.  ``pinned`` (version 2, optional) lists at most six pinned configurations,
each with a unique, non-empty ``name`` of at most 32 characters, its ``k``, ``p`` and ``c``,
and optionally the ``assumptions`` it was pinned under (keywords that differ from the original
model).  Reading is strict: unknown keys, wrong types and
out-of-range values are errors that name the key, so a typo never passes
silently.  No Qt here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from ..atomic_write import write_atomically
from ..model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from ..model.configuration import Configuration
from ..model.parameters import Parameters
from ..model.pins import Pin
from ..model.trees.shape import DEFAULT_SHAPE
from ..text import N_, _
from ..view_options import DEFAULT_THEME_CHOICE, THEME_CHOICES, ZOOM_MAX, ZOOM_MIN
from .safe_json import DEFAULT_MAX_BYTES, FileProblem, read_json
from .schema import (
    expect_assumptions,
    expect_bool,
    expect_header,
    expect_int,
    expect_number,
    expect_object,
    expect_parameters,
    expect_pins,
    expect_shape,
    expect_string,
)

__all__ = [
    "BUILTIN_TOUR",
    "SCENARIO_FORMAT",
    "SCENARIO_VERSION",
    "Scenario",
    "TourPosition",
    "load_scenario",
    "save_scenario",
    "scenario_from_json",
    "scenario_to_json",
]

SCENARIO_FORMAT = "specdec-desktop-scenario"
SCENARIO_VERSION = 3
#: The oldest version still read (version 1: no assumptions).
SCENARIO_OLDEST_VERSION = 1
#: ``tour.file`` value that names the tour bundled with the app.
BUILTIN_TOUR = "default"
_MAX_PATH = 1024
_MAX_SCENES = 100


@dataclass(frozen=True)
class TourPosition:
    """Which tour, which scene (0-based here, 1-based in the file), and whether it is running."""

    file: str
    scene: int
    active: bool


@dataclass(frozen=True)
class Scenario:
    """A complete, validated scenario: the configuration, the view, the tour position and the pins."""

    configuration: Configuration = field(default_factory=Configuration)
    theme: str = DEFAULT_THEME_CHOICE
    zoom: float = 1.0
    tour: TourPosition | None = None
    pinned: tuple[Pin, ...] = ()

    @property
    def parameters(self) -> Parameters:
        return self.configuration.parameters

    @property
    def assumptions(self) -> Assumptions:
        return self.configuration.assumptions


def _theme(value: Any, where: str) -> str:
    text = expect_string(value, where, 20)
    if text not in THEME_CHOICES:
        raise FileProblem(
            "range",
            _("{where} must be one of {choices}, got {text!r}").format(
                where=where, choices=", ".join(THEME_CHOICES), text=text
            ),
        )
    return text


def scenario_from_json(document: Any) -> Scenario:
    """Validate a parsed document and build the :class:`Scenario` it describes.

    Raises
    ------
    FileProblem
        Naming the key at fault (without a file name).
    """
    doc = expect_header(
        document,
        SCENARIO_FORMAT,
        SCENARIO_VERSION,
        N_("SpecDec Desktop scenario"),
        oldest=SCENARIO_OLDEST_VERSION,
    )
    optional_keys = ["tour", "assumptions", "pinned"] if doc["version"] >= 2 else ["tour"]
    if doc["version"] >= 3:
        optional_keys.append("shape")
    expect_object(doc, _("the file"), ["format", "version", "parameters", "view"], optional_keys)
    parameters = expect_parameters(doc["parameters"], "parameters")
    view = expect_object(doc["view"], "view", ["theme", "zoom"])
    theme = _theme(view["theme"], "view.theme")
    zoom = expect_number(view["zoom"], "view.zoom", ZOOM_MIN, ZOOM_MAX)
    tour = None
    if doc.get("tour") is not None:
        raw = expect_object(doc["tour"], "tour", ["file", "scene", "active"])
        tour = TourPosition(
            file=expect_string(raw["file"], "tour.file", _MAX_PATH),
            scene=expect_int(raw["scene"], "tour.scene", 1, _MAX_SCENES) - 1,
            active=expect_bool(raw["active"], "tour.active"),
        )
    assumptions = DEFAULT_ASSUMPTIONS
    if doc.get("assumptions") is not None:
        assumptions = expect_assumptions(doc["assumptions"], "assumptions")
    shape = DEFAULT_SHAPE if doc.get("shape") is None else expect_shape(doc["shape"], "shape")
    pinned = expect_pins(doc["pinned"], "pinned") if doc.get("pinned") is not None else ()
    return Scenario(
        configuration=Configuration(parameters, assumptions, shape),
        theme=theme,
        zoom=zoom,
        tour=tour,
        pinned=pinned,
    )


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    """The JSON document for ``scenario`` (the inverse of :func:`scenario_from_json`)."""
    document: dict[str, Any] = {
        "format": SCENARIO_FORMAT,
        "version": SCENARIO_VERSION,
        "parameters": scenario.parameters.as_dict(),
        "view": {"theme": scenario.theme, "zoom": scenario.zoom},
        "assumptions": scenario.assumptions.as_dict(),
        "shape": scenario.configuration.shape.as_dict(),
    }
    if scenario.tour is not None:
        document["tour"] = {
            "file": scenario.tour.file,
            "scene": scenario.tour.scene + 1,
            "active": scenario.tour.active,
        }
    if scenario.pinned:
        document["pinned"] = [pin.as_dict() for pin in scenario.pinned]
    return document


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate the scenario file at ``path``.

    Raises
    ------
    FileProblem
        Naming the file and the problem; nothing is changed.
    """
    document = read_json(path, max_bytes=DEFAULT_MAX_BYTES)
    try:
        return scenario_from_json(document)
    except FileProblem as problem:
        raise problem.with_path(path) from None


def save_scenario(path: str | os.PathLike[str], scenario: Scenario) -> None:
    """Write ``scenario`` to ``path`` in one step (:mod:`specdec_desktop.atomic_write`).

    Raises
    ------
    OSError
        If the folder cannot be written.
    """
    text = json.dumps(scenario_to_json(scenario), indent=2) + "\n"
    write_atomically(path, text.encode("utf-8"))
