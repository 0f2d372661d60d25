"""The invariant switch: on in every test, off by default, and it catches a broken figure."""

from __future__ import annotations

import dataclasses

import pytest

from specdec_desktop.model import Parameters, invariants, readouts


def test_switched_on_for_the_test_suite():
    assert invariants.enabled()


def test_off_unless_asked(monkeypatch):
    monkeypatch.delenv(invariants.ENV_VAR)
    assert not invariants.enabled()
    monkeypatch.setenv(invariants.ENV_VAR, "0")
    assert not invariants.enabled()


def test_catches_a_wrong_speedup():
    good = readouts(Parameters())
    invariants.check_readouts(good)
    with pytest.raises(invariants.InvariantError, match="S != E / C"):
        invariants.check_readouts(dataclasses.replace(good, speedup=good.speedup * 1.01))


def test_catches_a_wrong_best_k():
    good = readouts(Parameters())
    with pytest.raises(invariants.InvariantError, match="beaten"):
        invariants.check_readouts(dataclasses.replace(good, best_k=6))
    with pytest.raises(invariants.InvariantError, match="no peak"):
        invariants.check_readouts(dataclasses.replace(good, best_k=None))


def test_catches_tokens_out_of_bounds():
    good = readouts(Parameters(k=2))
    with pytest.raises(invariants.InvariantError, match=r"not in \[1, k\+1\]"):
        invariants.check_readouts(dataclasses.replace(good, tokens_per_cycle=3.5))


def test_catches_inconsistent_cycle_states():
    import numpy as np

    from specdec_desktop.model.trace import TokenState, resolved_states

    accepted = np.array([0, 2, 3])
    states = resolved_states(accepted, 3)
    invariants.check_cycle_states(states, accepted, 3)
    broken = states.copy()
    broken[0, 2] = TokenState.ACCEPTED  # a guess after the mismatch survives
    with pytest.raises(invariants.InvariantError, match="after the mismatch"):
        invariants.check_cycle_states(broken, accepted, 3)
    broken = states.copy()
    broken[2, 3] = TokenState.CORRECTION  # all accepted, yet the target "corrects"
    with pytest.raises(invariants.InvariantError, match=r"bonus \(all accepted\) or empty"):
        invariants.check_cycle_states(broken, accepted, 3)
