"""The window's scroll areas, and how much room their content needs.

Every page that can be taller than its room (the lower tabs' pages, the left column) scrolls up
and down in a :class:`SettledScrollArea`, never sideways.  Its scroll bar shows only while the
content does not fit without one, whatever it showed before, so what a tour scene shows does not
depend on the scene before it; :func:`needed_height` and :func:`room_height` measure the same way
for the window's fitting (views/window_fitting.py, views/page_fitting.py).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QScrollArea, QScrollBar, QWidget

__all__ = [
    "KeptScrollBar",
    "NarrowColumn",
    "SettledScrollArea",
    "keep_scroll_bar_hints",
    "needed_height",
    "room_height",
    "scrolled",
]


class KeptScrollBar(QScrollBar):
    """A scroll bar that works its size hint out once for each size of the app's style.

    Qt works it out at every call, asking the style twice for a metric and once for a size: three
    calls into the Python style (theme/widget_style.py) for an answer that changes only with the
    type.  Each scroll area's least size asks its bars, and a zoom step in the default view asked
    about 800 times: 13 % of the step's instructions.  The answer is Qt's own, kept by the style's
    sizes (``AppStyle.metrics``) and the orientation.
    """

    _hint: QSize | None = None
    _hint_for: tuple | None = None

    def sizeHint(self) -> QSize:
        style = self.style()
        metrics = getattr(style, "metrics", None)
        if metrics is None:
            return super().sizeHint()
        key = (style, metrics, self.orientation())
        if key != self._hint_for:
            self._hint_for, self._hint = key, super().sizeHint()
        return QSize(self._hint)


def keep_scroll_bar_hints(root: QWidget) -> None:
    """Give every scroll area in ``root`` (text views, tables, lists, the charts' views) scroll
    bars that keep their size hints (:class:`KeptScrollBar`; a :class:`SettledScrollArea` has its
    own from the start).  A bar replaced is Qt's own, before anything scrolled."""
    for area in root.findChildren(QAbstractScrollArea):
        if not isinstance(area.verticalScrollBar(), KeptScrollBar):
            area.setVerticalScrollBar(KeptScrollBar(Qt.Orientation.Vertical))
        if not isinstance(area.horizontalScrollBar(), KeptScrollBar):
            area.setHorizontalScrollBar(KeptScrollBar(Qt.Orientation.Horizontal))


def needed_height(scroll: QScrollArea) -> int:
    """The height ``scroll``'s content needs at the viewport's width without a scroll bar, as the
    scroll area itself reckons it (its least height, or its height for that width when that is
    more): more than :func:`room_height` and the scroll bar shows.

    Measured as if no scroll bar showed, whether one shows now or not: the question is whether
    one will.  Measured at the width a scroll bar left, the answer depended on the measure before
    (a column that had scrolled at the last step of a fit was 36 px narrower, its sliders' titles
    wrapped, and it "scrolled" again: the same tour scene walked to stepped one part more aside
    than opened directly)."""
    content = scroll.widget()
    needed = content.minimumSizeHint().height()
    layout = content.layout()
    if layout.hasHeightForWidth() if layout is not None else content.sizePolicy().hasHeightForWidth():
        needed = max(needed, content.heightForWidth(scroll.maximumViewportSize().width()))
    return needed


def room_height(scroll: QScrollArea) -> int:
    """The height ``scroll`` shows its content in (it never scrolls sideways)."""
    return scroll.maximumViewportSize().height()


class SettledScrollArea(QScrollArea):
    """A scroll area whose vertical scroll bar shows only while its content does not fit without one.

    Qt's own keeps a scroll bar that shows for as long as the content does not fit beside it (a
    guard against a bar flipping on and off), so whether a page scrolled depended on whether it
    had scrolled before: a tour scene's sampling page, fitted whole once its parts had stepped
    aside, kept a bar and 17 px below the fold where the same scene opened directly had none.
    Here the bar goes as soon as the content fits the whole viewport, and stays away: the
    content fits the width it then has.
    """

    _settling = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setVerticalScrollBar(KeptScrollBar(Qt.Orientation.Vertical))
        self.setHorizontalScrollBar(KeptScrollBar(Qt.Orientation.Horizontal))

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            self._drop_needless_bar()
        return handled

    def resizeEvent(self, event) -> None:  # the viewport's resizes come here too
        super().resizeEvent(event)
        self._drop_needless_bar()

    def _drop_needless_bar(self) -> None:
        if self._settling or self.widget() is None or not self.widgetResizable():
            return
        if self.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAsNeeded:
            return
        room = self.maximumViewportSize()
        if self.viewport().width() >= room.width() or needed_height(self) > room.height():
            return  # no bar, or a bar the content needs
        self._settling = True
        try:
            # Laid out once without a bar, Qt then measures the content at the whole width.
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        finally:
            self._settling = False


class NarrowColumn(SettledScrollArea):
    """A scroll area that asks for no more width than its least (its minimum width, which the
    window sets for the type: ``MainWindow.fit_left_width``); the chart beside it takes the rest.

    Qt's own scroll area asks for its content's preferred width as it was the first time it was
    asked (kept until a new content is set), so the column's width depended on what it held
    then: the same zoomed tour scene had a 481 px column when zoomed before the tour and 553 px
    when zoomed in the scene.
    """

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), super().sizeHint().height())


def scrolled(content: QWidget, name: str, kind: type[QScrollArea] = SettledScrollArea) -> QScrollArea:
    """``content`` in a scroll area named ``name`` that scrolls it up and down, never sideways."""
    scroll = kind()
    scroll.setObjectName(name)
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll
