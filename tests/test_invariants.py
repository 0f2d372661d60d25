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
