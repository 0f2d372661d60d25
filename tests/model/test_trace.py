"""The trace, its clock and the race totals (plain numpy, no QApplication)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdec_desktop.model import (
    Parameters,
    Timeline,
    TokenState,
    TraceStream,
    accepted_variance,
    build_trace,
    race_totals,
    resolved_states,
    simulate_cycles,
    speedup,
)

S = TokenState


# -- states of a checked cycle ------------------------------------------------------------


def test_states_of_each_outcome_spelled_out() -> None:
    states = resolved_states(np.array([0, 2, 4]), 4)
    assert states.tolist() == [
        [S.CORRECTION, S.DISCARDED, S.DISCARDED, S.DISCARDED, S.EMPTY],
        [S.ACCEPTED, S.ACCEPTED, S.CORRECTION, S.DISCARDED, S.EMPTY],
        [S.ACCEPTED, S.ACCEPTED, S.ACCEPTED, S.ACCEPTED, S.BONUS],
    ]


@given(st.integers(0, 40), st.lists(st.integers(0, 40), min_size=1, max_size=30))
def test_states_match_a_slot_by_slot_reading(k: int, raw: list[int]) -> None:
    accepted = np.minimum(np.array(raw), k)
    states = resolved_states(accepted, k)
    assert states.shape == (len(raw), k + 1)
    for a, row in zip(accepted, states, strict=True):
        assert (row[:a] == S.ACCEPTED).all()
        if a < k:
            # The correction stands where the rejected guess was; the row is k long, not k + 1.
            assert row[a] == S.CORRECTION
            assert (row[a + 1 : k] == S.DISCARDED).all()
            assert row[k] == S.EMPTY
        else:
            assert row[k] == S.BONUS
        # One token of the target's own, plus the accepted guesses.
        kept = np.isin(row, [S.ACCEPTED, S.BONUS, S.CORRECTION]).sum()
        assert kept == a + 1


# -- the clock ----------------------------------------------------------------------------


def test_event_times_are_draft_steps_then_a_check() -> None:
    timeline = Timeline(3, 0.2)
    times = timeline.event_times(2, 2)
    cost = 3 * 0.2 + 1
    expected = [[2 * cost + 0.2, 2 * cost + 0.4, 2 * cost + 0.6, 3 * cost], [3 * cost + 0.2, 3 * cost + 0.4]]
    np.testing.assert_allclose(times[0], expected[0])
    np.testing.assert_allclose(times[1][:2], expected[1])
    assert timeline.cycle_cost == pytest.approx(cost)


@settings(max_examples=200)
@given(
    st.integers(0, 64),
    st.floats(0.0, 1.0),
    st.integers(0, 5000),
    st.floats(0.0, 0.999),
)
def test_position_and_time_round_trip(k: int, c: float, events: int, fraction: float) -> None:
    timeline = Timeline(k, c)
    position = events + fraction
    passes = timeline.passes_at(position)
    back = timeline.position_at(passes)
    # Events that take no time are all done at once, so going back can only move forward.
    assert back >= position - 1e-6
    # Draft steps shorter than the timeline's rounding tolerance (c near 1e-9) count as taking no
    # time, so going back may land one such step later: allow that much.
    assert timeline.passes_at(back) == pytest.approx(passes, abs=2e-9 * max(1.0, passes))
    # Every event whose end time has passed is complete at that position.
    assert back == pytest.approx(timeline.positions_at([passes])[0])


@given(st.integers(0, 30), st.floats(0.0, 1.0), st.lists(st.floats(0.0, 1e4), min_size=2, max_size=20))
def test_position_never_runs_backwards_in_time(k: int, c: float, times: list[float]) -> None:
    timeline = Timeline(k, c)
    positions = timeline.positions_at(sorted(times))
    assert (np.diff(positions) >= -1e-9).all()


def test_stepping_at_zero_draft_cost_shows_one_guess_at_a_time() -> None:
    timeline = Timeline(4, 0.0)
    position = 0.0
    seen = []
    for _ in range(6):
        position = timeline.next_event(position)
        head = timeline.playhead(position)
        seen.append((head.cycle, head.events_done, head.passes))
    assert seen == [(0, 1, 0.0), (0, 2, 0.0), (0, 3, 0.0), (0, 4, 0.0), (1, 0, 1.0), (1, 1, 1.0)]
    # Playing, by contrast, drafts all four free guesses at once and starts the check.
    assert timeline.position_at(0.0) == 4.0


def test_plain_decoding_makes_one_token_per_pass() -> None:
    assert [Timeline.plain_tokens(t) for t in (0.0, 0.99, 1.0, 2.9999999999999996, 7.5)] == [0, 0, 1, 3, 7]


# -- the states at a playhead -------------------------------------------------------------


def test_states_while_drafting_and_checking() -> None:
    trace = build_trace(Parameters(k=3, p=0.5, c=0.25), 4, seed=5)
    timeline = trace.timeline
    drafting = trace.states_at(timeline.playhead(timeline.cycle_start(1) + 1.5))
    np.testing.assert_array_equal(drafting[0], trace.states()[0])
    assert drafting[1].tolist() == [S.PENDING, S.DRAFTING, S.EMPTY, S.EMPTY]
    assert (drafting[2:] == S.EMPTY).all()
    checking = trace.states_at(timeline.playhead(timeline.cycle_start(1) + 3.2))
    assert checking[1].tolist() == [S.PENDING, S.PENDING, S.PENDING, S.CHECKING]
    done = trace.states_at(timeline.playhead(timeline.cycle_start(2)))
    np.testing.assert_array_equal(done[:2], trace.states()[:2])
    assert done[2].tolist() == [S.DRAFTING, S.EMPTY, S.EMPTY, S.EMPTY]


def test_trace_replays_simulate_cycles_and_counts_tokens() -> None:
    params = Parameters(k=6, p=0.75, c=0.15)
    trace = build_trace(params, 1000, seed=9)
    np.testing.assert_array_equal(trace.accepted, simulate_cycles(0.75, 6, 1000, 9))
    assert trace.cumulative_tokens[-1] == (trace.accepted + 1).sum()
    window = trace.window(100, 200)
    assert window.first_cycle == 100 and window.n_cycles == 100
    assert window.tokens_before == trace.cumulative_tokens[99]
    with pytest.raises(ValueError):
        trace.accepted[0] = 3  # immutable


# -- the endless stream -------------------------------------------------------------------


def test_stream_replays_simulate_cycles() -> None:
    params = Parameters(k=5, p=0.6, c=0.2)
    stream = TraceStream(params, 21)
    expected = simulate_cycles(0.6, 5, 70_000, 21)
    np.testing.assert_array_equal(stream.accepted(0, 70_000), expected)
    np.testing.assert_array_equal(stream.accepted(65_530, 65_545), expected[65_530:65_545])
    assert stream.tokens_before(70_000) == (expected + 1).sum()
    assert stream.tokens_before(12_345) == (expected[:12_345] + 1).sum()


def test_stream_keeps_few_blocks_and_redraws_dropped_ones_identically() -> None:
    stream = TraceStream(Parameters(k=4, p=0.7, c=0.1), 3, block_cycles=64, keep_blocks=3)
    first = stream.accepted(0, 64)
    for block in range(200):
        stream.accepted(block * 64, block * 64 + 10)
        assert stream.retained_blocks <= 3
    np.testing.assert_array_equal(stream.accepted(0, 64), first)
    tokens = stream.tokens_before(200 * 64)
    again = TraceStream(Parameters(k=4, p=0.7, c=0.1), 3, block_cycles=64, keep_blocks=3)
    assert again.tokens_before(200 * 64) == tokens
    assert (again.accepted(0, 200 * 64) + 1).sum() == tokens


def test_stream_window_matches_its_accepted_counts() -> None:
    stream = TraceStream(Parameters(), 2)
    window = stream.window(40, 50)
    np.testing.assert_array_equal(window.accepted, stream.accepted(40, 50))
    assert window.tokens_before == stream.tokens_before(40)


def test_stream_rejects_a_bad_seed() -> None:
    with pytest.raises(ValueError, match=r"^seed "):
        TraceStream(Parameters(), -4)


# -- the race -----------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 3, 6, 20])
@pytest.mark.parametrize("p", [0.2, 0.75, 0.97])
def test_accepted_variance_matches_the_law(p: float, k: int) -> None:
    j = np.arange(k + 1)
    pmf = (1 - p) * p**j
    pmf[k] = p**k
    mean = (j * pmf).sum()
    assert accepted_variance(p, k) == pytest.approx((j**2 * pmf).sum() - mean**2, rel=1e-9)


def test_totals_mid_cycle() -> None:
    params = Parameters(k=6, p=0.75, c=0.15)
    stream = TraceStream(params, 13)
    timeline = stream.timeline
    head = timeline.playhead(timeline.cycle_start(10) + 3.5)  # cycle 10: 3 guesses drafted
    totals = race_totals(stream, head)
    accepted = simulate_cycles(0.75, 6, 10, 13)
    assert totals.cycles_checked == 10
    assert totals.accepted_tokens == accepted.sum()
    assert totals.speculative_tokens == accepted.sum() + 10
    assert totals.draft_steps == 63
    assert totals.passes == pytest.approx(10 * 1.9 + 3.5 * 0.15)
    assert totals.plain_tokens == math.floor(10 * 1.9 + 3.5 * 0.15)
    assert totals.achieved_speedup == pytest.approx((accepted + 1).sum() / (10 * 1.9))
    assert totals.expected_speedup == pytest.approx(1.824244449, rel=1e-9)
    assert totals.lead == totals.speculative_tokens - totals.plain_tokens


def test_totals_before_the_first_check() -> None:
    stream = TraceStream(Parameters(), 1)
    totals = race_totals(stream, stream.timeline.playhead(2.0))
    assert totals.achieved_speedup is None and totals.standard_error is None
    assert totals.speculative_tokens == 0 and totals.draft_steps == 2


@pytest.mark.parametrize(
    ("k", "p", "c", "seed"),
    [(6, 0.75, 0.15, 1), (4, 0.6, 0.3, 2), (12, 0.9, 0.05, 3), (2, 0.3, 0.5, 4), (32, 0.95, 0.02, 5)],
)
def test_achieved_speedup_converges_on_the_model(k: int, p: float, c: float, seed: int) -> None:
    stream = TraceStream(Parameters(k=k, p=p, c=c), seed)
    totals = race_totals(stream, stream.timeline.playhead(stream.timeline.cycle_start(10_000)))
    assert totals.cycles_checked == 10_000
    assert totals.standard_error > 0
    assert abs(totals.achieved_speedup - speedup(p, k, c)) <= 4 * totals.standard_error
