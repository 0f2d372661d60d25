"""A hidden rich-text view takes a new type and new content when it is seen or read, not before."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from specdec_desktop.views.deferred_browser import DeferredBrowser

LONG = "<p>" + " ".join(f"word{i}" for i in range(400)) + "</p>"


def _font(px: int) -> QFont:
    font = QFont()
    font.setPixelSize(px)
    return font


def _raw(browser: DeferredBrowser):
    """The document as Qt holds it, read past the view's own catching up."""
    return QTextBrowser.document(browser)


_KEEP: list[QWidget] = []  # the window outlives the helper that built it


def _hidden_browser(qtbot) -> tuple[QWidget, DeferredBrowser]:
    """A shown window whose browser sits in a hidden page (as an essay in a hidden tab)."""
    window = QWidget()
    page = QWidget(window)
    QVBoxLayout(window).addWidget(page)
    browser = DeferredBrowser(page)
    QVBoxLayout(page).addWidget(browser)
    qtbot.addWidget(window)
    _KEEP[:] = [window]
    browser.setHtml(LONG)
    window.show()
    page.hide()
    return page, browser


def test_a_hidden_view_takes_a_new_type_when_shown(qtbot):
    page, browser = _hidden_browser(qtbot)
    browser.setFont(_font(31))
    assert _raw(browser).defaultFont().pixelSize() != 31  # not laid out again while hidden
    page.show()
    assert _raw(browser).defaultFont().pixelSize() == 31


def test_a_hidden_view_read_is_in_its_current_type(qtbot):
    _page, browser = _hidden_browser(qtbot)
    browser.setFont(_font(29))
    assert browser.document().defaultFont().pixelSize() == 29


def test_a_shown_view_takes_a_new_type_at_once(qtbot):
    page, browser = _hidden_browser(qtbot)
    page.show()
    browser.setFont(_font(27))
    assert _raw(browser).defaultFont().pixelSize() == 27


def test_content_for_a_hidden_view_is_made_when_it_is_seen(qtbot):
    page, browser = _hidden_browser(qtbot)
    made, then = [], []

    def make() -> str:
        made.append(1)
        return "<p>new words</p>"

    browser.set_html_when_seen(lambda: "<p>stale</p>")
    browser.set_html_when_seen(make, lambda: then.append(1))  # replaces the one waiting
    assert not made and "word7" in _raw(browser).toPlainText()
    page.show()
    assert made == [1] and then == [1]
    assert _raw(browser).toPlainText() == "new words"


def test_content_waiting_is_there_when_read_and_dropped_by_direct_content(qtbot):
    _page, browser = _hidden_browser(qtbot)
    browser.set_html_when_seen(lambda: "<p>waiting</p>")
    assert browser.toPlainText() == "waiting"
    browser.set_html_when_seen(lambda: "<p>never</p>")
    browser.setHtml("<p>direct</p>")
    assert browser.document().toPlainText() == "direct"
    browser.set_html_when_seen(lambda: "<p>never</p>")
    browser.clear()
    assert browser.toPlainText() == ""


def test_content_for_a_shown_view_is_made_at_once(qtbot):
    page, browser = _hidden_browser(qtbot)
    page.show()
    browser.set_html_when_seen(lambda: "<p>now</p>")
    assert _raw(browser).toPlainText() == "now"
