"""The Draft trees box refuses bad input in the window's language (issue 27).

The model's refusals (``model/trees/paths.py``, ``value.py``, ``engines.py``, ``shape.py``) are
phrases: their English is the ``ValueError``'s text, byte for byte as before (the command line
and files print it), and the panel says them in the window's language.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from specdec_desktop import text
from specdec_desktop.model.trees import DraftShape

from ..support.pseudo_scan import scan, texts_of
from ..support.window import open_window


def _panel(qtbot, code: str, kind: str):
    window = open_window(qtbot, ["--lang", code], active=False)
    window.show_tab("trees")
    window.app_state.shape.set(kind=kind)
    return window.tree_panel, window.app_state.shape


def _type(panel, box, typed: str) -> str:
    box.setText(typed)
    box.editingFinished.emit()
    assert panel.message.isVisibleTo(panel)
    return panel.message.text()


def test_a_path_list_that_is_not_prefix_closed_is_refused_in_german(qtbot):
    panel, state = _panel(qtbot, "de", "paths")
    before = state.shape
    shown = _type(panel, panel.paths, "[(0,), (0, 0, 0)]")
    assert shown == "Pfadliste muss präfixabgeschlossen sein: (0, 0, 0) hat keinen Elternknoten (0, 0)"
    assert state.shape == before
    shown = _type(panel, panel.paths, "[(0,), (0, x)]")
    assert shown == "Pfadliste muss eine Liste von Pfaden sein wie [(0,), (1,), (0, 0)], gefunden: 'x'"


def test_ranks_summing_over_one_and_malformed_ranks_are_refused_in_german(qtbot):
    panel, state = _panel(qtbot, "de", "best")
    before = state.shape
    assert (
        _type(panel, panel.ranks, "0.7, 0.6") == "more_ranks: Die Summe darf höchstens 1 sein, erhalten: 1,3"
    )
    assert _type(panel, panel.ranks, "0.5, x") == (
        "Rang-Akzeptanz: '0.5, x' ist keine Liste von Zahlen. Trennen Sie die Zahlen durch Semikolons "
        "oder Leerzeichen; als Dezimalzeichen gelten Komma und Punkt."
    )
    assert _type(panel, panel.ranks, "1.5") == (
        "more_ranks: Die Werte müssen zwischen 0 und 1 liegen, erhalten: 1,5"
    )
    assert state.shape == before


def test_medusa_heads_past_the_budget_and_sglang_settings_are_refused_in_german(qtbot):
    panel, state = _panel(qtbot, "de", "medusa")
    assert _type(panel, panel.heads, "1000, 1000") == "heads: Der Baum hätte mehr als 1024 Knoten"
    state.set(kind="sglang")
    panel.steps.setValue(1)  # with top-k 4, one step drafts 4 candidates: 8 draft tokens is too many
    assert panel.message.text() == (
        "num_draft_tokens muss eine ganze Zahl zwischen 1 und 5 sein, erhalten: 8"
    )


def test_a_budget_of_a_million_is_refused_in_german_and_english_is_unchanged():
    with pytest.raises(ValueError) as caught:
        DraftShape(budget=10**6)
    assert str(caught.value) == "budget must lie between 0 and 1024, got 1000000"
    assert text.error_text(caught.value) == str(caught.value)
    text.activate("de")
    assert text.error_text(caught.value) == "budget muss zwischen 0 und 1024 liegen, erhalten: 1000000"
    assert str(caught.value) == "budget must lie between 0 and 1024, got 1000000"  # data stays English


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "es",
            "lista de rutas: las rutas deben estar cerradas por prefijos, y a (0, 0, 0) le falta su padre",
        ),
        ("zh_CN", "路径列表 必须前缀封闭：(0, 0, 0) 缺少父节点 (0, 0)"),
    ],
)
def test_the_refusal_is_in_spanish_and_chinese_too(qtbot, code, expected):
    panel, _state = _panel(qtbot, code, "paths")
    shown = _type(panel, panel.paths, "[(0,), (0, 0, 0)]")
    assert shown.startswith(expected) and "prefix-closed" not in shown


def test_english_refusals_are_the_models_text_byte_for_byte(qtbot):
    panel, _state = _panel(qtbot, "en", "paths")
    shown = _type(panel, panel.paths, "[(0,), (0, 0, 0)]")
    assert shown == "path list must be prefix-closed: (0, 0, 0) has no parent (0, 0)"


def _snapshot(panel) -> list[tuple[str, str, str]]:
    """Every text the trees panel shows or names (hidden ones too), widget by widget."""
    found = []
    for widget in [panel, *panel.findChildren(QWidget)]:
        name = widget.objectName() or type(widget).__name__
        found += [(name, what, shown) for what, shown in texts_of(widget)]
    found.append(("treeDepthInput", "special", panel.depth.specialValueText()))
    return found


def _refuse_after_a_preset(window):
    """The trees tab showing a preset's note and a refusal (two-rank box, sum over 1)."""
    window.show_tab("trees")
    panel = window.tree_panel
    panel.preset.setCurrentIndex(2)
    panel.preset.activated.emit(2)
    assert panel.preset_note.isVisibleTo(panel)
    shown = _type(panel, panel.ranks, "0.7; 0.6")
    return panel, shown


