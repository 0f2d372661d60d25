"""The live chart as a PNG at twice its on-screen resolution, or as SVG.

PNG: the widget is rendered into an image whose device-pixel ratio is 2, so
text, markers *and* line widths are all doubled and the picture is the screen's
picture, only sharper.  (pyqtgraph's ImageExporter scales text and markers but
keeps cosmetic pens one device pixel wide, so its 2× curves come out thin.)

SVG: pyqtgraph's SVGExporter, which keeps items as vectors.  pyqtgraph 0.14
fails on closed paths that Qt 6 writes with a ``Z`` (pyqtgraph issue #3495), so
while exporting, :func:`_closed_paths_tolerated` drops those ``Z`` commands
first: the paths in question already return to their start point, so the
drawing is unchanged.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QBuffer, QIODevice, QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from ..atomic_write import write_atomically
from ..model import DEFAULT_ASSUMPTIONS, Assumptions, Parameters, readouts, speedup_curves
from ..theme import Theme

__all__ = ["PNG_SCALE", "export_png", "export_svg", "offscreen_chart", "png_bytes", "titled"]

PNG_SCALE = 2


def offscreen_chart(
    params: Parameters,
    theme: Theme,
    font_family: str,
    size: tuple[int, int],
    assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
):
    """A chart showing ``params``, laid out at ``size`` without a window on screen."""
    from ..views.chart.speedup_chart import SpeedupChart

    chart = SpeedupChart(theme, font_family)
    chart.resize(*size)
    figures = readouts(params, assumptions)
    chart.show_figures(figures, speedup_curves(params, figures.best_k, assumptions))
    # Lay the scene out at its final size without putting a window on screen.
    chart.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    chart.show()
    return chart


@contextmanager
def titled(chart, title: str) -> Iterator[None]:
    """Show ``title`` above ``chart``'s plot while exporting, so the file says what it shows.

    The window's chart has no title (the window around it says what it is); an exported
    picture is read on its own.  The title goes away again afterwards.
    """
    plot = chart.getPlotItem()
    theme = chart.theme
    plot.setTitle(title, color=theme.text, size=f"{theme.font_px}px")
    plot.layout.activate()
    try:
        yield
    finally:
        plot.setTitle(None)
        plot.layout.activate()


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG (in memory: the file is then written in one step)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if image.isNull() or not image.save(buffer, "PNG"):
        raise OSError("the image could not be encoded as PNG")
    return bytes(buffer.data())


def export_png(chart, path: str | os.PathLike[str], scale: int = PNG_SCALE) -> QSize:
    """Write ``chart`` as a PNG ``scale`` times its size; return the image size in pixels.

    The file is replaced in one step (:mod:`specdec_desktop.atomic_write`).

    Raises
    ------
    OSError
        If the file cannot be written; an existing file is then unchanged.
    """
    size = chart.size() * scale
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(scale)
    image.fill(chart.backgroundBrush().color())
    # QWidget.render, not the graphics view's own render(): the view's version maps the
    # scene onto the device's *physical* size and would scale twice.  The view's own
    # render hints (antialiasing) apply.
    with chart.grid.drawn_directly():  # crisp lines at the export's resolution
        QWidget.render(chart, image)
    write_atomically(path, png_bytes(image))
    return size


@contextmanager
def _closed_paths_tolerated() -> Iterator[None]:
    import pyqtgraph.exporters  # noqa: F401  (loads the SVGExporter module)

    module = sys.modules["pyqtgraph.exporters.SVGExporter"]
    original = module.correctCoordinates

    def correct(node, defs, item, options):
        for element in node.getElementsByTagName("path"):
            d = element.getAttribute("d")
            if "Z" in d or "z" in d:
                element.setAttribute("d", " ".join(t for t in d.split() if t not in ("Z", "z")))
        return original(node, defs, item, options)

    module.correctCoordinates = correct
    try:
        yield
    finally:
        module.correctCoordinates = original


def export_svg(chart, path: str | os.PathLike[str]) -> None:
    """Write ``chart`` (a pyqtgraph PlotWidget) as an SVG file, replacing ``path`` in one step.

    Raises
    ------
    OSError
        If the file cannot be written; an existing file is then unchanged.
    """
    from pyqtgraph.exporters import SVGExporter

    with _closed_paths_tolerated():
        data = SVGExporter(chart.getPlotItem()).export(toBytes=True)
    write_atomically(path, data)
