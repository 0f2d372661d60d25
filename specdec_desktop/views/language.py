"""Widgets that follow a live language switch: :func:`follow_language` (View ▸ Language).

A widget that shows words calls ``follow_language(self, self.retranslate)`` once; after each
switch (:func:`specdec_desktop.text.activate`) its ``retranslate`` runs and sets its texts again
from the text layer.  The subscription ends with the widget.  :class:`Sayings` keeps a widget's
fixed texts (captions, buttons, tips, names) so that ``retranslate`` sets them all again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from ..text import on_change

__all__ = ["Sayings", "follow_language"]


def follow_language(widget: QObject, retranslate: Callable[[], None]) -> None:
    """Run ``retranslate()`` after every language switch while ``widget`` lives."""
    stop = on_change(lambda _code: retranslate())
    widget.destroyed.connect(lambda *_args: stop())


class Sayings:
    """Texts set now and again after each language switch: ``say(setter, text)``, then ``again()``
    in the widget's ``retranslate``."""

    def __init__(self) -> None:
        self._texts: list[tuple[Callable[[str], None], Callable[[], str]]] = []

    def say(self, setter: Callable[[str], None], text: Callable[[], str]) -> None:
        """Set a text now (``setter(text())``) and again at each :meth:`again`."""
        setter(text())
        self._texts.append((setter, text))

    def again(self) -> None:
        """Every text said so far, again in the active language."""
        for setter, text in self._texts:
            setter(text())
