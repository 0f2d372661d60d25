"""Answers worked out once and kept, by everything they depend on: a dictionary with a bound.

Qt asks the same questions many times while it lays a window out and paints it (a wrapped
label's height for a width, the tab widget's frame), and each answer costs a text layout or a
slow paint.  The places that keep such answers (views/wrapped_label.py, theme/tab_frame.py) keep
them in a :class:`KeptAnswers`; when it is full it forgets them all, as the questions of a new
type or text start afresh anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["KeptAnswers"]

Answer = TypeVar("Answer")


class KeptAnswers(Generic[Answer]):
    """At most ``limit`` answers, by key (all dropped when one more would not fit)."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._answers: dict[Hashable, Answer] = {}

    def get(self, key: Hashable, work: Callable[[], Answer]) -> Answer:
        """The answer kept for ``key``, or ``work()``'s, kept."""
        answer = self._answers.get(key)
        if answer is None:
            if len(self._answers) >= self._limit:
                self._answers.clear()
            answer = self._answers[key] = work()
        return answer

    def clear(self) -> None:
        self._answers.clear()

    def __len__(self) -> int:
        return len(self._answers)