def test_the_trees_panel_follows_a_live_switch_as_a_fresh_start_shows_it(qtbot):
    window = open_window(qtbot, ["--lang", "en"], active=False)
    panel, shown = _refuse_after_a_preset(window)
    assert shown == "more_ranks must sum to at most 1, got 1.3"
    english = _snapshot(panel)

    assert window.services.language_menu.switch("de")
    assert panel.message.text() == "more_ranks: Die Summe darf höchstens 1 sein, erhalten: 1,3"
    assert panel.kind.itemText(1) == "Bester Baum für ein Budget"
    assert panel.check_button.text() == "Neue Prüfung"
    assert panel.depth.specialValueText() == "beliebig"
    assert panel.essay.toPlainText().startswith("Warum einen Baum entwerfen")
    live = _snapshot(panel)
    for name in ("treeMessage", "treeSummary", "treePresetNote", "draftShapeInput", "treeCheckButton"):
        before = {shown for widget, _what, shown in english if widget == name}
        assert before and before.isdisjoint(shown for widget, _w, shown in live if widget == name), name

    # What a German start shows after the same steps is what the live switch shows.
    fresh_window = open_window(qtbot, ["--lang", "de"], active=False)
    fresh_panel, _shown = _refuse_after_a_preset(fresh_window)
    assert _snapshot(fresh_panel) == live

    assert window.services.language_menu.switch("en")
    assert _snapshot(panel) == english  # back to the same English, byte for byte


def test_no_word_of_the_trees_panel_escapes_the_pseudo_locale_after_a_live_switch(qtbot):
    window = open_window(qtbot, ["--lang", "en"], active=False)
    panel, _shown = _refuse_after_a_preset(window)
    panel.preset.setCurrentIndex(0)
    panel.preset.activated.emit(0)  # the preset's note quotes its sources, as published
    assert window.services.language_menu.switch("pseudo")
    assert scan([panel]) == []


def _enter(panel, typed: str) -> None:
    panel.ranks.setText(typed)
    panel.ranks.editingFinished.emit()
    assert not panel.message.isVisibleTo(panel), panel.message.text()


def test_the_rank_box_reads_decimal_commas_in_german_and_shows_them(qtbot):
    panel, state = _panel(qtbot, "de", "best")
    assert panel.ranks.text() == "0,15; 0,05; 0,02"  # the default ranks, as German writes them
    for typed in ("0,2; 0,05", "0,2 0,05", "0,2, 0,05", "0.2, 0.05", "0.2; 0,05"):
        state.set(more_ranks=(0.1,))
        _enter(panel, typed)
        assert state.shape.more_ranks == (0.2, 0.05), typed
        assert panel.ranks.text() == "0,2; 0,05"
    _enter(panel, "0,25")
    assert state.shape.more_ranks == (0.25,)
    assert "Semikolons" in panel.ranks.toolTip() and panel.ranks.placeholderText() == (
        "zum Beispiel 0,15; 0,05"
    )


def test_the_rank_box_refuses_a_german_list_it_could_misread(qtbot):
    panel, state = _panel(qtbot, "de", "best")
    before = state.shape
    for typed in ("0,15,0,05", "0.15,0.05"):
        assert _type(panel, panel.ranks, typed) == (
            f"Rang-Akzeptanz: {typed!r} ist keine Liste von Zahlen. Trennen Sie die Zahlen durch "
            "Semikolons oder Leerzeichen; als Dezimalzeichen gelten Komma und Punkt."
        )
        assert state.shape == before and panel.ranks.text() == "0,15; 0,05; 0,02"


def test_the_rank_box_in_english_separates_with_commas_as_before(qtbot):
    panel, state = _panel(qtbot, "en", "best")
    assert panel.ranks.text() == "0.15, 0.05, 0.02"
    for typed in ("0.2,0.05", "0.2, 0.05", "0.2; 0.05", "0.2 0.05"):
        state.set(more_ranks=(0.1,))
        _enter(panel, typed)
        assert state.shape.more_ranks == (0.2, 0.05), typed
        assert panel.ranks.text() == "0.2, 0.05"
    assert panel.ranks.placeholderText() == "for example 0.15, 0.05"
    assert panel.ranks.toolTip().endswith(" Separate the numbers with commas, semicolons or spaces.")
    assert _type(panel, panel.ranks, "0,75") == "more_ranks values must lie between 0 and 1, got 75.0"


def test_a_refused_list_says_the_rule_of_the_language_switched_to(qtbot):
    window = open_window(qtbot, ["--lang", "de"], active=False)
    window.show_tab("trees")
    window.app_state.shape.set(kind="best")
    panel = window.tree_panel
    _type(panel, panel.ranks, "0,15,0,05")
    assert window.services.language_menu.switch("en")
    assert panel.message.text() == (
        "rank acceptance: '0,15,0,05' is not a list of numbers. Separate the numbers with commas, "
        "semicolons or spaces."
    )
    assert panel.ranks.text() == "0.15, 0.05, 0.02"
    assert window.services.language_menu.switch("es")
    assert panel.message.text().endswith(
        "Separe los números con punto y coma o espacios; el separador decimal puede ser una coma o un punto."
    )
    assert panel.ranks.text() == "0,15; 0,05; 0,02"
