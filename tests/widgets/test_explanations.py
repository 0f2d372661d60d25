"""The essays' tabs: each essay is parsed when first shown or first read, not before (qtbot)."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser

from specdec_desktop.views.explanations import ESSAYS, ExplanationView

from ..support.window import LAPTOP, open_window


def _raw_text(essay: ExplanationView) -> str:
    """The text the browser holds, read past the essay's own loading."""
    return QTextBrowser.document(essay).toPlainText()


def test_an_essay_is_parsed_when_first_shown_not_before(qtbot):
    window = open_window(qtbot, size=LAPTOP, active=False)
    essay = window.essays["model-limits"]
    assert not essay._loaded  # hidden behind the run's tab: not parsed for the first paint
    assert _raw_text(essay) == ""
    window.show_tab("model-limits")
    assert essay._loaded and essay.isVisible()
    assert "box d" in _raw_text(essay)


def test_reading_an_essay_or_adding_to_it_before_it_is_shown(qtbot):
    title, html = ESSAYS[0]
    essay = ExplanationView(title, html)
    qtbot.addWidget(essay)
    essay.show_addendum("<p>Your numbers here.</p>")
    assert not essay._loaded
    text = essay.toPlainText()  # reading loads it, the addendum included
    assert essay._loaded and text.endswith("Your numbers here.")
    essay.show_addendum("")
    assert not essay.toPlainText().endswith("Your numbers here.")
