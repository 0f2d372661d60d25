"""The run's controls: play/pause, step, restart, speed, seed and "new seed".

They forward what the user does as signals and show the player's and the
run's state when told to (without echoing it back); they hold no state.
Tooltips name each control's key from :mod:`specdec_desktop.shortcuts`.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QToolButton, QWidget

from ...shortcuts import by_id
from ...state.player import SPEEDS
from ...state.run_state import MAX_SEED
from ...theme import Theme
from .icons import make_icon

__all__ = ["RunControls", "speed_label"]


def speed_label(speed: float) -> str:
    return f"{speed:g}×"


def _with_key(text: str, action: str) -> str:
    return f"{text} ({by_id(action).keys[0]})"


class RunControls(QWidget):
    """A row of playback controls.

    Signals
    -------
    play_toggled, step_requested, restart_requested, new_seed_requested
        The matching button was pressed.
    speed_chosen(float)
        A speed was picked.
    seed_entered(int)
        A seed was typed (on Enter or leaving the box) or stepped.
    """

    play_toggled = Signal()
    step_requested = Signal()
    restart_requested = Signal()
    new_seed_requested = Signal()
    speed_chosen = Signal(float)
    seed_entered = Signal(int)

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runControls")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)

        def button(name: str, text: str, tip: str, action: str) -> QToolButton:
            widget = QToolButton()
            widget.setObjectName(name)
            widget.setText(text)
            widget.setToolTip(_with_key(tip, action))
            widget.setAccessibleName(text)
            widget.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            # Tab reaches it; a click does not take the focus, so Space still plays and pauses
            # after a click on Restart or New seed (a focused button would take Space itself).
            widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            row.addWidget(widget)
            return widget

        self.play = button("runPlayButton", "Play", "Play or pause the run", "run.play_pause")
        self.step = button("runStepButton", "Step", "One draft step or one check", "run.step")
        self.restart = button("runRestartButton", "Restart", "Back to the first cycle", "run.restart")
        row.addSpacing(12)
        speed_caption = QLabel("Speed")
        row.addWidget(speed_caption)
        self.speed = QComboBox()
        self.speed.setObjectName("runSpeed")
        self.speed.setAccessibleName("Playback speed")
        self.speed.setToolTip(
            f"Playback speed: 1× is one big-model pass per second "
            f"({by_id('run.slower').keys[0]} slower, {by_id('run.faster').keys[0]} faster)"
        )
        for speed in SPEEDS:
            self.speed.addItem(speed_label(speed), speed)
        speed_caption.setBuddy(self.speed)
        row.addWidget(self.speed)
        row.addSpacing(12)
        seed_caption = QLabel("Seed")
        row.addWidget(seed_caption)
        self.seed = QSpinBox()
        self.seed.setObjectName("runSeedInput")
        self.seed.setAccessibleName("Seed")
        self.seed.setToolTip("The same seed replays the same run")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setKeyboardTracking(False)
        self.seed.setMinimumWidth(self.seed.fontMetrics().horizontalAdvance("0000000000") + 30)
        seed_caption.setBuddy(self.seed)
        row.addWidget(self.seed)
        self.new_seed = button("runNewSeedButton", "New seed", "Draw a different run", "run.new_seed")
        row.addStretch(1)

        self.play.clicked.connect(self.play_toggled)
        self.step.clicked.connect(self.step_requested)
        self.restart.clicked.connect(self.restart_requested)
        self.new_seed.clicked.connect(self.new_seed_requested)
        self.speed.activated.connect(lambda index: self.speed_chosen.emit(float(self.speed.itemData(index))))
        self.seed.valueChanged.connect(self.seed_entered)
        self._playing = False
        self._buttons = (self.play, self.step, self.restart, self.new_seed)
        self._full_width = 0  # the row's width with every button's name shown (set per theme)
        self.apply_theme(theme)

    def apply_theme(self, theme: Theme) -> None:
        self._theme = theme
        side = max(12, round(theme.font_px * 1.1))
        ratio = self.devicePixelRatioF()
        self._icons = {
            kind: make_icon(kind, theme.text, side, ratio)
            for kind in ("play", "pause", "step", "restart", "dice")
        }
        for widget in (self.play, self.step, self.restart, self.new_seed):
            widget.setIconSize(QSize(side, side))
        self.step.setIcon(self._icons["step"])
        self.restart.setIcon(self._icons["restart"])
        self.new_seed.setIcon(self._icons["dice"])
        self.show_playing(self._playing)
        self._measure_full_width()

    # -- fitting ----------------------------------------------------------------------------
    # Squeezed, a tool button cuts its name to "R...t"; below the width the names need, the
    # buttons show their icons alone (the names stay in their tooltips and accessible names).

    def _measure_full_width(self) -> None:
        self._set_button_style(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for widget in self._buttons:
            widget.ensurePolished()
        shown = self.play.text()
        self.play.setText("Pause")  # the longer of its two names
        self.layout().invalidate()
        self._full_width = self.layout().sizeHint().width()
        self.play.setText(shown)
        self._fit()

    def _set_button_style(self, style: Qt.ToolButtonStyle) -> None:
        for widget in self._buttons:
            if widget.toolButtonStyle() != style:
                widget.setToolButtonStyle(style)

    def _fit(self) -> None:
        compact = self.width() < self._full_width
        self._set_button_style(
            Qt.ToolButtonStyle.ToolButtonIconOnly if compact else Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        )

    @property
    def compact(self) -> bool:
        """Whether the buttons show their icons alone (too little room for their names)."""
        return self.play.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def show_playing(self, playing: bool) -> None:
        self._playing = playing
        self.play.setText("Pause" if playing else "Play")
        self.play.setAccessibleName(self.play.text())
        self.play.setIcon(self._icons["pause" if playing else "play"])

    def show_speed(self, speed: float) -> None:
        index = self.speed.findData(speed)
        with QSignalBlocker(self.speed):
            if index < 0:
                self.speed.addItem(speed_label(speed), speed)
                index = self.speed.count() - 1
            self.speed.setCurrentIndex(index)

    def show_seed(self, seed: int) -> None:
        with QSignalBlocker(self.seed):
            self.seed.setValue(seed)
