"""The guided tour's caption: scene number and title, one or two sentences in large type, and the keys.

It sits in the window's header, in place of the title, rather than floating
over the content: each scene is about the cards, the chart or the lower panel,
and a floating banner would hide one of them.  Its height is the same for
every scene of a tour (the tallest caption decides), so stepping between
scenes never moves the chart; only when the window is crowded (large type, zoom) does it
keep the room of the caption shown alone (:meth:`CaptionBanner.set_reserve_longest`), the
chart's share then mattering more than its stillness.

Titles and captions come from tour files, so they are shown as plain text: markup in a
file (``<img src=...>`` would make Qt read that file) is shown as the characters it is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QWidget

from ..text import N_, _
from ..theme.widget_style import restyle
from .language import follow_language
from .wrapped_label import WrappedLabel

__all__ = ["CaptionBanner"]

# The hints are English here, shown with ``_()``.
_KEYS_HINT = N_("PgDn / → next   ·   PgUp / ← back   ·   B blank   ·   Esc leave")
#: On the last scene there is no next one: say so.
_LAST_KEYS_HINT = N_("The tour is over   ·   PgUp / ← back   ·   Esc ends the tour")
#: The keys, short, when the whole hint does not fit beside the scene's title (large type);
#: the whole hint is then the tooltip.
_SHORT_KEYS = {_KEYS_HINT: N_("PgDn ▸  PgUp ◂  B  Esc"), _LAST_KEYS_HINT: N_("Over  ·  PgUp ◂  Esc")}
#: When the screen no longer shows the scene's numbers (the caption's figures would be wrong).
CHANGED_HINT = N_("changed: Ctrl+R shows the scene again")
#: How many measures of the longest caption are kept (each width, type size and scene title).
_LONGEST_KEPT = 64


class CaptionBanner(QFrame):
    """Shows one scene's caption; holds only the texts it was last given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tourCaption")
        self.setProperty("role", "banner")
        self.setAccessibleName(_("Tour caption"))
        self.setAccessibleDescription(_("The guided tour's current scene"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.counter = WrappedLabel("")  # a long title wraps under large type rather than widening
        self.counter.setObjectName("sceneCounter")
        self.counter.setProperty("role", "sceneCounter")
        self.counter.setTextFormat(Qt.TextFormat.PlainText)
        self.caption = WrappedLabel("")
        self.caption.setObjectName("caption")
        self.caption.setProperty("role", "caption")
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.keys = QLabel(_(_KEYS_HINT))
        self.keys.setObjectName("keysHint")
        self.keys.setProperty("role", "hint")
        self.keys.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QGridLayout(self)
        layout.addWidget(self.counter, 0, 0)
        layout.addWidget(self.keys, 0, 1)
        layout.addWidget(self.caption, 1, 0, 1, 2)
        layout.setColumnStretch(0, 1)
        layout.setRowStretch(1, 1)
        self._captions: tuple[str, ...] = ()
        self._keys_text = _KEYS_HINT
        self._keys_fit = True  # whether the whole hint fits beside the scene's title
        self._changed = False
        self._fit_pending = True
        self._reserve_longest = True
        # The longest caption's height by what it was measured for (width, type, title, keys):
        # zoom steps and theme switches go back and forth between a few sizes.
        self._longest: dict[tuple, int] = {}
        self.hide()
        follow_language(self, self._show_keys)

    def set_captions(self, captions: tuple[str, ...]) -> None:
        """The captions of the whole tour, so the banner can reserve room for the longest."""
        self._captions = captions
        self._longest.clear()
        self.fit_height()

    def show_scene(self, number: int, total: int, title: str, caption: str) -> None:
        """Show scene ``number`` (from 1) of ``total``."""
        last = number == total
        if last:
            counter = _("Scene {number} of {total} (the last): {title}")
        else:
            counter = _("Scene {number} of {total}: {title}")
        self.counter.setText(counter.format(number=number, total=total, title=title))
        self._keys_text = _LAST_KEYS_HINT if last else _KEYS_HINT  # fit_height may shorten it
        self._show_keys()
        self.caption.setText(caption)
        self.setAccessibleName(
            _("Tour, scene {number} of {total}: {title}").format(number=number, total=total, title=title)
        )
        self.setAccessibleDescription(caption)
        self.fit_height()

    def show_changed(self, changed: bool) -> None:
        """Say (in place of the keys) that the screen no longer matches the scene's caption."""
        self._changed = bool(changed)
        self._show_keys()

    @property
    def changed_shown(self) -> bool:
        return self._changed

    def _show_keys(self) -> None:
        # The note takes the keys' place (it is shorter), so the banner's height never changes.
        keys = self._keys_text if self._keys_fit else _SHORT_KEYS[self._keys_text]
        self.keys.setText(_(CHANGED_HINT) if self._changed else _(keys))
        role = "error" if self._changed else "hint"
        if self.keys.property("role") != role:
            self.keys.setProperty("role", role)
            self.keys.style().unpolish(self.keys)
            self.keys.style().polish(self.keys)
        self.keys.setAccessibleDescription(_(CHANGED_HINT) if self._changed else "")

    def set_reserve_longest(self, on: bool) -> None:
        """Keep the height of the tour's longest caption (``True``, the default: the chart never
        moves between scenes) or only of the caption shown (a crowded window)."""
        if on != self._reserve_longest:
            self._reserve_longest = on
            self.fit_height()

    def set_compact(self, on: bool) -> None:
        """Set the caption at the body's size (a crowded window) rather than the headline size."""
        role = "captionCompact" if on else "caption"
        if self.caption.property("role") != role:
            self.caption.setProperty("role", role)
            restyle(self.caption)
            self.fit_height()

    def fit_height(self) -> None:
        """Fix the height to what the longest caption needs at the current width and type size.

        A banner that is not visible yet is fitted when it is shown (a theme change outside the
        tour saves ~2 ms): before that its labels are not polished, and a caption measured then
        wraps to fewer lines than it shows, so a scene jumped to kept less room than the same scene
        walked to.
        """
        if not self.isVisible():
            self._fit_pending = True
            return
        self._fit_pending = False
        width = self.width()
        self._fit_keys(width)
        layout = self.layout()
        shown = self.caption.text()
        heights = [layout.totalHeightForWidth(width)]
        if self._reserve_longest and self._captions:
            # The longest caption's height, measured once per width, type and scene title: a
            # crowded window that lets the room go and takes it back does not measure it again.
            key = (
                width,
                self.caption.font().key(),
                self.counter.font().key(),
                self.counter.text(),
                self.keys.text(),
            )
            longest = self._longest.get(key)
            if longest is None:
                longest = 0
                for text in self._captions:
                    self.caption.setText(text)
                    longest = max(longest, layout.totalHeightForWidth(width))
                self.caption.setText(shown)
                if len(self._longest) >= _LONGEST_KEPT:
                    self._longest.clear()
                self._longest[key] = longest
            heights.append(longest)
        self.setFixedHeight(max(heights))

    def _fit_keys(self, width: int) -> None:
        """The whole keys hint when it leaves the scene's title half the width, else the short one."""
        whole = _(self._keys_text)
        self._keys_fit = self.keys.fontMetrics().horizontalAdvance(whole) <= width / 2
        self.keys.setToolTip("" if self._keys_fit else whole)
        self._show_keys()

    def showEvent(self, event) -> None:
        if self._fit_pending:
            self.fit_height()
        super().showEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.fit_height()
