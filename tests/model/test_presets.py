"""The cited presets: at least eight, each cited, in range, and the arithmetic they claim."""

from __future__ import annotations

import pytest

from specdec_desktop.measured.fit import tokens_per_step
from specdec_desktop.model import speedup
from specdec_desktop.presets import PRESETS, preset_named


def test_at_least_eight_presets_with_the_required_sources():
    assert len(PRESETS) >= 8
    sources = " ".join(preset.source for preset in PRESETS)
    for required in ("Leviathan", "Chen et al. 2023", "EAGLE", "Medusa"):
        assert required in sources
    leviathan = [p.name for p in PRESETS if p.source.startswith("Leviathan")]
    for draft in ("T5-small", "T5-base", "T5-large"):
        assert any(draft in name for name in leviathan)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_each_preset_is_cited_in_range_and_explained(preset):
    assert "Table" in preset.source or "§" in preset.source
    assert 0 <= preset.p <= 1 and 0 <= preset.c <= 1 and preset.k >= 1
    assert preset.why.strip() and preset.derivation.strip() and preset.published_note.strip()
    assert preset.predicted_speedup == speedup(preset.p, preset.k, preset.c)
    data = preset.as_dict()
    for key in ("name", "p", "c", "k", "source", "published_speedup"):
        assert key in data


def test_leviathan_table_4_expectations_are_reproduced():
    # Table 4 (§A.3) prints the formula's value to one decimal: the presets must agree with it.
    expected = {"T5-small draft (translation, greedy)": 3.2, "T5-base draft (translation, greedy)": 3.3}
    expected |= {"T5-large draft (translation, greedy)": 2.5, "T5-small draft (summarisation, greedy)": 2.4}
    for suffix, value in expected.items():
        preset = preset_named(f"T5-XXL with {suffix}")
        assert round(preset.predicted_speedup, 1) == value


def test_acceptance_length_presets_reproduce_their_tau():
    for name, tau in [
        ("EAGLE on Vicuna 7B (MT-bench, greedy)", 3.94),
        ("Medusa-2 on Vicuna 7B (MT-bench)", 3.47),
    ]:
        preset = preset_named(name)
        assert tokens_per_step(preset.p, preset.k) == pytest.approx(tau, abs=5e-4)


def test_chen_presets_reproduce_their_speedup_by_construction():
    for name, published in [("Chinchilla 70B with a 4B draft (XSum, nucleus)", 1.92)]:
        preset = preset_named(name)
        assert preset.published_speedup == published
        assert preset.predicted_speedup == pytest.approx(published, abs=5e-3)
        assert preset.c == pytest.approx(1.8 / 14.1, abs=1e-4)


def test_unknown_preset_name_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="nonesuch"):
        preset_named("nonesuch")
