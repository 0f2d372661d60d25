"""The "Draft trees" panel: the Draft shape control, the rank vector, the diagram and the flags.

The control (objectName ``draftShapeInput``) picks the shape; the row under it edits that shape's
settings (budget and depth, SGLang's three settings, a path list, Medusa's heads), and the rank
box the ranks after the first (rank 1 is p).  Every edit goes to
:class:`~specdec_desktop.state.shape_state.ShapeState`; bad input leaves the state alone and says
why in one line.  The panel shows state and holds no figures: it asks
:func:`~specdec_desktop.model.trees.shape_figures` when the state changes (only while it is on
screen), pushes the tree into the diagram (:class:`.tree_view.TreeView`) with one simulated check,
and writes the best tree's engine flags.  Its words follow a live language switch
(:meth:`TreePanel.retranslate`), a refusal on screen included.

A new shape, check or set of assumptions shows at once; new parameters once they have rested
for the app state's ``settle_ms`` (the token run's wait, so the diagram and the run change
together).  A dragged slider passes dozens of points a second, and laying the panel's long
summary and flags out again for each cost three times what the cards and the chart cost
(benchmarks/performance_notes.md); the cards and the chart follow every point.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ..model.trees import (
    SHAPE_KINDS,
    TREE_PRESETS,
    format_paths,
    node_values,
    parse_paths,
    sglang_flags,
    sglang_settings_for,
    shape_figures,
    simulate_tree,
    vllm_flags,
)
from ..state.app_state import AppState
from ..state.debounce import Debounce
from ..text import N_, ListRule, Phrase, _, error_text, join_numbers, split_numbers
from ..theme import Theme
from ..wording import trees as words
from .combo_box import ComboBox
from .explanations import ExplanationView
from .language import follow_language
from .tree_view import TreeView

__all__ = ["TreePanel"]

_WINDOW_BUDGET = 128  # the largest tree the window's budget box offers (the model takes 1024)


def _label(text: str = "", wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _spin(name: str, low: int, high: int) -> QSpinBox:
    box = QSpinBox()
    box.setObjectName(name)
    box.setRange(low, high)
    box.setKeyboardTracking(False)
    return box


#: What the panel calls the text boxes it reads (the model's own names stay as the API spells them).
_PATH_LIST = N_("path list")
_RANKS = N_("rank acceptance")


def _numbers(text: str, name: str, kind: type) -> tuple:
    parts = [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]
    try:
        return tuple(kind(part) for part in parts)
    except ValueError:
        raise ValueError(
            Phrase(
                N_("{name} must be numbers separated by commas, got {value}"),
                name=name,
                value=repr(text[:30]),
            )
        ) from None


def _ranks(text: str) -> tuple[float, ...]:
    """The rank box's numbers, read by the language's rule (:mod:`specdec_desktop.text.number_list`):
    German ``0,15; 0,05`` and English ``0.15, 0.05``; a list the rule cannot read is refused."""
    items = split_numbers(text)
    if items is None:
        raise ValueError(
            Phrase(
                N_("{name}: {value} is not a list of numbers. {rule}"),
                name=Phrase(_RANKS),
                value=repr(text[:30]),
                rule=ListRule(),
            )
        )
    return tuple(float(item) for item in items)


class TreePanel(QWidget):
    """The trees tab; see the module docstring."""

    def __init__(self, app_state: AppState, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("treePanel")
        self._state = app_state.shape
        self._parameters = app_state.parameters
        self._assumptions = app_state.assumptions
        self._stale = True
        self._history = app_state.history
        self._rest = Debounce(app_state.settle_ms, self._on_figures, self)

        #: Labels showing one fixed text, and how to say it in the active language.
        self._captions: list[tuple[QLabel, Callable[[], str]]] = []
        #: The refusal on screen (said again in a new language), or None.
        self._refusal: BaseException | None = None
        self._preset_shown: int | None = None  # the preset whose note is on screen

        self.kind = ComboBox()
        self.kind.setObjectName("draftShapeInput")
        for kind in SHAPE_KINDS:
            self.kind.addItem("", kind)
        self.budget = _spin("treeBudgetInput", 1, _WINDOW_BUDGET)
        self.depth = _spin("treeDepthInput", 0, 32)
        self.steps = _spin("sglangStepsInput", 1, 16)
        self.topk = _spin("sglangTopkInput", 1, 8)
        self.draft_tokens = _spin("sglangDraftTokensInput", 2, _WINDOW_BUDGET + 1)
        self.paths = QLineEdit()
        self.paths.setObjectName("treePathsInput")
        self.heads = QLineEdit()
        self.heads.setObjectName("medusaHeadsInput")
        self.ranks = QLineEdit()
        self.ranks.setObjectName("rankAcceptanceInput")

        self.preset = ComboBox()
        self.preset.setObjectName("treePresetInput")
        self.preset.addItem("", None)
        for index, preset in enumerate(TREE_PRESETS):
            self.preset.addItem(_(preset.name), index)
        self.preset_note = _label()
        self.preset_note.setObjectName("treePresetNote")
        self.preset_note.hide()

        self.editors = QStackedWidget()
        pages = {
            "chain": [(None, self._caption(N_("k from the Draft length slider"), wrap=True))],
            "best": [(N_("Budget (guesses)"), self.budget), (N_("Most levels"), self.depth)],
            "sglang": [
                (N_("Steps"), self.steps),
                (N_("Top-k"), self.topk),
                (N_("Draft tokens"), self.draft_tokens),
            ],
            "paths": [("", self.paths)],
            "medusa": [(N_("Guesses per head"), self.heads)],
        }
        for kind in SHAPE_KINDS:
            page = QWidget()
            row = QHBoxLayout(page)
            row.setContentsMargins(0, 0, 0, 0)
            for caption, widget in pages[kind]:
                if caption:
                    row.addWidget(self._caption(caption))
                elif caption is not None:
                    row.addWidget(QLabel("speculative_token_tree"))  # vLLM's own name: not translated
                row.addWidget(widget, 1 if isinstance(widget, QLineEdit) else 0)
            row.addStretch(1)
            self.editors.addWidget(page)

        self.rank_one = _label(wrap=False)
        self.message = _label()
        self.message.setObjectName("treeMessage")
        self.message.setProperty("role", "warning")
        self.view = TreeView(theme)
        self.check_caption = _label()
        self.check_button = QPushButton()
        self.check_button.setObjectName("treeCheckButton")
        self.summary = _label()
        self.summary.setObjectName("treeSummary")

        form = QFormLayout()
        form.addRow(self._caption(lambda: words.PRESET_LABEL), self.preset)
        form.addRow("", self.preset_note)
        form.addRow(self._caption(N_("Draft shape")), self.kind)
        form.addRow("", self.editors)
        ranks_row = QHBoxLayout()
        ranks_row.addWidget(self.rank_one)
        ranks_row.addWidget(self.ranks, 1)
        form.addRow(self._caption(N_("Rank acceptance")), ranks_row)
        check_row = QHBoxLayout()
        check_row.addWidget(self.check_caption, 1)
        check_row.addWidget(self.check_button)
        # Controls and words on the left, the diagram on the right: the tab is wide, not tall.
        left = QVBoxLayout()
        left.addWidget(self._caption(lambda: words.PANEL_INTRO, wrap=True))
        left.addLayout(form)
        left.addWidget(self.message)
        left.addLayout(check_row)
        left.addWidget(self.summary)
        left.addStretch(1)
        self.essay = ExplanationView(words.TREES_ESSAY_TITLE, words.TREES_ESSAY)
        self.essay.setObjectName("treesEssay")
        right = QVBoxLayout()
        right.addWidget(self.view, 3)
        right.addWidget(self.essay, 2)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 5)
        layout.addLayout(right, 5)

        self.preset.activated.connect(self._apply_preset)
        self.kind.activated.connect(lambda index: self._edit(kind=self.kind.itemData(index)))
        self.budget.valueChanged.connect(lambda value: self._edit(budget=value))
        self.depth.valueChanged.connect(lambda value: self._edit(max_depth=value or None))
        for box in (self.steps, self.topk, self.draft_tokens):
            box.valueChanged.connect(self._edit_sglang)
        self.paths.editingFinished.connect(lambda: self._edit_text(paths=self.paths.text()))
        self.heads.editingFinished.connect(lambda: self._edit_text(heads=self.heads.text()))
        self.ranks.editingFinished.connect(lambda: self._edit_text(more_ranks=self.ranks.text()))
        self.check_button.clicked.connect(self._state.new_check)
        self._state.changed.connect(self._on_shape)
        self._state.check_changed.connect(self._on_figures)
        self._parameters.changed.connect(self._rest)
        self._assumptions.changed.connect(self._on_figures)
        self.message.hide()
        self.retranslate()
        follow_language(self, self.retranslate)

    def _caption(self, message: str | Callable[[], str], wrap: bool = False) -> QLabel:
        """A label showing ``message`` (an English message marked ``N_``, or a function giving the
        text) in the active language, now and after each switch."""
        label = _label(wrap=wrap)
        self._captions.append((label, message if callable(message) else lambda: _(message)))
        return label

    def retranslate(self) -> None:
        """Every word again in the active language (at start and after View ▸ Language): the
        captions, the controls' names and hints, the preset's note, a refusal on screen, the essay
        and the figures' words (now if shown, else when next shown)."""
        for label, say in self._captions:
            label.setText(say())
        for index, label in enumerate(words.SHAPE_LABELS.values()):
            self.kind.setItemText(index, label)
        self.kind.setAccessibleName(_("Draft shape"))
        self.depth.setSpecialValueText(_("any"))
        self.ranks.setAccessibleName(_("Rank acceptance after rank 1"))
        self.ranks.setToolTip(_(Phrase.joined((words.RANKS_HINT, ListRule()))))
        self.ranks.setPlaceholderText(_("for example {ranks}").format(ranks=join_numbers((0.15, 0.05))))
        self.preset.setItemText(0, words.PRESET_NONE)
        for row, preset in enumerate(TREE_PRESETS, start=1):
            self.preset.setItemText(row, _(preset.name))
        self.preset.setAccessibleName(_("Draft tree preset"))
        if self._preset_shown is not None:
            self.preset_note.setText(words.preset_note(TREE_PRESETS[self._preset_shown]))
        if self._refusal is not None:
            self.message.setText(error_text(self._refusal))
        self.check_button.setText(words.CHECK_BUTTON)
        self.essay.show_essay(words.TREES_ESSAY_TITLE, words.TREES_ESSAY)
        self._on_shape()  # the rank box, the rank-1 line, the check's caption, the summary

    # -- input ---------------------------------------------------------------------------

    def _edit(self, **values) -> None:
        try:
            self._state.set(**values)
        except ValueError as error:
            self._refuse(error)
            return
        self._clear_refusal()

    def _apply_preset(self, index: int) -> None:
        """Set the preset's shape, p and c as one undo step, and say where its figures come from."""
        chosen = self.preset.itemData(index)
        if chosen is None:
            self._preset_shown = None
            self.preset_note.hide()
            return
        preset = TREE_PRESETS[chosen]
        with self._history.step(_(preset.name)):
            self._parameters.set(p=preset.p, c=preset.c)
            self._state.set_shape(preset.shape)
        self._preset_shown = chosen
        self.preset_note.setText(words.preset_note(preset))
        self.preset_note.show()
        self._clear_refusal()

    def _edit_sglang(self, _value: int = 0) -> None:
        self._edit(sglang=(self.steps.value(), self.topk.value(), self.draft_tokens.value()))

    def _edit_text(self, **texts: str) -> None:
        """A path list, heads or ranks typed as text: read, then set (or refused, one line)."""
        try:
            ((name, text),) = texts.items()
            if name == "paths":
                value = parse_paths(text, name=Phrase(_PATH_LIST))
            elif name == "heads":
                value = _numbers(text, "heads", int)
            else:
                value = _ranks(text)
            if getattr(self._state.shape, name) == value:
                self._clear_refusal()
                return
            self._state.set(**{name: value})
        except ValueError as error:  # a phrase of the model's or the panel's: said in the language
            self._refuse(error)
            return
        self._clear_refusal()

    def _refuse(self, error: BaseException) -> None:
        """Say why ``error`` was refused, in the active language (and again after a switch)."""
        self._refusal = error
        self.message.setText(error_text(error))
        self.message.show()
        self._show_shape()  # the controls go back to what the state holds

    def _clear_refusal(self) -> None:
        self._refusal = None
        self.message.hide()

    # -- showing state -------------------------------------------------------------------

    def _show_shape(self) -> None:
        """Push the state into the controls without echo."""
        shape = self._state.shape
        blockers = [
            QSignalBlocker(w)
            for w in (self.kind, self.budget, self.depth, self.steps, self.topk, self.draft_tokens)
        ]
        self.kind.setCurrentIndex(SHAPE_KINDS.index(shape.kind))
        self.editors.setCurrentIndex(SHAPE_KINDS.index(shape.kind))
        self.budget.setValue(min(shape.budget, _WINDOW_BUDGET))
        self.depth.setValue(shape.max_depth or 0)
        self.steps.setValue(shape.sglang[0])
        self.topk.setValue(shape.sglang[1])
        self.draft_tokens.setValue(shape.sglang[2])
        del blockers
        self.paths.setText(format_paths(shape.paths))
        self.heads.setText(", ".join(map(str, shape.heads)))
        self.ranks.setText(join_numbers(shape.more_ranks))
        self.ranks.setEnabled(shape.kind != "chain")

    def _on_shape(self, *_args) -> None:
        self._show_shape()
        self._on_figures()

    def _on_figures(self, *_args) -> None:
        """The parameters, assumptions or check changed: the controls stay, the figures follow."""
        self._stale = True
        if self.isVisible():
            self.refresh()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale or self.pending:
            self.refresh()

    @property
    def pending(self) -> bool:
        """Whether new parameters wait to be shown (see the module's note)."""
        return self._rest.pending

    def settle(self) -> None:
        """Show waiting parameters now (before a screenshot or an export)."""
        self._rest.flush()

    def refresh(self) -> None:
        """Compute the figures of the shape shown and show them (diagram, check, flags)."""
        self._rest.cancel()  # shown now: nothing left to wait for
        self._stale = False
        params, assumptions = self._parameters.params, self._assumptions.assumptions
        shape = self._state.shape
        self.rank_one.setText(_("rank 1 = p = {p:g};  ranks 2, 3, …:").format(p=params.p))
        figures = shape_figures(shape, params, assumptions)
        resolved = figures.resolved
        values = node_values(resolved.paths, resolved.rank_acceptance, assumptions.decay)
        accepted_index = int(
            simulate_tree(resolved.paths, resolved.rank_acceptance, 1, self._state.check_seed)[0]
        )
        accepted = () if accepted_index < 0 else resolved.paths[accepted_index]
        self.view.show_tree(resolved.paths, values, accepted)
        self.check_caption.setText(words.check_caption(len(accepted) + 1, accepted))
        engine = sglang_settings_for(figures, params, assumptions)
        sglang = None if engine is None else sglang_flags(engine[0])
        self.summary.setText(words.figures_text(figures, vllm_flags(figures.best_paths), sglang))

    def apply_theme(self, theme: Theme) -> None:
        self.view.apply_theme(theme)
