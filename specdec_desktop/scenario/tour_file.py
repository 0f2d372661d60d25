"""Tour files: the guided tour's scenes as data, so a lecturer can write their own.

Version 1::

    {
      "format": "specdec-desktop-tour",
      "version": 1,
      "title": "Why speculative decoding peaks",
      "scenes": [
        {
          "title": "Past the peak",
          "caption": "One or two sentences shown large while the scene is on.",
          "parameters": {"k": 6, "p": 0.75, "c": 0.15},
          "tab": "why-peak",
          "animation": {"play": true, "seed": 7, "speed": 1}
        }
      ]
    }

``tab`` (optional) picks the lower panel to show: one of :data:`TAB_IDS`.
``animation`` (optional) asks for the token-by-token run: ``play`` starts it,
``seed`` (optional) makes it repeatable, ``speed`` (optional, default 1) is a
multiplier; a scene with an animation shows the ``token-run`` panel.
``assumptions`` (optional) sets some of the model's assumptions for the scene, e.g.
``{"spread": 2}``; those left out, and every one in a scene without the key, are the original
model's.  ``focus`` (optional) says what the scene is about, so the presenting layout gives it
the room: ``"chart"`` (the default; the lower panel steps aside), ``"run"`` (the
default with an animation; the whole run) or ``"essay"`` (the whole essay of ``tab``).
``pins`` (optional) lists configurations to pin while the scene is on (the same form as a
scenario's ``pinned``: at most six, each with a ``name``, ``k``, ``p`` and ``c``), so the chart
compares them with the scene's own; a scene without it leaves the pins as they are.
``shape`` (optional) is the draft shape the scene shows, in a scenario's form with any field left
out at its default (e.g. ``{"kind": "best", "budget": 8, "more_ranks": [0.15, 0.05]}``); a
scene without it drafts a chain.
The tour that ships with the app is ``resources/tours/default.json``.  No Qt here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import resources
from ..atomic_write import write_atomically
from ..model.assumptions import DEFAULT_ASSUMPTIONS, Assumptions
from ..model.configuration import Configuration
from ..model.parameters import RUN_SEED_MAX, RUN_SPEEDS, Parameters
from ..model.pins import Pin
from ..model.trees.shape import DEFAULT_SHAPE
from ..text import N_, _
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
    "MAX_CAPTION",
    "MAX_SCENES",
    "SCENE_FOCI",
    "TAB_IDS",
    "TOUR_FORMAT",
    "TOUR_VERSION",
    "Animation",
    "Scene",
    "Tour",
    "default_tour_path",
    "load_tour",
    "save_tour",
    "tour_from_json",
    "tour_to_json",
]

TOUR_FORMAT = "specdec-desktop-tour"
TOUR_VERSION = 1
#: The lower panels a scene may show, in the window's tab order.
TAB_IDS = (
    "token-run",
    "why-peak",
    "acceptance",
    "model-limits",
    "compare",
    "measured",
    "trees",
    "sampling",
)
#: What a scene may be about (the presenting layout gives it the room).
SCENE_FOCI = ("chart", "run", "essay")
MAX_SCENES = 100
MAX_TITLE = 80
#: Two sentences of a reasonable length; longer captions stop being read from the back row.
MAX_CAPTION = 300
SPEED_RANGE = (RUN_SPEEDS[0], RUN_SPEEDS[-1])  # the player's slowest and fastest
SEED_MAX = RUN_SEED_MAX  # the run's own limit: a seed the file accepts, the run accepts


@dataclass(frozen=True)
class Animation:
    """What a scene asks of the token-by-token run."""

    play: bool
    seed: int | None = None
    speed: float = 1.0


@dataclass(frozen=True)
class Scene:
    title: str
    caption: str
    #: The configuration the scene shows (the original model's assumptions unless it sets some);
    #: Reset (Ctrl+R) in the scene returns to it whole.
    configuration: Configuration
    tab: str | None = None
    animation: Animation | None = None
    #: What the scene is about: "chart", "run" or "essay" (see the module's docstring).
    focus: str = "chart"
    #: Pinned configurations the scene shows (None: the pins stay as they are).
    pins: tuple[Pin, ...] | None = None

    @property
    def parameters(self) -> Parameters:
        return self.configuration.parameters

    @property
    def assumptions(self) -> Assumptions:
        return self.configuration.assumptions


@dataclass(frozen=True)
class Tour:
    title: str
    scenes: tuple[Scene, ...]


def _animation(value: Any, where: str) -> Animation:
    obj = expect_object(value, where, ["play"], ["seed", "speed"])
    seed = obj.get("seed")
    speed = obj.get("speed", 1.0)
    return Animation(
        play=expect_bool(obj["play"], f"{where}.play"),
        seed=None if seed is None else expect_int(seed, f"{where}.seed", 0, SEED_MAX),
        speed=expect_number(speed, f"{where}.speed", *SPEED_RANGE),
    )


def _scene(value: Any, where: str) -> Scene:
    obj = expect_object(
        value,
        where,
        ["title", "caption", "parameters"],
        ["tab", "animation", "focus", "assumptions", "pins", "shape"],
    )
    tab = obj.get("tab")
    if tab is not None:
        expect_string(tab, f"{where}.tab", 40)
        if tab not in TAB_IDS:
            raise FileProblem(
                "range",
                _("{where}.tab must be one of {choices}, got {tab!r}").format(
                    where=where, choices=", ".join(TAB_IDS), tab=tab
                ),
            )
    animation = None if obj.get("animation") is None else _animation(obj["animation"], f"{where}.animation")
    if animation is not None and tab not in (None, "token-run"):
        raise FileProblem(
            "schema",
            _("{where} has an animation, so its tab must be 'token-run', not {tab!r}").format(
                where=where, tab=tab
            ),
        )
    focus = "run" if animation is not None else "chart"
    if obj.get("focus") is not None:
        focus = expect_string(obj["focus"], f"{where}.focus", 10)
        if focus not in SCENE_FOCI:
            raise FileProblem(
                "range",
                _("{where}.focus must be one of {choices}, got {focus!r}").format(
                    where=where, choices=", ".join(SCENE_FOCI), focus=focus
                ),
            )
        if focus == "essay" and (tab is None or tab == "token-run"):
            raise FileProblem(
                "schema", _("{where}.focus is 'essay', so its tab must name an essay").format(where=where)
            )
        if focus == "run" and animation is None and tab not in (None, "token-run"):
            raise FileProblem(
                "schema",
                _("{where}.focus is 'run', so its tab must be 'token-run', not {tab!r}").format(
                    where=where, tab=tab
                ),
            )
    return Scene(
        focus=focus,
        title=expect_string(obj["title"], f"{where}.title", MAX_TITLE),
        caption=expect_string(obj["caption"], f"{where}.caption", MAX_CAPTION),
        configuration=Configuration(
            expect_parameters(obj["parameters"], f"{where}.parameters"),
            DEFAULT_ASSUMPTIONS
            if obj.get("assumptions") is None
            else expect_assumptions(obj["assumptions"], f"{where}.assumptions", partial=True),
            DEFAULT_SHAPE if obj.get("shape") is None else expect_shape(obj["shape"], f"{where}.shape"),
        ),
        tab="token-run" if animation is not None or focus == "run" else tab,
        animation=animation,
        pins=None if obj.get("pins") is None else expect_pins(obj["pins"], f"{where}.pins"),
    )


def tour_from_json(document: Any) -> Tour:
    """Validate a parsed tour document.

    Raises
    ------
    FileProblem
        Naming the key at fault (without a file name).
    """
    doc = expect_header(document, TOUR_FORMAT, TOUR_VERSION, N_("SpecDec Desktop tour"))
    expect_object(doc, _("the file"), ["format", "version", "title", "scenes"])
    scenes = doc["scenes"]
    if not isinstance(scenes, list):
        raise FileProblem("type", _("scenes must be a list of scenes"))
    if not 1 <= len(scenes) <= MAX_SCENES:
        raise FileProblem(
            "range",
            _("scenes must hold 1 to {MAX_SCENES} scenes, got {len_scenes}").format(
                MAX_SCENES=MAX_SCENES, len_scenes=len(scenes)
            ),
        )
    return Tour(
        title=expect_string(doc["title"], "title", MAX_TITLE),
        scenes=tuple(_scene(scene, f"scenes[{i}]") for i, scene in enumerate(scenes)),
    )


def _scene_to_json(scene: Scene) -> dict[str, Any]:
    document: dict[str, Any] = {
        "title": scene.title,
        "caption": scene.caption,
        "parameters": scene.parameters.as_dict(),
    }
    if not scene.assumptions.is_default:
        document["assumptions"] = scene.assumptions.as_dict()
    if scene.configuration.shape != DEFAULT_SHAPE:
        document["shape"] = scene.configuration.shape.as_dict()
    if scene.tab is not None:
        document["tab"] = scene.tab
    if scene.animation is not None:
        animation: dict[str, Any] = {"play": scene.animation.play, "speed": scene.animation.speed}
        if scene.animation.seed is not None:
            animation["seed"] = scene.animation.seed
        document["animation"] = animation
    document["focus"] = scene.focus
    if scene.pins is not None:
        document["pins"] = [pin.as_dict() for pin in scene.pins]
    return document


def tour_to_json(tour: Tour) -> dict[str, Any]:
    """The JSON document for ``tour`` (the inverse of :func:`tour_from_json`)."""
    return {
        "format": TOUR_FORMAT,
        "version": TOUR_VERSION,
        "title": tour.title,
        "scenes": [_scene_to_json(scene) for scene in tour.scenes],
    }


def save_tour(path: str | os.PathLike[str], tour: Tour) -> None:
    """Write ``tour`` to ``path`` in one step (:mod:`specdec_desktop.atomic_write`).

    Raises
    ------
    OSError
        If the folder cannot be written (the file that was there is left as it was).
    """
    text = json.dumps(tour_to_json(tour), indent=2, ensure_ascii=False) + "\n"
    write_atomically(path, text.encode("utf-8"))


def load_tour(path: str | os.PathLike[str]) -> Tour:
    """Read and validate the tour file at ``path``.

    Raises
    ------
    FileProblem
        Naming the file and the problem.
    """
    document = read_json(path, max_bytes=DEFAULT_MAX_BYTES)
    try:
        return tour_from_json(document)
    except FileProblem as problem:
        raise problem.with_path(path) from None


def default_tour_path() -> Path:
    """The tour bundled with the app (``resources/tours/default.json``)."""
    return resources.path("tours", "default.json")
