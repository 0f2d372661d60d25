"""Pins without Qt: names, the set's limits, the table's figures, and pins in scenario and tour files."""

from __future__ import annotations

import pytest

from specdec_desktop.model import Assumptions, Parameters, best_draft_length, expected_tokens, speedup
from specdec_desktop.model.configuration import Configuration
from specdec_desktop.model.pins import MAX_NAME_LENGTH, MAX_PINS, Pin, check_name, check_pins, pin_figures
from specdec_desktop.scenario import FileProblem
from specdec_desktop.scenario.scenario_file import Scenario, scenario_from_json, scenario_to_json
from specdec_desktop.scenario.tour_file import default_tour_path, load_tour, tour_from_json


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("x" * (MAX_NAME_LENGTH + 1), "at most"),
        ("two\nlines", "control characters"),
        (None, "must be text"),
    ],
)
def test_bad_names_are_refused_with_a_message(name, message):
    with pytest.raises(ValueError, match=message):
        check_name(name)


def test_names_are_trimmed_and_kept():
    assert check_name("  T5-small ") == "T5-small"
    assert check_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH


def test_set_limits_and_duplicates():
    pins = [Pin(f"p{i}", Configuration(Parameters(p=0.5 + i / 20))) for i in range(MAX_PINS)]
    assert check_pins(pins) == tuple(pins)
    with pytest.raises(ValueError, match="at most 6"):
        check_pins([*pins, Pin("seventh", Configuration(Parameters()))])
    with pytest.raises(ValueError, match="exists already"):
        check_pins([Pin("A", Configuration(Parameters())), Pin("a", Configuration(Parameters(k=3)))])


def test_figures_are_the_models():
    pin = Pin("x", Configuration(Parameters(k=6, p=0.75, c=0.15)))
    figures = pin_figures(pin)
    assert figures.accepted_ratio == pytest.approx((expected_tokens(0.75, 6) - 1) / 6)
    assert figures.speedup == speedup(0.75, 6, 0.15)
    assert figures.best_k == best_draft_length(0.75, 0.15) == 4
    assert figures.best_speedup == speedup(0.75, 4, 0.15)
    assert pin_figures(Pin("y", Configuration(Parameters(p=1.0, c=0.1)))).best_k is None


def test_figures_follow_the_pins_assumptions():
    plain = pin_figures(Pin("a", Configuration(Parameters(k=6, p=0.8, c=0.05))))
    decayed = pin_figures(Pin("b", Configuration(Parameters(k=6, p=0.8, c=0.05), Assumptions(decay=0.9))))
    assert decayed.speedup < plain.speedup
    assert decayed.speedup == pytest.approx(speedup(0.8, 6, 0.05, decay=0.9))
    with pytest.raises(ValueError, match="decay"):
        Pin("c", Configuration(Parameters(), Assumptions(decay=0.0)))


def test_higher_acceptance_can_be_slower():
    careful = pin_figures(Pin("careful", Configuration(Parameters(k=4, p=0.92, c=0.45))))
    quick = pin_figures(Pin("quick", Configuration(Parameters(k=4, p=0.7, c=0.1))))
    assert careful.accepted_ratio > quick.accepted_ratio and careful.speedup < quick.speedup


def _scenario(pinned):
    return {
        "format": "specdec-desktop-scenario",
        "version": 2,
        "parameters": {"k": 6, "p": 0.75, "c": 0.15},
        "view": {"theme": "light", "zoom": 1.0},
        "pinned": pinned,
    }


def test_scenario_round_trip_with_pins():
    pins = (
        Pin("a", Configuration(Parameters(k=7, p=0.75, c=0.02))),
        Pin("b", Configuration(Parameters(k=3, p=0.9, c=0.3), Assumptions(decay=0.9))),
    )
    document = scenario_to_json(Scenario(pinned=pins))
    assert scenario_from_json(document).pinned == pins
    assert "pinned" not in scenario_to_json(Scenario())


@pytest.mark.parametrize(
    ("pinned", "message"),
    [
        ({"name": "a"}, "pinned must be a list"),
        ([{"name": "", "k": 6, "p": 0.5, "c": 0.1}], r"pinned\[0\].name must not be empty"),
        ([{"name": "x" * 40, "k": 6, "p": 0.5, "c": 0.1}], r"pinned\[0\].name is 40 characters"),
        ([{"name": "a", "k": 6, "p": 1.5, "c": 0.1}], r"pinned\[0\].p must lie"),
        ([{"name": "a", "k": 6, "p": 0.5}], "missing the key 'c'"),
        ([{"name": "a", "k": 6, "p": 0.5, "c": 0.1, "colour": 1}], "unknown key 'colour'"),
        ([{"name": "a", "k": 6, "p": 0.5, "c": 0.1, "assumptions": {"decay": 2}}], "decay"),
        ([{"name": f"n{i}", "k": 6, "p": 0.5, "c": 0.1} for i in range(7)], "holds 7 pins; the limit is 6"),
        (
            [{"name": "a", "k": 6, "p": 0.5, "c": 0.1}, {"name": "A", "k": 5, "p": 0.5, "c": 0.1}],
            "exists already",
        ),
    ],
)
def test_malformed_pinned_sets_name_the_key(pinned, message):
    with pytest.raises(FileProblem, match=message):
        scenario_from_json(_scenario(pinned))


def test_tour_scene_pins_and_the_default_tour_pins_the_careful_draft():
    tour = load_tour(default_tour_path())
    with_pins = [scene for scene in tour.scenes if scene.pins]
    assert with_pins and with_pins[0].tab == "acceptance"
    assert with_pins[0].pins[0].params.p > with_pins[0].parameters.p  # higher acceptance, pinned beside
    document = {
        "format": "specdec-desktop-tour",
        "version": 1,
        "title": "t",
        "scenes": [{"title": "s", "caption": "c", "parameters": {"k": 4, "p": 0.7, "c": 0.1}, "pins": [{}]}],
    }
    with pytest.raises(FileProblem, match=r"scenes\[\d\].pins\[0\] is missing the key 'name'"):
        tour_from_json(document)
