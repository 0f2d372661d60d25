"""The player owns time: play, pause, step, restart, speed, the tick cap, and restarts on a new run.

A fake clock stands in for the wall clock, so nothing here waits on real time
(except one check that the real 60 Hz timer drives playback).
"""

from __future__ import annotations

import numpy as np
import pytest

from specdec_desktop.model import Parameters, TokenState, build_trace, resolved_states
from specdec_desktop.state import ParameterState, Player, RunState
from specdec_desktop.state.player import MAX_TICK_SECONDS, PASSES_PER_SECOND, SPEEDS

from ..support.clock import FakeClock


@pytest.fixture
def parts(qapp):
    parameters = ParameterState(Parameters(k=4, p=0.7, c=0.25))
    seeds = iter(range(500, 10_000, 7))
    run = RunState(parameters, seed=11, draw_seed=lambda: next(seeds))
    clock = FakeClock(100.0)
    player = Player(run, clock=clock)
    yield parameters, run, player, clock
    player.pause()


def test_play_advances_by_wall_time_times_speed(parts) -> None:
    _, _, player, clock = parts
    player.play()
    clock.now += 0.05
    player.tick()
    assert player.passes == pytest.approx(0.05 * PASSES_PER_SECOND)
    player.set_speed(4.0)
    clock.now += 0.05
    player.tick()
    assert player.passes == pytest.approx(0.25 * PASSES_PER_SECOND)


def test_a_stalled_machine_does_not_jump_ahead(parts) -> None:
    _, _, player, clock = parts
    player.play()
    clock.now += 30.0  # the machine froze for half a minute
    player.tick()
    assert player.passes == pytest.approx(MAX_TICK_SECONDS * PASSES_PER_SECOND)


def test_pause_stops_time(parts) -> None:
    _, _, player, clock = parts
    player.play()
    clock.now += 0.05
    player.tick()
    player.pause()
    held = player.position
    clock.now += 5.0
    player.tick()
    assert player.position == held and not player.playing
    player.play()  # resuming does not count the time spent paused
    clock.now += 0.01
    player.tick()
    assert player.passes == pytest.approx(0.06)


def test_signals_on_play_pause_and_speed(parts, qtbot) -> None:
    _, _, player, _ = parts
    with qtbot.waitSignal(player.playing_changed, check_params_cb=lambda playing: playing):
        player.play()
    with qtbot.waitSignal(player.playing_changed, check_params_cb=lambda playing: not playing):
        player.toggle()
    with qtbot.waitSignal(player.speed_changed, check_params_cb=lambda speed: speed == 2.0):
        player.faster()
    with qtbot.assertNotEmitted(player.speed_changed):
        player.set_speed(2.0)


def test_the_real_timer_drives_playback(qapp, qtbot) -> None:
    run = RunState(ParameterState(Parameters()))
    player = Player(run)  # the real wall clock
    player.set_speed(8.0)
    player.play()
    qtbot.waitUntil(lambda: player.passes > 0.2, timeout=5000)
    player.pause()
    assert player.passes > 0.2


def test_speeds_step_through_the_table_and_stop_at_the_ends(parts) -> None:
    _, _, player, _ = parts
    for expected in SPEEDS[3:]:
        player.faster()
        assert player.speed == expected
    player.faster()
    assert player.speed == SPEEDS[-1]
    for _ in SPEEDS:
        player.slower()
    assert player.speed == SPEEDS[0]


@pytest.mark.parametrize("bad", [0.0, 0.1, 9.0, float("nan")])
def test_a_bad_speed_is_refused_and_changes_nothing(parts, bad: float) -> None:
    _, _, player, _ = parts
    with pytest.raises(ValueError, match=r"^speed"):
        player.set_speed(bad)
    assert player.speed == 1.0


def test_step_completes_one_event_and_pauses(parts) -> None:
    _, _, player, clock = parts
    player.play()
    clock.now += 0.1
    player.tick()  # 0.1 pass: inside the first draft step (c = 0.25)
    player.step()
    assert not player.playing
    assert player.position == 1.0
    player.step()
    assert player.playhead.events_done == 2


