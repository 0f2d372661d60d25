"""Python's cyclic garbage collector stays off while the window starts, and comes back once the chart is live.

Starting the window makes some 75,000 objects that live as long as the app (modules, classes,
widgets, the chart's items) and almost no cyclic garbage: 894 unreachable objects when the chart
is live (measured with ``gc.collect()`` at that moment).  Yet the collector, run by allocation
counts, passes over the young objects again and again while they are being made: 143 young,
13 middle and one full collection before the chart is live.  Without those passes the chart goes
live about 25 ms sooner (docs/performance.md).

This follows the pattern the ``gc`` module's documentation gives for long-lived start-up objects:
:func:`pause` early (``python -m specdec_desktop`` and :func:`specdec_desktop.cli.main`), then
:func:`resume` once start-up is over, which with ``freeze=True`` (the window, once its chart has
painted) first moves everything made so far into the permanent generation, so later collections
(during a slider drag, say) never walk the start-up objects again.  Every command but the window
resumes at once, without freezing.
"""

from __future__ import annotations

import gc

__all__ = ["pause", "paused", "resume"]

_paused = False


def pause() -> None:
    """Turn the collector off for the start-up, if it is on (a caller that turned it off keeps it off)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def paused() -> bool:
    """Whether :func:`pause` turned the collector off and nothing has resumed it yet."""
    return _paused


def resume(freeze: bool = False) -> None:
    """Turn the collector back on if :func:`pause` turned it off (idempotent).

    ``freeze``: first move every object made so far into the permanent generation
    (``gc.freeze()``), where no collection looks at it again.
    """
    global _paused
    if not _paused:
        return
    _paused = False
    if freeze:
        gc.freeze()
    gc.enable()
