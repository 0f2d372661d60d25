"""The "One run, token by token" area: the animated run and its race against plain decoding.

Flow of one frame:

    Player --playhead_changed--> TokenRunView._show_frame
        -> model.race_totals(stream, playhead)          (computed once)
        -> strip.show_frame, lanes.show_totals, totals.show_totals, caption
        -> tree_cycle.show_frame                       (only while the run drafts a tree)

:class:`TokenRunView` (objectName ``tokenRun``) lays out the controls, the
race lanes, the token strip, the totals, the legend and the caption, and
wires them to the :class:`~specdec_desktop.state.RunState` (seed and trace)
and the :class:`~specdec_desktop.state.Player` (time).  The widgets forward
input and show what they are given; none keeps figures of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from ...model import Playhead, race_totals
from ...shortcuts import by_id
from ...state import Player, RunState
from ...text import N_, _
from ...theme import Theme
from ...wording.run_captions import describe_token, narrate, run_state
from ..announcer import Announcer
from ..crowding import Crowding
from ..language import follow_language
from ..wrapped_label import WrappedLabel
from .controls import RunControls
from .legend import Legend
from .race_lanes import RaceLanes
from .simulate_now import SimulateNow
from .strip import TokenStrip
from .totals_panel import TotalsPanel
from .tree_cycle import TreeCycleView

__all__ = ["CROWD_STEPS", "START_HINT", "TokenRunView", "start_hint"]

#: What steps aside, in this order, while a scene about the run is taller than its room (the
#: window measures: views/window_fitting.py): the simulate buttons; the row of Play, Step, Speed
#: and Seed (Space, N, R and the Run menu still work); the strip's five rows (it asks for its
#: least, and its tokens shrink to the room left); the totals under the measured speedup (the
#: panel's tooltip then lists them; the scene's caption names the expected one); the legend's
#: long names (the short ones stay, the long ones are its tooltip); the race's room around its
#: words (thinner lanes); the narration's second line
#: (one line, the whole sentence its tooltip); the narration (the scene's caption tells the
#: cycle's story).  The race, the tokens, the measured speedup and what each token's look
#: means stay.
CROWD_STEPS = ("simulate", "controls", "strip", "totals", "legend", "lanes", "narration", "no-narration")

_START_HINT = N_("Press Play ({play}) to start the run, or Step ({step}) to go one event at a time.")
_VIEW_NAME = N_("One run, token by token")


def start_hint() -> str:
    """The strip's hint before the run starts, in the active language, naming the keys."""
    return _(_START_HINT).format(play=by_id("run.play_pause").keys[0], step=by_id("run.step").keys[0])


#: The hint in English (as the English window shows it).
START_HINT = _START_HINT.format(play=by_id("run.play_pause").keys[0], step=by_id("run.step").keys[0])


