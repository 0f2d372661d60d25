"""A short GUI fuzz run in the normal suite: >= 5,000 seeded random actions, invariants checked."""

from __future__ import annotations

import pytest

from specdec_desktop.robustness.monkey import Monkey
from specdec_desktop.robustness.window_checks import window_problems

from ..support.window import LAPTOP, open_window


@pytest.mark.slow
def test_five_thousand_random_actions_break_nothing(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    result = Monkey(window, seed=20261130).run(max_actions=5000)
    assert result.ok, result.summary()
    assert result.actions >= 5000


def test_checks_notice_a_card_that_lies(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    assert window_problems(window) == []
    window.cards["speedupCard"].value.setText("9.99×")
    assert any("speedupCard" in p for p in window_problems(window))


def test_checks_notice_a_stale_chart(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    window.chart.curve.setData([0, 1], [1, 1])
    assert "chart curve differs from the model's curve" in window_problems(window)


def test_guard_fails_on_an_exception_in_a_slot(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)

    def broken(*_):
        raise RuntimeError("boom")

    window.state.changed.connect(broken)
    result = Monkey(window, seed=1, burst=5).run(max_actions=50)
    assert not result.ok
    assert "boom" in result.failures[0]
    assert "seed 1" in result.summary()


def test_same_seed_same_actions(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    first = Monkey(window, seed=7, burst=10).run(max_actions=100).log
    window2 = open_window(qtbot, size=LAPTOP, active=False)
    second = Monkey(window2, seed=7, burst=10).run(max_actions=100).log
    assert first == second


@pytest.mark.slow
def test_fuzz_from_the_command_line_offers_fuzzed_files():
    from ..support.cli import run_app

    result = run_app("--fuzz", "120", "--actions", "400", "--seed", "3", timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fuzz: 400 actions, no failure (seed 3)" in result.stdout
    assert "fuzzed files offered" in result.stdout


def test_fuzzed_files_cover_the_kinds_of_damage(tmp_path):
    import random

    from specdec_desktop.robustness.fuzz_files import FuzzedFiles
    from specdec_desktop.scenario import FileProblem, load_scenario

    files = FuzzedFiles(tmp_path, random.Random(0))
    outcomes = {"loaded": 0, "refused": 0}
    for _ in range(200):
        path = files.make()
        try:
            load_scenario(path)
            outcomes["loaded"] += 1
        except FileProblem:
            outcomes["refused"] += 1
    assert outcomes["loaded"] > 5 and outcomes["refused"] > 100
    assert len(list(tmp_path.iterdir())) <= files.slots  # bounded on disk


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--seed", "4"], "--seed"),
        (["--actions", "10"], "--actions"),
        (["--fuzz", "0"], "--fuzz"),
        (["--fuzz", "nan"], "--fuzz"),
        (["--fuzz", "٦"], "--fuzz"),
        (["--fuzz", "1_0"], "--fuzz"),
        (["--fuzz", "5", "--seed", "-1"], "--seed"),
        (["--fuzz", "5", "--actions", "1.5"], "--actions"),
    ],
)
def test_bad_fuzz_arguments(args, named):
    from ..support.cli import run_cli

    result = run_cli(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and named in result.stderr


def test_checks_hold_for_a_tree_run_and_notice_one_that_lies(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    app_state = window.app_state
    app_state.shape.set(kind="sglang")
    app_state.run.flush()
    for _ in range(200):
        window.token_run.player.step()
    assert app_state.player.playhead.cycle >= 30
    assert window_problems(window) == []
    window.token_run.totals.figures["specTokens"].setText("999,999")
    assert "the run's totals panel does not show the model's totals at the playhead" in window_problems(
        window
    )


def test_checks_notice_a_run_that_drafts_another_shape(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    app_state = window.app_state
    chain_stream = app_state.run.stream
    app_state.shape.set(kind="best", budget=12)
    app_state.run.flush()
    assert window_problems(window) == []
    app_state.run._stream = chain_stream  # as if the run had not followed the shape
    assert "the token run does not draft the best tree the cards price" in window_problems(window)


def test_checks_notice_a_run_whose_cycles_are_not_the_models(qtbot, monkeypatch):
    window = open_window(qtbot, size=LAPTOP, active=False)
    app_state = window.app_state
    app_state.shape.set(kind="medusa", heads=(3, 2))
    app_state.run.flush()
    for _ in range(60):
        window.token_run.player.step()
    stream = app_state.run.stream
    honest = stream.tokens_before
    monkeypatch.setattr(stream, "tokens_before", lambda cycle: honest(cycle) + 1)
    problems = window_problems(window)
    assert any("cycles are not the model's" in p for p in problems), problems


def test_the_monkey_plays_and_steps_tree_runs_with_their_invariants_checked(qtbot):
    from specdec_desktop.robustness.panel_actions import change_draft_shape, play_token_run

    window = open_window(qtbot, size=LAPTOP, active=False)
    seen = []

    def watched(window, rng):
        play_token_run(window, rng)
        seen.append((window.app_state.shape.shape.kind, window.app_state.player.playhead.cycle))

    monkey = Monkey(window, seed=20261130, burst=5, actions=[(1, change_draft_shape), (3, watched)])
    result = monkey.run(max_actions=300)
    assert result.ok, result.summary()
    kinds_played = {kind for kind, cycle in seen if kind != "chain" and cycle > 0}
    assert len(kinds_played) >= 3, seen[-20:]
