"""The painted strip: its geometry, and pixel probes of every token state's colour, glyph and outline."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from specdec_desktop.model import Parameters, TokenState, TraceStream
from specdec_desktop.theme import DARK, LIGHT, PROJECTOR, Theme
from specdec_desktop.views.token_run.glyphs import (
    FILL_POINTS,
    GLYPH_POINTS,
    OUTLINE_POINTS,
    STAMPED_STATES,
    TokenColours,
    TokenSprites,
)
from specdec_desktop.views.token_run.strip import TokenStrip, fitted_layout
from specdec_desktop.views.token_run.strip_layout import StripLayout

S = TokenState
SEED = 3948  # first cycles accept 2, 6, 0, 1, 3, 0 guesses at k = 6

# -- geometry (no painting) ---------------------------------------------------------------


@given(
    st.integers(200, 2500),
    st.integers(60, 1400),
    st.integers(12, 50),
    st.integers(0, 130),
    st.integers(0, 5000),
    st.data(),
)
def test_every_slot_is_found_where_it_is_placed(width, height, cell, k, cycle, data) -> None:
    layout = StripLayout(width, height, cell, k)
    slot = data.draw(st.integers(0, k))
    first_row = max(0, layout.row_of(cycle, slot) - data.draw(st.integers(0, layout.rows_visible - 1)))
    x, y = layout.slot_x(cycle, slot), layout.slot_y(cycle, slot, first_row)
    assert layout.slot_at(x + cell / 2, y + cell / 2, first_row) == (cycle, slot)
    assert layout.slot_at(x + layout.cell + 0.5, y + cell / 2, first_row) != (cycle, slot)
    start, stop = layout.visible_cycles(first_row)
    assert start <= cycle < stop
    xs, ys = layout.positions(cycle, 1, first_row)
    assert (xs[0, slot], ys[0, slot]) == (x, y)
    # Tokens stay inside the strip horizontally and rows never overlap.
    assert layout.left >= layout.margin and x + layout.cell <= max(width, layout.left + layout.cell)
    assert layout.row_pitch > layout.cell


def test_cycles_stay_on_one_row_when_they_fit_and_wrap_when_not() -> None:
    wide = StripLayout(1200, 400, 26, 6)
    assert not wide.wraps and wide.cycles_per_row >= 5
    assert {wide.row_of(4, slot) for slot in range(7)} == {wide.row_of(4, 0)}
    narrow = StripLayout(400, 400, 26, 40)
    assert narrow.wraps and narrow.rows_per_cycle > 1
    assert narrow.row_of(1, 0) == narrow.rows_per_cycle


def test_fitting_shrinks_tokens_rather_than_wrap_or_show_two_rows() -> None:
    layout = fitted_layout(660, 400, 27, 24)  # 25 slots do not fit at 27 px
    assert not layout.wraps and layout.cell < 27
    short = fitted_layout(1000, 110, 27, 6)
    assert short.rows_visible >= 3 or short.cell == round(27 * 0.7)
    assert fitted_layout(1600, 600, 27, 6).cell == 27  # room enough: full size


# -- pixel probes ---------------------------------------------------------------------------


def _close(actual: QColor, expected: QColor, tolerance: int = 40) -> bool:
    return all(
        abs(a - b) <= tolerance for a, b in zip(actual.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


def _blend(over: QColor, under: QColor) -> QColor:
    alpha = over.alphaF()
    return QColor.fromRgbF(
        over.redF() * alpha + under.redF() * (1 - alpha),
        over.greenF() * alpha + under.greenF() * (1 - alpha),
        over.blueF() * alpha + under.blueF() * (1 - alpha),
    )


def _probe(image: QImage, rect: QRectF, point: tuple[float, float]) -> QColor:
    return image.pixelColor(int(rect.x() + point[0] * rect.width()), int(rect.y() + point[1] * rect.height()))


@pytest.fixture
def strip(qtbot):
    def make(theme: Theme, position_in_cycle: float, cycle: int = 6, size=(1100, 420)) -> TokenStrip:
        widget = TokenStrip(theme)
        qtbot.addWidget(widget)
        widget.resize(*size)
        stream = TraceStream(Parameters(k=6, p=0.75, c=0.15), SEED)
        timeline = stream.timeline
        widget.show_frame(stream, timeline.playhead(timeline.cycle_start(cycle) + position_in_cycle))
        widget.stream = stream
        return widget

    return make


def _slots_by_state(widget: TokenStrip, head_cycle: int) -> dict[int, tuple[int, int]]:
    stream = widget.stream
    states = stream.window(0, head_cycle + 1).states_at(widget._playhead)
    found: dict[int, tuple[int, int]] = {}
    for (cycle, slot), state in np.ndenumerate(states):
        found.setdefault(int(state), (cycle, slot))
    return found


@pytest.mark.parametrize("theme", [LIGHT, DARK, PROJECTOR], ids=lambda t: t.name)
def test_each_state_shows_its_colour_glyph_and_outline(strip, theme: Theme) -> None:
    widget = strip(theme, 3.0)  # cycle 7 has 3 guesses drafted; cycles 1-6 are checked
    image = widget.grab().toImage()
    colours = TokenColours.from_theme(theme)
    background = colours.background
    fills = {
        S.PENDING: _blend(colours.pending_tint, background),
        S.ACCEPTED: colours.accepted,
        S.DISCARDED: background,
        S.BONUS: colours.target,
        S.CORRECTION: colours.target,
    }
    glyphs = {
        S.ACCEPTED: colours.on_fill,
        S.DISCARDED: colours.discarded,
        S.BONUS: colours.on_fill,
        S.CORRECTION: colours.on_fill,
    }
    # The correction stands where the rejected guess was, ringed in the rejected colour.
    outlines = {S.PENDING: colours.pending, S.CORRECTION: colours.rejected}
    slots = _slots_by_state(widget, 6)
    assert set(fills) <= set(slots), "the seed's first cycles show every state"
    for state, fill in fills.items():
        rect = widget.token_rect(*slots[state])
        assert rect is not None
        assert _close(_probe(image, rect, FILL_POINTS[state]), fill), (state.name, "fill")
        if state in glyphs:
            assert _close(_probe(image, rect, GLYPH_POINTS[state]), glyphs[state]), (state.name, "glyph")
        if state in outlines:
            assert _close(_probe(image, rect, OUTLINE_POINTS[state]), outlines[state]), (
                state.name,
                "outline",
            )
    # The pending "?" is drawn in the text colour somewhere in the middle of the token.
    rect = widget.token_rect(*slots[S.PENDING])
    middle = [
        _probe(image, rect, (fx, fy)).lightness()
        for fx in np.linspace(0.35, 0.65, 9)
        for fy in np.linspace(0.25, 0.75, 9)
    ]
    assert min(middle) < 80 if theme is not DARK else max(middle) > 200


def test_checking_fills_a_pie_and_a_bar_as_the_pass_runs(strip) -> None:
    widget = strip(LIGHT, 6.5)  # all 6 guesses drafted, check half done
    image = widget.grab().toImage()
    colours = TokenColours.from_theme(LIGHT)
    target = widget.token_rect(6, 6)
    assert _close(_probe(image, target, (0.62, 0.5)), colours.target)  # the done half of the pie
    assert _close(_probe(image, target, (0.38, 0.5)), colours.background)  # the half still to go
    first = widget.token_rect(6, 0)
    last = widget.token_rect(6, 5)
    bar_y = first.bottom() + 4
    assert _close(image.pixelColor(int(first.center().x()), int(bar_y)), colours.target)
    assert not _close(image.pixelColor(int(last.center().x()), int(bar_y)), colours.target)


def test_the_guess_being_drafted_fades_in_and_later_ones_are_placeholders(strip) -> None:
    widget = strip(LIGHT, 3.9)
    image = widget.grab().toImage()
    colours = TokenColours.from_theme(LIGHT)
    drafting = _probe(image, widget.token_rect(6, 3), OUTLINE_POINTS[S.PENDING])
    assert not _close(drafting, colours.background, 10)  # visible...
    assert not _close(drafting, colours.pending, 10)  # ...but not yet solid
    later = widget.token_rect(6, 5)
    assert _close(_probe(image, later, (0.5, 0.5)), colours.background, 5)


def test_states_differ_in_greyscale(qapp) -> None:
    """Every pair of token states differs in shape, not only in hue."""
    for theme in (LIGHT, PROJECTOR):
        sprites = TokenSprites(TokenColours.from_theme(theme), 32, 1.0, qapp.font())
        grey = {}
        for state in STAMPED_STATES:
            image = sprites.pixmaps[int(state)].toImage().convertToFormat(QImage.Format.Format_Grayscale8)
            grey[state] = np.array(
                [[image.pixelColor(x, y).value() for x in range(32)] for y in range(32)], dtype=float
            )
        states = list(grey)
        for i, first in enumerate(states):
            for second in states[i + 1 :]:
                difference = np.abs(grey[first] - grey[second]).mean()
                assert difference > 10, (theme.name, first.name, second.name, difference)


def test_selection_and_hover_draw_a_ring(strip, qtbot) -> None:
    widget = strip(LIGHT, 3.0)
    rect = widget.token_rect(0, 2)
    before = widget.grab().toImage()
    widget.select((0, 2))
    after = widget.grab().toImage()
    ring_point = (int(rect.center().x()), int(rect.top() - 2))
    assert before.pixelColor(*ring_point) != after.pixelColor(*ring_point)
    assert widget.described == (0, 2)
    widget.select(None)
    assert widget.described is None
    # The mouse finds the token under it; a guess not yet drafted is not "there".
    assert widget.slot_at(QPointF(rect.center())) == (0, 2)
    assert widget.slot_at(QPointF(widget.token_rect(6, 5).center())) is None


def test_painting_reads_only_the_visible_cycles(strip) -> None:
    """Deep into a run the strip still asks the stream only for what it shows."""
    widget = strip(LIGHT, 2.0, cycle=50_000)
    asked = []
    original = widget.stream.accepted

    def spy(start: int, stop: int):
        asked.append((start, stop))
        return original(start, stop)

    widget.stream.accepted = spy
    widget.grab()
    layout = widget.strip_layout()
    shown = layout.rows_visible * layout.cycles_per_row
    assert asked and all(stop - start <= shown for start, stop in asked)
    assert max(stop for _, stop in asked) == 50_000  # the current cycle is unchecked: not read