class _SpaceThroughNumberBoxes(QObject):
    """Lets a bare Space reach the window's shortcuts from a number box (which would swallow it)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            return True  # not claimed: the shortcut map gets the key
        return False


class TokenRunView(Crowding, QFrame):
    """The token-by-token animation with its controls, race and totals.

    Parameters
    ----------
    run : RunState
        The run to show (seed and trace); made by :class:`~specdec_desktop.state.AppState`.
    player : Player
        The player of that run (time).
    theme : Theme
        Colours and sizes.
    font_family : str
        Family of the interface font.

    Signals
    -------
    reveal_requested
        A run shortcut was used while the view is hidden (the window shows its tab).
    """

    reveal_requested = Signal()

    crowd_steps = CROWD_STEPS

    def __init__(
        self,
        run: RunState,
        player: Player,
        theme: Theme,
        font_family: str = "Inter",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("tokenRun")
        self.setAccessibleName(_(_VIEW_NAME))
        self.run = run
        self.player = player
        self.theme = theme

        self.controls = RunControls(theme)
        self.lanes = RaceLanes(theme, font_family)
        self.strip = TokenStrip(theme, font_family)
        self.tree_cycle = TreeCycleView(theme, font_family)
        self.tree_cycle.setVisible(False)  # shown while the run drafts a tree
        self.totals = TotalsPanel()
        self.legend = Legend(theme, font_family)
        self.caption = WrappedLabel()
        self.caption.setObjectName("runCaption")
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._narration = ""  # the whole sentence (the caption may show it on one line, elided)

        lane_column = QVBoxLayout()
        lane_column.setSpacing(6)
        lane_column.addWidget(self.lanes)
        lane_column.addWidget(self.tree_cycle, 3)
        lane_column.addWidget(self.strip, 2)
        # The totals stand beside the race, or under it when the area is too narrow for both.
        self._body = body = QHBoxLayout()
        body.addLayout(lane_column, 1)
        self.simulate_now = SimulateNow(run)
        self._side = side = QVBoxLayout()
        side.addWidget(self.totals, 1)
        side.addWidget(self.simulate_now)
        body.addLayout(side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        layout.addWidget(self.controls)
        layout.addLayout(body, 1)
        layout.addWidget(self.legend)
        layout.addWidget(self.caption)

        #: Tells a screen reader the run's state (playing, paused with what it measured) and, while
        #: paused, each step's narration: politely, once it has rested.
        self.announcer = Announcer(self)
        self._connect()
        self._space_filter = _SpaceThroughNumberBoxes(self)
        # The run's keys are bound once by whoever hosts the view (the window services, on the
        # window, from their actions): see install_shortcuts.
        self.apply_theme(theme)
        self.controls.show_seed(self.run.seed)
        self.controls.show_speed(self.player.speed)
        self.controls.show_playing(self.player.playing)
        self._show_frame(self.player.playhead)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """The view's own words after a language switch (its parts follow the switch themselves)."""
        self.setAccessibleName(_(_VIEW_NAME))
        self._update_hint(self.player.playhead)
        self._update_caption(self.player.playhead)
        self.updateGeometry()

    # -- crowding ---------------------------------------------------------------------------

    def _step_aside(self, steps: frozenset[str]) -> None:
        """The run with ``steps`` (of :data:`CROWD_STEPS`) aside: :meth:`Crowding.set_crowding`."""
        for part, step in ((self.simulate_now, "simulate"), (self.controls, "controls")):
            if part.isHidden() != (step in steps):
                part.setVisible(step not in steps)
        self.strip.set_compact("strip" in steps)
        if self.totals.compact != ("totals" in steps):
            self.totals.set_compact("totals" in steps)
            # Compact beside the race, its one line keeps its own height at the top, not a box.
            top = Qt.AlignmentFlag.AlignTop if self.totals.compact else Qt.AlignmentFlag(0)
            self._side.setAlignment(self.totals, top)
            self._choose_direction()  # the compact totals may now stand beside the race
        self.legend.set_compact("legend" in steps)
        self.lanes.set_compact("lanes" in steps)
        one_line = "narration" in steps
        if self.caption.isHidden() != ("no-narration" in steps):
            self.caption.setVisible("no-narration" not in steps)
        if self.caption.wordWrap() == one_line:
            self.caption.setWordWrap(not one_line)
            # On one line the label asks for no width of its own: the sentence is elided to it.
            self.caption.setMinimumWidth(1 if one_line else 0)
            self._size_caption()
            self._show_narration()

    def _size_caption(self) -> None:
        lines = 1 if not self.caption.wordWrap() else 2
        self.caption.ensurePolished()
        self.caption.setMinimumHeight(lines * self.caption.fontMetrics().lineSpacing() + 2)

    def _show_narration(self) -> None:
        """The narration, whole (wrapped) or on one line elided to the caption's width."""
        text = self._narration
        if self.caption.wordWrap():
            shown, tip = text, ""
        else:
            metrics = self.caption.fontMetrics()
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(1, self.caption.width() - 2))
            tip = "" if shown == text else text
        if self.caption.text() != shown:
            self.caption.setText(shown)
        if self.caption.toolTip() != tip:
            self.caption.setToolTip(tip)

    # -- wiring -----------------------------------------------------------------------------

    def _connect(self) -> None:
        player, run, controls = self.player, self.run, self.controls
        player.playhead_changed.connect(self._show_frame)
        player.playing_changed.connect(self._on_playing)
        player.speed_changed.connect(controls.show_speed)
        run.seed_changed.connect(controls.show_seed)
        controls.play_toggled.connect(player.toggle)
        controls.step_requested.connect(player.step)
        controls.restart_requested.connect(player.restart)
        controls.speed_chosen.connect(player.set_speed)
        controls.seed_entered.connect(self._on_seed_entered)
        controls.new_seed_requested.connect(run.new_seed)
        self.strip.focus_changed.connect(lambda _slot: self._update_caption(self.player.playhead))

    def install_shortcuts(self, host: QWidget, actions: Mapping[str, QAction] | None = None) -> None:
        """Bind the run's keys (the ``run.*`` rows of :mod:`specdec_desktop.shortcuts`) on ``host``.

        Keys on a hidden widget do not fire, and the run's tab is often hidden: on the window
        they work from anywhere, and bring the tab forward (:attr:`reveal_requested`).  When
        the window already has QActions for those rows (the presenter builds one per table
        row), pass them as ``actions`` and the run connects to them instead of binding the
        keys a second time (two bindings of one key are ambiguous in Qt and neither fires).
        Space also plays and pauses from the window's number boxes, which have no use for it.
        """
        for item in getattr(self, "_shortcut_items", []):
            item.setEnabled(False)
            item.deleteLater()
        slots = {
            "run.play_pause": self._on_space,
            "run.step": self.player.step,
            "run.restart": self.player.restart,
            "run.slower": self.player.slower,
            "run.faster": self.player.faster,
            "run.new_seed": self.run.new_seed,
        }
        self.shortcuts: dict[str, QShortcut | QAction] = {}
        self._shortcut_items: list[QShortcut] = []
        for action, slot in slots.items():
            if actions is not None and action in actions:
                actions[action].triggered.connect(lambda _checked=False, slot=slot: self._run_shortcut(slot))
                self.shortcuts[action] = actions[action]
                continue
            for keys in by_id(action).keys:
                item = QShortcut(QKeySequence(keys), host)
                item.setContext(Qt.ShortcutContext.WindowShortcut)
                item.activated.connect(lambda slot=slot: self._run_shortcut(slot))
                self.shortcuts.setdefault(action, item)
                self._shortcut_items.append(item)
        for box in host.findChildren(QAbstractSpinBox):
            box.installEventFilter(self._space_filter)

    def _run_shortcut(self, slot: Callable[[], object]) -> None:
        if not self.isVisible():
            self.reveal_requested.emit()
        slot()

    def _on_space(self) -> None:
        """Space presses a focused button, as everywhere; otherwise it plays and pauses."""
        focus = QApplication.focusWidget()
        if isinstance(focus, QAbstractButton) and focus.isVisible():
            focus.animateClick()
        else:
            self.player.toggle()

    def _on_seed_entered(self, seed: int) -> None:
        try:
            self.run.set_seed(seed)
        except ValueError:  # the box's range already rules this out; keep the run's seed shown
            self.controls.show_seed(self.run.seed)

    def _on_playing(self, playing: bool) -> None:
        self.controls.show_playing(playing)
        if playing:
            self.strip.follow()
        self._update_hint(self.player.playhead)
        totals = race_totals(self.run.stream, self.player.playhead)
        self.announcer.say(run_state(playing, totals.achieved_speedup, totals.expected_speedup))

    # -- showing ----------------------------------------------------------------------------

    def _side_by_side_width(self) -> int:
        margins = self.layout().contentsMargins()
        side = [self.totals] if self.simulate_now.isHidden() else [self.totals, self.simulate_now]
        return (
            self.lanes.minimumSizeHint().width()
            + max(part.minimumSizeHint().width() for part in side)
            + self._body.spacing()
            + margins.left()
            + margins.right()
        )

    def minimumSizeHint(self) -> QSize:
        # As narrow as the totals under the race allow: resizeEvent puts them there when needed.
        hint = super().minimumSizeHint()
        margins = self.layout().contentsMargins()
        parts = (self.controls, self.lanes, self.totals, self.simulate_now, self.legend)
        narrow = max(part.minimumSizeHint().width() for part in parts) + margins.left() + margins.right()
        return QSize(min(hint.width(), narrow), hint.height())

    def _choose_direction(self) -> None:
        direction = (
            QBoxLayout.Direction.LeftToRight
            if self.width() >= self._side_by_side_width()
            else QBoxLayout.Direction.TopToBottom
        )
        if self._body.direction() != direction:
            self._body.setDirection(direction)

    def resizeEvent(self, event) -> None:
        self._choose_direction()
        super().resizeEvent(event)
        if not self.caption.wordWrap():
            self._show_narration()

    def apply_theme(self, theme: Theme) -> None:
        """Restyle every part from ``theme`` (the labels are dressed by role: theme/widget_style.py)."""
        self.theme = theme
        for part in (self.controls, self.lanes, self.strip, self.tree_cycle, self.legend):
            part.apply_theme(theme)
        # Two lines of caption always, so the strip does not jump when the text changes length
        # (one when the narration has stepped aside to one line: :meth:`set_crowding`).
        self._size_caption()

    def _show_frame(self, playhead: Playhead) -> None:
        stream = self.run.stream
        totals = race_totals(stream, playhead)
        self.strip.show_frame(stream, playhead)
        is_tree = stream.tree is not None
        if self.tree_cycle.isVisibleTo(self) != is_tree:
            self.tree_cycle.setVisible(is_tree)
        if is_tree:
            self.tree_cycle.show_frame(stream, playhead)
        self.lanes.show_totals(totals)
        self.totals.show_totals(totals)
        self._update_hint(playhead)
        self._update_caption(playhead)

    def _update_hint(self, playhead: Playhead) -> None:
        self.strip.set_hint(start_hint() if playhead.position == 0.0 and not self.player.playing else "")

    def _update_caption(self, playhead: Playhead) -> None:
        stream = self.run.stream
        described = self.strip.described
        text = describe_token(stream, playhead, *described) if described is not None else None
        if text is None:
            text = narrate(stream, playhead)
        if text != self._narration or (self.caption.wordWrap() and self.caption.text() != text):
            if text != self._narration and not self.player.playing:
                self.announcer.say(text)  # a step, a seek: what happened (while playing, nothing)
            self._narration = text
            self._show_narration()
