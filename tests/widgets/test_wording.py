"""What the app says, without Qt: one table of cards, one way to write each kind of number."""

from __future__ import annotations

from specdec_desktop.model import Parameters, RaceTotals, readouts
from specdec_desktop.model.parameters import DRAFT_LENGTH, SPECS
from specdec_desktop.wording.cards import CARDS, card_texts, widest_values
from specdec_desktop.wording.numbers import format_count, format_parameter


def test_every_card_of_the_table_has_its_texts():
    names = [card.name for card in CARDS]
    assert len(set(names)) == len(names) == 4
    assert list(card_texts(readouts(Parameters()))) == names
    assert list(widest_values(128)) == names


def test_a_parameter_value_is_written_one_way():
    assert format_parameter("p", 0.75) == "0.750"
    assert format_parameter("p", 0.7512) == "0.7512"  # a file's or the command line's digits kept
    assert format_parameter("c", -0.0) == "0.000"
    assert format_parameter("k", 6) == "6"
    for spec in SPECS:
        assert spec.validate(format_parameter(spec.name, spec.default)) == spec.default


def test_a_best_k_beyond_the_slider_says_so():
    """1,144 at p = 0.999, c = 0.001: the card says the slider stops short of it."""
    figures = readouts(Parameters(p=0.999, c=0.001))
    assert figures.best_k == 1144
    best = card_texts(figures)["bestCard"]
    assert best.value == "k = 1,144"
    assert f"beyond the slider, which stops at {int(DRAFT_LENGTH.maximum)}" in best.detail
    within = card_texts(readouts(Parameters()))["bestCard"]
    assert "beyond" not in within.detail


def test_counts_read_the_same_in_the_lanes_and_the_totals(qapp):
    from specdec_desktop.theme import LIGHT
    from specdec_desktop.views.token_run.race_lanes import RaceLanes
    from specdec_desktop.views.token_run.totals_panel import format_totals

    totals = RaceTotals(
        passes=40_000.0,
        cycles_checked=10_000,
        draft_steps=60_000,
        accepted_tokens=26_633,
        plain_tokens=36_633,
        draft_cost=0.15,
        expected_speedup=1.82,
        achieved_speedup=1.8,
        standard_error=0.01,
    )
    assert format_totals(totals)["plainTokens"] == format_count(36_633) == "36,633"
    lanes = RaceLanes(LIGHT, "Inter")
    lanes.show_totals(totals)
    assert "plain decoding 36,633 tokens" in lanes.accessibleDescription()
