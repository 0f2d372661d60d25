"""What each role of a widget looks like (its type and colour), and the sizes that follow the body type.

Data only: :class:`~.widget_style.AppStyle` applies it when it dresses a widget.  Widgets name
their role with ``setProperty("role", ...)``.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QFont

from .palette import Theme

__all__ = ["ROLES", "SURFACES", "WORDS_SHARE", "Look", "Metrics"]


class Metrics(NamedTuple):
    """The sizes, in pixels, that follow the body type size."""

    body: int
    small: int
    radius: int
    pad: int
    handle: int
    groove: int
    bar: int
    focus: int
    card_edge: int
    banner_edge: int

    @classmethod
    def of(cls, theme: Theme) -> Metrics:
        body = theme.font_px
        return cls(
            body=body,
            small=max(8, round(body * theme.small_scale)),
            radius=max(4, round(body * 0.55)),
            pad=max(4, round(body * 0.6)),
            handle=max(24, round(body * 1.3)),  # click targets at least 24 x 24 px (WCAG 2.5.8)
            groove=max(6, round(body * 0.4)),
            bar=max(24, round(body * 1.2)),  # scroll bars are click targets too
            focus=max(2, round(body * 0.15)),
            card_edge=max(3, round(body * 0.35)),
            banner_edge=max(6, round(body * 0.5)),
        )


class Look(NamedTuple):
    """A role's type (size as a share of the body, or a size field of the theme) and colour."""

    scale: float = 1.0
    weight: QFont.Weight = QFont.Weight.Normal
    colour: str | None = None  # a Theme colour field; None: the palette's text colour
    small: bool = False  # the theme's small size (hints, details)
    card_value: bool = False  # the theme's card figure size


_W = QFont.Weight
#: Each role's look.  Widgets name their role with ``setProperty("role", ...)``.
ROLES: dict[str, Look] = {
    "title": Look(1.5, _W.Bold),
    "subtitle": Look(colour="text_muted"),
    "heading": Look(1.1, _W.DemiBold),
    "hint": Look(colour="text_muted", small=True),
    "error": Look(weight=_W.DemiBold, colour="warning", small=True),
    "warning": Look(weight=_W.DemiBold, colour="warning", small=True),
    "formula": Look(1.1),
    "figure": Look(1.45, _W.Bold),
    "caption": Look(1.35, _W.DemiBold),
    # The tour's caption in a crowded window (large zoom): the body's size, still demibold.
    "captionCompact": Look(weight=_W.DemiBold),
    "sceneCounter": Look(weight=_W.Bold, colour="accent"),
    "key": Look(weight=_W.Bold),
    "cardTitle": Look(weight=_W.DemiBold, colour="text_muted"),
    "cardValue": Look(weight=_W.Bold, card_value=True),
    "cardDetail": Look(colour="text_muted", small=True),
    "entry": Look(weight=_W.DemiBold),
    # Framed surfaces: body type, painted by the style.
    "panel": Look(),
    "card": Look(),
    "banner": Look(),
}
#: Roles the style paints as a framed surface.
SURFACES = frozenset({"panel", "card", "banner", "key"})
#: A card's figure in words ("don't speculate") is set smaller than a number.
WORDS_SHARE = 0.62
