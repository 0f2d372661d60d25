"""How the widgets look: type and colour by role, framed surfaces and sizes, from a :class:`Theme`.

Widgets carry a ``role`` property (``"hint"``, ``"panel"``, ``"card"``, ...) and nothing else:
no widget sets a colour or a font size itself.  :class:`AppStyle`, a Fusion style, gives each
role its font and text colour when Qt polishes the widget, paints the framed roles (panels,
cards, the tour's banner, key caps) from the palette, and sizes the click targets from the type.

There is no Qt style sheet.  A new style sheet makes Qt re-polish every widget of the window
(about 30 ms for its ~300 widgets, most of them hidden, docs/performance.md); here a theme switch
is a palette change, a zoom step a font change, and both re-dress only the widgets with a role
(:func:`apply_theme`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMargins, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionSlider,
    QToolTip,
    QWidget,
)

from .palette import Theme
from .qt_palette import qt_palette
from .roles import ROLES, SURFACES, WORDS_SHARE, Look, Metrics
from .tab_frame import paint_tab_frame

__all__ = [
    "ROLES",
    "AppStyle",
    "Metrics",
    "app_style",
    "apply_theme",
    "dress_application",
    "hold_look",
    "restyle",
]


class AppStyle(QProxyStyle):
    """Fusion, dressed and sized from the current theme (:meth:`use`)."""

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))
        self.theme: Theme | None = None
        self.family = ""
        self.metrics: Metrics | None = None
        self._fonts: dict[tuple[str, bool], QFont] = {}
        self._sizes: dict[QStyle.PixelMetric, int] = {}
        self._type_key: tuple[Metrics, str, int] | None = None

    def use(self, theme: Theme, family: str) -> None:
        """Take ``theme``'s colours and sizes (the sizes follow its body type size)."""
        metrics = Metrics.of(theme)
        if (metrics, family, theme.card_value_px) != self._type_key:
            self._type_key = (metrics, family, theme.card_value_px)
            self._fonts.clear()  # made again, at the new sizes, when first asked for
        self.theme, self.family, self.metrics = theme, family, metrics
        pm = QStyle.PixelMetric
        self._sizes = {
            pm.PM_SliderLength: metrics.handle,
            pm.PM_SliderControlThickness: metrics.handle,
            pm.PM_SliderThickness: metrics.handle + 6,
            pm.PM_ScrollBarExtent: metrics.bar,
            pm.PM_ScrollBarSliderMin: 2 * metrics.bar,
            pm.PM_TabBarTabHSpace: 2 * metrics.pad,
            pm.PM_TabBarTabVSpace: metrics.pad,
        }

    # -- type and colour by role --------------------------------------------------------------

    def role_font(self, role: str, words: bool = False) -> QFont:
        """The font of ``role`` (the body font for a role with no type of its own)."""
        key = (role, words)
        font = self._fonts.get(key)
        if font is None:
            look = ROLES.get(role, Look())
            if look.card_value:
                px = self.theme.card_value_px
                px = round(px * WORDS_SHARE) if words else px
            elif look.small:
                px = self.metrics.small
            else:
                px = round(self.metrics.body * look.scale)
            font = QFont(self.family)
            font.setPixelSize(max(8, px))
            font.setWeight(look.weight)
            self._fonts[key] = font
        return font

    def dress(self, widget: QWidget) -> None:
        """Give ``widget`` its role's font, text colour and frame margins (a no-op without a role)."""
        if self.theme is None:
            return
        role = widget.property("role")
        if not isinstance(role, str):
            if isinstance(widget, QAbstractSpinBox):
                role = "entry"
            else:
                return
        font = QFont(self.role_font(role, bool(widget.property("words"))))
        if widget.property("tabular"):
            font.setFeature(QFont.Tag("tnum"), 1)
        if widget.font() != font:
            widget.setFont(font)
        look = ROLES.get(role)
        if look is not None and look.colour is not None:
            colour = QColor(getattr(self.theme, look.colour))
            palette = widget.palette()
            if palette.color(QPalette.ColorRole.WindowText) != colour:
                palette.setColor(QPalette.ColorRole.WindowText, colour)
                palette.setColor(QPalette.ColorRole.Text, colour)
                widget.setPalette(palette)
        if role in SURFACES:
            margins = self._surface_margins(role)
            if widget.contentsMargins() != margins:
                widget.setContentsMargins(margins)

    def _surface_margins(self, role: str) -> QMargins:
        m = self.metrics
        if role == "card":
            return QMargins(m.card_edge, 1, 1, 1)
        if role == "banner":
            return QMargins(m.banner_edge, m.focus, m.focus, m.focus)
        if role == "key":
            return QMargins(max(4, m.pad // 2), 1, max(4, m.pad // 2), 1)
        return QMargins(1, 1, 1, 1)

    def polish(self, target):
        if isinstance(target, QWidget):
            super().polish(target)
            self.dress(target)
            return None
        return super().polish(target)

    # -- painting -----------------------------------------------------------------------------

    def drawControl(self, element, option, painter, widget=None) -> None:
        ce = QStyle.ControlElement
        if self.theme is not None:
            if element == ce.CE_ShapedFrame and widget is not None:
                role = widget.property("role")
                if role in SURFACES:
                    self._paint_surface(role, widget, painter)
                    return
            elif element in _BUTTON_LABELS and option.state & QStyle.StateFlag.State_On:
                option = type(option)(option)  # a checked button's label: in the accent's text colour
                option.palette.setColor(QPalette.ColorRole.ButtonText, QColor(self.theme.accent_text))
        super().drawControl(element, option, painter, widget)

    def drawPrimitive(self, element, option, painter, widget=None) -> None:
        if element == QStyle.PrimitiveElement.PE_FrameTabWidget:
            paint_tab_frame(self.baseStyle(), option, painter, widget)  # Fusion's pixels, faster
            return
        if element in _BUTTON_PANELS and self.theme is not None and option.state & QStyle.StateFlag.State_On:
            self._paint_checked(option, painter)  # a checked button: filled with the accent
            return
        super().drawPrimitive(element, option, painter, widget)

    def drawComplexControl(self, control, option, painter, widget=None) -> None:
        if control == QStyle.ComplexControl.CC_Slider and self.theme is not None:
            self._paint_slider(option, painter, widget)
            return
        super().drawComplexControl(control, option, painter, widget)

    def _paint_checked(self, option: QStyleOption, painter: QPainter) -> None:
        radius = max(3, self.metrics.radius // 2)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(self.theme.accent))
        painter.drawRoundedRect(QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        painter.restore()

    def _paint_slider(self, option: QStyleOptionSlider, painter: QPainter, widget: QWidget | None) -> None:
        """A rounded groove, filled with the accent up to a round handle (a focused handle: filled)."""
        t, m = self.theme, self.metrics
        cc, sc = QStyle.ComplexControl.CC_Slider, QStyle.SubControl
        groove = QRectF(self.subControlRect(cc, option, sc.SC_SliderGroove, widget))
        handle = QRectF(self.subControlRect(cc, option, sc.SC_SliderHandle, widget))
        horizontal = option.orientation == Qt.Orientation.Horizontal
        thick = m.groove
        if horizontal:
            track = QRectF(groove.left(), groove.center().y() - thick / 2, groove.width(), thick)
            filled = QRectF(track.left(), track.top(), handle.center().x() - track.left(), thick)
        else:
            track = QRectF(groove.center().x() - thick / 2, groove.top(), thick, groove.height())
            filled = QRectF(track.left(), handle.center().y(), thick, track.bottom() - handle.center().y())
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        accent = QColor(t.accent if enabled else t.border)
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(t.border), 1))
        painter.setBrush(QColor(t.surface_alt))
        painter.drawRoundedRect(track, thick / 2, thick / 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        painter.drawRoundedRect(filled, thick / 2, thick / 2)
        side = min(handle.width(), handle.height()) - 2
        ring = 3 if focused else 2
        knob = QRectF(0, 0, side - ring, side - ring)
        knob.moveCenter(handle.center())
        painter.setPen(QPen(QColor(t.text if focused else accent), ring))
        painter.setBrush(accent if focused else QColor(t.surface))
        painter.drawEllipse(knob)
        painter.restore()

    def _paint_surface(self, role: str, widget: QWidget, painter: QPainter) -> None:
        t, m = self.theme, self.metrics
        rect = QRectF(widget.rect())
        focused = widget.hasFocus()
        fill = QColor(t.surface_alt if role == "key" else t.surface)
        border = QColor(t.accent if role == "banner" or focused else t.border)
        width = m.focus if role == "banner" or focused else 1
        radius = max(3, m.radius // 2) if role == "key" else m.radius
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(border, width))
        painter.setBrush(fill)
        inset = width / 2
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius)
        edge = m.card_edge if role == "card" else m.banner_edge if role == "banner" else 0
        if edge:  # the accent edge on the left
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.accent))
            painter.setClipRect(QRectF(rect.left(), rect.top(), edge, rect.height()))
            painter.drawRoundedRect(rect, radius, radius)
        painter.restore()

    # -- sizes --------------------------------------------------------------------------------

    def pixelMetric(self, metric, option=None, widget=None) -> int:
        size = self._sizes.get(metric)  # called thousands of times per layout: one lookup
        return size if size is not None else super().pixelMetric(metric, option, widget)

    def sizeFromContents(self, kind, option, size, widget=None) -> QSize:
        size = super().sizeFromContents(kind, option, size, widget)
        if self.metrics is None:
            return size
        if kind == _CT.CT_SpinBox:
            return QSize(size.width() + self._spin_extra(option, widget), max(24, size.height()))
        if kind in _CLICK_TARGETS:
            grow = self.metrics.pad if kind != _CT.CT_TabBarTab else 0
            # Click targets at least 24 x 24 px (WCAG 2.5.8), with room around their text.
            size = QSize(max(24, size.width() + grow), max(24, size.height() + grow // 2))
        return size

    def subControlRect(self, control, option, sub, widget=None) -> QRect:
        rect = super().subControlRect(control, option, sub, widget)
        if control == _CC.CC_SpinBox and sub in _SPIN_PARTS and self.metrics is not None:
            # Arrows as wide as a click target (Fusion's are 16 px at any type size).
            extra = self._spin_extra(option, widget)
            if sub == _SC.SC_SpinBoxEditField:
                rect.setRight(rect.right() - extra)
            else:
                rect.setLeft(rect.left() - extra)
        return rect

    def _spin_extra(self, option: QStyleOption, widget: QWidget | None) -> int:
        fusion = super().subControlRect(_CC.CC_SpinBox, option, _SC.SC_SpinBoxUp, widget)
        return max(0, self.metrics.handle - fusion.width())


_CT, _PE, _CE = QStyle.ContentsType, QStyle.PrimitiveElement, QStyle.ControlElement
_CC, _SC = QStyle.ComplexControl, QStyle.SubControl
_CLICK_TARGETS = frozenset({_CT.CT_PushButton, _CT.CT_ToolButton, _CT.CT_MenuBarItem, _CT.CT_TabBarTab})
_SPIN_PARTS = frozenset({_SC.SC_SpinBoxUp, _SC.SC_SpinBoxDown, _SC.SC_SpinBoxEditField})
_BUTTON_PANELS = frozenset({_PE.PE_PanelButtonCommand, _PE.PE_PanelButtonTool})
_BUTTON_LABELS = frozenset({_CE.CE_PushButtonLabel, _CE.CE_ToolButtonLabel})


def app_style() -> AppStyle:
    """The application's :class:`AppStyle`, installed on first use."""
    app = QApplication.instance()
    style = app.style()
    if not isinstance(style, AppStyle):
        style = AppStyle()
        app.setStyle(style)
    return style


#: Every property of a font (Qt 6's AllPropertiesResolved, 0x3ffff, and the bits added since).
_EVERY_FONT_PROPERTY = 0xFFFFF
#: Every colour role of every colour group of a palette.
_EVERY_COLOUR = (1 << 64) - 1


def apply_theme(root: QWidget, theme: Theme, family: str, later: Sequence[QWidget] = ()) -> None:
    """Dress the application and ``root``'s widgets in ``theme``: palette, type, sizes.

    A colour change repaints; a size change re-lays out (a new font makes each widget ask for
    its size again; the style's sizes follow the body size).  Only the widgets with a role are
    dressed; the others take the application's palette and font.  The widgets in ``later`` (and
    theirs) are left as they are, to be dressed with :func:`dress_tree` when they are shown (the
    lower tabs' hidden pages hold two thirds of the window's widgets).
    """
    style, palette, body = dress_application(theme, family)
    if root.palette() != palette:
        root.setPalette(palette)  # the window's own widgets, whatever else set the application's
    if root.font() != body:
        root.setFont(body)  # the window's own widgets, at once (the application's may be posted)
    # The pages left for later, held here so that each keeps the one Python wrapper its id names.
    aside = [widget for page in later for widget in (page, *page.findChildren(QWidget))]
    skipped = {id(widget) for widget in aside}
    for widget in root.findChildren(QWidget):
        if id(widget) not in skipped:
            style.dress(widget)


def dress_application(theme: Theme, family: str) -> tuple[AppStyle, QPalette, QFont]:
    """The application's style, palette and font in ``theme`` (returned: style, palette, body font).

    A window calls it before building its widgets too, so that they are built in its own theme
    and type, not in those of the window before it in the process: a 1024x768 window made after
    a projector one was built in 24 px type, and what a widget measures once as it is built
    (a least width, a first layout) came from it.
    """
    style = app_style()
    style.use(theme, family)
    palette = qt_palette(theme)
    if QApplication.palette() != palette:
        QApplication.setPalette(palette)  # dialogs, menus and message boxes
        QToolTip.setPalette(palette)
    body = QFont(family)
    body.setPixelSize(theme.font_px)
    if QApplication.font() != body:
        QApplication.setFont(body)  # dialogs, menus and message boxes
        QToolTip.setFont(body)
    return style, palette, body


def hold_look(widget: QWidget) -> None:
    """Give ``widget`` the type and colours it has now as its own, so that a new type or palette
    of the application (or of its parent) stops at it: for a window the app never shows
    (views/chart/idle_menus.py).  What the widget set itself already stops them."""
    if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
        font = QFont(widget.font())
        font.setResolveMask(_EVERY_FONT_PROPERTY)
        widget.setFont(font)
    if not widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette):
        palette = QPalette(widget.palette())
        palette.setResolveMask(_EVERY_COLOUR)
        widget.setPalette(palette)


def dress_tree(root: QWidget) -> None:
    """Dress ``root`` and its widgets in the application's theme (a page left for later by
    :func:`apply_theme`, about to be shown)."""
    style = app_style()
    for widget in (root, *root.findChildren(QWidget)):
        style.dress(widget)


def restyle(widget: QWidget) -> None:
    """Dress ``widget`` again after its role (or ``words``) property changed."""
    style = widget.style()
    if isinstance(style, AppStyle):
        style.dress(widget)
    widget.update()
