"""Scenario and tour files: strict, bounded reading, and a round trip (no Qt)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from specdec_desktop.model import Parameters, readouts
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.model.pins import Pin
from specdec_desktop.model.trees import DraftShape
from specdec_desktop.scenario import (
    FileProblem,
    Scenario,
    TourPosition,
    default_tour_path,
    load_scenario,
    load_tour,
    read_json,
    save_scenario,
)
from specdec_desktop.scenario.safe_json import DEFAULT_MAX_BYTES, parse_json_bytes
from specdec_desktop.scenario.scenario_file import SCENARIO_VERSION, scenario_to_json
from specdec_desktop.scenario.tour_file import tour_from_json

GOOD = {
    "format": "specdec-desktop-scenario",
    "version": 1,
    "parameters": {"k": 8, "p": 0.8, "c": 0.1},
    "view": {"theme": "projector", "zoom": 1.25},
    "tour": {"file": "default", "scene": 3, "active": True},
}


def write(tmp_path: Path, content: str | bytes, name: str = "s.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def variant(**changes) -> str:
    document = json.loads(json.dumps(GOOD))
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        target = document
        for key in parents:
            target = target[key]
        if value is KeyError:
            del target[last]
        else:
            target[last] = value
    return json.dumps(document)


def test_good_scenario_loads(tmp_path):
    scenario = load_scenario(write(tmp_path, json.dumps(GOOD)))
    assert scenario == Scenario(
        Configuration(Parameters(k=8, p=0.8, c=0.1)),
        theme="projector",
        zoom=1.25,
        tour=TourPosition(file="default", scene=2, active=True),
    )


def test_round_trip(tmp_path):
    original = Scenario(
        Configuration(Parameters(k=3, p=0.123, c=0.999)), "dark", 0.67, TourPosition("my tour.json", 0, False)
    )
    path = tmp_path / "round.json"
    save_scenario(path, original)
    assert load_scenario(path) == original
    assert json.loads(path.read_text())["tour"]["scene"] == 1  # 1-based in the file
    save_scenario(path, Scenario())
    assert load_scenario(path) == Scenario()
    assert "tour" not in json.loads(path.read_text())
    assert list(tmp_path.iterdir()) == [path]  # no temporary left behind


def test_a_draft_shape_and_a_tree_pin_round_trip(tmp_path):
    shape = DraftShape(kind="paths", paths=((0,), (1,), (0, 0), (0, 1)), more_ranks=(0.2,))
    configuration = Configuration(Parameters(k=4, p=0.7, c=0.1), shape=shape)
    original = Scenario(configuration, pinned=(Pin("tree", configuration), Pin("chain", Configuration())))
    path = tmp_path / "tree.json"
    save_scenario(path, original)
    assert load_scenario(path) == original
    document = json.loads(path.read_text())
    assert document["shape"]["paths"] == [[0], [1], [0, 0], [0, 1]]
    assert "shape" in document["pinned"][0] and "shape" not in document["pinned"][1]
    document["version"] = 2  # a version 2 file has no shape
    path.write_text(json.dumps(document))
    with pytest.raises(FileProblem, match="shape"):
        load_scenario(path)
    document["shape"]["kind"] = "spiral"
    document["version"] = 3
    path.write_text(json.dumps(document))
    with pytest.raises(FileProblem, match="shape"):
        load_scenario(path)


def test_saving_into_a_missing_folder_raises_oserror(tmp_path):
    with pytest.raises(OSError):
        save_scenario(tmp_path / "nope" / "s.json", Scenario())


BAD_FILES = {
    # case: (content, words the message must contain, FileProblem.kind)
    "truncated": (json.dumps(GOOD)[:-7], "cut off", "truncated"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary", "binary"),
    "not_utf8": (b'{"format": "caf\xe9"}', "UTF-8", "not_utf8"),
    "empty": (b"   \n", "empty", "empty"),
    "not_json": ("{'format': 1}", "line 1, column 2", "not_json"),
    "not_finite_nan": (variant(parameters__p=0.5).replace("0.5", "NaN"), "NaN", "not_finite"),
    "not_finite_inf": (variant(parameters__p=0.5).replace("0.5", "-Infinity"), "-Infinity", "not_finite"),
    "not_finite_overflow": (variant(parameters__p=0.5).replace("0.5", "1e999"), "too large", "not_finite"),
    "duplicate_key": (
        variant().replace('"zoom": 1.25', '"zoom": 1.25, "zoom": 2'),
        "'zoom' appears twice",
        "duplicate_key",
    ),
    "too_deep": ('{"a":' * 30 + "1" + "}" * 30, "levels deep", "too_deep"),
    "format_missing": (json.dumps({"version": 1}), "no 'format' key", "format"),
    "format_tour": (
        json.dumps({"format": "specdec-desktop-tour", "version": 1}),
        "not a SpecDec Desktop scenario",
        "format",
    ),
    "format_list": ("[1, 2, 3]", "JSON object", "format"),
    "version_newer": (variant(version=SCENARIO_VERSION + 1), "newer", "version"),
    "version_older": (variant(version=0), "version 0", "version"),
    "version_text": (variant(version="1"), "version number", "version"),
    "version_missing": (variant(version=KeyError), "version number", "version"),
    "type_p_text": (variant(parameters__p="0.8"), "parameters.p must be a number, got '0.8'", "type"),
    "type_k_fraction": (variant(parameters__k=2.5), "parameters.k must be a whole number", "type"),
    "type_k_bool": (variant(parameters__k=True), "parameters.k must be a number, got true", "type"),
    "type_view_list": (variant(view=[1]), "view must be an object", "type"),
    "type_zoom_null": (variant(view__zoom=None), "view.zoom must be a number, got null", "type"),
    "type_active": (variant(tour__active="yes"), "tour.active must be true or false", "type"),
    "range_p": (
        variant(parameters__p=1.5),
        "parameters.p must lie between 0.000 and 1.000, got 1.5",
        "range",
    ),
    "range_c": (variant(parameters__c=-0.1), "parameters.c must lie between", "range"),
    "range_k": (variant(parameters__k=0), "parameters.k must lie between 1 and 128", "range"),
    "range_zoom": (variant(view__zoom=9), "view.zoom must lie between 0.5 and 3", "range"),
    "range_theme": (
        variant(view__theme="neon"),
        "view.theme must be one of system, light, dark, projector",
        "range",
    ),
    "range_scene": (variant(tour__scene=0), "tour.scene must lie between 1 and", "range"),
    "schema_unknown": (variant(colour="red"), "unknown key 'colour'", "schema"),
    "schema_typo": (variant(parameters__q=0.5), "parameters has an unknown key 'q'", "schema"),
    "schema_missing": (variant(parameters__c=KeyError), "parameters is missing the key 'c'", "schema"),
    "schema_view_missing": (variant(view=KeyError), "missing the key 'view'", "schema"),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=BAD_FILES.keys())
def test_every_kind_of_bad_scenario_is_named(tmp_path, case):
    content, words, kind = BAD_FILES[case]
    path = write(tmp_path, content, "bad scenario.json")
    with pytest.raises(FileProblem) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert message.startswith("bad scenario.json: "), message
    assert words in message, message
    assert caught.value.kind == kind
    assert "\n" not in message and len(message) < 200


def test_size_limit_is_checked_before_reading(tmp_path, monkeypatch):
    path = write(tmp_path, " " * (DEFAULT_MAX_BYTES + 1))

    def refuse(*args, **kwargs):
        raise AssertionError("the file was opened although it is over the limit")

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(FileProblem, match="the limit is 64 KiB") as caught:
        load_scenario(path)
    assert caught.value.kind == "too_large"


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert load_scenario(path).zoom == 1.25


def test_missing_folder_and_device(tmp_path):
    with pytest.raises(FileProblem, match="no such file"):
        load_scenario(tmp_path / "absent.json")
    with pytest.raises(FileProblem, match="is a folder"):
        load_scenario(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(FileProblem, match="not a regular file"):
            read_json("/dev/zero")


def test_huge_integer_literal_is_refused():
    with pytest.raises(FileProblem, match="digits"):
        parse_json_bytes(b'{"k": ' + b"9" * 5000 + b"}")


def test_integral_float_k_is_accepted(tmp_path):
    assert load_scenario(write(tmp_path, variant(parameters__k=6.0))).parameters.k == 6


def test_to_json_has_exactly_the_documented_keys():
    document = scenario_to_json(Scenario(tour=TourPosition("default", 4, True)))
    assert set(document) == {"format", "version", "parameters", "view", "tour", "assumptions", "shape"}
    assert document["tour"] == {"file": "default", "scene": 5, "active": True}


# -- tours ------------------------------------------------------------------------------


def test_bundled_tour_tells_the_story():
    """The captions of the bundled tour are true of the model (README: the guided tour)."""
    tour = load_tour(default_tour_path())
    # The chart's story; the essay scenes between its steps explain them (tested below).
    scenes = [scene for scene in tour.scenes if scene.focus != "essay"]
    assert len(scenes) >= 6
    figures = [readouts(scene.parameters) for scene in scenes]
    # 1. the default is past the peak
    assert scenes[0].parameters == Parameters()
    assert figures[0].best_k is not None and figures[0].best_k < scenes[0].parameters.k
    assert "1.82×" in scenes[0].caption and "1.91×" in scenes[0].caption
    # 2. more acceptance moves the peak right
    assert scenes[1].parameters.p > scenes[0].parameters.p
    assert figures[1].best_k > figures[0].best_k and f"{figures[1].best_speedup:.2f}×" in scenes[1].caption
    # 3. a cheap draft: best k and speedup both up
    assert scenes[2].parameters.c < scenes[0].parameters.c
    assert figures[2].best_k > figures[0].best_k and f"{figures[2].best_speedup:.2f}×" in scenes[2].caption
    # 4. an expensive draft where speculation does not pay
    assert figures[3].best_k == 0 and figures[3].speedup < 1
    # 5-6. acceptance is not the target: the more accepted draft is the slower one
    careful, quick = scenes[4].parameters, scenes[5].parameters
    assert careful.p > quick.p
    assert figures[4].best_speedup < figures[5].best_speedup
    assert f"{figures[4].best_speedup:.2f}×" in scenes[4].caption
    assert f"{figures[5].speedup:.2f}×" in scenes[5].caption
    # 7. one run token by token
    run = next(scene for scene in scenes if scene.animation is not None)
    assert run.tab == "token-run" and run.animation.play and run.animation.seed is not None
    assert f"{readouts(run.parameters).speedup:.2f}×" in run.caption


def test_the_tour_shows_each_essay_when_its_scene_is_about_it():
    """Issue 21, point 4: the geometric series, acceptance is not the target, what the model leaves
    out, each whole in an essay scene right after the chart scene it explains."""
    scenes = load_tour(default_tour_path()).scenes
    essays = {scene.tab: index for index, scene in enumerate(scenes) if scene.focus == "essay"}
    assert {"why-peak", "acceptance", "model-limits"} <= set(essays)
    assert "geometric series" in scenes[essays["why-peak"]].caption
    before = scenes[essays["acceptance"] - 1]
    assert before.tab == "acceptance" and before.pins  # right after the careful draft loses
    assert scenes[essays["acceptance"]].configuration == before.configuration


def test_the_tree_scenes_say_what_the_model_gives():
    """Same budget, a tree against a chain; then a verify pass that grows and stops the tree."""
    from specdec_desktop.model.trees import shape_figures

    scenes = load_tour(default_tour_path()).scenes
    same, costly = (scene for scene in scenes if scene.configuration.shape.kind != "chain")
    tree = shape_figures(same.configuration.shape, same.parameters, same.assumptions)
    chain = readouts(same.parameters)
    assert tree.resolved.nodes == same.parameters.k == 8 and tree.speedup > chain.speedup
    for number in (tree.tokens, chain.tokens_per_cycle, tree.cost, chain.cost_per_cycle):
        assert f"{number:.2f}" in same.caption
    assert f"{tree.speedup:.2f}×" in same.caption and f"{chain.speedup:.2f}×" in same.caption
    wide = shape_figures(costly.configuration.shape, costly.parameters, costly.assumptions)
    best_chain = readouts(costly.parameters, costly.assumptions)
    assert costly.configuration.shape.budget == 64 and wide.resolved.nodes == 8 < 64
    assert best_chain.best_k == costly.parameters.k
    assert f"{wide.speedup:.2f}×" in costly.caption and f"{best_chain.best_speedup:.2f}×" in costly.caption


def test_tour_errors_name_the_scene(tmp_path):
    document = json.loads(default_tour_path().read_text(encoding="utf-8"))
    document["scenes"][2]["parameters"]["p"] = 2
    with pytest.raises(FileProblem, match=r"scenes\[2\]\.parameters\.p must lie between"):
        tour_from_json(document)
    document = json.loads(default_tour_path().read_text(encoding="utf-8"))
    document["scenes"][0]["tab"] = "chart"
    with pytest.raises(FileProblem, match=r"scenes\[0\]\.tab must be one of token-run"):
        tour_from_json(document)
    document = json.loads(default_tour_path().read_text(encoding="utf-8"))
    document["scenes"][1]["shape"] = {"kind": "spiral"}
    with pytest.raises(FileProblem, match=r"scenes\[1\]\.shape: shape must be one of"):
        tour_from_json(document)
    document["scenes"] = []
    with pytest.raises(FileProblem, match="1 to 100 scenes"):
        tour_from_json(document)
    with pytest.raises(FileProblem, match="not a SpecDec Desktop tour"):
        load_tour(write(tmp_path, json.dumps(GOOD)))


def test_a_tour_seed_is_one_the_run_accepts():
    """The tour format takes its seed limit from the run: 3,000,000,000 is refused by the file, not
    by the run inside the scene (where it would stop the scene's caption from showing)."""
    from specdec_desktop.model.parameters import RUN_SEED_MAX

    base = {"title": "t", "caption": "c", "parameters": {"k": 4, "p": 0.7, "c": 0.1}, "tab": "token-run"}
    doc = {"format": "specdec-desktop-tour", "version": 1, "title": "T", "scenes": [base]}
    base["animation"] = {"play": True, "seed": 3_000_000_000}
    with pytest.raises(
        FileProblem, match=rf"scenes\[0\]\.animation\.seed must lie between 0 and {RUN_SEED_MAX}"
    ):
        tour_from_json(doc)
    base["animation"] = {"play": True, "seed": RUN_SEED_MAX}
    assert tour_from_json(doc).scenes[0].animation.seed == RUN_SEED_MAX == 2**31 - 1


def test_animation_block_is_checked():
    base = {"title": "t", "caption": "c", "parameters": {"k": 4, "p": 0.7, "c": 0.1}}
    doc = {"format": "specdec-desktop-tour", "version": 1, "title": "T", "scenes": [base]}
    base["animation"] = {"play": True, "speed": 0}
    with pytest.raises(FileProblem, match=r"scenes\[0\]\.animation\.speed must lie between 0.25 and 8"):
        tour_from_json(doc)
    base["animation"] = {"play": True, "seed": -1}
    with pytest.raises(FileProblem, match="seed must lie between 0"):
        tour_from_json(doc)
    base["animation"] = {"play": False}
    base["tab"] = "why-peak"
    with pytest.raises(FileProblem, match="tab must be 'token-run'"):
        tour_from_json(doc)
    del base["tab"]
    scene = tour_from_json(doc).scenes[0]
    assert scene.tab == "token-run" and scene.animation.seed is None and scene.animation.speed == 1.0


def test_file_layer_imports_no_qt():
    code = (
        "import sys, specdec_desktop.scenario, specdec_desktop.view_options;"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))], 'Qt imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_tour_ends_with_where_p_comes_from():
    """The sampling scenes (issue 26) show the sampling tab, and their figures are the worked pair's."""
    from specdec_desktop.model.sampling import acceptances, softmax
    from specdec_desktop.wording.sampling import PAIRS

    scenes = load_tour(default_tour_path()).scenes
    where, lossless = scenes[-2], scenes[-1]
    assert where.tab == lossless.tab == "sampling"
    pair = PAIRS[0]
    rules = acceptances(softmax(pair.target_logits), softmax(pair.draft_logits))
    assert f"{rules['probabilistic']:.2f}" in where.caption and f"{rules['strict']:.2f}" in where.caption
    assert "never what" in lossless.caption
