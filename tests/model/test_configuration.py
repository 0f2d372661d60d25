"""The configuration value (issue 22, point 1): one immutable, validated value, parts declared once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specdec_desktop.model import ASSUMPTION_SPECS, Assumptions, Parameters
from specdec_desktop.model.assumptions import COST_ASSUMPTIONS, TOKEN_ASSUMPTIONS
from specdec_desktop.model.configuration import (
    CONFIGURATION_PARTS,
    DEFAULT_CONFIGURATION,
    Configuration,
)

assumptions = st.builds(
    Assumptions,
    decay=st.sampled_from([1.0, 0.9, 0.5]),
    spread=st.sampled_from([None, 2.0, 50.0]),
    verify_growth=st.sampled_from([0.0, 0.05]),
    batch=st.sampled_from([1, 8, 64]),
    knee=st.sampled_from([None, 16.0, 128.0]),
    overhead=st.sampled_from([0.0, 0.2]),
)
parameters = st.builds(
    Parameters,
    k=st.integers(1, 128),
    p=st.floats(0.0, 1.0, allow_nan=False),
    c=st.floats(0.0, 1.0, allow_nan=False),
)
configurations = st.builds(Configuration, parameters, assumptions)


def test_defaults_are_the_original_model():
    assert DEFAULT_CONFIGURATION == Configuration(Parameters(), Assumptions())
    assert DEFAULT_CONFIGURATION.assumptions.is_default
    assert CONFIGURATION_PARTS == ("parameters", "assumptions", "shape")
    assert DEFAULT_CONFIGURATION.shape.kind == "chain"


def test_is_immutable_and_checks_its_parts():
    with pytest.raises(AttributeError):
        DEFAULT_CONFIGURATION.parameters = Parameters(k=3)  # type: ignore[misc]
    with pytest.raises(ValueError, match="parameters"):
        Configuration(parameters={"k": 3})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="assumptions"):
        Configuration(assumptions={"decay": 0.9})  # type: ignore[arg-type]


def test_with_values_routes_each_name_to_its_part_and_validates_it():
    changed = DEFAULT_CONFIGURATION.with_values(k=9, decay=0.9, knee=64)
    assert changed == Configuration(Parameters(k=9), Assumptions(decay=0.9, knee=64.0))
    whole = DEFAULT_CONFIGURATION.with_values(assumptions=Assumptions(spread=2.0), p=0.5)
    assert whole == Configuration(Parameters(p=0.5), Assumptions(spread=2.0))
    with pytest.raises(ValueError, match="unknown configuration value 'speed'"):
        DEFAULT_CONFIGURATION.with_values(speed=2)
    with pytest.raises(ValueError, match="decay"):
        DEFAULT_CONFIGURATION.with_values(decay=0.0)
    with pytest.raises(ValueError, match="k"):
        DEFAULT_CONFIGURATION.with_values(k=0)


@given(configurations, configurations)
def test_differences_name_exactly_the_values_that_differ(first, second):
    names = first.differences(second)
    values = {**first.parameters.as_dict(), **first.assumptions.as_dict()}
    others = {**second.parameters.as_dict(), **second.assumptions.as_dict()}
    assert names == [name for name in values if values[name] != others[name]]
    assert (names == []) == (first == second)


def test_which_assumptions_move_tokens_and_which_move_cost_is_declared_once():
    assert TOKEN_ASSUMPTIONS == ("decay", "spread")
    assert COST_ASSUMPTIONS == ("verify_growth", "batch", "knee", "overhead")
    assert set(TOKEN_ASSUMPTIONS) | set(COST_ASSUMPTIONS) == {spec.name for spec in ASSUMPTION_SPECS}


@given(assumptions)
def test_changes_tokens_and_cost_read_the_declarations(a):
    # What the model's code paths branch on (docs/model.md): decay or spread move the tokens;
    # verify growth, overhead or the knee move the cost, and the batch only through the knee.
    assert a.changes_tokens == (a.decay != 1.0 or a.spread is not None)
    assert a.changes_cost == (a.verify_growth != 0.0 or a.overhead != 0.0 or a.knee is not None)
