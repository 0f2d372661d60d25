"""pyqtgraph's plot options menu, which this app never opens, kept out of each new type and colour.

pyqtgraph builds a plot's "Plot Options" menu with its forms (43 widgets) even with the context
menu off (``enableMenu=False``).  The menu is a window of its own, so every new application type
(a zoom step) or palette (a theme switch) reached all its widgets: 121 of a default-view zoom
step's font changes went to the three plots' menus.  :func:`hold_idle_menus` gives each such menu
(and submenu, a window too) the type and colours it has as its own, where the application's
changes then stop (:func:`~specdec_desktop.theme.widget_style.hold_look`).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QMenu

from ...theme.widget_style import hold_look

__all__ = ["hold_idle_menus"]


def hold_idle_menus(view: pg.GraphicsView) -> None:
    """Pin the type and palette of the options menu of every plot in ``view``'s scene."""
    for item in view.scene().items():
        menu = getattr(item, "ctrlMenu", None) if isinstance(item, pg.PlotItem) else None
        if menu is not None:  # and its submenus: windows too, each told of the application's type
            for window in (menu, *menu.findChildren(QMenu)):
                hold_look(window)
