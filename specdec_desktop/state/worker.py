"""One worker thread: run a job off the GUI thread and hear its outcome on the GUI thread.

:class:`Worker` is the one way the app runs a background job: the simulated-speedup overlay
(``SimulationCheck``) and the import of metrics files (``window_services/measurement_io.py``)
use it, and so will the next slow jobs.  A job is a plain function; its result or the exception
it raised comes back to ``on_done`` or ``on_error`` on the thread that made the worker (a queued
Qt signal), never on the worker's own.  Jobs run one at a time, in order; the thread is started
with the first job (nothing is imported or started before that).  A job that can be stopped
takes its own stop flag (a ``threading.Event``): a thread cannot be killed safely.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:  # concurrent.futures loads with the first job, not before the first paint
    from concurrent.futures import Future, ThreadPoolExecutor

__all__ = ["Worker"]


class Worker(QObject):
    """One background thread, named ``name``, for the jobs of one owner.

    ``run_in_worker(job, on_done, on_error)`` queues a job; :meth:`wait` waits for the jobs
    queued so far; :meth:`shutdown` waits and stops the thread (at window close).
    """

    _landed = Signal(object, object)  # (callback, value): from the worker, queued to this thread

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._last: Future | None = None
        self._landed.connect(self._deliver)

    def run_in_worker(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], object],
        on_error: Callable[[BaseException], object] | None = None,
    ) -> Future:
        """Run ``job()`` on the worker; then ``on_done(result)`` or ``on_error(exception)`` here.

        Without ``on_error`` an exception is raised again here (where Qt reports it).
        """
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # with the first job, not at start-up

            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)

        def land(future: Future) -> None:
            if future.cancelled():
                return
            error = future.exception()
            if error is None:
                self._landed.emit(on_done, future.result())
            else:
                self._landed.emit(on_error or _raise, error)

        future = self._pool.submit(job)
        future.add_done_callback(land)
        self._last = future
        return future

    def wait(self) -> None:
        """Wait until the jobs queued so far have run (their outcomes land with the next events)."""
        if self._last is not None:
            from concurrent.futures import CancelledError  # loaded with the first job already

            try:
                self._last.exception()  # waits; the outcome itself goes to the callbacks
            except CancelledError:
                pass

    def shutdown(self) -> None:
        """Drop queued jobs, wait for a running one to end, and stop the thread (the worker can
        start again with the next job)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    @staticmethod
    def _deliver(callback: Callable[[Any], object], value: Any) -> None:
        callback(value)


def _raise(error: BaseException) -> None:
    raise error