def test_restart_goes_back_and_keeps_playing(parts) -> None:
    _, _, player, clock = parts
    player.play()
    for _ in range(20):
        clock.now += 0.1
        player.tick()
    player.restart()
    assert player.position == 0.0 and player.playing


def test_changing_a_parameter_restarts_with_the_same_seed(parts, qtbot) -> None:
    parameters, run, player, clock = parts
    player.play()
    for _ in range(30):
        clock.now += 0.1
        player.tick()
    with qtbot.waitSignal(player.playhead_changed):
        parameters.set(k=7)
    assert player.position == 0.0 and player.playing
    assert run.seed == 11 and run.stream.params.k == 7
    assert player.timeline.k == 7


def test_changes_while_a_slider_moves_make_one_restart(parts, qtbot) -> None:
    parameters, run, player, _ = parts
    restarts = []
    run.trace_changed.connect(restarts.append)
    with qtbot.waitSignal(run.trace_changed):
        for k in range(5, 15):  # a drag: ten positions, closer together than SETTLE_MS
            parameters.set(k=k)
        assert restarts == [] and run.pending
    assert len(restarts) == 1 and restarts[0].params.k == 14 and not run.pending
    assert player.timeline.k == 14


def test_playing_or_stepping_takes_the_latest_parameters_at_once(parts) -> None:
    parameters, run, player, _ = parts
    parameters.set(k=9)
    player.play()
    assert not run.pending and run.stream.params.k == 9 and player.timeline.k == 9
    parameters.set(p=0.5)
    player.step()
    assert run.stream.params.p == 0.5 and player.position == 1.0
    parameters.set(c=0.5)
    player.restart()
    assert run.stream.params.c == 0.5 and player.position == 0.0


def test_a_step_with_a_pending_change_shows_one_frame(parts) -> None:
    """The step takes the new run and moves one event on it: one frame, not a restart and a step."""
    parameters, run, player, _ = parts
    frames = []
    player.playhead_changed.connect(frames.append)
    parameters.set(k=7)
    assert run.pending
    player.step()
    assert not run.pending and player.timeline.k == 7
    assert len(frames) == 1 and frames[0].position == player.position == 1.0


def test_a_run_without_settle_time_follows_each_change(qapp) -> None:
    parameters = ParameterState(Parameters())
    run = RunState(parameters, settle_ms=0)
    parameters.set(k=3)
    assert run.stream.params.k == 3 and not run.pending


def test_a_new_seed_restarts_the_run(parts) -> None:
    _, run, player, _ = parts
    player.seek(40.0)
    first = run.stream
    seed = run.new_seed()
    assert seed != 11 and run.seed == seed
    assert run.stream is not first and player.position == 0.0


def test_seed_is_validated(parts) -> None:
    _, run, _, _ = parts
    for bad in (-1, 2**31, 1.5, True, "7"):
        with pytest.raises(ValueError, match=r"^seed"):
            run.set_seed(bad)
    assert run.seed == 11
    assert run.set_seed(11) is False  # no change, no restart


def test_step_by_step_playback_reproduces_the_trace(parts) -> None:
    """Stepping event by event shows each guess appear, then the check resolve the whole cycle."""
    parameters, run, player, _ = parts
    k = parameters.params.k
    n_cycles = 40
    trace = build_trace(parameters.params, n_cycles, seed=run.seed)
    expected = resolved_states(trace.accepted, k)
    seen = []
    for _ in range(n_cycles * (k + 1)):
        player.step()
        head = player.playhead
        states = run.stream.window(0, n_cycles).states_at(head)
        cycle, done = head.cycle, head.events_done
        # Everything before the current cycle is checked exactly as in the trace.
        np.testing.assert_array_equal(states[:cycle], expected[:cycle])
        if cycle < n_cycles:
            row = states[cycle]
            assert (row[:done] == TokenState.PENDING).all()
            if done < k:
                assert row[done] == TokenState.DRAFTING
            else:
                assert row[k] == TokenState.CHECKING
        if done == 0:
            seen.append(states[cycle - 1].copy())
    np.testing.assert_array_equal(np.array(seen), expected)
    # The clock agrees with the cost model: n cycles took n (k c + 1) passes.
    assert player.passes == pytest.approx(n_cycles * (k * 0.25 + 1))
