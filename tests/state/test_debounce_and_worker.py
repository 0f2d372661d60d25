"""The one debounce and the one worker thread (issue 22, point 3)."""

from __future__ import annotations

import threading

import pytest

from specdec_desktop.state.debounce import Debounce
from specdec_desktop.state.worker import Worker


def test_debounce_calls_once_after_the_input_rests(qtbot):
    calls: list[int] = []
    debounce = Debounce(30, lambda: calls.append(1))
    for _ in range(5):
        debounce("a signal's value is ignored")
    assert calls == [] and debounce.pending
    qtbot.waitUntil(lambda: calls == [1])
    assert not debounce.pending


def test_debounce_flush_runs_a_waiting_call_and_cancel_drops_it(qtbot):
    calls: list[int] = []
    debounce = Debounce(10_000, lambda: calls.append(1))
    debounce.flush()
    assert calls == []  # nothing waited
    debounce()
    debounce.flush()
    assert calls == [1] and not debounce.pending
    debounce()
    debounce.cancel()
    assert not debounce.pending and calls == [1]


def test_debounce_of_zero_calls_at_once(qapp):
    calls: list[int] = []
    Debounce(0, lambda: calls.append(1))()
    assert calls == [1]


def test_worker_runs_off_the_gui_thread_and_answers_on_it(qtbot):
    worker = Worker("test-worker")
    seen: dict = {}

    def job() -> int:
        seen["job thread"] = threading.current_thread()
        return 42

    def done(value: int) -> None:
        seen["done thread"] = threading.current_thread()
        seen["value"] = value

    worker.run_in_worker(job, done)
    qtbot.waitUntil(lambda: "value" in seen)
    assert seen["value"] == 42
    assert seen["job thread"] is not threading.main_thread()
    assert seen["done thread"] is threading.main_thread()
    worker.shutdown()


def test_worker_hands_an_exception_to_on_error(qtbot):
    worker = Worker("test-worker")
    errors: list[BaseException] = []

    def job() -> None:
        raise ValueError("bad file")

    worker.run_in_worker(job, lambda _value: pytest.fail("on_done called"), errors.append)
    qtbot.waitUntil(lambda: bool(errors))
    assert isinstance(errors[0], ValueError) and str(errors[0]) == "bad file"
    worker.shutdown()


def test_worker_wait_and_shutdown_leave_no_job_running(qtbot):
    worker = Worker("test-worker")
    release, results = threading.Event(), []
    worker.run_in_worker(lambda: release.wait(5) and "ran", results.append)
    queued = worker.run_in_worker(lambda: "queued", results.append)
    release.set()
    worker.wait()
    assert queued.done()
    qtbot.waitUntil(lambda: results == ["ran", "queued"])
    worker.shutdown()
    worker.run_in_worker(lambda: "again", results.append)  # starts a new thread
    qtbot.waitUntil(lambda: results[-1:] == ["again"])
    worker.shutdown()
