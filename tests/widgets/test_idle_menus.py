"""pyqtgraph's plot options menus, never opened, take no part in a zoom step or a theme switch."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMenu, QWidget

from ..support.window import open_window


class _Changes(QObject):
    """Counts the font and palette changes each widget is told of."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[QWidget] = []

    def eventFilter(self, watched, event) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self.widgets.append(watched)
        return False


def _options_menus(window) -> list[QMenu]:
    menus = []
    for view in window.findChildren(pg.GraphicsView):
        for item in view.scene().items():
            if isinstance(item, pg.PlotItem):
                menus.append(item.ctrlMenu)
    return menus


def test_the_plots_options_menus_ignore_new_types_and_colours(qtbot, qapp):
    window = open_window(qtbot)
    menus = _options_menus(window)
    assert len(menus) == 3  # the chart, the map and the map's colour bar
    # The widgets themselves are kept: while they live, Qt hands the filter these same objects.
    widgets = [widget for menu in menus for widget in (menu, *menu.findChildren(QWidget))]
    inside = {id(widget) for widget in widgets}
    changes = _Changes()
    qapp.installEventFilter(changes)
    try:
        window.services.view.set_zoom(1.5)
        window.services.view.set_theme_choice("dark")
        qapp.processEvents()  # the application's changes reach its windows as posted events too
    finally:
        qapp.removeEventFilter(changes)
    assert changes.widgets, "the window's own widgets take the new type and colours"
    assert not [widget for widget in changes.widgets if id(widget) in inside]
    for view in window.findChildren(pg.GraphicsView):  # pyqtgraph still reads its option forms
        for item in view.scene().items():
            if isinstance(item, pg.PlotItem):
                assert item.ctrl.alphaGroup.isChecked() in (True, False)
