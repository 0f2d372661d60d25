"""The "One run, token by token" area: the animated run, its controls, the race and the totals.

:class:`TokenRunView` is the area (objectName ``tokenRun``); the other
modules are its parts: the painted strip and its geometry, the token glyphs,
the race lanes, the totals panel, the controls, the legend and the captions.
"""

from .view import TokenRunView

__all__ = ["TokenRunView"]
