"""Widgets that follow a live language switch: :func:`follow_language` (View ▸ Language).

A widget that shows words calls ``follow_language(self, self.retranslate)`` once; after each
switch (:func:`specdec_desktop.text.activate`) its ``retranslate`` runs and sets its texts again
from the text layer.  The subscription ends with the widget.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from ..text import on_change

__all__ = ["follow_language"]


def follow_language(widget: QObject, retranslate: Callable[[], None]) -> None:
    """Run ``retranslate()`` after every language switch while ``widget`` lives."""
    stop = on_change(lambda _code: retranslate())
    widget.destroyed.connect(lambda *_args: stop())
