"""The run's controls: play/pause, step, restart, speed, seed and "new seed".

They forward what the user does as signals and show the player's and the
run's state when told to (without echoing it back); they hold no state.
Tooltips name each control's key from :mod:`specdec_desktop.shortcuts`.  Every word is marked
with ``N_`` here and shown with ``_`` by :meth:`RunControls.retranslate`, which runs again after a
live language switch (View ▸ Language).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QToolButton, QWidget

from ...shortcuts import by_id
from ...state.player import SPEEDS
from ...state.run_state import MAX_SEED
from ...text import N_, _, localize
from ...theme import Theme
from ..combo_box import ComboBox
from ..language import follow_language
from .icons import make_icon

__all__ = ["BUTTONS", "RunControls", "speed_label"]


#: (objectName, name, tooltip, shortcut row) of each button, in English; shown with ``_``.
BUTTONS: tuple[tuple[str, str, str, str], ...] = (
    ("runPlayButton", N_("Play"), N_("Play or pause the run"), "run.play_pause"),
    ("runStepButton", N_("Step"), N_("One draft step or one check"), "run.step"),
    ("runRestartButton", N_("Restart"), N_("Back to the first cycle"), "run.restart"),
    ("runNewSeedButton", N_("New seed"), N_("Draw a different run"), "run.new_seed"),
)
PAUSE = N_("Pause")
SPEED = N_("Speed")
SPEED_NAME = N_("Playback speed")
SPEED_TIP = N_("Playback speed: 1× is one big-model pass per second ({slower} slower, {faster} faster)")
SEED = N_("Seed")
SEED_TIP = N_("The same seed replays the same run")


def speed_label(speed: float) -> str:
    """A speed as the box shows it: "0.5×" (in German "0,5×")."""
    return localize(f"{speed:g}×")


def _with_key(text: str, action: str) -> str:
    return f"{_(text)} ({by_id(action).keys[0]})"


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

        def button(name: str) -> QToolButton:
            widget = QToolButton()
            widget.setObjectName(name)
            widget.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            # Tab reaches it; a click does not take the focus, so Space still plays and pauses
            # after a click on Restart or New seed (a focused button would take Space itself).
            widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            row.addWidget(widget)
            return widget

        self.play = button("runPlayButton")
        self.step = button("runStepButton")
        self.restart = button("runRestartButton")
        row.addSpacing(12)
        self.speed_caption = speed_caption = QLabel()
        speed_caption.setObjectName("runSpeedCaption")
        row.addWidget(speed_caption)
        self.speed = ComboBox()
        self.speed.setObjectName("runSpeed")
        for speed in SPEEDS:
            self.speed.addItem(speed_label(speed), speed)
        speed_caption.setBuddy(self.speed)
        row.addWidget(self.speed)
        row.addSpacing(12)
        self.seed_caption = seed_caption = QLabel()
        seed_caption.setObjectName("runSeedCaption")
        row.addWidget(seed_caption)
        self.seed = QSpinBox()
        self.seed.setObjectName("runSeedInput")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setKeyboardTracking(False)
        self._size_seed()
        self.seed.installEventFilter(self)
        seed_caption.setBuddy(self.seed)
        row.addWidget(self.seed)
        self.new_seed = button("runNewSeedButton")
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
        self._words_ready = False
        self.retranslate()
        self.apply_theme(theme)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Every word of the row in the active language (at start and after a switch)."""
        widgets = (self.play, self.step, self.restart, self.new_seed)
        for widget, (_name, text, tip, action) in zip(widgets, BUTTONS, strict=True):
            widget.setText(_(text))
            widget.setAccessibleName(_(text))
            widget.setToolTip(_with_key(tip, action))
        self.speed_caption.setText(_(SPEED))
        self.speed.setAccessibleName(_(SPEED_NAME))
        self.speed.setToolTip(
            _(SPEED_TIP).format(slower=by_id("run.slower").keys[0], faster=by_id("run.faster").keys[0])
        )
        for index in range(self.speed.count()):
            self.speed.setItemText(index, speed_label(float(self.speed.itemData(index))))
        self.seed_caption.setText(_(SEED))
        self.seed.setAccessibleName(_(SEED))
        self.seed.setToolTip(_(SEED_TIP))
        if self._words_ready:  # after a switch: Play or Pause, and the width the names need
            self.show_playing(self._playing)
            self._measure_full_width()
        self._words_ready = True

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
        widths = []
        for name in (_(PAUSE), _(BUTTONS[0][1])):  # Play's two names; the longer one counts
            self.play.setText(name)
            self.layout().invalidate()
            widths.append(self.layout().sizeHint().width())
        self._full_width = max(widths)
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

    def _size_seed(self) -> None:
        """Room in the seed box for ten digits in its present type."""
        self.seed.setMinimumWidth(self.seed.fontMetrics().horizontalAdvance("0000000000") + 30)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Measured once, the seed box kept the type it was built in through every zoom step (a
        # window built after a projector one kept a 24 px box: its run was cut 11 px at 1024x768).
        # Its own font change, not the row's: the row hears of a new font before its children.
        if watched is self.seed and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._size_seed()
        return False

    def show_playing(self, playing: bool) -> None:
        self._playing = playing
        self.play.setText(_(PAUSE) if playing else _(BUTTONS[0][1]))
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
